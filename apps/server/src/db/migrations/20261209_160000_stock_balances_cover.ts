import { type Kysely, sql } from 'kysely';

/**
 * 库存列表's pages (issue 30 §4; docs/overseas.md "Inventory screens"). The list is ordered by
 * (SKU, location); `(tenant_id, stock_id)` gave the SKU order but not the location, so a deep
 * page or a page of several locations read each skipped balance from the table (or sorted the
 * tenant's balances). With the location in the index every list walk (page, offset, keyset
 * cursor, location filter) is index-only. It replaces the narrower index (same prefix), so a
 * movement still updates as many indexes as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index stock_balances_tenant_stock_loc_idx on stock_balances (tenant_id, stock_id, location_id)`.execute(
    db,
  );
  await sql`drop index if exists stock_balances_tenant_stock_idx`.execute(db);
  await sql`analyze stock_balances`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists stock_balances_tenant_stock_idx on stock_balances (tenant_id, stock_id)`.execute(
    db,
  );
  await sql`drop index if exists stock_balances_tenant_stock_loc_idx`.execute(db);
}
