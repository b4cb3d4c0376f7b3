import { type Kysely, sql } from 'kysely';

/**
 * 头程发货 (issue 30 §3, docs/fba.md): a tenant's first-leg shipment to Amazon (FBA).
 * - `fba_shipments`: the workflow's status (draft → planning → packing → placement →
 *   transport → labels_ready → shipped → receiving → closed, or failed with Amazon's problems),
 *   the inbound plan, each step's state, the boxes (dimensions, weight, contents), Amazon's
 *   shipments per fulfilment centre, carrier, tracking and the cost in CNY fen.
 * - `fba_shipment_items`: a SKU of the tenant's SKU master with its MSKU/FNSKU, the units sent
 *   and the units Amazon received (and posted to the FBA location of the ledger).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fba_shipments (
      id bigserial primary key,
      tenant_id integer not null,
      shop_id integer not null,
      marketplace text not null,
      marketplace_id text not null,
      number text not null,
      name text not null default '',
      inbound_plan_id text not null default '',
      status text not null default 'draft' check (status in ('draft', 'planning', 'packing', 'placement',
        'transport', 'labels_ready', 'shipped', 'receiving', 'closed', 'failed')),
      failed_step text not null default '',
      error text not null default '',
      problems jsonb not null default '[]',
      steps jsonb not null default '{}',
      source_address jsonb not null,
      boxes jsonb not null default '[]',
      placement_option_id text not null default '',
      fc_shipments jsonb not null default '[]',
      carrier text not null default '',
      tracking_no text not null default '',
      cost_minor bigint not null default 0 check (cost_minor >= 0),
      job_id text,
      shipped_at timestamptz,
      synced_at timestamptz,
      created_by integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index fba_shipments_number_idx on fba_shipments (tenant_id, number)`.execute(db);
  await sql`create index fba_shipments_tenant_idx on fba_shipments (tenant_id, status, id desc)`.execute(db);
  await sql`
    create table fba_shipment_items (
      id bigserial primary key,
      shipment_id bigint not null references fba_shipments (id) on delete cascade,
      tenant_id integer not null,
      stock_id bigint not null,
      msku text not null,
      fnsku text not null default '',
      title text not null default '',
      quantity integer not null check (quantity > 0),
      quantity_received integer not null default 0 check (quantity_received >= 0),
      unique (shipment_id, stock_id)
    )`.execute(db);
  await sql`create index fba_shipment_items_shipment_idx on fba_shipment_items (shipment_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists fba_shipment_items`.execute(db);
  await sql`drop table if exists fba_shipments`.execute(db);
}
