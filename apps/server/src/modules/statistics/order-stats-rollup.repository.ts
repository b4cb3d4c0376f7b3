import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { type OrderStatsSum, perOrderRows, sumColumns, sumOf } from './order-stats.repository.js';
import { type DayBounds, type OrderReadPlan, orderReadPlan, type Span } from './order-stats-plan.js';

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

/** The tenant's calendar days around a range (order-stats-plan.ts). */
async function dayBounds(db: Db, range: { from: Date; to: Date }, timeZone: string): Promise<DayBounds> {
  const r = await sql<
    Record<'a' | 'a_next' | 'z' | 'z_prev', string> & Record<`${'a' | 'a_next' | 'z' | 'z_next'}_at`, Date>
  >`
    with b as (
      select (${range.from}::timestamptz at time zone ${timeZone})::date as a,
        (${range.to}::timestamptz at time zone ${timeZone})::date as z
    )
    select to_char(a, 'YYYY-MM-DD') as a, to_char(a + 1, 'YYYY-MM-DD') as a_next,
      to_char(z, 'YYYY-MM-DD') as z, to_char(z - 1, 'YYYY-MM-DD') as z_prev,
      (a::timestamp at time zone ${timeZone}) as a_at, ((a + 1)::timestamp at time zone ${timeZone}) as a_next_at,
      (z::timestamp at time zone ${timeZone}) as z_at, ((z + 1)::timestamp at time zone ${timeZone}) as z_next_at
    from b`.execute(db);
  const x = r.rows[0]!;
  return {
    a: x.a,
    aNext: x.a_next,
    z: x.z,
    zPrev: x.z_prev,
    aStart: new Date(x.a_at),
    aNextStart: new Date(x.a_next_at),
    zStart: new Date(x.z_at),
    zNextStart: new Date(x.z_next_at),
  };
}

/**
 * Whether every day of `days` is built in this time zone and has no mark the rollup has not taken,
 * as the calling transaction's snapshot sees them: then its rollup rows are exactly its order rows
 * in that snapshot, and subtracting a part of the day from them is exact.
 */
async function daysClean(trx: Db, tenantId: number, timeZone: string, days: string[]) {
  const r = await sql<{ n: string }>`
    select count(*) as n from unnest(${days}::date[]) d
    where not exists (select 1 from order_stats_days s where s.tenant_id = ${tenantId} and s.day = d and s.time_zone = ${timeZone})
      or exists (select 1 from order_stats_dirty m where m.tenant_id = ${tenantId}
        and m.utc_day between ((d::timestamp at time zone ${timeZone}) at time zone 'UTC')::date
          and ((((d + 1)::timestamp at time zone ${timeZone}) - interval '1 microsecond') at time zone 'UTC')::date)`.execute(
    trx,
  );
  return Number(r.rows[0]!.n) === 0;
}

const spans = (xs: Span[]) =>
  sql.join(
    xs.map((x) => sql`(o.purchase_date >= ${x.from} and o.purchase_date < ${x.to})`),
    sql` or `,
  );

/** The per-order rows of some spans summed by day and the rollup's keys, typed as the rollup's columns. */
function spanSums(tenantId: number, timeZone: string, xs: Span[], sign: '' | '-') {
  const s = sql.raw(sign);
  return sql`select day, shop_id, marketplace, currency, assigned_to, ${s}count(*)::int as orders,
      ${s}sum(units)::bigint as units, ${s}sum(price)::bigint as sales, ${s}(count(*) filter (where m))::int as margin_orders,
      ${s}coalesce(sum(price) filter (where m), 0)::bigint as margin_price,
      ${s}coalesce(sum(purchase) filter (where m), 0)::bigint as purchase,
      ${s}coalesce(sum(freight) filter (where m), 0)::bigint as freight,
      ${s}(count(*) filter (where m and freight is null))::int as freight_missing
    from (${perOrderRows(tenantId, timeZone, spans(xs))}) e
    group by day, shop_id, marketplace, currency, assigned_to`;
}

/**
 * The read of a plan: the rollup's rows of the whole days, the added spans' order rows and the
 * subtracted spans' order rows negated, grouped as `groupedSums` does but in one pass over the
 * parts (the keys without the day, and the days) whose few rows are then grouped for shop,
 * marketplace and staff (the year's ~22,000 rollup rows go through one aggregation, not four).
 * A group whose orders sum to 0 has no order in the range (each order counts 1) and is left out,
 * as the order rows would not have it.
 */
