import { type Kysely, sql } from 'kysely';

/**
 * Daily rollup of 订单统计 (issue 31 §1, docs/statistics.md "Daily rollup"): per tenant, day of
 * the tenant's calendar, shop, marketplace, currency and assignee, the additive sums of the sold
 * orders of that day. Statement-level triggers on every table the figures read append the UTC
 * days a write touched to `order_stats_dirty`, in the writing transaction (append-only: writers
 * never wait on each other); the statistics read drops and rebuilds those days before reading.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table order_stats_dirty (tenant_id integer not null, utc_day date not null)`.execute(db);
  await sql`create index order_stats_dirty_tenant_idx on order_stats_dirty (tenant_id)`.execute(db);
  await sql`
    create table order_stats_days (
      tenant_id integer not null,
      day date not null,
      time_zone text not null,
      primary key (tenant_id, day)
    )`.execute(db);
  await sql`
    create table order_stats_daily (
      tenant_id integer not null,
      day date not null,
      shop_id integer,
      marketplace text not null,
      currency text not null,
      assigned_to integer,
      orders integer not null,
      units bigint not null,
      sales bigint not null,
      margin_orders integer not null,
      margin_price bigint not null,
      purchase bigint not null,
      freight bigint not null,
      freight_missing integer not null
    )`.execute(db);
  await sql`create index order_stats_daily_tenant_day_idx on order_stats_daily (tenant_id, day)`.execute(db);
  // A product's cost price feeds the margin of the orders whose items link it.
  await sql`create index order_items_goods_idx on order_items (goods_id) where goods_id is not null`.execute(db);

  // The UTC days of a set of order ids (a helper of the triggers below).
  await sql`
    create function order_stats_mark_orders(ids bigint[]) returns void language sql as $$
      insert into order_stats_dirty (tenant_id, utc_day)
      select distinct o.tenant_id, (o.purchase_date at time zone 'UTC')::date from orders o where o.id = any(ids)
    $$`.execute(db);
  await sql`
    create function order_stats_orders_changed() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        insert into order_stats_dirty (tenant_id, utc_day)
        select distinct tenant_id, (purchase_date at time zone 'UTC')::date from nt;
      elsif TG_OP = 'DELETE' then
        insert into order_stats_dirty (tenant_id, utc_day)
        select distinct tenant_id, (purchase_date at time zone 'UTC')::date from ot;
      else
        insert into order_stats_dirty (tenant_id, utc_day)
        select distinct x.tenant_id, (x.purchase_date at time zone 'UTC')::date
          from ot o join nt n on n.id = o.id
          cross join lateral (values (o.tenant_id, o.purchase_date), (n.tenant_id, n.purchase_date)) x(tenant_id, purchase_date)
         where (o.tenant_id, o.status, o.shop_id, o.marketplace, o.assigned_to, o.currency, o.purchase_date)
           is distinct from (n.tenant_id, n.status, n.shop_id, n.marketplace, n.assigned_to, n.currency, n.purchase_date);
      end if;
      return null;
    end $$`.execute(db);
  // Child tables: the orders of the rows a statement wrote (for updates, only when a read column changed).
  const child = async (table: string, cols: string) => {
    await sql`
      create function ${sql.raw(`order_stats_${table}_changed`)}() returns trigger language plpgsql as $$
      begin
        if TG_OP = 'INSERT' then
          perform order_stats_mark_orders(array(select distinct order_id from nt));
        elsif TG_OP = 'DELETE' then
          perform order_stats_mark_orders(array(select distinct order_id from ot));
        else
          perform order_stats_mark_orders(array(
            select distinct x.order_id from ot o join nt n on n.id = o.id
              cross join lateral (values (o.order_id), (n.order_id)) x(order_id)
             where (${sql.raw(cols.replace(/(\w+)/g, 'o.$1'))}) is distinct from (${sql.raw(cols.replace(/(\w+)/g, 'n.$1'))})));
        end if;
        return null;
      end $$`.execute(db);
    await triggers(db, table, `order_stats_${table}_changed`);
  };
  await triggers(db, 'orders', 'order_stats_orders_changed');
  await child('order_items', 'order_id, tenant_id, quantity, item_price_minor, currency, goods_id');
  await child('order_purchases', 'order_id, tenant_id, item_id, paid_minor');
  await child('logistics_parcels', 'order_id, tenant_id, channel_id, freight, service_fee, review_status');
  await child('logistics_waybills', 'order_id, tenant_id, freight, service_fee, currency, cancelled_at');
  // A product's cost price (the margin's purchase when nothing was paid): the orders of its items.
  await sql`
    create function order_stats_goods_changed() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'DELETE' then
        perform order_stats_mark_orders(array(select distinct i.order_id from order_items i where i.goods_id in (select id from ot)));
      else
        perform order_stats_mark_orders(array(
          select distinct i.order_id from ot o join nt n on n.id = o.id join order_items i on i.goods_id = n.id
           where (o.base_info->>'cost_price', o.tenant_id) is distinct from (n.base_info->>'cost_price', n.tenant_id)));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger order_stats_goods_upd after update on goods referencing old table as ot new table as nt
            for each statement execute function order_stats_goods_changed()`.execute(db);
  await sql`create trigger order_stats_goods_del after delete on goods referencing old table as ot
            for each statement execute function order_stats_goods_changed()`.execute(db);
  // A channel's currency decides whether a parcel's quote counts as CNY freight.
  await sql`
    create function order_stats_channels_changed() returns trigger language plpgsql as $$
    begin
      perform order_stats_mark_orders(array(
        select distinct p.order_id from ot o join nt n on n.id = o.id join logistics_parcels p on p.channel_id = n.id
         where o.currency is distinct from n.currency));
      return null;
    end $$`.execute(db);
  await sql`create trigger order_stats_channels_upd after update on logistics_channels referencing old table as ot new table as nt
            for each statement execute function order_stats_channels_changed()`.execute(db);
  // Truncating any of them forgets every rollup.
  await sql`
    create function order_stats_reset() returns trigger language plpgsql as $$
    begin
      delete from order_stats_daily;
      delete from order_stats_days;
      delete from order_stats_dirty;
      return null;
    end $$`.execute(db);
  for (const table of [
    'orders',
    'order_items',
    'order_purchases',
    'logistics_parcels',
    'logistics_waybills',
    'goods',
  ]) {
    await sql`create trigger ${sql.raw(`order_stats_${table}_trunc`)} after truncate on ${sql.table(table)}
              for each statement execute function order_stats_reset()`.execute(db);
  }
}

async function triggers(db: Kysely<unknown>, table: string, fn: string) {
  const t = sql.table(table);
  const f = sql.raw(fn);
  await sql`create trigger ${sql.raw(`order_stats_${table}_ins`)} after insert on ${t} referencing new table as nt
            for each statement execute function ${f}()`.execute(db);
  await sql`create trigger ${sql.raw(`order_stats_${table}_upd`)} after update on ${t} referencing old table as ot new table as nt
            for each statement execute function ${f}()`.execute(db);
  await sql`create trigger ${sql.raw(`order_stats_${table}_del`)} after delete on ${t} referencing old table as ot
            for each statement execute function ${f}()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['orders', 'order_items', 'order_purchases', 'logistics_parcels', 'logistics_waybills']) {
    for (const ev of ['ins', 'upd', 'del', 'trunc']) {
      await sql`drop trigger if exists ${sql.raw(`order_stats_${table}_${ev}`)} on ${sql.table(table)}`.execute(db);
    }
  }
  for (const name of ['order_stats_goods_upd', 'order_stats_goods_del', 'order_stats_goods_trunc']) {
    await sql`drop trigger if exists ${sql.raw(name)} on goods`.execute(db);
  }
  await sql`drop trigger if exists order_stats_channels_upd on logistics_channels`.execute(db);
  for (const fn of [
    'order_stats_orders_changed',
    'order_stats_order_items_changed',
    'order_stats_order_purchases_changed',
    'order_stats_logistics_parcels_changed',
    'order_stats_logistics_waybills_changed',
    'order_stats_goods_changed',
    'order_stats_channels_changed',
    'order_stats_reset',
  ]) {
    await sql`drop function if exists ${sql.raw(fn)}()`.execute(db);
  }
  await sql`drop function if exists order_stats_mark_orders(bigint[])`.execute(db);
  await sql`drop index if exists order_items_goods_idx`.execute(db);
  await sql`drop table if exists order_stats_daily, order_stats_days, order_stats_dirty`.execute(db);
}
