import { type Kysely, sql } from 'kysely';

/**
 * Four unique keys of tenant tables take `tenant_id` as their last column (issue 32 §6,
 * docs/scale.md): a database distributed by tenant can only check a unique key that includes it.
 * Each key's leading column (a queue, a shop, an order, a problem) belongs to one tenant, so the
 * rows they allow are the same; `tenant_id` goes last so every lookup by the leading columns keeps
 * its index. None of them is an `on conflict` target (seller_skus' insert does nothing on any
 * conflict; the others are plain inserts that fail on a duplicate).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_items drop constraint upload_items_queue_id_marketplace_seller_sku_key`.execute(db);
  await sql`alter table upload_items add constraint upload_items_queue_sku_tenant_key
    unique (queue_id, marketplace, seller_sku, tenant_id)`.execute(db);
  await sql`drop index seller_skus_sku_idx`.execute(db);
  await sql`create unique index seller_skus_sku_idx on seller_skus (shop_id, seller_sku, tenant_id)`.execute(db);
  await sql`drop index logistics_waybills_active_idx`.execute(db);
  await sql`create unique index logistics_waybills_active_idx on logistics_waybills (order_id, tenant_id)
    where cancelled_at is null and problem_id is null`.execute(db);
  await sql`drop index logistics_waybills_problem_idx`.execute(db);
  await sql`create unique index logistics_waybills_problem_idx on logistics_waybills (problem_id, tenant_id)
    where cancelled_at is null and problem_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_items drop constraint upload_items_queue_sku_tenant_key`.execute(db);
  await sql`alter table upload_items add constraint upload_items_queue_id_marketplace_seller_sku_key
    unique (queue_id, marketplace, seller_sku)`.execute(db);
  await sql`drop index seller_skus_sku_idx`.execute(db);
  await sql`create unique index seller_skus_sku_idx on seller_skus (shop_id, seller_sku)`.execute(db);
  await sql`drop index logistics_waybills_active_idx`.execute(db);
  await sql`create unique index logistics_waybills_active_idx on logistics_waybills (order_id)
    where cancelled_at is null and problem_id is null`.execute(db);
  await sql`drop index logistics_waybills_problem_idx`.execute(db);
  await sql`create unique index logistics_waybills_problem_idx on logistics_waybills (problem_id)
    where cancelled_at is null and problem_id is not null`.execute(db);
}
