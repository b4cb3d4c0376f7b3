import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { readSheetRows } from '../src/lib/sheet-reader.js';
import { type SpApiSimulator, startSpApiSimulator } from '../src/marketplace/simulator/sim-server.js';
import { SANDBOX_APP } from '../src/marketplace/simulator/sim-state.js';
import { SYNC_EXPORT_LIMIT } from '../src/modules/goods/goods-export.service.js';
import { buildTenant, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';
import { waitFor } from './support/processes.js';
import {
  api,
  buildManyGoods,
  killAll,
  killServer,
  listening,
  type ServerProcess,
  signInOn,
  spawnServer,
} from './support/server-processes.js';

/**
 * Issue 32 §3: several server processes on one PostgreSQL and one file store (a shared
 * DATA_DIR). A serves and runs jobs, B is web-only (`WORKERS=0`), D is worker-only (`WEB=0`).
 * Amazon is the simulator in this test process, so its counts cover every process.
 */
const SCALE = 5;
const t = useTestApp({ workers: false });
let sim: SpApiSimulator;
const servers: ServerProcess[] = [];
let A: ServerProcess;
let B: ServerProcess;
let D: ServerProcess;

const env = (): Record<string, string> => ({
  DATABASE_URL: t.url,
  DATA_DIR: t.deps.config.dataDir,
  ADMIN_PASSWORD: 'admin-pass-123',
  TEST_HOOKS: 'true',
  TEST_JOB_HOLD: 'goods-export',
  TRANSLATE_PROVIDER: 'demo',
  JOB_HEARTBEAT_SECONDS: '1',
  SELLER_REPORT_HOURS: '0',
  SPAPI_CLIENT_ID: SANDBOX_APP.clientId,
  SPAPI_CLIENT_SECRET: SANDBOX_APP.clientSecret,
  SPAPI_APP_ID: SANDBOX_APP.appId,
  SPAPI_LWA_URL: sim.tokenUrl,
  SPAPI_ENDPOINT: sim.url,
  SPAPI_TIME_SCALE: String(SCALE),
});

async function start(name: string, extra: Record<string, string> = {}) {
  const s = await spawnServer(name, { ...env(), ...extra });
  servers.push(s);
  return s;
}

/** The worker id (`job_workers`) of a server process, once it has registered. */
async function workerIdOf(s: ServerProcess): Promise<string | undefined> {
  const row = await t.db.selectFrom('job_workers').select('id').where('pid', '=', s.child.pid!).executeTakeFirst();
  return row?.id;
}

const jobRow = (id: string) =>
  t.db
    .selectFrom('jobs')
    .select(['status', 'runs', 'worker_id', 'progress'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

let tenant: Awaited<ReturnType<typeof buildTenant>>;
let goodsIds: number[] = [];

beforeAll(async () => {
  sim = await startSpApiSimulator({
    timeScale: SCALE,
    // Amazon's bucket absorbs a little arrival jitter: 3 requests of slack beside the model's burst of 10.
    usagePlans: { searchDefinitionsProductTypes: { rate: 5, burst: 13 } },
  });
  t.deps.config.spapi = {
    ...loadConfig({}).spapi,
    clientId: SANDBOX_APP.clientId,
    clientSecret: SANDBOX_APP.clientSecret,
    appId: SANDBOX_APP.appId,
    lwaUrl: sim.tokenUrl,
    endpoint: sim.url,
    timeScale: SCALE,
  };
  // The three processes start together on the same database (migrations and seed race).
  [A, B, D] = await Promise.all([start('A'), start('B', { WORKERS: '0' }), start('D', { WEB: '0' })]);
  tenant = await buildTenant(t.db);
  goodsIds = await buildManyGoods(t.db, tenant, SYNC_EXPORT_LIMIT + 1, 'MP');
  await Promise.all([A, B, D].map((s) => listening(s)));
}, 150_000);

afterAll(async () => {
  killAll(servers.map((s) => s.child));
  await sim?.close();
});

describe('several server processes on one database', () => {
  it('a session signed in on A works on B; its sign-out on A is refused on B at once', async () => {
    const token = await signInOn(A, tenant.account, TEST_PASSWORD);
    // Read twice on B: the second answer comes from B's session cache.
    for (const s of [B, B, A]) {
      expect((await api(s, token, 'POST', '/PDD/amazon-user/getUserInfo', {})).status, s.name).toBe(200);
    }
    expect((await api(A, token, 'POST', '/PDD/amazon-user/loginOut', {})).status).toBe(200);
    // B learns of it by PostgreSQL's NOTIFY at A's commit: on B's very next request in practice,
    // but the notice and the request race on a loaded machine, so B gets a moment (not a TTL).
    await waitFor(
      async () => (await api(B, token, 'POST', '/PDD/amazon-user/getUserInfo', {})).http === 401,
      'the sign-out on B',
      5_000,
      20,
    );
  });

  it('jobs enqueued through A run once each, on the worker processes (A, D), never on the web-only B', async () => {
    const token = await signInOn(A, tenant.account, TEST_PASSWORD);
    const ids: string[] = [];
    for (const id of goodsIds.slice(0, 8)) {
      const r = await api<{ job_id: string }>(A, token, 'POST', '/PDD/transfer/translateGoods', {
        ids: [id],
        from: 'en',
        to: ['de'],
      });
      expect(r.status, r.msg).toBe(200);
      ids.push(r.data.job_id);
    }
    await waitFor(
      async () => (await Promise.all(ids.map(jobRow))).every((j) => j.status === 'done' || j.status === 'failed'),
      'the translation jobs to end',
      60_000,
      200,
    );
    const workers = new Set([await workerIdOf(A), await workerIdOf(D)]);
    for (const r of await Promise.all(ids.map(jobRow))) {
      expect(r).toMatchObject({ status: 'done', runs: 1 });
      expect(workers.has(r.worker_id ?? '')).toBe(true);
    }
    expect(await workerIdOf(B)).toBeUndefined();
  });

  it('the SP-API rate limit is shared: A and B together stay within the operation rate', async () => {
    const s = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const started = await call(t.app, s, 'POST', '/PDD/amazon-user/bindShop', { name: '多进程', region: 'EU' });
    expect(started.status, started.msg).toBe(200);
    const consent = new URL(started.data.consent_url);
    const back = new URL(
      sim.authorize({
        applicationId: SANDBOX_APP.appId,
        state: consent.searchParams.get('state')!,
        redirectUri: consent.searchParams.get('redirect_uri')!,
      }),
    );
    const bound = await call(t.app, s, 'POST', '/PDD/amazon-user/shopAuthComplete', {
      state: back.searchParams.get('state'),
      selling_partner_id: back.searchParams.get('selling_partner_id'),
      spapi_oauth_code: back.searchParams.get('spapi_oauth_code'),
    });
    expect(bound.status, bound.msg).toBe(200);
    const token = await signInOn(A, tenant.account, TEST_PASSWORD);
    const op = 'searchDefinitionsProductTypes';
    const before = { calls: sim.counters.requests.get(op) ?? 0 };
    const t0 = performance.now();
    // 30 keyword searches (each a cache miss, so one call to Amazon), half through each process.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api<{ source?: string }>(
          i % 2 ? A : B,
          token,
          'GET',
          `/PDD/categoryTemplate/getProductType?marketplace=de&keyword=kw${i}`,
        ),
      ),
    );
    const ms = performance.now() - t0;
    for (const a of answers) expect(a.data?.source, a.msg).toBe('amazon');
    // At least one call per search (a slow answer under load may be retried).
    expect((sim.counters.requests.get(op) ?? 0) - before.calls).toBeGreaterThanOrEqual(30);
    // No assertion on 429s: requests a loaded machine delays and then delivers together can meet
    // a full bucket at the simulator (seen: 3 of 30, each retried, every answer above is Amazon's).
    // What shows one shared bucket is the pace: two buckets of their own would send 9 + 9 at once
    // and then 2 x 25 a second, done in about 240 ms.
    // The booked burst (9) at once, then 5 * SCALE per second: no faster than the plan allows.
    expect(ms).toBeGreaterThanOrEqual(((30 - 9) / (5 * SCALE)) * 1000 * 0.9);
  });

  it('an export started on A finishes when A is killed halfway: the worker-only D takes it over', async () => {
    const token = await signInOn(A, tenant.account, TEST_PASSWORD);
    // D sleeps (SIGSTOP) while A takes the export, so A is the one running it.
    D.child.kill('SIGSTOP');
    let jobId = '';
    try {
      const r = await api<{ job_id: string }>(A, token, 'POST', '/PDD/amazon-user/exportSelectTableData', {
        ids: goodsIds.join(','),
      });
      expect(r.status, r.msg).toBe(200);
      jobId = r.data.job_id;
      // TEST_JOB_HOLD: the first run stops after its first batch (500 of 1,001 products written).
      await waitFor(async () => (await jobRow(jobId)).progress > 0, 'the export to be halfway', 60_000, 100);
    } finally {
      D.child.kill('SIGCONT');
    }
    expect((await jobRow(jobId)).worker_id).toBe(await workerIdOf(A));
    await killServer(A);
    await waitFor(async () => (await jobRow(jobId)).status !== 'running', 'the export to end', 60_000, 200);
    expect(await jobRow(jobId)).toMatchObject({ status: 'done', runs: 2, worker_id: await workerIdOf(D) });
    const file = await fetch(`${B.base}/PDD/amazon-user/exportJob/download?id=${jobId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(200);
    const rows = await readSheetRows(Buffer.from(await file.arrayBuffer()), 'xlsx', {
      maxRows: 10_000,
      maxCells: 1_000_000,
    });
    expect(rows.length).toBe(SYNC_EXPORT_LIMIT + 2);
  });

  it('WORKERS=0 (B) runs no jobs; the worker-only D runs them and serves only the probes', async () => {
    expect((await api(D, null, 'GET', '/PDD/health')).http).toBe(200);
    await waitFor(async () => (await api(D, null, 'GET', '/PDD/ready')).http === 200, 'D ready', 30_000, 100);
    expect((await api(D, null, 'POST', '/PDD/amazon-user/login', {})).http).toBe(404);
    expect((await api(B, null, 'GET', '/PDD/ready')).http).toBe(200);
    const token = await signInOn(B, tenant.account, TEST_PASSWORD);
    const r = await api<{ job_id: string }>(B, token, 'POST', '/PDD/transfer/translateGoods', {
      ids: [goodsIds[20]],
      from: 'en',
      to: ['fr'],
    });
    expect(r.status, r.msg).toBe(200);
    await waitFor(async () => (await jobRow(r.data.job_id)).status === 'done', 'the job on D', 60_000, 200);
    expect(await jobRow(r.data.job_id)).toMatchObject({ runs: 1, worker_id: await workerIdOf(D) });
    expect(await workerIdOf(B)).toBeUndefined();
  });
});
