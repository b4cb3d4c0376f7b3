import { type Kysely, sql } from 'kysely';

/**
 * One inventory ledger for every place stock lives (issue 30 §1, docs/inventory.md,
 * docs/decisions.md "Issue 30 §1"): the stock-up tables are generalised, not doubled.
 * - `stock_products` stays the tenant's SKU master (one row per SKU, whichever place holds it);
 *   its `quantity` becomes the mirror of the China balance that only the inventory service writes.
 * - `stock_products` gains the warehouse facts of a SKU (English name, the library variation's
 *   SKU, barcode, weight and size, declared value, HS code, battery, pictures, reorder point).
 * - `overseas_warehouses`: the warehouses the operator runs (code, country, address, carriers)
 *   with their fees.
 * - `stock_locations`: the places of a tenant's stock: `china` (the stock-up stock), one per
 *   overseas warehouse, one per Amazon marketplace (`fba`).
 * - `stock_balances`: on hand and reserved per SKU and location, never negative, reserved never
 *   above on hand (checks); written only together with the movement that explains the change.
 * - `stock_movements` gains the location, the reserved balance after, and the document
 *   (`doc_type`, `doc_id`) it belongs to; `kind` gains `reserve` / `release`, `reason` the
 *   receipt, pick, transfer, adjustment, count and FBA sync.
 * Existing movements and balances move to each tenant's China location.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table overseas_warehouses (
      id serial primary key,
      code text not null,
      name text not null,
      country text not null,
      address jsonb not null default '{}'::jsonb,
      carriers text[] not null default '{}',
      active boolean not null default true,
      -- Fees in CNY minor units (fen), posted to the tenant's balance once each (docs/inventory.md).
      handling_fee_minor bigint not null default 0 check (handling_fee_minor >= 0),
      unit_fee_minor bigint not null default 0 check (unit_fee_minor >= 0),
      delivery_fee_minor bigint not null default 0 check (delivery_fee_minor >= 0),
      storage_fee_cbm_day_minor bigint not null default 0 check (storage_fee_cbm_day_minor >= 0),
      created_by integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index overseas_warehouses_code_idx on overseas_warehouses (lower(code))`.execute(db);

  // The SKU master's warehouse facts (issue 30 §2): names, barcode, weight and size, customs.
  await sql`
    alter table stock_products
      add column name_en text not null default '',
      add column goods_sku text not null default '',
      add column barcode text not null default '',
      add column weight_g integer check (weight_g > 0),
      add column length_mm integer check (length_mm > 0),
      add column width_mm integer check (width_mm > 0),
      add column height_mm integer check (height_mm > 0),
      add column declared_value_minor bigint check (declared_value_minor >= 0),
      add column declared_currency text not null default 'USD',
      add column hs_code text not null default '',
      add column battery boolean not null default false,
      add column pictures text[] not null default '{}',
      add column reorder_point integer not null default 0 check (reorder_point >= 0)`.execute(db);

  await sql`
    create table stock_locations (
      id bigserial primary key,
      tenant_id integer not null,
      kind text not null check (kind in ('china', 'overseas', 'fba')),
      warehouse_id integer references overseas_warehouses (id),
      marketplace_id text,
      created_at timestamptz not null default now(),
      check ((kind = 'overseas') = (warehouse_id is not null)),
      check ((kind = 'fba') = (marketplace_id is not null))
    )`.execute(db);
  await sql`
    create unique index stock_locations_place_idx
      on stock_locations (tenant_id, kind, coalesce(warehouse_id, 0), coalesce(marketplace_id, ''))`.execute(db);

  await sql`
    create table stock_balances (
      location_id bigint not null references stock_locations (id),
      stock_id bigint not null references stock_products (id) on delete cascade,
      tenant_id integer not null,
      on_hand integer not null default 0 check (on_hand >= 0),
      reserved integer not null default 0 check (reserved >= 0 and reserved <= on_hand),
      updated_at timestamptz not null default now(),
      primary key (location_id, stock_id)
    )`.execute(db);
  await sql`create index stock_balances_tenant_stock_idx on stock_balances (tenant_id, stock_id)`.execute(db);

  await sql`
    alter table stock_movements
      add column location_id bigint references stock_locations (id),
      add column reserved_after integer not null default 0 check (reserved_after >= 0),
      add column doc_type text not null default ''
        check (doc_type in ('', 'order', 'inbound', 'outbound', 'fba_shipment', 'count')),
      add column doc_id bigint,
      drop constraint stock_movements_kind_check,
      add constraint stock_movements_kind_check check (kind in ('in', 'out', 'reserve', 'release')),
      drop constraint stock_movements_reason_check,
      add constraint stock_movements_reason_check check (reason in (
        '', 'fill', 'unfill', 'surplus', 'surplus_undo',
        'receipt', 'pick', 'transfer', 'adjust', 'count', 'damaged', 'fba_sync', 'cancel'))`.execute(db);

  // Every tenant with stock-up products gets its China location; old rows move there.
  await sql`
    insert into stock_locations (tenant_id, kind)
    select distinct tenant_id, 'china' from stock_products`.execute(db);
  await sql`
    update stock_movements m set location_id = l.id
      from stock_locations l where l.tenant_id = m.tenant_id and l.kind = 'china'`.execute(db);
  await sql`
    insert into stock_balances (location_id, stock_id, tenant_id, on_hand)
    select l.id, p.id, p.tenant_id, p.quantity
      from stock_products p join stock_locations l on l.tenant_id = p.tenant_id and l.kind = 'china'
     where p.quantity > 0`.execute(db);
  await sql`alter table stock_movements alter column location_id set not null`.execute(db);
  await sql`create index stock_movements_location_idx on stock_movements (tenant_id, location_id, id desc)`.execute(db);
  await sql`create index stock_movements_doc_idx on stock_movements (doc_type, doc_id) where doc_id is not null`.execute(
    db,
  );
}
