import { type Kysely, sql } from 'kysely';

/**
 * Issue 27 §4, jobs of a dead process (docs/architecture.md "Jobs"): every worker process
 * registers itself and beats every few seconds (`job_workers`); a job it starts names it
 * (`job_leases`, by the pg-boss job id). A live process takes back the active jobs of a worker
 * that stopped beating or whose process is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table job_workers (
      id uuid primary key,
      host text not null,
      pid integer not null,
      pid_ns text not null default '',
      started_at timestamptz not null default now(),
      beat_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table job_leases (
      job_id uuid primary key,
      kind text not null,
      worker_id uuid not null,
      started_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index job_leases_worker_idx on job_leases (worker_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table job_leases`.execute(db);
  await sql`drop table job_workers`.execute(db);
}
