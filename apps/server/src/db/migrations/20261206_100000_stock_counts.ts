import { type Kysely, sql } from 'kysely';

/**
 * Stock adjustments and counts (issue 30 §1, docs/overseas.md "Adjustments and counts"):
 * - `stock_adjustments`: one operator adjustment of one SKU at one location (+/- units, a reason
 *   code and a note); its movement has doc `adjust` + the adjustment's id.
 * - `stock_counts` (盘点单) and `stock_count_lines`: a count of a tenant's SKUs at one location
 *   with the on-hand snapshot at creation, the counted units and, once posted, the on hand at
 *   post time, the difference and its movement (doc `count` + the count's id).
 * - `stock_movements.doc_type` gains `adjust`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table stock_movements
      drop constraint stock_movements_doc_type_check,
      add constraint stock_movements_doc_type_check
        check (doc_type in ('', 'order', 'inbound', 'outbound', 'fba_shipment', 'count', 'adjust'))`.execute(db);

  await sql`
    create table stock_adjustments (
      id bigserial primary key,
      tenant_id integer not null,
      location_id bigint not null references stock_locations (id),
      stock_id bigint not null references stock_products (id),
      quantity integer not null check (quantity <> 0),
      reason text not null check (reason in ('gain', 'loss', 'damaged', 'lost', 'other')),
      note text not null default '',
      created_by integer not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index stock_adjustments_tenant_idx on stock_adjustments (tenant_id, id desc)`.execute(db);

  await sql`
    create table stock_counts (
      id bigserial primary key,
      tenant_id integer not null,
      location_id bigint not null references stock_locations (id),
      warehouse_id integer references overseas_warehouses (id),
      number text not null,
      status text not null default 'open' check (status in ('open', 'posted', 'cancelled')),
      note text not null default '',
      created_by integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      posted_by integer,
      posted_at timestamptz,
      version integer not null default 1
    )`.execute(db);
  await sql`create index stock_counts_tenant_idx on stock_counts (tenant_id, id desc)`.execute(db);
  await sql`create index stock_counts_status_idx on stock_counts (status, id desc)`.execute(db);

  await sql`
    create table stock_count_lines (
      id bigserial primary key,
      count_id bigint not null references stock_counts (id) on delete cascade,
      tenant_id integer not null,
      stock_id bigint not null references stock_products (id),
      expected integer not null check (expected >= 0),
      counted integer check (counted >= 0),
      on_hand_at_post integer,
      difference integer,
      movement_id bigint,
      unique (count_id, stock_id)
    )`.execute(db);
}
