import { type Kysely, sql } from 'kysely';

/**
 * Maintained product counts per tenant, recycle flag, type and audit status, so the product
 * list's status tabs and total need not count a tenant's products on every request.
 *
 * Writes only ever append: statement-level triggers with transition tables add one signed
 * row per changed group (+n inserted, -n deleted, both for an UPDATE that moves products
 * between groups) in the writing transaction, so a count is `sum(n)` over a group's rows at
 * any snapshot and concurrent writers never wait on a shared counter row (no lock order, no
 * deadlock). Reads fold a tenant's rows into one per group now and then
 * (`compactGoodsCounts`). TRUNCATE of goods empties the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table goods_counts (
      tenant_id integer not null,
      is_delete smallint not null,
      type smallint not null,
      audit_status text not null,
      n bigint not null
    )`.execute(db);
  await sql`create index goods_counts_idx on goods_counts (tenant_id, is_delete, type, audit_status) include (n)`.execute(
    db,
  );
  await sql`
    create function goods_counts_inserted() returns trigger language plpgsql as $$
    begin
      insert into goods_counts (tenant_id, is_delete, type, audit_status, n)
      select tenant_id, is_delete, type, audit_status, count(*) from goods_new group by 1, 2, 3, 4;
      return null;
    end $$`.execute(db);
  await sql`
    create function goods_counts_deleted() returns trigger language plpgsql as $$
    begin
      insert into goods_counts (tenant_id, is_delete, type, audit_status, n)
      select tenant_id, is_delete, type, audit_status, -count(*) from goods_old group by 1, 2, 3, 4;
      return null;
    end $$`.execute(db);
  await sql`
    create function goods_counts_updated() returns trigger language plpgsql as $$
    begin
      insert into goods_counts (tenant_id, is_delete, type, audit_status, n)
      select tenant_id, is_delete, type, audit_status, sum(n)
        from (select tenant_id, is_delete, type, audit_status, -1 as n from goods_old
              union all
              select tenant_id, is_delete, type, audit_status, 1 from goods_new) moved
       group by 1, 2, 3, 4
      having sum(n) <> 0;
      return null;
    end $$`.execute(db);
  await sql`
    create function goods_counts_truncated() returns trigger language plpgsql as $$
    begin
      delete from goods_counts;
      return null;
    end $$`.execute(db);
  await sql`create trigger goods_counts_ins after insert on goods referencing new table as goods_new
            for each statement execute function goods_counts_inserted()`.execute(db);
  await sql`create trigger goods_counts_del after delete on goods referencing old table as goods_old
            for each statement execute function goods_counts_deleted()`.execute(db);
  await sql`create trigger goods_counts_upd after update on goods referencing old table as goods_old new table as goods_new
            for each statement execute function goods_counts_updated()`.execute(db);
  await sql`create trigger goods_counts_trunc after truncate on goods
            for each statement execute function goods_counts_truncated()`.execute(db);
  // The migration runs in one transaction and CREATE TRIGGER has locked goods against
  // writes, so these counts and the triggers start from the same state.
  await sql`
    insert into goods_counts (tenant_id, is_delete, type, audit_status, n)
    select tenant_id, is_delete, type, audit_status, count(*) from goods group by 1, 2, 3, 4`.execute(db);
}
