import { type Kysely, sql } from 'kysely';

/**
 * 入库单 (issue 30 §2, docs/overseas.md "Inbound"): a tenant's shipment of boxes to an overseas
 * warehouse and what the warehouse counted in each box.
 * - `overseas_inbounds`: draft → shipped → arrived → receiving → received, or closed (with
 *   differences); the tenant acknowledges the differences (`acknowledged_at/by`).
 * - `overseas_inbound_boxes`: the boxes, numbered 1..n per inbound; `received_at` set when counted.
 * - `overseas_inbound_lines`: a SKU in a box with the units sent, counted and damaged, and the
 *   kind of difference (short, over, damaged).
 * Plus indexes the inventory flow's filters need on a million movements.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table overseas_inbounds (
      id bigserial primary key,
      tenant_id integer not null,
      warehouse_id integer not null references overseas_warehouses (id),
      number text not null,
      shipping_method text not null default 'sea' check (shipping_method in ('sea', 'air', 'express', 'rail', 'truck')),
      carrier text not null default '',
      tracking_no text not null default '',
      expected_date date,
      note text not null default '',
      status text not null default 'draft'
        check (status in ('draft', 'shipped', 'arrived', 'receiving', 'received', 'closed')),
      has_difference boolean not null default false,
      shipped_at timestamptz,
      arrived_at timestamptz,
      received_at timestamptz,
      acknowledged_at timestamptz,
      acknowledged_by integer,
      created_by integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index overseas_inbounds_number_idx on overseas_inbounds (tenant_id, number)`.execute(db);
  await sql`create index overseas_inbounds_tenant_idx on overseas_inbounds (tenant_id, status, id desc)`.execute(db);
  await sql`create index overseas_inbounds_warehouse_idx on overseas_inbounds (warehouse_id, status, id desc)`.execute(
    db,
  );

  await sql`
    create table overseas_inbound_boxes (
      id bigserial primary key,
      inbound_id bigint not null references overseas_inbounds (id) on delete cascade,
      tenant_id integer not null,
      box_no integer not null check (box_no > 0),
      received_at timestamptz,
      received_by integer,
      unique (inbound_id, box_no)
    )`.execute(db);

  await sql`
    create table overseas_inbound_lines (
      id bigserial primary key,
      inbound_id bigint not null references overseas_inbounds (id) on delete cascade,
      box_id bigint not null references overseas_inbound_boxes (id) on delete cascade,
      tenant_id integer not null,
      stock_id bigint not null references stock_products (id),
      quantity_sent integer not null check (quantity_sent > 0),
      quantity_counted integer check (quantity_counted >= 0),
      quantity_damaged integer not null default 0 check (quantity_damaged >= 0),
      difference text not null default '' check (difference in ('', 'short', 'over', 'damaged')),
      check (quantity_counted is null or quantity_damaged <= quantity_counted),
      unique (box_id, stock_id)
    )`.execute(db);
  await sql`create index overseas_inbound_lines_inbound_idx on overseas_inbound_lines (inbound_id, id)`.execute(db);

  // Inventory flow filters (keyset on id desc within the tenant).
  await sql`create index stock_movements_tenant_id_idx on stock_movements (tenant_id, id desc)`.execute(db);
  await sql`create index stock_movements_tenant_stock_idx on stock_movements (tenant_id, stock_id, id desc)`.execute(
    db,
  );
  await sql`create index stock_movements_tenant_reason_idx on stock_movements (tenant_id, reason, id desc)`.execute(db);
  await sql`create index stock_movements_tenant_created_idx on stock_movements (tenant_id, created_at)`.execute(db);
}
