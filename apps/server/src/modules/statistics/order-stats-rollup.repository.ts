import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { groupedSums, type OrderStatsSum, perOrderRows, sumColumns, sumOf } from './order-stats.repository.js';

type Db = Database;

/**
 * The whole days of the tenant's calendar inside [from, to) and the partial edges around them.
 * `first`..`last` (inclusive, YYYY-MM-DD) are whole days read from the rollup, null when none;
 * the raw edges are [from, wholeFrom) and [wholeTo, to) (empty when equal).
 */
export interface RollupPlan {
  first: string | null;
  last: string | null;
  wholeFrom: Date;
  wholeTo: Date;
}

export async function rollupPlan(db: Db, range: { from: Date; to: Date }, timeZone: string): Promise<RollupPlan> {
  const r = await sql<{ first: string; last: string; first_at: Date; end_at: Date }>`
    with b as (
      select (${range.from}::timestamptz at time zone ${timeZone})::date as a,
        (${range.to}::timestamptz at time zone ${timeZone})::date as z
    ), w as (
      select case when (a::timestamp at time zone ${timeZone}) = ${range.from}::timestamptz then a else a + 1 end as first,
        z - 1 as last
      from b
    )
    select to_char(first, 'YYYY-MM-DD') as first, to_char(last, 'YYYY-MM-DD') as last,
      (first::timestamp at time zone ${timeZone}) as first_at, ((last + 1)::timestamp at time zone ${timeZone}) as end_at
    from w`.execute(db);
  const x = r.rows[0]!;
  if (x.first > x.last) return { first: null, last: null, wholeFrom: range.to, wholeTo: range.to };
  return { first: x.first, last: x.last, wholeFrom: new Date(x.first_at), wholeTo: new Date(x.end_at) };
}

/**
 * Brings the tenant's rollup up to date for the whole days `first`..`last`, in one transaction
 * under the tenant's advisory lock (refreshes of one tenant run one at a time): forgets every day
 * when the tenant's time zone changed, takes the dirty UTC days the triggers appended and forgets
 * the calendar days they overlap, then builds the days of the range not built yet. The dirty rows
 * are deleted in a statement before the one that reads the orders, so every write whose mark was
 * taken is visible to the rebuild (read committed: a later statement, a later snapshot).
 */
export async function refreshRollup(db: Db, tenantId: number, timeZone: string, first: string, last: string) {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('order_stats_rollup'), ${tenantId})`.execute(trx);
    await forgetDirty(trx, tenantId, timeZone);
    await buildMissing(trx, tenantId, timeZone, first, last);
  });
}

/** The drain job's step (statistics-drain.job.ts): takes the tenant's marks and rebuilds the built days they forgot. */
export async function drainOrderRollup(db: Db, tenantId: number, timeZone: string) {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('order_stats_rollup'), ${tenantId})`.execute(trx);
    const { lo, hi } = await forgetDirty(trx, tenantId, timeZone);
    if (lo && hi) await buildMissing(trx, tenantId, timeZone, lo, hi);
  });
}

/** Tenants with dirty marks of 订单统计 and built days (the drain job's work list; the others' marks wait for their first read). */
export async function orderDirtyTenants(db: Db) {
  const r = await sql<{ tenant_id: number }>`
    select distinct d.tenant_id from order_stats_dirty d
    where exists (select 1 from order_stats_days s where s.tenant_id = d.tenant_id)`.execute(db);
  return r.rows.map((x) => x.tenant_id);
}

/**
 * Forgets every built day when the tenant's time zone changed, takes the dirty marks and forgets
 * the calendar days they overlap; answers the first and last forgotten day that had been built.
 */
