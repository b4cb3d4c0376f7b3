import { type Kysely, sql } from 'kysely';

/**
 * Daily rollup of 员工绩效 (issue 31 §1, docs/statistics.md "Daily rollup (员工绩效)"). Its figures
 * count distinct pairs (person, product or order) of events in a range, which daily counts alone
 * cannot give: `perf_stats_daily` holds per day the distinct pairs of the day, and
 * `perf_stats_repeat` per day the pairs that also had an event on an earlier day (with that
 * earlier day), so a range's count is the days' sum minus the repeats whose earlier day is inside.
 * As `order_stats_*`: statement-level triggers append the UTC days a write touched (all events of
 * the touched products or orders, whose repeats may change) to `perf_stats_dirty`; the read (or
 * the drain job) forgets and rebuilds those days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table perf_stats_dirty (tenant_id integer not null, utc_day date not null)`.execute(db);
  await sql`create index perf_stats_dirty_tenant_idx on perf_stats_dirty (tenant_id)`.execute(db);
  await sql`
    create table perf_stats_days (
      tenant_id integer not null,
      day date not null,
      time_zone text not null,
      primary key (tenant_id, day)
    )`.execute(db);
  await sql`
    create table perf_stats_daily (
      tenant_id integer not null,
      day date not null,
      kind text not null,
      user_id integer not null,
      n integer not null
    )`.execute(db);
  await sql`create index perf_stats_daily_tenant_day_idx on perf_stats_daily (tenant_id, day)
    include (kind, user_id, n)`.execute(db);
  await sql`
    create table perf_stats_repeat (
      tenant_id integer not null,
      day date not null,
      prev_day date not null,
      kind text not null,
      user_id integer not null,
      n integer not null
    )`.execute(db);
  await sql`create index perf_stats_repeat_tenant_day_idx on perf_stats_repeat (tenant_id, day)`.execute(db);
  // The other events of an order (the earlier purchase or shipment of the same person).
  await sql`create index order_purchases_order_idx on order_purchases (order_id) include (tenant_id, created_by, created_at)`.execute(
    db,
  );
  await sql`create index logistics_waybills_order_shipped_idx on logistics_waybills (order_id)
    include (tenant_id, shipped_by, shipped_at) where cancelled_at is null and shipped_at is not null`.execute(db);

  const mark = (select: string) =>
    `insert into perf_stats_dirty (tenant_id, utc_day) select distinct * from (${select}) m`;
  // goods: one event each (created), no repeats: the old and new rows' days.
  await fn(
    'perf_stats_goods_changed',
    mark(`select tenant_id, (created_at at time zone 'UTC')::date from nt`),
    mark(`select tenant_id, (created_at at time zone 'UTC')::date from ot`),
    mark(`select x.tenant_id, (x.created_at at time zone 'UTC')::date from ot o join nt n on n.id = o.id
      cross join lateral (values (o.tenant_id, o.created_at), (n.tenant_id, n.created_at)) x(tenant_id, created_at)
      where (o.tenant_id, o.creator_id, o.created_at) is distinct from (n.tenant_id, n.creator_id, n.created_at)`),
  );
  // order_purchases: every purchase day of the touched orders, and the days of the rows gone.
  const purchaseDays = (ids: string) =>
    `select p.tenant_id, (p.created_at at time zone 'UTC')::date from order_purchases p where p.order_id in (${ids})`;
  await fn(
    'perf_stats_purchases_changed',
    mark(purchaseDays('select order_id from nt')),
    mark(
      `select tenant_id, (created_at at time zone 'UTC')::date from ot union all ${purchaseDays('select order_id from ot')}`,
    ),
    mark(`select o.tenant_id, (o.created_at at time zone 'UTC')::date from ot o join nt n on n.id = o.id
        where (o.tenant_id, o.order_id, o.created_by, o.created_at) is distinct from (n.tenant_id, n.order_id, n.created_by, n.created_at)
      union all ${purchaseDays(`select x.order_id from ot o join nt n on n.id = o.id cross join lateral (values (o.order_id), (n.order_id)) x(order_id)
        where (o.tenant_id, o.order_id, o.created_by, o.created_at) is distinct from (n.tenant_id, n.order_id, n.created_by, n.created_at)`)}`),
  );
  // logistics_waybills: every shipping day of the touched orders, and the days of the rows gone.
  const shipDays = (ids: string) =>
    `select w.tenant_id, (w.shipped_at at time zone 'UTC')::date from logistics_waybills w
      where w.order_id in (${ids}) and w.cancelled_at is null and w.shipped_at is not null`;
  const shipCols = (r: string) =>
    `(${r}.tenant_id, ${r}.order_id, ${r}.shipped_by, ${r}.shipped_at, ${r}.cancelled_at is null)`;
  await fn(
    'perf_stats_waybills_changed',
    mark(shipDays('select order_id from nt where shipped_at is not null')),
    mark(`select tenant_id, (shipped_at at time zone 'UTC')::date from ot where shipped_at is not null
      union all ${shipDays('select order_id from ot where shipped_at is not null')}`),
    mark(`select o.tenant_id, (o.shipped_at at time zone 'UTC')::date from ot o join nt n on n.id = o.id
        where o.shipped_at is not null and ${shipCols('o')} is distinct from ${shipCols('n')}
      union all ${shipDays(`select x.order_id from ot o join nt n on n.id = o.id cross join lateral (values (o.order_id), (n.order_id)) x(order_id)
        where ${shipCols('o')} is distinct from ${shipCols('n')}`)}`),
  );
  // upload_queues and upload_items: every day of the queues holding the touched products.
  const queueDays = (goods: string) =>
    `select q.tenant_id, (q.created_at at time zone 'UTC')::date from upload_items i join upload_queues q on q.id = i.queue_id
      where (i.tenant_id, i.goods_id) in (${goods})`;
  await fn(
    'perf_stats_queues_changed',
    mark(`select tenant_id, (created_at at time zone 'UTC')::date from nt`),
    mark(`select tenant_id, (created_at at time zone 'UTC')::date from ot`),
    mark(`select x.tenant_id, (x.created_at at time zone 'UTC')::date from ot o join nt n on n.id = o.id
        cross join lateral (values (o.tenant_id, o.created_at), (n.tenant_id, n.created_at)) x(tenant_id, created_at)
        where (o.tenant_id, o.created_by, o.created_at) is distinct from (n.tenant_id, n.created_by, n.created_at)
      union all ${queueDays(`select i.tenant_id, i.goods_id from upload_items i join nt n on n.id = i.queue_id join ot o on o.id = n.id
        where (o.tenant_id, o.created_by, o.created_at) is distinct from (n.tenant_id, n.created_by, n.created_at)`)}`),
  );
  const itemCols = (r: string) => `(${r}.tenant_id, ${r}.queue_id, ${r}.goods_id, ${r}.status = 'live')`;
  await fn(
    'perf_stats_items_changed',
    mark(queueDays('select tenant_id, goods_id from nt')),
    mark(`select q.tenant_id, (q.created_at at time zone 'UTC')::date from ot join upload_queues q on q.id = ot.queue_id
      union all ${queueDays('select tenant_id, goods_id from ot')}`),
    mark(`select q.tenant_id, (q.created_at at time zone 'UTC')::date from ot o join nt n on n.id = o.id
        join upload_queues q on q.id = o.queue_id where ${itemCols('o')} is distinct from ${itemCols('n')}
      union all ${queueDays(`select x.tenant_id, x.goods_id from ot o join nt n on n.id = o.id
        cross join lateral (values (o.tenant_id, o.goods_id), (n.tenant_id, n.goods_id)) x(tenant_id, goods_id)
        where ${itemCols('o')} is distinct from ${itemCols('n')}`)}`),
  );
  for (const [table, f] of [
    ['goods', 'perf_stats_goods_changed'],
    ['order_purchases', 'perf_stats_purchases_changed'],
    ['logistics_waybills', 'perf_stats_waybills_changed'],
    ['upload_queues', 'perf_stats_queues_changed'],
    ['upload_items', 'perf_stats_items_changed'],
  ] as const) {
    const t = sql.table(table);
    await sql`create trigger ${sql.raw(`perf_stats_${table}_ins`)} after insert on ${t} referencing new table as nt
              for each statement execute function ${sql.raw(f)}()`.execute(db);
    await sql`create trigger ${sql.raw(`perf_stats_${table}_upd`)} after update on ${t} referencing old table as ot new table as nt
              for each statement execute function ${sql.raw(f)}()`.execute(db);
    await sql`create trigger ${sql.raw(`perf_stats_${table}_del`)} after delete on ${t} referencing old table as ot
              for each statement execute function ${sql.raw(f)}()`.execute(db);
  }
  // Truncating any of them forgets every rollup.
  await sql`
    create function perf_stats_reset() returns trigger language plpgsql as $$
    begin
      delete from perf_stats_daily;
      delete from perf_stats_repeat;
      delete from perf_stats_days;
      delete from perf_stats_dirty;
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`create trigger ${sql.raw(`perf_stats_${table}_trunc`)} after truncate on ${sql.table(table)}
              for each statement execute function perf_stats_reset()`.execute(db);
  }

  async function fn(name: string, ins: string, del: string, upd: string) {
    await sql`
      create function ${sql.raw(name)}() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'INSERT' then
          ${sql.raw(ins)};
        elsif TG_OP = 'DELETE' then
          ${sql.raw(del)};
        else
          ${sql.raw(upd)};
        end if;
        return null;
      end $$`.execute(db);
  }
}

const TABLES = ['goods', 'order_purchases', 'logistics_waybills', 'upload_queues', 'upload_items'];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    for (const ev of ['ins', 'upd', 'del', 'trunc']) {
      await sql`drop trigger if exists ${sql.raw(`perf_stats_${table}_${ev}`)} on ${sql.table(table)}`.execute(db);
    }
  }
  for (const f of [
    'perf_stats_goods_changed',
    'perf_stats_purchases_changed',
    'perf_stats_waybills_changed',
    'perf_stats_queues_changed',
    'perf_stats_items_changed',
    'perf_stats_reset',
  ]) {
    await sql`drop function if exists ${sql.raw(f)}()`.execute(db);
  }
  await sql`drop index if exists order_purchases_order_idx`.execute(db);
  await sql`drop index if exists logistics_waybills_order_shipped_idx`.execute(db);
  await sql`drop table if exists perf_stats_daily, perf_stats_repeat, perf_stats_days, perf_stats_dirty`.execute(db);
}
