import { type Kysely, sql } from 'kysely';

/**
 * 订单统计's margin freight reads an order's newest waybill that is not cancelled. The active-waybill
 * index is also partial on `problem_id is null`, so that statement could not use it and scanned the
 * tenant's waybills once per order (seconds on a month of a large tenant).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index logistics_waybills_order_stats_idx on logistics_waybills (order_id, id desc)
    where cancelled_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists logistics_waybills_order_stats_idx`.execute(db);
}