async function forgetDirty(trx: Db, tenantId: number, timeZone: string) {
  await sql`
    with z as (delete from order_stats_days where tenant_id = ${tenantId} and time_zone <> ${timeZone} returning day)
    delete from order_stats_daily d using z where d.tenant_id = ${tenantId} and d.day = z.day`.execute(trx);
  const r = await sql<{ lo: string | null; hi: string | null }>`
    with taken as (delete from order_stats_dirty where tenant_id = ${tenantId} returning utc_day),
    days as (
      select distinct x.day from (select distinct utc_day from taken) t
      cross join lateral (values
        (((t.utc_day::timestamp at time zone 'UTC') at time zone ${timeZone})::date),
        (((((t.utc_day + 1)::timestamp at time zone 'UTC') - interval '1 microsecond') at time zone ${timeZone})::date)
      ) x(day)
    ),
    gone as (delete from order_stats_days s using days where s.tenant_id = ${tenantId} and s.day = days.day returning s.day),
    x as (delete from order_stats_daily d using days where d.tenant_id = ${tenantId} and d.day = days.day)
    select to_char(min(day), 'YYYY-MM-DD') as lo, to_char(max(day), 'YYYY-MM-DD') as hi from gone`.execute(trx);
  return r.rows[0] ?? { lo: null, hi: null };
}

/** Builds the days of `first`..`last` not built yet from the order rows (days built in between are kept). */
async function buildMissing(trx: Db, tenantId: number, timeZone: string, first: string, last: string) {
  const need = await sql<{ lo: string; hi: string }>`
    select to_char(min(d), 'YYYY-MM-DD') as lo, to_char(max(d), 'YYYY-MM-DD') as hi
    from generate_series(${first}::date, ${last}::date, interval '1 day') d
    where not exists (select 1 from order_stats_days s where s.tenant_id = ${tenantId} and s.day = d::date)`.execute(
    trx,
  );
  const { lo, hi } = need.rows[0] ?? { lo: null, hi: null };
  if (!lo || !hi) return;
  const rows = perOrderRows(
    tenantId,
    timeZone,
    sql`o.purchase_date >= (${lo}::date::timestamp at time zone ${timeZone})
      and o.purchase_date < ((${hi}::date + 1)::timestamp at time zone ${timeZone})`,
  );
  await sql`
    with missing as (
      select d::date as day from generate_series(${lo}::date, ${hi}::date, interval '1 day') d
      where not exists (select 1 from order_stats_days s where s.tenant_id = ${tenantId} and s.day = d::date)
    ),
    built as (insert into order_stats_days (tenant_id, day, time_zone) select ${tenantId}, day, ${timeZone} from missing)
    insert into order_stats_daily (tenant_id, day, shop_id, marketplace, currency, assigned_to, orders, units, sales,
      margin_orders, margin_price, purchase, freight, freight_missing)
    select ${tenantId}, day, shop_id, marketplace, currency, assigned_to, ${sumColumns}
    from (${rows}) r
    where day in (select day from missing)
    group by day, shop_id, marketplace, currency, assigned_to`.execute(trx);
}

/**
 * The sums of 订单统计 for one tenant and purchase-date range, by shop, marketplace, staff member
 * (the order's assignee; '' unassigned) and the tenant's calendar day, in one statement: the
 * rollup's rows of the whole days plus the order rows of the partial days at the edges.
 */
export async function orderStatsSums(
  db: Db,
  tenantId: number,
  range: { from: Date; to: Date },
  timeZone: string,
): Promise<OrderStatsSum[]> {
  const plan = await rollupPlan(db, range, timeZone);
  if (plan.first && plan.last) await refreshRollup(db, tenantId, timeZone, plan.first, plan.last);
  const edges = perOrderRows(
    tenantId,
    timeZone,
    sql`((o.purchase_date >= ${range.from} and o.purchase_date < ${plan.wholeFrom})
      or (o.purchase_date >= ${plan.wholeTo} and o.purchase_date < ${range.to}))`,
  );
  const rolled = plan.first
    ? sql`union all
      select day, shop_id, marketplace, currency, assigned_to, orders, units, sales, margin_orders, margin_price,
        purchase, freight, freight_missing
      from order_stats_daily where tenant_id = ${tenantId} and day between ${plan.first}::date and ${plan.last}::date`
    : sql``;
  const q = groupedSums(
    sql`select day, shop_id, marketplace, currency, assigned_to, ${sumColumns} from (${edges}) e
      group by day, shop_id, marketplace, currency, assigned_to
      ${rolled}`,
  );
  // Without parallel workers: the statement reads a few thousand rows, and starting workers cost
  // more than they save when several statistics calls share two cores (docs/statistics.md "Speed").
  const r = await db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return q.execute(trx);
  });
  return r.rows.map(sumOf);
}
