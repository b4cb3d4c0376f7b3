import { type Kysely, sql } from 'kysely';

/**
 * Runs of a job (issue 32 §3): how many times a worker started its handler (`runs`, 1 when it
 * ran once; more after a retry or a take-back from a dead process) and which worker process
 * started the last run (`worker_id`, the `job_workers` id), so several server processes can be
 * checked to run each job once and an operator can see where a job ran.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table jobs add column runs integer not null default 0, add column worker_id text`.execute(db);
}
