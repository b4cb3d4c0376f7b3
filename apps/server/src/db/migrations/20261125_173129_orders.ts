import { type Kysely, sql } from 'kysely';

/**
 * Orders (issue 17): orders synced from the shops' marketplaces, their items (linked to our
 * product and variation through the listing ledger), the purchase of each item from its
 * supplier, the history of every change and note, and the sync cursor per shop x marketplace.
 * Money is integer minor units with its currency. Restricted buyer data (name, address lines,
 * phone, e-mail) lives only in `orders.buyer` and is deleted `buyer_purge_after`
 * (30 days after delivery or cancellation, Amazon's data protection policy).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table orders (
      id bigserial primary key,
      tenant_id integer not null,
      shop_id integer not null,
      marketplace text not null,
      amazon_order_id text not null,
      amazon_status text not null,
      status text not null check (status in ('Pending', 'Unshipped', 'Shipped', 'Canceled', 'refund')),
      fulfillment_channel text not null check (fulfillment_channel in ('0', '1')),
      purchase_date timestamptz not null,
      last_update_date timestamptz not null,
      latest_ship_date timestamptz,
      latest_delivery_date timestamptz,
      currency text,
      total_minor bigint,
      item_count integer not null default 0,
      express_status text not null default '0' check (express_status in ('0', '1', '2', '3')),
      ship_city text,
      ship_state text,
      ship_postal text,
      ship_country text,
      buyer jsonb,
      buyer_purge_after timestamptz,
      buyer_purged_at timestamptz,
      refunded_at timestamptz,
      items_pending boolean not null default true,
      assigned_to integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index orders_shop_amazon_idx on orders (shop_id, amazon_order_id)`.execute(db);
  await sql`create index orders_tenant_purchase_idx on orders (tenant_id, purchase_date desc, id desc)`.execute(db);
  await sql`create index orders_tenant_status_idx on orders (tenant_id, status, purchase_date desc)`.execute(db);
  await sql`create index orders_items_pending_idx on orders (shop_id, marketplace) where items_pending`.execute(db);
  await sql`create index orders_buyer_purge_idx on orders (buyer_purge_after) where buyer is not null`.execute(db);

  await sql`
    create table order_items (
      id bigserial primary key,
      tenant_id integer not null,
      order_id bigint not null references orders (id) on delete cascade,
      amazon_item_id text not null,
      asin text not null,
      seller_sku text,
      title text,
      quantity integer not null,
      quantity_shipped integer not null default 0,
      currency text,
      item_price_minor bigint,
      shipping_price_minor bigint,
      item_tax_minor bigint,
      promotion_discount_minor bigint,
      goods_id integer,
      variation_key text,
      express_status text not null default '0' check (express_status in ('0', '1', '2', '3')),
      version integer not null default 1,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index order_items_amazon_idx on order_items (order_id, amazon_item_id)`.execute(db);
  await sql`create index order_items_tenant_sku_idx on order_items (tenant_id, seller_sku)`.execute(db);
  await sql`create index order_items_tenant_asin_idx on order_items (tenant_id, asin)`.execute(db);

  await sql`
    create table order_purchases (
      id bigserial primary key,
      tenant_id integer not null,
      order_id bigint not null references orders (id) on delete cascade,
      item_id bigint not null references order_items (id) on delete cascade,
      supplier text not null default '',
      supplier_order_no text not null default '',
      paid_minor bigint not null,
      paid_currency text not null default 'CNY',
      quantity integer not null,
      tracking_no text not null default '',
      created_by integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index order_purchases_item_idx on order_purchases (item_id)`.execute(db);
  await sql`create index order_purchases_tracking_idx on order_purchases (tenant_id, tracking_no)`.execute(db);

  await sql`
    create table order_events (
      id bigserial primary key,
      tenant_id integer not null,
      order_id bigint not null references orders (id) on delete cascade,
      item_id bigint,
      kind text not null,
      text text not null,
      user_id integer,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index order_events_order_idx on order_events (order_id, id)`.execute(db);

  await sql`
    create table order_sync_states (
      shop_id integer not null,
      marketplace text not null,
      tenant_id integer not null,
      cursor timestamptz not null,
      lease_until timestamptz,
      last_run_at timestamptz,
      last_error text,
      orders_seen bigint not null default 0,
      primary key (shop_id, marketplace)
    )`.execute(db);
  await sql`create index order_sync_states_tenant_idx on order_sync_states (tenant_id)`.execute(db);
}
