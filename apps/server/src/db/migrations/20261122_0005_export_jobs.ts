import { type Kysely, sql } from 'kysely';

/** Export jobs: status and progress the UI polls; the file lives under DATA_DIR/exports. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table export_jobs (
      id uuid primary key,
      tenant_id integer not null,
      user_id integer not null,
      kind text not null,
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      params jsonb not null,
      progress integer not null default 0,
      total integer not null default 0,
      file_name text not null default '',
      error text not null default '',
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index export_jobs_tenant_idx on export_jobs (tenant_id, created_at desc)`.execute(db);
}
