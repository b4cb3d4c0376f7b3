import { type Kysely, sql } from 'kysely';

/**
 * Orders per tenant and status (首页's 待发货 / 待付款 of a tenant-wide reader, docs/home.md): a
 * count of a status over every order of a large tenant read hundreds of thousands of index entries.
 * Statement-level triggers append the net change of each statement (append-only deltas: writers
 * never wait on each other); the read sums a tenant's rows; the statistics drain job folds them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table order_status_counts (tenant_id integer not null, status text not null, n bigint not null)`.execute(
    db,
  );
  await sql`create index order_status_counts_tenant_idx on order_status_counts (tenant_id, status)`.execute(db);
  const delta = (rows: string) => `
    insert into order_status_counts (tenant_id, status, n)
    select tenant_id, status, sum(d) from (${rows}) x group by tenant_id, status having sum(d) <> 0`;
  await sql`
    create function order_status_counts_changed() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        ${sql.raw(delta('select tenant_id, status, 1 as d from nt'))};
      elsif TG_OP = 'DELETE' then
        ${sql.raw(delta('select tenant_id, status, -1 as d from ot'))};
      else
        ${sql.raw(
          delta(`select o.tenant_id, o.status, -1 as d from ot o join nt n on n.id = o.id
            where (o.tenant_id, o.status) is distinct from (n.tenant_id, n.status)
          union all select n.tenant_id, n.status, 1 from ot o join nt n on n.id = o.id
            where (o.tenant_id, o.status) is distinct from (n.tenant_id, n.status)`),
        )};
      end if;
      return null;
    end $$`.execute(db);
  for (const [ev, ref] of [
    ['ins', 'insert', 'referencing new table as nt'],
    ['upd', 'update', 'referencing old table as ot new table as nt'],
    ['del', 'delete', 'referencing old table as ot'],
  ].map(([e, op, r]) => [e, `${op} on orders ${r}`] as const)) {
    await sql`create trigger ${sql.raw(`order_status_counts_${ev}`)} after ${sql.raw(ref)}
      for each statement execute function order_status_counts_changed()`.execute(db);
  }
  await sql`
    create function order_status_counts_reset() returns trigger language plpgsql as $$
    begin
      delete from order_status_counts;
      return null;
    end $$`.execute(db);
  await sql`create trigger order_status_counts_trunc after truncate on orders
    for each statement execute function order_status_counts_reset()`.execute(db);
  // The orders already there (the triggers above count every later write: same transaction).
  await sql`insert into order_status_counts (tenant_id, status, n)
    select tenant_id, status, count(*) from orders group by tenant_id, status`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const ev of ['ins', 'upd', 'del', 'trunc']) {
    await sql`drop trigger if exists ${sql.raw(`order_status_counts_${ev}`)} on orders`.execute(db);
  }
  await sql`drop function if exists order_status_counts_changed()`.execute(db);
  await sql`drop function if exists order_status_counts_reset()`.execute(db);
  await sql`drop table if exists order_status_counts`.execute(db);
}