function planSums(tenantId: number, timeZone: string, plan: OrderReadPlan) {
  const parts: RawBuilder<unknown>[] = [];
  if (plan.first) {
    parts.push(sql`select day, shop_id, marketplace, currency, assigned_to, orders, units, sales, margin_orders,
        margin_price, purchase, freight, freight_missing
      from order_stats_daily where tenant_id = ${tenantId} and day between ${plan.first}::date and ${plan.last}::date`);
  }
  if (plan.add.length) parts.push(spanSums(tenantId, timeZone, plan.add, ''));
  if (plan.sub.length) parts.push(spanSums(tenantId, timeZone, plan.sub, '-'));
  if (!parts.length) return null;
  const sums = sql`sum(orders) as orders, sum(units) as units, sum(sales) as sales, sum(margin_orders) as margin_orders,
    sum(margin_price) as margin_price, sum(purchase) as purchase, sum(freight) as freight,
    sum(freight_missing) as freight_missing`;
  return sql<Record<string, string | number | null>>`
    with g as (
      select grouping(day) as g_day, day, shop_id, assigned_to, marketplace, currency, ${sums}
      from (${sql.join(parts, sql` union all `)}) p
      group by grouping sets ((shop_id, assigned_to, marketplace, currency), (day, marketplace, currency))
    )
    select grouping(shop_id) as g_shop, grouping(assigned_to) as g_staff, 1 as g_day,
      shop_id, assigned_to, null::text as day, marketplace, currency, ${sums}
    from g where g_day = 1
    group by grouping sets ((shop_id, marketplace, currency), (marketplace, currency), (assigned_to, marketplace, currency))
    having sum(orders) <> 0
    union all
    select 1, 1, 0, null, null, to_char(day, 'YYYY-MM-DD'), marketplace, currency, orders, units, sales,
      margin_orders, margin_price, purchase, freight, freight_missing
    from g where g_day = 0 and orders <> 0`;
}

/**
 * Whether the tenant's rollup needs no refresh for `first`..`last`, as the calling transaction's
 * snapshot sees it: no marks of the tenant left to take, and every day built in this time zone.
 */
async function rollupFresh(trx: Db, tenantId: number, timeZone: string, first: string, last: string) {
  const r = await sql<{ fresh: boolean }>`
    select not exists (select 1 from order_stats_dirty where tenant_id = ${tenantId})
      and (select count(*) from order_stats_days
        where tenant_id = ${tenantId} and day between ${first}::date and ${last}::date and time_zone = ${timeZone})
        = ${last}::date - ${first}::date + 1 as fresh`.execute(trx);
  return r.rows[0]?.fresh === true;
}

/**
 * The sums of 订单统计 for one tenant and purchase-date range, by shop, marketplace, staff member
 * (the order's assignee; '' unassigned) and the tenant's calendar day: the rollup's whole days and
 * the edges' order rows (added, or subtracted from a whole day: order-stats-plan.ts).
 *
 * The read runs in one repeatable-read snapshot. When that snapshot shows the rollup fresh (no marks
 * left, the days built) it reads at once; else the rollup is refreshed (`refreshRollup`, its own
 * transaction under the tenant's lock) and read in a new snapshot, which checks that the subtracted
 * days are built and unmarked in it (else it adds their inner parts instead): a write landing
 * between the refresh and the read is never subtracted without having been added.
 * `refresh` false skips the refresh (the test of that check).
 */
export async function orderStatsSums(
  db: Db,
  tenantId: number,
  range: Span,
  timeZone: string,
  refresh = true,
): Promise<OrderStatsSum[]> {
  const bounds = await dayBounds(db, range, timeZone);
  const wide = orderReadPlan(range, bounds, true);
  for (let attempt = 0; ; attempt++) {
    // Without parallel workers: the statement reads a few thousand rows, and starting workers cost
    // more than they save when several statistics calls share two cores (docs/statistics.md "Speed").
    const rows = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
        let plan = wide;
        if (wide.first && wide.last && !(await rollupFresh(trx, tenantId, timeZone, wide.first, wide.last))) {
          if (refresh && attempt === 0) return null;
          const clean = wide.subDays.length === 0 || (await daysClean(trx, tenantId, timeZone, wide.subDays));
          if (!clean) plan = orderReadPlan(range, bounds, false);
        }
        const q = planSums(tenantId, timeZone, plan);
        return q ? (await q.execute(trx)).rows : [];
      });
    if (rows) return rows.map(sumOf);
    await refreshRollup(db, tenantId, timeZone, wide.first!, wide.last!);
  }
}
