import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { rollupPlan } from './order-stats-rollup.repository.js';

type Db = Database;

/** The kinds of 员工绩效's counts (the service's fields by these names). */
export type PerfKind = 'created' | 'uploaded' | 'live' | 'purchased' | 'shipped';

/**
 * One kind's events: `rows` all of the tenant's events as (user_id, key, at) (user 0 when nobody
 * is recorded; the figure counts distinct keys per user), and `pair` the times of the events of one
 * pair (a user and a key) as a select of `at` (null for `created`: a product is created once).
 */
interface KindEvents {
  kind: PerfKind;
  rows: (t: number) => RawBuilder<unknown>;
  pair: ((t: number, user: RawBuilder<unknown>, key: RawBuilder<unknown>) => RawBuilder<unknown>) | null;
}

const upload = (live: boolean): Omit<KindEvents, 'kind'> => {
  const status = live ? sql`and i.status = 'live'` : sql``;
  return {
    rows: (t) => sql`select coalesce(q.created_by, 0) as user_id, i.goods_id as key, q.created_at as at
      from upload_queues q join upload_items i on i.queue_id = q.id
      where q.tenant_id = ${t} and i.goods_id is not null ${status}`,
    pair: (t, user, key) => sql`select q.created_at as at from upload_items i join upload_queues q on q.id = i.queue_id
      where i.tenant_id = ${t} and i.goods_id = ${key} and q.tenant_id = ${t} and coalesce(q.created_by, 0) = ${user} ${status}`,
  };
};

/** The counts of `performanceCounts` (statistics.repository.ts), as events. */
export const KINDS: KindEvents[] = [
  {
    kind: 'created',
    rows: (t) =>
      sql`select coalesce(creator_id, 0) as user_id, id as key, created_at as at from goods where tenant_id = ${t}`,
    pair: null,
  },
  { kind: 'uploaded', ...upload(false) },
  { kind: 'live', ...upload(true) },
  {
    kind: 'purchased',
    rows: (t) => sql`select coalesce(created_by, 0) as user_id, order_id as key, created_at as at
      from order_purchases where tenant_id = ${t} and order_id is not null`,
    pair: (t, user, key) => sql`select created_at as at from order_purchases
      where order_id = ${key} and tenant_id = ${t} and coalesce(created_by, 0) = ${user}`,
  },
  {
    kind: 'shipped',
    rows: (t) => sql`select coalesce(shipped_by, 0) as user_id, order_id as key, shipped_at as at
      from logistics_waybills
      where tenant_id = ${t} and cancelled_at is null and shipped_at is not null and order_id is not null`,
    pair: (t, user, key) => sql`select shipped_at as at from logistics_waybills
      where order_id = ${key} and tenant_id = ${t} and cancelled_at is null and shipped_at is not null
        and coalesce(shipped_by, 0) = ${user}`,
  },
];

/**
 * Takes the tenant's dirty marks and forgets the calendar days they overlap (every day when the
 * time zone changed); answers the first and last day forgotten that had been built (null: none).
 * Runs inside the caller's transaction, under the tenant's advisory lock.
 */
async function forgetDirty(trx: Db, tenantId: number, timeZone: string) {
  await sql`
    with z as (delete from perf_stats_days where tenant_id = ${tenantId} and time_zone <> ${timeZone} returning day),
    r as (delete from perf_stats_repeat d using z where d.tenant_id = ${tenantId} and d.day = z.day)
    delete from perf_stats_daily d using z where d.tenant_id = ${tenantId} and d.day = z.day`.execute(trx);
  const r = await sql<{ lo: string | null; hi: string | null }>`
    with taken as (delete from perf_stats_dirty where tenant_id = ${tenantId} returning utc_day),
    days as (
      select distinct x.day from (select distinct utc_day from taken) t
      cross join lateral (values
        (((t.utc_day::timestamp at time zone 'UTC') at time zone ${timeZone})::date),
        (((((t.utc_day + 1)::timestamp at time zone 'UTC') - interval '1 microsecond') at time zone ${timeZone})::date)
      ) x(day)
    ),
    gone as (delete from perf_stats_days s using days where s.tenant_id = ${tenantId} and s.day = days.day returning s.day),
    r as (delete from perf_stats_repeat d using days where d.tenant_id = ${tenantId} and d.day = days.day),
    x as (delete from perf_stats_daily d using days where d.tenant_id = ${tenantId} and d.day = days.day)
    select to_char(min(day), 'YYYY-MM-DD') as lo, to_char(max(day), 'YYYY-MM-DD') as hi from gone`.execute(trx);
  return r.rows[0] ?? { lo: null, hi: null };
}

