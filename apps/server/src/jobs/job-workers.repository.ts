import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.js';
import './job-workers.tables.js';

/**
 * The job system's liveness tables (`job_workers`, `job_leases`, no tenant: they describe
 * server processes) and the active pg-boss jobs a dead worker leaves behind
 * (docs/architecture.md "Jobs of a dead process").
 */

type Db = Kysely<DB>;

/** A worker process as its heartbeat row knows it. */
export interface WorkerRow {
  id: string;
  host: string;
  pid: number;
  pid_ns: string;
  /** Whether it has not beaten within the dead interval. */
  silent: boolean;
}

/** An active pg-boss job whose worker is gone (or that never got a lease in time). */
export interface OrphanJob {
  id: string;
  name: string;
  data: unknown;
  /** Whether pg-boss has retries left for it. */
  retried: boolean;
}

/** Records that worker `workerId` runs the active pg-boss job `jobId` of `kind`. */
export async function upsertJobLease(db: Db, jobId: string, kind: string, workerId: string): Promise<void> {
  await db
    .insertInto('job_leases')
    .values({ job_id: jobId, kind, worker_id: workerId })
    .onConflict((oc) => oc.column('job_id').doUpdateSet({ worker_id: workerId, started_at: sql`now()` }))
    .execute();
}

/** Registers a worker process or records its heartbeat. */
export async function beatWorker(
  db: Db,
  worker: { id: string; host: string; pid: number; pid_ns: string },
): Promise<void> {
  await db
    .insertInto('job_workers')
    .values(worker)
    .onConflict((oc) => oc.column('id').doUpdateSet({ beat_at: sql`now()` }))
    .execute();
}

/** Removes worker rows (a graceful stop, or workers found dead). */
export async function deleteWorkers(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('job_workers').where('id', 'in', ids).execute();
}

/**
 * Takes the reaper's transaction-scoped advisory lock without waiting: false when another
 * process is reaping right now.
 */
export async function tryReaperLock(trx: Db, key: number): Promise<boolean> {
  const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${key}) as ok`.execute(trx);
  return locked.rows[0]?.ok === true;
}

/** Every worker but `selfId`, with whether it has been silent for `deadMs`. */
export function otherWorkers(db: Db, selfId: string, deadMs: number): Promise<WorkerRow[]> {
  return db
    .selectFrom('job_workers')
    .select([
      'id',
      'host',
      'pid',
      'pid_ns',
      sql<boolean>`beat_at < now() - make_interval(secs => ${deadMs / 1000})`.as('silent'),
    ])
    .where('id', '<>', selfId)
    .execute();
}

/**
 * Active jobs of `kinds` whose worker row is gone, or that have no lease although they started
 * more than `deadMs` ago; locked for the caller's transaction (others skip them).
 */
export async function lockOrphanJobs(trx: Db, kinds: string[], deadMs: number): Promise<OrphanJob[]> {
  const orphans = await sql<OrphanJob>`
    select j.id, j.name, j.data, j.retry_count < j.retry_limit as retried
    from pgboss.job j
    left join job_leases l on l.job_id = j.id and l.kind = j.name
    where j.name = any(${kinds}::text[]) and j.state = 'active'
      and (case when l.job_id is null then j.started_on < now() - make_interval(secs => ${deadMs / 1000})
           else not exists (select 1 from job_workers w where w.id = l.worker_id) end)
    for update of j skip locked`.execute(trx);
  return orphans.rows;
}

/** Deletes the leases of jobs that are no longer active (finished, failed or taken back). */
export async function deleteStaleLeases(trx: Db): Promise<void> {
  await sql`
    delete from job_leases l
    where not exists (select 1 from pgboss.job j where j.name = l.kind and j.id = l.job_id and j.state = 'active')`.execute(
    trx,
  );
}
