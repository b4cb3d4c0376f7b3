import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { UserRow } from '../src/db/types.js';
import { BAD_PAYLOAD_MESSAGE, DEFAULT_FAIL_MESSAGE, runScheduled, runTracked } from '../src/jobs/job-runner.js';
import { insertJob } from '../src/jobs/jobs.repository.js';
import { AppError } from '../src/lib/app-error.js';
import { defineJob, type JobDefinition } from '../src/lib/server-module.js';
import { exportKey } from '../src/modules/files/file-storage.js';
import { fileStorage } from '../src/modules/files/storage.js';
import { goodsExportJob } from '../src/modules/goods/goods-export.job.js';
import { JOB_RETENTION_DAYS, jobRetention, runRetention } from '../src/modules/jobs/job-retention.job.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

const t = useTestApp();

/** A gate a test opens to let a job go on. */
function gate() {
  let open: () => void = () => {};
  const passed = new Promise<void>((r) => {
    open = r;
  });
  return { passed, open };
}

/** A job kind of this test only: reports a step, waits for the test, then ends as told. */
let step = gate();
const stepJob = defineJob({
  kind: 'test-steps',
  payload: z.object({ end: z.enum(['done', 'fail', 'throw']) }),
  failMessage: '测试任务失败',
  async run(ctx, p) {
    await ctx.progress.update(1, { total: 3, result: { seen: 1 } });
    await step.passed;
    if (p.end === 'throw') throw new Error('boom');
    if (p.end === 'fail') return ctx.progress.fail('第2步出错', { seen: 2 });
    await ctx.progress.done({ seen: 3 }, { progress: 3 });
  },
});
const defs = new Map<string, JobDefinition>([[stepJob.kind, stepJob]]);

/** A `jobs` row of the step kind, as enqueue writes it (without a pg-boss message: the test runs it). */
async function stepRow(owner: UserRow, payload: unknown) {
  const id = randomUUID();
  await insertJob(t.db, owner.id, { id, kind: stepJob.kind, userId: owner.id, payload, total: 0 });
  return id;
}

const getJob = (s: Session, id: string) => call(t.app, s, 'GET', `/PDD/jobs/get?id=${id}`);

