/**
 * Benchmark of machine translation (issue 5, section 4): products x 4 fields x 10 target
 * languages through the real job worker (groups of products sharing provider requests,
 * glossary, memory, usage, one versioned write per product) against the loopback Google
 * simulator with a per-request latency and a rate limit.
 *
 *   npm run bench:translate        (BENCH_PRODUCTS=1000 BENCH_LATENCY_MS=80 BENCH_RATE=20 BENCH_JOBS=1)
 *
 * BENCH_JOBS splits the products over that many jobs running at the same time (one job is one
 * "translate selection" from the list).
 *
 * Prints, for a cold run and a second identical run: texts translated, provider requests,
 * 429 answers from the rate limit, and the time, next to the time the rate limit alone needs.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { goodsDataSchema } from '@console/shared/schemas/goods';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.js';
import type { Actor, AppDeps } from '../apps/server/src/context.js';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { seed } from '../apps/server/src/db/seed.js';
import { runTracked } from '../apps/server/src/jobs/job-runner.js';
import { findJob, insertJob } from '../apps/server/src/jobs/jobs.repository.js';
import { insertGoods } from '../apps/server/src/modules/goods/goods.repository.js';
import { toWrite } from '../apps/server/src/modules/goods/goods.service.js';
import { goodsTranslateJob, type TranslatePayload } from '../apps/server/src/modules/translate/translate-job.job.js';
import { GOOGLE_SIM_KEY, startGoogleSimulator } from '../apps/server/src/translation/simulators/google.simulator.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1000);
const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 80);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const JOBS = Number(process.env.BENCH_JOBS ?? 1);
const TARGETS = ['fr', 'de', 'it', 'es', 'nl', 'ja', 'se', 'pl', 'br', 'ae'];
const FIELDS = ['title', 'bullet_points', 'search_terms', 'product_description'] as const;

/**
 * Listings of a store group: every title, one bullet and every description differ per product;
 * the other bullets and the search terms repeat across products, as they do in practice.
 */
function listing(i: number) {
  const colour = ['black', 'white', 'red', 'blue', 'green'][i % 5];
  return {
    key: 'en',
    title: `AcmePro ${colour} steel bottle no. ${i} (750 ml), double wall vacuum insulated`,
    bullet_points: [
      'Keeps drinks cold for 24 hours',
      `Available in ${colour}`,
      'Fits most <b>cup holders</b>',
      `Model AP-${i}, lid and straw included`,
    ],
    search_terms: `bottle flask ${colour}`,
    product_description: `<p>Double wall vacuum bottle no. ${i}.</p><ul><li>Leak proof</li><li>BPA free</li></ul>`,
  };
}

async function main() {
  const sim = await startGoogleSimulator({ latencyMs: LATENCY, rateLimitPerSecond: RATE });
  const dataDir = path.resolve(import.meta.dirname, '../.bench-data');
  const pgServer = await startEmbeddedPostgres({ dataDir, database: 'bench_translate' });
  const db = createDatabase(pgServer.url('bench_translate'), { max: 10 });
  try {
    await migrateToLatest(db);
    const { jwtSecret } = await seed(db, 'bench-pass');
    const admin = await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
    await sql`truncate translation_memory, translation_outputs, translation_usage, translation_glossary`.execute(db);
    await sql`delete from goods where tenant_id = ${admin.id}`.execute(db);
    await db.insertInto('translation_glossary').values({ tenant_id: admin.id, term: 'AcmePro' }).execute();
    const ids: number[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const data = goodsDataSchema.parse({ commonData: { descs: [listing(i)] } });
      ids.push(Number((await insertGoods(db, admin.id, admin.id, toWrite(data))).id));
    }
    const config = {
      ...loadConfig({}),
      translateProvider: 'google' as const,
      translateApiKey: GOOGLE_SIM_KEY,
      translateBaseUrl: sim.url,
      translateRetryBaseMs: 200,
    };
    const deps: AppDeps = { db, config, jwtSecret };
    const actor: Actor = {
      userId: admin.id,
      tenantId: admin.id,
      account: 'admin',
      ip: '127.0.0.1',
      requestId: 'bench',
    };
    const textsPerProduct = 1 + 4 + 1 + 1; // title, 4 bullets, search terms, description

    for (const run of ['cold', 'second run']) {
      const before = { requests: sim.requests.length, throttled: sim.throttled };
      const t0 = performance.now();
      const per = Math.ceil(ids.length / JOBS);
      const jobIds: string[] = [];
      for (let j = 0; j < JOBS; j++) {
        const part = ids.slice(j * per, (j + 1) * per);
        if (part.length === 0) continue;
        const id = randomUUID();
        const payload: TranslatePayload = {
          ids: part,
          from: 'en',
          to: TARGETS,
          fields: [...FIELDS],
          overwrite: true,
          actor,
        };
        await insertJob(db, admin.id, {
          id,
          kind: goodsTranslateJob.kind,
          userId: admin.id,
          payload,
          total: part.length,
        });
        jobIds.push(id);
      }
      const defs = new Map([[goodsTranslateJob.kind, goodsTranslateJob]]);
      await Promise.all(
        jobIds.map((id) => runTracked(deps, goodsTranslateJob, defs, { id, tenant_id: admin.id }, true)),
      );
      const jobs = await Promise.all(jobIds.map((id) => findJob(db, admin.id, id)));
      let failed = 0;
      for (const j of jobs) {
        if (!j) continue;
        if (j.error) console.log(`job failed: ${j.error}`);
        failed += (j.result as { status: string }[]).filter((r) => r.status !== 'done').length;
      }
      const secs = (performance.now() - t0) / 1000;
      const requests = sim.requests.length - before.requests;
      const throttled = sim.throttled - before.throttled;
      const texts = PRODUCTS * textsPerProduct * TARGETS.length;
      console.log(
        `${run}: ${(PRODUCTS * FIELDS.length * TARGETS.length).toLocaleString()} fields = ` +
          `${texts.toLocaleString()} texts, ${requests.toLocaleString()} provider requests ` +
          `(${throttled} answered 429 by the rate limit), ${secs.toFixed(1)} s; ` +
          `rate limit alone needs ${((requests - throttled) / RATE).toFixed(1)} s; failed products ${failed}`,
      );
    }
  } finally {
    await db.destroy();
    await pgServer.stop();
    await sim.close();
  }
}

await main();
