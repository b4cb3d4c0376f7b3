import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';
import { type JobQueue, startJobQueue } from '../src/jobs/job-queue.js';
import { spApiCalls, spApiThrottles } from '../src/lib/metrics.js';
import { defineJob } from '../src/lib/server-module.js';
import { startSpApiSimulator } from '../src/marketplace/simulator/sim-server.js';
import { topUp } from '../src/modules/finance/ledger.service.js';
import { buildTenant } from './factories.js';
import { useTestApp } from './harness.js';
import { US } from './marketplace/listing-fixtures.js';
import { SCALE, sandboxClient } from './marketplace/sp-api-support.js';

/** Issue 32 §2: health, readiness, metrics, JSON logs with request ids (docs/operations.md "Health and metrics"). */
const t = useTestApp();

type Line = Record<string, unknown> & { msg?: string; reqId?: string };

/** A log stream of parsed JSON lines. */
function logSink() {
  const lines: Line[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) {
        raw.push(l);
        lines.push(JSON.parse(l));
      }
      cb();
    },
  });
  return { lines, raw, stream };
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** A number of a metrics text line (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && labels.split(',').every((p) => l.includes(p)));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('health and readiness', () => {
  it('health and ready answer without a session; the request id is echoed, a sane incoming one kept', async () => {
    const health = await get(t.app, '/PDD/health', { 'x-request-id': 'lb-4f2a.9' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 200, msg: 'success', data: { status: 'ok' } });
    expect(health.headers['x-request-id']).toBe('lb-4f2a.9');
    const insane = await get(t.app, '/PDD/health', { 'x-request-id': 'a b\n{"evil":1}' });
    expect(insane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const ready = await get(t.app, '/PDD/ready');
    expect([ready.statusCode, ready.json().data]).toEqual([200, { status: 'ok' }]);
  });

  it('ready: 503 without details while a migration is pending', async () => {
    const last = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.db);
    const row = last.rows[0]!;
    await sql`delete from kysely_migration where name = ${row.name}`.execute(t.db);
    try {
      await vi.waitFor(async () => expect((await get(t.app, '/PDD/ready')).statusCode).toBe(503), { timeout: 5000 });
      const body = (await get(t.app, '/PDD/ready')).json();
      expect(body).toEqual({ status: 503, msg: '服务暂不可用', data: null });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(t.db);
    }
    await vi.waitFor(async () => expect((await get(t.app, '/PDD/ready')).statusCode).toBe(200), { timeout: 5000 });
  });

  it('ready: 503 when the job workers stop and when the database is unreachable; the reason only in the log', async () => {
    const db = createDatabase(t.url, { max: 2 });
    const log = logSink();
    const config: Config = { ...t.deps.config, sessionCache: false, workers: false };
    const app = await buildApp({ ...t.deps, db, config }, { logger: { level: 'warn', stream: log.stream } });
    try {
      // A web-only node has no workers to wait for.
      expect(app.jobs.workersAlive()).toBe(true);
      expect((await get(app, '/PDD/ready')).statusCode).toBe(200);
      // Workers that stopped beating (the queue's own `workersAlive` is tested below).
      vi.spyOn(app.jobs, 'workersAlive').mockReturnValue(false);
      await vi.waitFor(async () => expect((await get(app, '/PDD/ready')).statusCode).toBe(503), { timeout: 5000 });
      const lastNotReady = () => log.lines.findLast((l) => l.msg === 'not ready');
      expect(lastNotReady()).toMatchObject({ msg: 'not ready', reason: 'job workers not running' });
      await db.destroy();
      await vi.waitFor(
        async () => {
          await get(app, '/PDD/ready');
          expect(String(lastNotReady()?.reason)).toMatch(/^database unreachable/);
        },
        { timeout: 5000 },
      );
      const down = await get(app, '/PDD/ready');
      expect([down.statusCode, down.json()]).toEqual([503, { status: 503, msg: '服务暂不可用', data: null }]);
      expect((await get(app, '/PDD/health')).statusCode).toBe(200);
    } finally {
      vi.restoreAllMocks();
      await app.close().catch(() => {});
    }
  });
});

const echoJob = defineJob({ kind: 'p8-echo', payload: z.object({ n: z.number() }), run: async () => {} });
const idleJob = defineJob({ kind: 'p8-idle', payload: z.object({}), run: async () => {} });

