import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobQueue, startJobQueue } from '../src/jobs/job-queue.js';
import { DEAD_AFTER_BEATS, type TakenBack, WORKER_LOST_MESSAGE } from '../src/jobs/job-workers.js';
import { buildTenant } from './factories.js';
import { useTestApp } from './harness.js';
import { behaviour, deadWorkerJobs } from './support/dead-worker-jobs.js';
import { spawnLogged, waitFor } from './support/processes.js';

/**
 * Issue 27 §4: the jobs of a worker process that died are taken back within about a minute
 * (here, with a heartbeat of 0.2 s, within a second or two), whatever their kind; a job of a
 * live process is never taken back, however long it runs.
 */
const t = useTestApp({ workers: false });
const CHILD = path.resolve(import.meta.dirname, 'support/job-worker-child.ts');
const HEARTBEAT = 0.2;
const queues: JobQueue[] = [];
const children: ChildProcess[] = [];
const takenBack: TakenBack[] = [];

function worker(prefix: string) {
  const started = spawnLogged(['--import', 'tsx', CHILD], {
    DATABASE_URL: t.url,
    JOB_PREFIX: prefix,
    JOB_HEARTBEAT_SECONDS: String(HEARTBEAT),
  });
  children.push(started.child);
  return started;
}

async function queue(prefix: string, workers: boolean) {
  const q = await startJobQueue(t.db, deadWorkerJobs(prefix).all, {
    workers,
    deps: t.deps,
    heartbeatSeconds: HEARTBEAT,
    onTakenBack: (jobs) => takenBack.push(...jobs),
  });
  queues.push(q);
  return q;
}

/** A job a person starts, and a run of the stately system kind, both taken by the worker child. */
async function startBoth(prefix: string) {
  const tenant = await buildTenant(t.db);
  const defs = deadWorkerJobs(prefix);
  const sender = await queue(prefix, false);
  const child = worker(prefix);
  await waitFor(() => child.output().includes('READY'), 'the worker child');
  const { id } = await sender.enqueue(defs.tracked, { tenantId: tenant.id, userId: tenant.id }, {});
  await sender.trigger(defs.stately, {});
  await waitFor(
    () => child.output().includes(`RUNNING ${prefix}-tracked`) && child.output().includes(`RUNNING ${prefix}-stately`),
    'both jobs running in the child',
  );
  return { child, jobId: id, tenant };
}

const activeOf = async (kind: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from pgboss.job where name = ${kind} and state = 'active'`.execute(
        t.db,
      )
    ).rows[0]!.n,
  );

beforeAll(() => {
  behaviour.hang = false;
});

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const q of queues) await q.stop();
});

describe('jobs of a dead worker process', () => {
  it('kill -9 of the worker: the next process takes its jobs back at start and runs them again, for every kind', async () => {
    const { child, jobId, tenant } = await startBoth('killed');
    child.child.kill('SIGKILL');
    await new Promise((r) => child.child.once('exit', r));
    const started = Date.now();
    await queue('killed', true);
    await waitFor(
      () => behaviour.runs.get('killed-tracked') === 1 && behaviour.runs.get('killed-stately') === 1,
      'both jobs run again by the live process',
    );
    // Taken back at start; the rest is pg-boss's retry delay (5 s).
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(takenBack.filter((j) => j.kind.startsWith('killed-')).map((j) => [j.kind, j.retried])).toEqual(
      expect.arrayContaining([
        ['killed-tracked', true],
        ['killed-stately', true],
      ]),
    );
    await waitFor(
      async () =>
        (await t.db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirst())?.status === 'done',
      "the job's row done",
    );
    const row = await t.db
      .selectFrom('jobs')
      .select(['status', 'tenant_id'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', tenant_id: tenant.id });
  }, 60_000);

  it("on its last attempt a dead worker's job fails, and its row says why", async () => {
    const { child, jobId } = await startBoth('last');
    await sql`update pgboss.job set retry_count = retry_limit where name = 'last-tracked' and state = 'active'`.execute(
      t.db,
    );
    child.child.kill('SIGKILL');
    await new Promise((r) => child.child.once('exit', r));
    await queue('last', true);
    await waitFor(() => takenBack.some((j) => j.kind === 'last-tracked'), 'the take-back');
    expect(takenBack.find((j) => j.kind === 'last-tracked')?.retried).toBe(false);
    const row = await t.db
      .selectFrom('jobs')
      .select(['status', 'error'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', error: WORKER_LOST_MESSAGE });
    const state = await sql<{ state: string }>`select state from pgboss.job where name = 'last-tracked'`.execute(t.db);
    expect(state.rows.map((r) => r.state)).toEqual(['failed']);
    expect(behaviour.runs.get('last-tracked')).toBeUndefined();
  }, 60_000);

  it('a live worker keeps its long jobs; once it stops beating (frozen) they are taken back within the dead interval', async () => {
    const { child } = await startBoth('frozen');
    // A live process watches while the child works: many heartbeats pass, nothing is taken back.
    await queue('frozen', true);
    await new Promise((r) => setTimeout(r, HEARTBEAT * 1000 * 10));
    expect(takenBack.filter((j) => j.kind.startsWith('frozen-'))).toEqual([]);
    expect(await activeOf('frozen-tracked')).toBe(1);
    expect(await activeOf('frozen-stately')).toBe(1);
    expect(behaviour.runs.get('frozen-tracked')).toBeUndefined();

    // Frozen (as a machine that lost its network): its process lives but it beats no more.
    child.child.kill('SIGSTOP');
    const frozenAt = Date.now();
    let firstTakenAt = 0;
    await waitFor(() => {
      const n = takenBack.filter((j) => j.kind.startsWith('frozen-')).length;
      if (n > 0 && !firstTakenAt) firstTakenAt = Date.now();
      return n === 2;
    }, 'the take-back');
    const deadMs = HEARTBEAT * 1000 * DEAD_AFTER_BEATS;
    // Not before the dead interval (its last beat may be up to one beat before the stop)...
    expect(firstTakenAt - frozenAt).toBeGreaterThanOrEqual(deadMs - HEARTBEAT * 1000);
    // ...and soon after it: a beat of the watcher, plus timer delays of a loaded machine (CI's
    // two cores running several test files measured 3.2 s here once; the default heartbeat of
    // production is 10 s, so this slack is about a tenth of a real dead interval of 45 s).
    expect(Date.now() - frozenAt).toBeLessThan(deadMs + HEARTBEAT * 1000 + 5_000);
    await waitFor(
      () => behaviour.runs.get('frozen-tracked') === 1 && behaviour.runs.get('frozen-stately') === 1,
      'both jobs run again by the live process',
    );
    child.child.kill('SIGKILL');
  }, 60_000);
});
