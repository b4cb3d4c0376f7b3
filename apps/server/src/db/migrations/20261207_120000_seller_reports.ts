import { type Kysely, sql } from 'kysely';

/**
 * 卖家绩效 and 卖家反馈 from the Reports API (issue 31 §4, docs/reports.md):
 * - `seller_report_syncs`: per shop x report type, the lease of the run fetching it (parallel
 *   refreshes create one report), when it last finished and its last error.
 * - `seller_report_runs`: the history, one row per fetched report (shop, type, marketplace,
 *   Amazon's report id, the period, state, Amazon's FATAL message, the parsed figures).
 * - `seller_feedback`: feedback rows, one per shop x order id x date (refetches update it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table seller_report_syncs (
      shop_id integer not null,
      report_type text not null,
      tenant_id integer not null,
      lease_until timestamptz,
      last_fetched_at timestamptz,
      last_error text not null default '',
      primary key (shop_id, report_type)
    )`.execute(db);
  await sql`create index seller_report_syncs_tenant_idx on seller_report_syncs (tenant_id)`.execute(db);

  await sql`
    create table seller_report_runs (
      id bigserial primary key,
      tenant_id integer not null,
      shop_id integer not null,
      report_type text not null,
      marketplace_id text not null,
      amazon_report_id text not null default '',
      period_from timestamptz,
      period_to timestamptz,
      fetched_at timestamptz not null default now(),
      state text not null check (state in ('done', 'fatal', 'cancelled', 'failed')),
      error text not null default '',
      figures jsonb,
      rows integer not null default 0
    )`.execute(db);
  await sql`create index seller_report_runs_shop_idx on seller_report_runs (tenant_id, shop_id, report_type, id desc)`.execute(
    db,
  );

  await sql`
    create table seller_feedback (
      id bigserial primary key,
      tenant_id integer not null,
      shop_id integer not null,
      marketplace_id text not null,
      order_id text not null,
      feedback_date date not null,
      rating smallint not null check (rating between 1 and 5),
      comments text not null default '',
      response text not null default '',
      rater_email text not null default '',
      run_id bigint not null,
      created_at timestamptz not null default now(),
      unique (shop_id, order_id, feedback_date)
    )`.execute(db);
  await sql`create index seller_feedback_tenant_idx on seller_feedback (tenant_id, feedback_date desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table seller_feedback`.execute(db);
  await sql`drop table seller_report_runs`.execute(db);
  await sql`drop table seller_report_syncs`.execute(db);
}
