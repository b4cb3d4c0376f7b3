import { type Kysely, sql } from 'kysely';

/**
 * 库存列表's total without a count of the tenant's balances (issue 30 §4; docs/overseas.md
 * "Inventory screens", docs/decisions.md "库存列表 total"): balances per tenant and location as
 * append-only deltas. Statement-level triggers on `stock_balances` append the net change of each
 * statement in the writing transaction (a SKU's first receipt at a place adds 1, a deleted SKU's
 * balances subtract theirs), so no writer ever waits on another for a counter row and a reader's
 * snapshot sees exactly the balances it sees. The list sums the scope's rows and folds them now
 * and then (`overseas-inventory-tallies.repository.ts`). A balance never changes tenant or place
 * (refused below), so updates, the movements' usual write, fire nothing here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table stock_balance_tallies (
      tenant_id integer not null,
      location_id bigint not null,
      n bigint not null)`.execute(db);
  await sql`create index stock_balance_tallies_scope_idx on stock_balance_tallies (tenant_id, location_id) include (n)`.execute(
    db,
  );
  const delta = (rows: string) => `
    insert into stock_balance_tallies (tenant_id, location_id, n)
    select tenant_id, location_id, sum(d) from (${rows}) x group by tenant_id, location_id having sum(d) <> 0`;
  await sql`
    create function stock_balance_tallies_changed() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${sql.raw(delta('select tenant_id, location_id, 1 as d from nt'))};
      else
        ${sql.raw(delta('select tenant_id, location_id, -1 as d from ot'))};
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger stock_balance_tallies_ins after insert on stock_balances
    referencing new table as nt for each statement execute function stock_balance_tallies_changed()`.execute(db);
  await sql`create trigger stock_balance_tallies_del after delete on stock_balances
    referencing old table as ot for each statement execute function stock_balance_tallies_changed()`.execute(db);
  await sql`
    create function stock_balance_tallies_reset() returns trigger language plpgsql as $$
    begin
      delete from stock_balance_tallies;
      return null;
    end $$`.execute(db);
  await sql`create trigger stock_balance_tallies_trunc after truncate on stock_balances
    for each statement execute function stock_balance_tallies_reset()`.execute(db);
  // The tallies rely on a balance keeping its tenant and place (no writer changes them).
  await sql`
    create function stock_balances_keys_fixed() returns trigger language plpgsql as $$
    begin
      raise exception 'stock_balances: tenant_id and location_id never change';
    end $$`.execute(db);
  await sql`create trigger stock_balances_keys_fixed before update of tenant_id, location_id on stock_balances
    for each row when (old.tenant_id is distinct from new.tenant_id or old.location_id is distinct from new.location_id)
    execute function stock_balances_keys_fixed()`.execute(db);
  // The balances already there (the triggers above count every later write: same transaction).
  await sql`insert into stock_balance_tallies (tenant_id, location_id, n)
    select tenant_id, location_id, count(*) from stock_balances group by tenant_id, location_id`.execute(db);
  await sql`analyze stock_balance_tallies`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['stock_balance_tallies_ins', 'stock_balance_tallies_del', 'stock_balance_tallies_trunc']) {
    await sql`drop trigger if exists ${sql.raw(t)} on stock_balances`.execute(db);
  }
  await sql`drop trigger if exists stock_balances_keys_fixed on stock_balances`.execute(db);
  await sql`drop function if exists stock_balances_keys_fixed()`.execute(db);
  await sql`drop function if exists stock_balance_tallies_changed()`.execute(db);
  await sql`drop function if exists stock_balance_tallies_reset()`.execute(db);
  await sql`drop table if exists stock_balance_tallies`.execute(db);
}
