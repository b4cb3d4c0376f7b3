import { type Kysely, sql } from 'kysely';

/**
 * 库存列表's low-stock filter (issue 30 §4; docs/inventory.md "Speed"). "Low" compares a
 * balance (on hand − reserved) with its SKU's reorder point, two tables: every request joined
 * all of a tenant's balances to its SKUs to count the low ones (2.6 ms of backend CPU for
 * 10,000 balances). `stock_balances.reorder_point` is a copy of the SKU's, kept by triggers
 * (set when a balance is inserted, rewritten when the SKU's changes), so a partial index holds
 * exactly the low balances in SKU order and the list counts and pages them from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stock_balances add column reorder_point integer not null default 0`.execute(db);
  await sql`
    update stock_balances b set reorder_point = p.reorder_point
      from stock_products p where p.id = b.stock_id and p.reorder_point <> 0`.execute(db);
  await sql`
    create function stock_balances_reorder_point() returns trigger language plpgsql as $$
    begin
      new.reorder_point := coalesce((select p.reorder_point from stock_products p where p.id = new.stock_id), 0);
      return new;
    end $$`.execute(db);
  await sql`
    create trigger stock_balances_reorder_point before insert on stock_balances
       for each row execute function stock_balances_reorder_point()`.execute(db);
  await sql`
    create function stock_products_reorder_point() returns trigger language plpgsql as $$
    begin
      update stock_balances set reorder_point = new.reorder_point
       where tenant_id = new.tenant_id and stock_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger stock_products_reorder_point after update of reorder_point on stock_products
       for each row when (old.reorder_point is distinct from new.reorder_point)
       execute function stock_products_reorder_point()`.execute(db);
  await sql`
    create index stock_balances_low_idx on stock_balances (tenant_id, stock_id, location_id)
     where on_hand - reserved <= reorder_point`.execute(db);
  await sql`analyze stock_balances`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists stock_balances_low_idx`.execute(db);
  await sql`drop trigger if exists stock_products_reorder_point on stock_products`.execute(db);
  await sql`drop function if exists stock_products_reorder_point()`.execute(db);
  await sql`drop trigger if exists stock_balances_reorder_point on stock_balances`.execute(db);
  await sql`drop function if exists stock_balances_reorder_point()`.execute(db);
  await sql`alter table stock_balances drop column if exists reorder_point`.execute(db);
}
