import { type Kysely, sql } from 'kysely';

/**
 * One `jobs` table for every background job a person starts (issue 12 §2): what the user
 * sees of it (kind, status, progress, result, Chinese error) beside the payload its handler
 * runs with. The export and translation tables move into it, row for row with the same ids,
 * so progress and download links of jobs started before the upgrade keep working:
 * - export_jobs -> kind `goods-export`, payload = the selection (`params`), result
 *   `{file_name, file_key}` once done (the key is the one the file was stored under);
 * - translate_jobs -> kind `goods-translate`, payload = `params`, result = the per-product list.
 * Messages still waiting in pg-boss (`{id}`) get the tenant id the worker now reads the row by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table jobs (
      id uuid primary key,
      kind text not null,
      tenant_id integer not null,
      user_id integer,
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      payload jsonb not null,
      progress integer not null default 0,
      total integer not null default 0,
      result jsonb,
      error text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index jobs_tenant_idx on jobs (tenant_id, created_at desc)`.execute(db);
  // The retention job deletes by age of the last change.
  await sql`create index jobs_updated_idx on jobs (updated_at)`.execute(db);

  await sql`
    insert into jobs (id, kind, tenant_id, user_id, status, payload, progress, total, result, error,
                      created_at, updated_at, finished_at)
    select id, 'goods-export', tenant_id, user_id, status, params, progress, total,
           case when status = 'done'
             then jsonb_build_object('file_name', file_name, 'file_key', 'exports/' || id || '.xlsx') end,
           error, created_at, coalesce(finished_at, created_at), finished_at
    from export_jobs`.execute(db);
  await sql`
    insert into jobs (id, kind, tenant_id, user_id, status, payload, progress, total, result, error,
                      created_at, updated_at, finished_at)
    select id, 'goods-translate', tenant_id, user_id, status, params, progress, total, result, error,
           created_at, coalesce(finished_at, created_at), finished_at
    from translate_jobs`.execute(db);

  // pg-boss creates its schema when the server starts, so a fresh database has none yet.
  const boss = await sql<{ t: string | null }>`select to_regclass('pgboss.job')::text as t`.execute(db);
  if (boss.rows[0]?.t) {
    await sql`
      update pgboss.job q
      set data = q.data || jsonb_build_object('tenant_id', j.tenant_id)
      from jobs j
      where q.name in ('goods-export', 'goods-translate')
        and q.state in ('created', 'retry', 'active')
        and q.data ? 'id'
        and not q.data ? 'tenant_id'
        and j.id::text = q.data ->> 'id'`.execute(db);
  }

  await sql`drop table export_jobs`.execute(db);
  await sql`drop table translate_jobs`.execute(db);
}
