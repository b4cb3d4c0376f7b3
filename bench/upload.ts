/**
 * Benchmark of the upload pipeline (issue 14 §5).
 *
 *   npm run bench:upload
 *   BENCH_PRODUCTS=2000 BENCH_SCALE=20 npm run bench:upload   (default scale 5: the machine, not Amazon's limits, binds above)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:upload   (else an embedded PostgreSQL in .bench-upload)
 *
 * Prints:
 * 1. building and gzip-compressing one JSON_LISTINGS_FEED document of 10,000 messages (target < 2 s);
 * 2. 10,000 products x 3 marketplaces through the whole pipeline (map, check, feeds, reports,
 *    read-back) against the simulator at a time scale where the rate limits bind: the achieved
 *    rate of the binding operation (searchListingsItems, the read-back) against its allowed
 *    rate (target >= 95%), the share of requests answered 429 (target <= 1%) and the items that
 *    failed (target 0);
 * 3. the queue screen with 100 queues of 10,000 items: queueList and queueItems pages
 *    (target < 200 ms).
 */
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { marketplace } from '@console/shared/constants/marketplaces';
import { sql } from 'kysely';
import type { AppDeps } from '../apps/server/src/context.js';
import type { JobClient } from '../apps/server/src/jobs/job-queue.js';
import { findMarketplace, loadProductTypeSchema } from '../apps/server/src/marketplace/product-type.catalog.js';
import { USAGE_PLANS } from '../apps/server/src/marketplace/rate-limits.js';
import type { SpApiSimulator } from '../apps/server/src/marketplace/simulator/sim-server.js';
import { type MapGoods, mapGoods } from '../apps/server/src/modules/upload/listing-mapper.js';
import { createUpload, queueItems, queueList } from '../apps/server/src/modules/upload/upload.service.js';
import type { ItemPayload } from '../apps/server/src/modules/upload/upload.tables.js';
import { runDueQueues } from '../apps/server/src/modules/upload/upload-runner.js';
import { benchEnvironment, benchTenant, bindBenchShop } from './support.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SCALE = Number(process.env.BENCH_SCALE ?? 5);
const MARKETS = ['de', 'fr', 'en'];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/** A product as the library stores it (HOME, three languages and prices). */
function product(i: number): Omit<MapGoods, 'id'> {
  const descs = Object.fromEntries(
    ['en', 'de', 'fr'].map((k) => [
      k,
      {
        title: `Decorative ceramic vase ${i} ${k}`,
        search_terms: `vase ceramic ${k}`,
        bullet_points: [`Handmade ceramic ${k}`, `Height 25 cm ${k}`, `Gift box ${k}`],
        product_description: `A decorative ceramic vase for flowers, number ${i}, ${k}.`,
      },
    ]),
  );
  return {
    sku: `BENCH-VASE-${i}`,
    base_info: { brand_name: 'Acme', quantity: 20 },
    descs,
    prices: {
      de: { price: 1999, currency: 'EUR' },
      fr: { price: 1999, currency: 'EUR' },
      en: { price: 1799, currency: 'GBP' },
    },
    parentage: { theme: '', attrs: [], children: [] },
    images: [{ url: `https://img.example.com/vase-${i}.jpg` }, { url: `https://img.example.com/vase-${i}-2.jpg` }],
    extra_attrs: {
      template: { product_type: 'HOME', marketplace: 'de' },
      attributes: { item_type_keyword: [{ value: 'vases' }], style: [{ value: 'Modern' }] },
    },
  };
}

const ACCOUNT = {
  brand_name: 'Acme',
  vendor: 'Acme',
  dsa_responsible_party_address: '',
  gpsr_manufacturer_email_address: '',
  is_not_use_ean: 1,
};

