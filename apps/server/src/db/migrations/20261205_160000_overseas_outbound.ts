import { type Kysely, sql } from 'kysely';

/**
 * Outbound orders of the overseas warehouses (出库单, issue 30 §2, docs/overseas.md "Outbound"):
 * - `overseas_outbounds`: one per shipment from a warehouse, from an Amazon order (`source`
 *   'order', `order_id`) or entered by hand ('manual'); the recipient, carrier and tracking; the
 *   status created → picking → packed → shipped | cancelled; `fees_posted_at` once its fees are
 *   in the ledger.
 * - `overseas_outbound_lines`: its SKUs and quantities (reserved at the warehouse while open).
 * - `logistics_confirmations` also carries an outbound's confirmation to Amazon: `waybill_id`
 *   becomes optional beside the new `outbound_id`, exactly one of them set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table overseas_outbounds (
      id bigserial primary key,
      tenant_id integer not null,
      warehouse_id integer not null references overseas_warehouses (id),
      number text not null unique,
      source text not null check (source in ('order', 'manual')),
      order_id bigint references orders (id),
      recipient jsonb not null default '{}'::jsonb,
      carrier_code text not null default '',
      carrier_name text not null default '',
      channel text not null default '',
      tracking_no text not null default '',
      status text not null default 'created'
        check (status in ('created', 'picking', 'packed', 'shipped', 'cancelled')),
      remark text not null default '',
      fees_posted_at timestamptz,
      fee_total_minor bigint not null default 0 check (fee_total_minor >= 0),
      created_by integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      picked_at timestamptz,
      packed_at timestamptz,
      shipped_at timestamptz,
      shipped_by integer,
      cancelled_at timestamptz,
      version integer not null default 1,
      check ((source = 'order') = (order_id is not null))
    )`.execute(db);
  await sql`create index overseas_outbounds_tenant_idx on overseas_outbounds (tenant_id, status, id desc)`.execute(db);
  await sql`create index overseas_outbounds_queue_idx on overseas_outbounds (status, id desc)`.execute(db);
  // One open or shipped outbound per Amazon order (a cancelled one may be made again).
  await sql`
    create unique index overseas_outbounds_order_idx on overseas_outbounds (order_id)
      where order_id is not null and status <> 'cancelled'`.execute(db);
  await sql`
    create table overseas_outbound_lines (
      id bigserial primary key,
      outbound_id bigint not null references overseas_outbounds (id) on delete cascade,
      tenant_id integer not null,
      stock_id bigint not null references stock_products (id),
      quantity integer not null check (quantity > 0),
      order_item_id bigint,
      unique (outbound_id, stock_id)
    )`.execute(db);
  await sql`create index overseas_outbound_lines_stock_idx on overseas_outbound_lines (tenant_id, stock_id)`.execute(
    db,
  );
  await sql`
    alter table logistics_confirmations
      alter column waybill_id drop not null,
      add column outbound_id bigint unique references overseas_outbounds (id),
      add constraint logistics_confirmations_subject_check check (num_nonnulls(waybill_id, outbound_id) = 1)`.execute(
    db,
  );
  // The order list's 海外仓发货 look-up matches items by seller SKU (unique index) or by linked product.
  await sql`create index stock_products_goods_link_idx on stock_products (tenant_id, goods_id) where goods_id is not null`.execute(
    db,
  );
}
