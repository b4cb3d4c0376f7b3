import { type Kysely, sql } from 'kysely';

/**
 * FBA stock from the FBA Inventory API (issue 30, docs/fba.md "FBA stock"):
 * - `fba_stock_syncs`: per shop x marketplace, the lease of the run syncing it (two runs at once
 *   post once), when it last finished, its last run and error.
 * - `fba_stock_runs`: one sync run of a shop x marketplace (the document of its `fba_sync`
 *   movements: `doc_type = 'fba_sync'`, `doc_id` = the run's id) with what it saw and posted.
 * - `fba_stock_items`: Amazon's last breakdown per shop x marketplace x MSKU (fulfillable, inbound
 *   working/shipped/receiving, reserved, unfulfillable, researching) and the SKU it is linked to.
 * - `fba_stock_credits`: per tenant x marketplace x SKU, the units a sync raised the FBA balance by
 *   that a receipt of the tenant's own shipment may still explain (so the two never double-count);
 *   its row is also the lock both take.
 * - `stock_movements.doc_type` gains `fba_sync` (added to whatever the check allows now).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const r = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint
     where conname = 'stock_movements_doc_type_check'`.execute(db);
  const allowed = new Set([...(r.rows[0]?.def ?? '').matchAll(/'([a-z_]*)'/g)].map((m) => m[1]!));
  for (const v of ['', 'order', 'inbound', 'outbound', 'fba_shipment', 'count', 'fba_sync']) allowed.add(v);
  const list = sql.join([...allowed].sort().map((v) => sql.lit(v)));
  await sql`
    alter table stock_movements
      drop constraint if exists stock_movements_doc_type_check,
      add constraint stock_movements_doc_type_check check (doc_type in (${list}))`.execute(db);

  await sql`
    create table fba_stock_syncs (
      shop_id integer not null,
      marketplace_id text not null,
      tenant_id integer not null,
      lease_until timestamptz,
      last_run_id bigint,
      last_synced_at timestamptz,
      last_error text not null default '',
      primary key (shop_id, marketplace_id)
    )`.execute(db);
  await sql`create index fba_stock_syncs_tenant_idx on fba_stock_syncs (tenant_id)`.execute(db);

  await sql`
    create table fba_stock_runs (
      id bigserial primary key,
      tenant_id integer not null,
      shop_id integer not null,
      marketplace_id text not null,
      job_id uuid,
      status text not null default 'running' check (status in ('running', 'done', 'failed')),
      skus integer not null default 0,
      movements integer not null default 0,
      units_in integer not null default 0,
      units_out integer not null default 0,
      created_skus integer not null default 0,
      error text not null default '',
      started_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index fba_stock_runs_shop_idx on fba_stock_runs (tenant_id, shop_id, marketplace_id, id desc)`.execute(
    db,
  );

  await sql`
    create table fba_stock_items (
      shop_id integer not null,
      marketplace_id text not null,
      msku text not null,
      tenant_id integer not null,
      stock_id bigint not null references stock_products (id),
      fnsku text not null default '',
      asin text not null default '',
      fulfillable integer not null default 0 check (fulfillable >= 0),
      inbound_working integer not null default 0 check (inbound_working >= 0),
      inbound_shipped integer not null default 0 check (inbound_shipped >= 0),
      inbound_receiving integer not null default 0 check (inbound_receiving >= 0),
      reserved integer not null default 0 check (reserved >= 0),
      unfulfillable integer not null default 0 check (unfulfillable >= 0),
      researching integer not null default 0 check (researching >= 0),
      on_hand integer not null default 0 check (on_hand >= 0),
      run_id bigint not null,
      synced_at timestamptz not null default now(),
      primary key (shop_id, marketplace_id, msku)
    )`.execute(db);
  await sql`create index fba_stock_items_stock_idx on fba_stock_items (tenant_id, stock_id, marketplace_id)`.execute(
    db,
  );

  await sql`
    create table fba_stock_credits (
      tenant_id integer not null,
      marketplace_id text not null,
      stock_id bigint not null references stock_products (id),
      units integer not null default 0 check (units >= 0),
      primary key (tenant_id, marketplace_id, stock_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists fba_stock_credits, fba_stock_items, fba_stock_runs, fba_stock_syncs`.execute(db);
}
