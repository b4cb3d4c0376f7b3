import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.js';
import type { JobStatus } from '../modules/jobs/jobs.tables.js';

type Db = Kysely<DB>;

/** Columns a reader of a job sees (the payload stays with the worker). */
const VIEW = [
  'id',
  'kind',
  'user_id',
  'status',
  'progress',
  'total',
  'result',
  'error',
  'created_at',
  'updated_at',
  'finished_at',
] as const;

/** Statuses after which a job never runs again. */
export const FINAL_STATUSES: readonly JobStatus[] = ['done', 'failed'];

/** Inserts the row of a queued job (in the caller's transaction, beside its pg-boss message). */
export async function insertJob(
  db: Db,
  tenantId: number,
  row: { id: string; kind: string; userId: number | null; payload: unknown; total: number },
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      id: row.id,
      kind: row.kind,
      tenant_id: tenantId,
      user_id: row.userId,
      payload: JSON.stringify(row.payload),
      total: row.total,
    })
    .execute();
}

/** One job of the tenant (of `kind` when given); another tenant's id finds nothing. */
export function findJob(db: Db, tenantId: number, id: string, kind?: string) {
  let q = db.selectFrom('jobs').select(VIEW).where('tenant_id', '=', tenantId).where('id', '=', id);
  if (kind) q = q.where('kind', '=', kind);
  return q.executeTakeFirst();
}

/** A job row as its reader sees it. */
export type JobRecord = NonNullable<Awaited<ReturnType<typeof findJob>>>;

/**
 * Marks a job running (one more run, by worker `workerId`) and returns what its handler needs;
 * undefined when the row is gone or already final (a duplicate or late delivery of its message
 * runs nothing).
 */
export function startJobRun(db: Db, tenantId: number, id: string, workerId: string) {
  return db
    .updateTable('jobs')
    .set({ status: 'running', runs: sql`runs + 1`, worker_id: workerId, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'not in', FINAL_STATUSES)
    .returning(['kind', 'user_id', 'payload', 'runs'])
    .executeTakeFirst();
}

/** Progress of a running job (and its partial result when given). */
export async function updateJobProgress(
  db: Db,
  tenantId: number,
  id: string,
  p: { progress: number; total?: number | undefined; result?: unknown },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      progress: p.progress,
      ...(p.total !== undefined ? { total: p.total } : {}),
      ...(p.result !== undefined ? { result: JSON.stringify(p.result) } : {}),
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'not in', FINAL_STATUSES)
    .execute();
}

/** Ends a job: done with its result, or failed with the user's message. A final row is not changed again. */
export async function finishJob(
  db: Db,
  tenantId: number,
  id: string,
  end: {
    status: 'done' | 'failed';
    result?: unknown;
    error?: string;
    progress?: number | undefined;
    total?: number | undefined;
  },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: end.status,
      error: end.error ?? '',
      ...(end.result !== undefined ? { result: JSON.stringify(end.result) } : {}),
      ...(end.progress !== undefined ? { progress: end.progress } : {}),
      ...(end.total !== undefined ? { total: end.total } : {}),
      updated_at: sql`now()`,
      finished_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'not in', FINAL_STATUSES)
    .execute();
}

/**
 * Retention, over every tenant (a system task, hence no tenant argument): up to `limit` rows
 * last changed before `before`, oldest first, with what each points to.
 */
export function listJobsBefore(db: Db, before: Date, limit: number) {
  return db
    .selectFrom('jobs')
    .select(['id', 'kind', 'tenant_id', 'user_id', 'result'])
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** Retention: deletes these rows (by id, of any tenant) unless they changed after `before` meanwhile. */
export async function deleteJobsBefore(db: Db, ids: string[], before: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db.deleteFrom('jobs').where('id', 'in', ids).where('updated_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
