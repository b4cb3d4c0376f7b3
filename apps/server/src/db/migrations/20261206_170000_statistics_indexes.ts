import { type Kysely, sql } from 'kysely';

/**
 * Indexes of the 系统 statistics (issue 31 §1, docs/statistics.md): each figure is one scan of a
 * tenant's rows in a date range, read from the index alone where the columns fit (`include`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // 订单统计: the sold orders of a purchase-date range, with what they are grouped by.
  await sql`create index orders_tenant_stats_idx on orders (tenant_id, purchase_date)
    include (status, shop_id, marketplace, assigned_to, currency)`.execute(db);
  // 订单统计: the items of those orders (the join by order id), with quantity and price.
  await sql`create index order_items_tenant_order_idx on order_items (tenant_id, order_id)
    include (quantity, item_price_minor, currency, goods_id)`.execute(db);
  // 订单统计: a parcel's quote of an order (margin freight when there is no waybill).
  await sql`create index logistics_parcels_order_idx on logistics_parcels (tenant_id, order_id, id desc)`.execute(db);
  // 员工绩效: purchases, shipped waybills and upload queues of a range, by who did them.
  await sql`create index order_purchases_tenant_created_idx on order_purchases (tenant_id, created_at)
    include (created_by, order_id)`.execute(db);
  await sql`create index logistics_waybills_shipped_idx on logistics_waybills (tenant_id, shipped_at)
    include (shipped_by, order_id) where cancelled_at is null and shipped_at is not null`.execute(db);
  await sql`create index upload_queues_tenant_created_idx on upload_queues (tenant_id, created_at)
    include (created_by)`.execute(db);
  // 账号统计: accounts by end date (expiring soon).
  await sql`create index users_end_time_idx on users (end_time) where deleted_at is null and end_time is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'orders_tenant_stats_idx',
    'order_items_tenant_order_idx',
    'logistics_parcels_order_idx',
    'order_purchases_tenant_created_idx',
    'logistics_waybills_shipped_idx',
    'upload_queues_tenant_created_idx',
    'users_end_time_idx',
  ]) {
    await sql`drop index if exists ${sql.ref(name)}`.execute(db);
  }
}
