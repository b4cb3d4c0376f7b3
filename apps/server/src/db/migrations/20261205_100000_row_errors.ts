import { type Kysely, sql } from 'kysely';

/**
 * Row failures that stay until dealt with (issue 29 §2): a waybill keeps the last refused 发货 or
 * 取消运单, an order item the last refused 确认收货, until the action succeeds or the user
 * dismisses it (as a parcel keeps a refused 创建运单 since `20261204_110000`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table logistics_waybills add column last_error text, add column last_error_at timestamptz`.execute(
    db,
  );
  await sql`alter table order_items add column receive_error text, add column receive_error_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_items drop column receive_error, drop column receive_error_at`.execute(db);
  await sql`alter table logistics_waybills drop column last_error, drop column last_error_at`.execute(db);
}