describe('the job system', () => {
  let admin: UserRow;
  let s: Session;
  beforeAll(async () => {
    admin = await buildTenant(t.db);
    s = await signIn(t.app, admin.account, TEST_PASSWORD);
  });

  it('enqueue refuses a payload its kind does not accept, and writes nothing', async () => {
    const before = await t.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    const err = await t.app.jobs
      .enqueue(goodsExportJob, { tenantId: admin.id, userId: admin.id }, {})
      .then(() => null)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 400, message: '任务参数不合法: 请选择商品或筛选条件' });
    const bad = await t.app.jobs
      .enqueue(goodsExportJob, { tenantId: admin.id, userId: admin.id }, { ids: [-1] })
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400 });
    const after = await t.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it("enqueue in the caller's transaction: a rollback leaves neither the row nor the message", async () => {
    let id = '';
    await t.db
      .transaction()
      .execute(async (trx) => {
        ({ id } = await t.app.jobs.enqueue(
          goodsExportJob,
          { tenantId: admin.id, userId: admin.id },
          { ids: [1] },
          { tx: trx, total: 1 },
        ));
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(id).not.toBe('');
    expect(await t.db.selectFrom('jobs').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    const queued = await sql<{
      n: number;
    }>`select count(*)::int as n from pgboss.job where data ->> 'id' = ${id}`.execute(t.db);
    expect(queued.rows[0]?.n).toBe(0);
  });

  it('progress, partial result and result show through GET /jobs/get while the job runs', async () => {
    step = gate();
    const id = await stepRow(admin, { end: 'done' });
    expect((await getJob(s, id)).data).toMatchObject({
      id,
      kind: 'test-steps',
      status: 'queued',
      progress: 0,
      result: null,
      error: '',
      finished_at: null,
    });
    const running = runTracked(t.deps, stepJob, defs, { id, tenant_id: admin.id }, true);
    let job = (await getJob(s, id)).data;
    for (let i = 0; i < 50 && job.progress < 1; i++) {
      await new Promise((r) => setTimeout(r, 20));
      job = (await getJob(s, id)).data;
    }
    expect(job).toMatchObject({ status: 'running', progress: 1, total: 3, result: { seen: 1 } });
    step.open();
    await running;
    job = (await getJob(s, id)).data;
    expect(job).toMatchObject({ status: 'done', progress: 3, total: 3, result: { seen: 3 }, error: '' });
    expect(job.finished_at).toBeGreaterThanOrEqual(job.created_at);
    // A late or repeated delivery of the message runs nothing.
    step = gate();
    await runTracked(t.deps, stepJob, defs, { id, tenant_id: admin.id }, true);
    expect((await getJob(s, id)).data).toEqual(job);
  });

  it('a failure reported by the handler shows its Chinese message and partial result', async () => {
    step = gate();
    step.open();
    const id = await stepRow(admin, { end: 'fail' });
    await runTracked(t.deps, stepJob, defs, { id, tenant_id: admin.id }, false);
    expect((await getJob(s, id)).data).toMatchObject({ status: 'failed', error: '第2步出错', result: { seen: 2 } });
  });

  it('a throwing handler stays running while retries remain, then fails with its kind message', async () => {
    step = gate();
    step.open();
    const id = await stepRow(admin, { end: 'throw' });
    await expect(runTracked(t.deps, stepJob, defs, { id, tenant_id: admin.id }, false)).rejects.toThrow('boom');
    expect((await getJob(s, id)).data).toMatchObject({ status: 'running', error: '' });
    await expect(runTracked(t.deps, stepJob, defs, { id, tenant_id: admin.id }, true)).rejects.toThrow('boom');
    expect((await getJob(s, id)).data).toMatchObject({ status: 'failed', error: '测试任务失败' });
    expect(DEFAULT_FAIL_MESSAGE).toBe('任务执行失败,请重试');
  });

  it('a stored payload that no longer fits its kind fails the job without running it', async () => {
    const id = await stepRow(admin, { end: 'explode' });
    await runTracked(t.deps, stepJob, defs, { id, tenant_id: admin.id }, true);
    expect((await getJob(s, id)).data).toMatchObject({ status: 'failed', error: BAD_PAYLOAD_MESSAGE });
  });

  it('the worker reads a job by its tenant: a message naming another tenant runs nothing', async () => {
    const id = await stepRow(admin, { end: 'done' });
    const other = await buildTenant(t.db);
    await runTracked(t.deps, stepJob, defs, { id, tenant_id: other.id }, true);
    expect((await getJob(s, id)).data).toMatchObject({ status: 'queued' });
  });

  it("another tenant's job id is 404; a bad id is 400; signed out is 401", async () => {
    const id = await stepRow(admin, { end: 'done' });
    const other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
    expect(await getJob(other, id)).toMatchObject({ http: 404, msg: '任务不存在' });
    expect(await getJob(other, randomUUID())).toMatchObject({ http: 404, msg: '任务不存在' });
    expect(await getJob(s, 'nope')).toMatchObject({ http: 400, msg: '任务ID不合法' });
    expect((await call(t.app, null, 'GET', `/PDD/jobs/get?id=${id}`)).http).toBe(401);
  });

  it("role access: a job's kind names who may read it; everyone of the tenant reads a kind without", async () => {
    const exportId = randomUUID();
    await insertJob(t.db, admin.id, {
      id: exportId,
      kind: goodsExportJob.kind,
      userId: admin.id,
      payload: { ids: [1] },
      total: 1,
    });
    const stepId = await stepRow(admin, { end: 'done' });
    // Buyers (auth 3) have no goods operation right; workers (auth 2) do.
    for (const [auth, exportHttp] of [
      [3, 403],
      [2, 200],
      [1, 200],
      [6, 200],
    ] as const) {
      const child = await buildUser(t.db, admin, { auth });
      const cs = await signIn(t.app, child.account, TEST_PASSWORD);
      expect((await getJob(cs, exportId)).http, `auth ${auth}`).toBe(exportHttp);
      expect((await getJob(cs, stepId)).http, `auth ${auth}`).toBe(200);
    }
    expect((await getJob(s, exportId)).data).toMatchObject({ kind: 'goods-export', status: 'queued', total: 1 });
  });

  it('the retention job is scheduled with pg-boss (nightly, Beijing time)', async () => {
    const r = await sql<{ name: string; cron: string; timezone: string; data: unknown }>`
      select name, cron, timezone, data from pgboss.schedule where name = 'jobs-retention'`.execute(t.db);
    expect(r.rows).toEqual([
      { name: 'jobs-retention', cron: '30 3 * * *', timezone: 'Asia/Shanghai', data: { schedule: { days: 7 } } },
    ]);
    expect(JOB_RETENTION_DAYS).toBe(7);
  });

  it('retention deletes job rows last changed more than N days ago, with their export files', async () => {
    const storage = fileStorage(t.deps.config);
    const rows: Record<string, string> = {};
    for (const [name, kind, daysAgo] of [
      ['oldExport', goodsExportJob.kind, 8],
      ['newExport', goodsExportJob.kind, 6],
      ['oldStep', stepJob.kind, 30],
      ['newStep', stepJob.kind, 0],
    ] as const) {
      const id = randomUUID();
      rows[name] = id;
      await insertJob(t.db, admin.id, { id, kind, userId: admin.id, payload: {}, total: 0 });
      await sql`update jobs set status = 'done', updated_at = now() - make_interval(days => ${daysAgo}),
                finished_at = now() - make_interval(days => ${daysAgo}) where id = ${id}`.execute(t.db);
      if (kind === goodsExportJob.kind) await storage.put(exportKey(id), Buffer.from('xlsx'));
    }
    // As pg-boss's clock starts it: the schedule's data is the payload.
    await runScheduled(t.deps, jobRetention, t.app.jobs.definitions, { days: JOB_RETENTION_DAYS });
    const left = await t.db.selectFrom('jobs').select('id').where('id', 'in', Object.values(rows)).execute();
    expect(left.map((x) => x.id).sort()).toEqual([rows.newExport, rows.newStep].sort());
    expect(await storage.exists(exportKey(rows.oldExport!))).toBe(false);
    expect(await storage.exists(exportKey(rows.newExport!))).toBe(true);
    expect(await getJob(s, rows.oldExport!)).toMatchObject({ http: 404 });
  });

  it('retention keeps rows whose file could not be removed, for the next run', async () => {
    const id = randomUUID();
    await insertJob(t.db, admin.id, { id, kind: 'test-discard', userId: admin.id, payload: {}, total: 0 });
    await sql`update jobs set updated_at = now() - interval '9 days' where id = ${id}`.execute(t.db);
    const failing = defineJob({
      kind: 'test-discard',
      payload: z.object({}),
      run: async () => {},
      discard: async () => {
        throw new Error('storage down');
      },
    });
    const definitions = new Map<string, JobDefinition>([[failing.kind, failing]]);
    await expect(runRetention({ deps: t.deps, definitions }, JOB_RETENTION_DAYS)).rejects.toThrow('storage down');
    expect(await t.db.selectFrom('jobs').select('id').where('id', '=', id).executeTakeFirst()).toEqual({ id });
    expect(await runRetention({ deps: t.deps, definitions: new Map() }, JOB_RETENTION_DAYS)).toMatchObject({
      deleted: 1,
    });
  });
});