/** 1. One feed document of 10,000 messages: map, build, stringify, gzip. */
function feedDocumentBench() {
  const m = marketplace('de');
  const schema = loadProductTypeSchema('HOME', findMarketplace('de')!);
  const runs: { build: number; gzip: number; bytes: number; gz: number }[] = [];
  for (let r = 0; r < 4; r++) {
    const t0 = performance.now();
    const messages = [];
    for (let i = 0; i < 10_000; i++) {
      const [item] = mapGoods({
        goods: { id: i + 1, ...product(i) },
        account: ACCOUNT,
        marketplace: m,
        schema,
        type: 'good',
        sellerSkus: new Map([['', `BENCH-VASE-${i}`]]),
        imageUrl: (url) => url,
      });
      const p = item!.payload as ItemPayload & { operation: 'UPDATE' };
      messages.push({
        messageId: i + 1,
        sku: item!.sellerSku,
        operationType: 'UPDATE',
        productType: p.productType,
        attributes: p.attributes,
      });
    }
    const text = JSON.stringify({ header: { sellerId: 'A0BENCH', version: '2.0' }, messages });
    const t1 = performance.now();
    const gz = gzipSync(text);
    const t2 = performance.now();
    runs.push({ build: t1 - t0, gzip: t2 - t1, bytes: text.length, gz: gz.length });
  }
  const last = runs.slice(1);
  const total = last.map((r) => r.build + r.gzip);
  const best = last[total.indexOf(Math.min(...total))]!;
  console.log(
    `1. JSON_LISTINGS_FEED document, 10,000 messages (map + build ${Math.round(best.build)} ms, gzip ${Math.round(best.gzip)} ms; ` +
      `${Math.round(best.bytes / 1e5) / 10} MB -> ${Math.round(best.gz / 1e4) / 100} MB): best ${Math.round(Math.min(...total))} ms, ` +
      `median ${Math.round(pct(total, 50))} ms of ${last.length} runs; target < 2000 ms: ${pct(total, 50) < 2000 ? 'met' : 'NOT met'}`,
  );
}

async function main() {
  feedDocumentBench();

  const { sim, deps, close } = await benchEnvironment({
    dataDir: '.bench-upload',
    database: 'bench_upload',
    poolMax: 20,
    scale: SCALE,
    tmpPrefix: 'bench-upload-',
    config: { publicUrl: 'https://console.example.com' },
  });
  try {
    await pipelineBench(deps, sim);
    await queueScreenBench(deps);
  } finally {
    await close();
  }
}

/** A tenant, its shop bound to the simulator as a real shop (only the URLs differ), and N products. */
async function tenantWithProducts(deps: AppDeps, sim: SpApiSimulator, n: number) {
  const user = await benchTenant(deps.db);
  await deps.db.updateTable('users').set({ is_not_use_ean: 1 }).where('id', '=', user.id).execute();
  const { shop } = await bindBenchShop(deps, sim, { tenantId: user.id, name: 'bench shop', marketplaces: MARKETS });
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - i) }, (_, k) => {
      const p = product(i + k);
      return {
        tenant_id: user.id,
        creator_id: user.id,
        sku: p.sku,
        base_info: JSON.stringify(p.base_info),
        descs: JSON.stringify(p.descs),
        prices: JSON.stringify(p.prices),
        parentage: JSON.stringify(p.parentage),
        images: JSON.stringify(p.images),
        extra_attrs: JSON.stringify(p.extra_attrs),
        created_at: new Date(),
        updated_at: new Date(),
      };
    });
    const got = await deps.db.insertInto('goods').values(rows).returning('id').execute();
    ids.push(...got.map((g) => Number(g.id)));
  }
  return { tenantId: user.id, shopId: shop.id, ids };
}

const noJobs: JobClient = {
  enqueue: async () => ({ id: '' }),
  trigger: async () => undefined,
};