describe('metrics and request ids', () => {
  const log = logSink();
  let app: FastifyInstance;
  let queue: JobQueue;
  let idle: JobQueue;
  const TOKEN = 'metrics-token-42';

  beforeAll(async () => {
    const config: Config = { ...t.deps.config, metrics: true, metricsToken: TOKEN, workers: false };
    app = await buildApp({ ...t.deps, config }, { logger: { level: 'info', stream: log.stream } });
    queue = await startJobQueue(t.db, [echoJob], { workers: true, deps: t.deps, log: app.log });
    idle = await startJobQueue(t.db, [idleJob], { workers: false });
    // A route of this test that enqueues a job, as a service would during a request.
    app.get('/p8/enqueue', { config: { access: 'public' } }, async () => {
      const tenant = await buildTenant(t.db);
      return queue.enqueue(echoJob, { tenantId: tenant.id, userId: tenant.id }, { n: 1 });
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await idle?.stop();
    await app?.close();
  });

  const scrape = (auth = `Bearer ${TOKEN}`) => get(app, '/PDD/metrics', { authorization: auth });

  it('off by default: 404; on: the token is required', async () => {
    expect((await get(t.app, '/PDD/metrics')).statusCode).toBe(404);
    expect((await scrape('')).statusCode).toBe(401);
    expect((await scrape('Bearer metrics-token-43')).statusCode).toBe(401);
    const ok = await scrape();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toContain('console_db_pool_connections{state="total"}');
  });

  it('requests are counted by route pattern, never by the address asked', async () => {
    const before = (await scrape()).body;
    const route = 'route="/PDD/public-files/:sig/*"';
    const n0 = sample(before, 'console_http_requests_total', `${route},status="404"`);
    await get(app, '/PDD/public-files/SIGabc123/t1/x.png');
    await get(app, '/PDD/public-files/SIGdef456/t2/y.png');
    const after = (await scrape()).body;
    expect(sample(after, 'console_http_requests_total', `${route},status="404"`)).toBe(n0 + 2);
    expect(after).toContain(`console_http_request_duration_seconds_bucket{le="0.005",${route},method="GET"}`);
    expect(after).not.toMatch(/SIGabc123|SIGdef456/);
  });

  it('a job run, the queue depth and a ledger posting move their metrics', async () => {
    const before = (await scrape()).body;
    await idle.enqueue(idleJob, { tenantId: 1, userId: null }, {});
    const res = await get(app, '/p8/enqueue', { 'x-request-id': 'req-p8-job' });
    const { id } = res.json() as { id: string };
    await vi.waitFor(() => expect(log.lines.some((l) => l.msg === 'job done' && l.job === id)).toBe(true), {
      timeout: 10_000,
    });
    const tenant = await buildTenant(t.db);
    await topUp(t.db, { tenantId: tenant.id, idemKey: 'p8-1', ref: { type: 'adjustment', id: 'p8' }, amount: 100 });
    const after = (await scrape()).body;
    const done = 'queue="p8-echo",outcome="done"';
    expect(sample(after, 'console_job_runs_total', done)).toBe(sample(before, 'console_job_runs_total', done) + 1);
    expect(sample(after, 'console_job_queue_depth', 'queue="p8-idle",state="queued"')).toBeGreaterThanOrEqual(1);
    const posts = 'op="topup"';
    expect(sample(after, 'console_ledger_postings_total', posts)).toBe(
      sample(before, 'console_ledger_postings_total', posts) + 1,
    );
    // The job's log line carries the id of the request that enqueued it.
    expect(log.lines.find((l) => l.msg === 'job done' && l.job === id)).toMatchObject({
      reqId: 'req-p8-job',
      kind: 'p8-echo',
    });
    expect(log.lines.find((l) => l.msg === 'request' && l.url === '/p8/enqueue')?.reqId).toBe('req-p8-job');
  });

  it('a worker queue is alive while it beats, not after it stops (ready reads this)', async () => {
    const q = await startJobQueue(t.db, [], { workers: true, deps: t.deps });
    expect(q.workersAlive()).toBe(true);
    await q.stop();
    expect(q.workersAlive()).toBe(false);
    await q.stop(); // a second stop (the app's onClose after a manual one) does nothing
  });

  it('log lines are JSON with the request id; secrets are redacted', async () => {
    await get(app, '/PDD/health', { 'x-request-id': 'req-p8-log' });
    const line = log.lines.find((l) => l.reqId === 'req-p8-log');
    expect(line).toMatchObject({ msg: 'request', url: '/PDD/health', status: 200, level: 30 });
    app.log.info(
      {
        password: 'hunter2-pw',
        user: { token: 'tok-secret-1', refresh_token: 'rt-secret-2' },
        req: { headers: { authorization: 'Bearer bearer-secret-3', cookie: 'sid=cookie-secret-4' } },
        headers: { 'x-amz-access-token': 'amz-secret-5' },
      },
      'p8 redaction',
    );
    const written = log.raw.find((l) => l.includes('p8 redaction'))!;
    expect(written).toContain('[redacted]');
    for (const secret of [
      'hunter2-pw',
      'tok-secret-1',
      'rt-secret-2',
      'bearer-secret-3',
      'cookie-secret-4',
      'amz-secret-5',
    ])
      expect(written).not.toContain(secret);
  });
});

describe('SP-API metrics', () => {
  /** A counter's value for the labels given (0 when never counted). */
  async function count(counter: typeof spApiCalls | typeof spApiThrottles, labels: Record<string, string>) {
    const { values } = await counter.get();
    const hit = values.find((v) =>
      Object.entries(labels).every(([k, x]) => (v.labels as Record<string, string>)[k] === x),
    );
    return hit?.value ?? 0;
  }

  it('attempts are counted per operation and outcome, 429s also as throttles', async () => {
    const sim = await startSpApiSimulator({ timeScale: SCALE });
    try {
      const { client } = await sandboxClient(sim, t.db);
      const op = { operation: 'getListingsItem' };
      const before = [
        await count(spApiThrottles, op),
        await count(spApiCalls, { ...op, outcome: '429' }),
        await count(spApiCalls, { ...op, outcome: '4xx' }),
      ];
      sim.inject({ kind: 'throttle', count: 2, operation: 'getListingsItem' });
      // An SKU the shop does not have: two 429s, then Amazon's 404.
      await expect(client.listings.get('P8-NONE', [US])).rejects.toMatchObject({ kind: 'not_found' });
      expect([
        await count(spApiThrottles, op),
        await count(spApiCalls, { ...op, outcome: '429' }),
        await count(spApiCalls, { ...op, outcome: '4xx' }),
      ]).toEqual([before[0]! + 2, before[1]! + 2, before[2]! + 1]);
    } finally {
      await sim.close();
    }
  });
});