/** Builds the days of `first`..`last` that are not built (per kind: the day's pairs, and its repeats). */
async function buildMissing(trx: Db, tenantId: number, timeZone: string, first: string, last: string) {
  const missing = await sql<{ day: string }>`
    insert into perf_stats_days (tenant_id, day, time_zone)
    select ${tenantId}, d::date, ${timeZone} from generate_series(${first}::date, ${last}::date, interval '1 day') d
    where not exists (select 1 from perf_stats_days s where s.tenant_id = ${tenantId} and s.day = d::date)
    returning to_char(day, 'YYYY-MM-DD') as day`.execute(trx);
  if (missing.rows.length === 0) return;
  const days = missing.rows.map((r) => r.day).sort();
  const lo = days[0]!;
  const hi = days[days.length - 1]!;
  const dayList = sql`array[${sql.join(days.map((d) => sql`${d}::date`))}]`;
  for (const k of KINDS) {
    const pairs = sql`
      select distinct user_id, key, (at at time zone ${timeZone})::date as day from (${k.rows(tenantId)}) e
      where at >= (${lo}::date::timestamp at time zone ${timeZone}) and at < ((${hi}::date + 1)::timestamp at time zone ${timeZone})
        and (at at time zone ${timeZone})::date = any(${dayList})`;
    await sql`insert into perf_stats_daily (tenant_id, day, kind, user_id, n)
      select ${tenantId}, day, ${k.kind}, user_id, count(*) from (${pairs}) p group by day, user_id`.execute(trx);
    if (!k.pair) continue;
    const before = k.pair(tenantId, sql`p.user_id`, sql`p.key`);
    await sql`insert into perf_stats_repeat (tenant_id, day, prev_day, kind, user_id, n)
      select ${tenantId}, p.day, (prev.at at time zone ${timeZone})::date, ${k.kind}, p.user_id, count(*)
      from (${pairs}) p
      cross join lateral (select max(at) as at from (${before}) b
        where b.at < (p.day::timestamp at time zone ${timeZone})) prev
      where prev.at is not null
      group by 2, 3, 5`.execute(trx);
  }
}

/** Refreshes the tenant's 员工绩效 rollup for `first`..`last` (one transaction, the tenant's lock). */
export async function refreshPerfRollup(db: Db, tenantId: number, timeZone: string, first: string, last: string) {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('perf_stats_rollup'), ${tenantId})`.execute(trx);
    await forgetDirty(trx, tenantId, timeZone);
    await buildMissing(trx, tenantId, timeZone, first, last);
  });
}

/** The drain job's step: takes the tenant's marks and rebuilds the built days they forgot. */
export async function drainPerfRollup(db: Db, tenantId: number, timeZone: string) {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('perf_stats_rollup'), ${tenantId})`.execute(trx);
    const { lo, hi } = await forgetDirty(trx, tenantId, timeZone);
    if (lo && hi) await buildMissing(trx, tenantId, timeZone, lo, hi);
  });
}

/** Tenants with dirty marks of 员工绩效 and built days (the drain job's work list). */
export async function perfDirtyTenants(db: Db) {
  const r = await sql<{ tenant_id: number }>`
    select distinct d.tenant_id from perf_stats_dirty d
    where exists (select 1 from perf_stats_days s where s.tenant_id = d.tenant_id)`.execute(db);
  return r.rows.map((x) => x.tenant_id);
}

/**
 * 员工绩效's counts per user and kind in [from, to): the whole days' pairs from the rollup minus
 * the repeats whose earlier day is inside, plus the pairs of the partial days at the edges that
 * have no event in the whole days (one statement).
 */
export async function perfCountsRolled(db: Db, tenantId: number, range: { from: Date; to: Date }, timeZone: string) {
  const plan = await rollupPlan(db, range, timeZone);
  if (plan.first && plan.last) await refreshPerfRollup(db, tenantId, timeZone, plan.first, plan.last);
  const parts: RawBuilder<unknown>[] = [];
  if (plan.first) {
    parts.push(sql`select kind, user_id, n from perf_stats_daily
      where tenant_id = ${tenantId} and day between ${plan.first}::date and ${plan.last}::date`);
    parts.push(sql`select kind, user_id, -n as n from perf_stats_repeat
      where tenant_id = ${tenantId} and day between ${plan.first}::date and ${plan.last}::date
        and prev_day >= ${plan.first}::date`);
  }
  for (const k of KINDS) {
    const inWhole =
      plan.first && k.pair
        ? sql`and not exists (select 1 from (${k.pair(tenantId, sql`e.user_id`, sql`e.key`)}) w
            where w.at >= ${plan.wholeFrom} and w.at < ${plan.wholeTo})`
        : sql``;
    parts.push(sql`select ${k.kind}::text as kind, user_id, count(*)::int as n from (
        select distinct user_id, key from (${k.rows(tenantId)}) e
        where ((at >= ${range.from} and at < ${plan.wholeFrom}) or (at >= ${plan.wholeTo} and at < ${range.to})) ${inWhole}
      ) x group by user_id`);
  }
  const q = sql<{ kind: string; user_id: number; n: string }>`
    select kind, user_id, sum(n) as n from (${sql.join(parts, sql` union all `)}) p group by kind, user_id`;
  // Without parallel workers, as 订单统计's read (order-stats-rollup.repository.ts).
  const r = await db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return q.execute(trx);
  });
  return r.rows.map((x) => ({ user_id: Number(x.user_id), kind: x.kind, n: Number(x.n) })).filter((x) => x.n !== 0);
}