/** 2. The whole pipeline against the simulator. */
async function pipelineBench(deps: AppDeps, sim: SpApiSimulator) {
  const { tenantId, shopId, ids } = await tenantWithProducts(deps, sim, PRODUCTS);
  const actor = { userId: tenantId, tenantId, account: 'bench', ip: '', requestId: 'bench' };
  const t0 = performance.now();
  const created = await createUpload(
    deps,
    noJobs,
    actor,
    { creators: null },
    {
      shop_id: shopId,
      marketplaces: MARKETS as never,
      upload_type: 'good',
      ids,
    },
  );
  // The binding operation's achieved rate counts the intervals in which it had work waiting
  // (items accepted by Amazon and not yet read back): between feeds there is nothing to read.
  const op = 'searchListingsItems';
  let busyMs = 0;
  let busyReads = 0;
  let sampling = true;
  const sampler = (async () => {
    let prevAt = performance.now();
    let prevReads = 0;
    let prevPending = 0;
    while (sampling) {
      await new Promise((r) => setTimeout(r, 250));
      const r = await sql<{
        n: string;
      }>`select count(*) as n from upload_items where queue_id = ${created.queue_id} and status = 'accepted'`.execute(
        deps.db,
      );
      const pending = Number(r.rows[0]?.n ?? 0);
      const now = performance.now();
      const reads = sim.counters.requests.get(op) ?? 0;
      // An interval counts when work waited at both ends (the operation could have been busy throughout).
      if (prevPending > 0 && pending > 0) {
        busyMs += now - prevAt;
        busyReads += reads - prevReads;
      }
      prevAt = now;
      prevReads = reads;
      prevPending = pending;
    }
  })();
  for (;;) {
    const q = await deps.db
      .selectFrom('upload_queues')
      .selectAll()
      .where('id', '=', created.queue_id)
      .executeTakeFirstOrThrow();
    if (!['pending', 'running'].includes(q.status)) break;
    const worked = await runDueQueues(deps, { id: created.queue_id, sliceMs: 60_000 });
    if (!worked) await new Promise((r) => setTimeout(r, 50));
  }
  sampling = false;
  await sampler;
  const wall = (performance.now() - t0) / 1000;
  const q = await deps.db
    .selectFrom('upload_queues')
    .selectAll()
    .where('id', '=', created.queue_id)
    .executeTakeFirstOrThrow();
  const total = [...sim.counters.requests.values()].reduce((a, b) => a + b, 0);
  const reads = sim.counters.requests.get(op) ?? 0;
  const plan = USAGE_PLANS[op];
  const allowed = plan.rate * SCALE;
  const achieved = busyReads / (busyMs / 1000);
  const failed = q.c_failed + q.c_rejected + q.c_invalid;
  console.log(
    `2. pipeline, ${PRODUCTS.toLocaleString('en')} products x ${MARKETS.length} marketplaces (time scale ${SCALE}): ` +
      `${q.c_live} live, ${failed} failed, in ${wall.toFixed(1)} s`,
  );
  console.log(
    `   binding operation ${op}: ${reads} requests (${busyReads} in the ${(busyMs / 1000).toFixed(1)} s items waited to be read back), achieved ${achieved.toFixed(1)} req/s of ${allowed} allowed ` +
      `(${((achieved / allowed) * 100).toFixed(1)}%; target >= 95%: ${achieved / allowed >= 0.95 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `   429 answers: ${sim.counters.throttled} of ${total} requests (${((sim.counters.throttled / total) * 100).toFixed(2)}%; ` +
      `target <= 1%: ${sim.counters.throttled / total <= 0.01 ? 'met' : 'NOT met'}); failures reaching users: ${failed} (target 0)`,
  );
  console.log(`   requests by operation: ${[...sim.counters.requests].map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

/** 3. The queue screen: 100 queues of 10,000 items. */
async function queueScreenBench(deps: AppDeps) {
  const user = await benchTenant(deps.db, 'benchq');
  const tenantId = user.id;
  const t0 = performance.now();
  for (let q = 0; q < 100; q++) {
    const queue = await deps.db
      .insertInto('upload_queues')
      .values({
        tenant_id: tenantId,
        shop_id: 1,
        marketplaces: MARKETS,
        upload_type: 'good',
        mode: 'feed',
        goods_count: 10_000,
        created_by: tenantId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      insert into upload_items (tenant_id, queue_id, shop_id, goods_id, marketplace, seller_sku, role, operation, payload, status, issues)
      select ${tenantId}, ${queue.id}, 1, g, (array['de','fr','en'])[1 + g % 3], 'SKU-' || ${queue.id} || '-' || g, 'single', 'UPDATE', '{}',
        (array['live','live','live','rejected','waiting'])[1 + g % 5], '[]'
      from generate_series(1, 10000) g`.execute(deps.db);
  }
  await sql`analyze upload_items`.execute(deps.db);
  console.log(
    `3. queue screen: 100 queues x 10,000 items written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const time = async (label: string, f: () => Promise<unknown>) => {
    const xs: number[] = [];
    for (let i = 0; i < 60; i++) {
      const s = performance.now();
      await f();
      if (i >= 10) xs.push(performance.now() - s);
    }
    console.log(
      `   ${label}: p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms; target < 200 ms: ${pct(xs, 95) < 200 ? 'met' : 'NOT met'}`,
    );
  };
  const queueId = Number(
    (
      await deps.db
        .selectFrom('upload_queues')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  await time('queueList page 1 (20 queues)', () => queueList(deps, tenantId, { page: 1, pageSize: 20 }));
  await time('queueList page 5', () => queueList(deps, tenantId, { page: 5, pageSize: 20 }));
  await time('queueItems page 1 of a 10,000-item queue', () =>
    queueItems(deps, tenantId, { queue_id: queueId, page: 1, pageSize: 20 }),
  );
  await time('queueItems page 1, status rejected', () =>
    queueItems(deps, tenantId, { queue_id: queueId, page: 1, pageSize: 20, status: 'rejected' }),
  );
  await time('queueItems page 400', () => queueItems(deps, tenantId, { queue_id: queueId, page: 400, pageSize: 20 }));
}

await main();
