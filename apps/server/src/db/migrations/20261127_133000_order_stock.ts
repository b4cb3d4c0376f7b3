import { type Kysely, sql } from 'kysely';

/**
 * Orders, issue 17 §2 (docs/orders.md "Distribution", "Stock-up", "Assignment"):
 * - 配货 on `orders`: the parcel's measurements as the warehouse recorded them, read by the
 *   freight areas (`parcel_weight_g` grams, `parcel_length_cm` / `parcel_width_cm` /
 *   `parcel_height_cm` whole centimetres), who distributed it and when (`distributed_at` not
 *   null = ready to ship);
 * - assignment: `assigned_at` / `assigned_by` next to the existing `assigned_to`;
 * - stock-up (备货): `stock_products` with their on-hand balance (never negative, a check) and
 *   `stock_movements`, the ledger every change of a balance writes (in: receipts; out: orders
 *   filled from stock and other issues), each with the balance after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders
      add column parcel_weight_g integer check (parcel_weight_g > 0),
      add column parcel_length_cm integer check (parcel_length_cm > 0),
      add column parcel_width_cm integer check (parcel_width_cm > 0),
      add column parcel_height_cm integer check (parcel_height_cm > 0),
      add column distributed_at timestamptz,
      add column distributed_by integer,
      add column assigned_at timestamptz,
      add column assigned_by integer`.execute(db);
  await sql`create index orders_tenant_assigned_idx on orders (tenant_id, assigned_to) where assigned_to is not null`.execute(
    db,
  );
  await sql`create index orders_tenant_distributed_idx on orders (tenant_id, distributed_at desc) where distributed_at is not null`.execute(
    db,
  );

  await sql`
    create table stock_products (
      id bigserial primary key,
      tenant_id integer not null,
      sku text not null,
      title text not null default '',
      goods_id integer,
      remark text not null default '',
      quantity integer not null default 0 check (quantity >= 0),
      created_by integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index stock_products_tenant_sku_idx on stock_products (tenant_id, sku)`.execute(db);

  await sql`
    create table stock_movements (
      id bigserial primary key,
      tenant_id integer not null,
      stock_id bigint not null references stock_products (id) on delete cascade,
      kind text not null check (kind in ('in', 'out')),
      quantity integer not null check (quantity > 0),
      balance_after integer not null check (balance_after >= 0),
      order_id bigint references orders (id) on delete set null,
      item_id bigint references order_items (id) on delete set null,
      note text not null default '',
      created_by integer not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index stock_movements_tenant_kind_idx on stock_movements (tenant_id, kind, id desc)`.execute(db);
  await sql`create index stock_movements_stock_idx on stock_movements (stock_id, id)`.execute(db);
}
