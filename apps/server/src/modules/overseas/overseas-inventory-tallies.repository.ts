import { type Expression, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/**
 * 库存列表's total when only the tenant or the place filters the balances: the sum of
 * `stock_balance_tallies` (migration 20261210_200000: each statement that adds or deletes
 * balances appends its net change per tenant and place, in its own transaction), so page 1 of a
 * whole tenant reads a few rows instead of counting its 10,000 balances, and is as exact as the
 * count: a snapshot sees a change's delta exactly when it sees its balances. `extra` is how many
 * rows beyond one per place the sum read (the list folds them past `FOLD_AFTER`).
 */
export function tallyTotal(db: Db, scope: { tenant?: Expression<number>; places?: Expression<unknown> }) {
  let q = db
    .selectFrom(sql<{ tenant_id: number; location_id: string; n: string }>`stock_balance_tallies`.as('c'))
    .select([
      sql<number>`coalesce(sum(c.n), 0)::int`.as('total'),
      sql<number>`(count(*) - count(distinct c.location_id))::int`.as('tally_extra'),
    ]);
  if (scope.tenant) q = q.where(sql<boolean>`c.tenant_id = ${scope.tenant}`);
  if (scope.places) q = q.where(sql<boolean>`c.location_id = any(array(${scope.places}))`);
  return q;
}

/** Rows of a scope beyond one per place after which the list folds the tenant's (or every) tally. */
export const FOLD_AFTER = 32;

/**
 * Folds a tenant's tally rows (every tenant's when null) into one per place, in its own short
 * transaction, skipped when another fold holds the lock. Writers only append, so they never wait
 * on it; a fold that deleted a row sums it, and rows appended meanwhile stay for the next fold.
 */
export async function foldTallies(db: Db, tenantId: number | null) {
  await db.transaction().execute(async (trx) => {
    const lock = await sql<{ ok: boolean }>`
      select pg_try_advisory_xact_lock(hashtext('stock_balance_tallies'), ${tenantId ?? 0}) as ok`.execute(trx);
    if (!lock.rows[0]?.ok) return;
    const scope = tenantId === null ? sql`true` : sql`tenant_id = ${tenantId}`;
    await sql`
      with gone as (delete from stock_balance_tallies where ${scope} returning tenant_id, location_id, n)
      insert into stock_balance_tallies (tenant_id, location_id, n)
      select tenant_id, location_id, sum(n) from gone group by tenant_id, location_id having sum(n) <> 0`.execute(trx);
  });
}

/**
 * Places whose tally differs from the count of their balances (none while the triggers hold):
 * the check of tests and `bench:warehouse`.
 */
export async function tallyMismatches(db: Db, tenantId: number) {
  const r = await sql<{ location_id: string; tally: string; balances: string }>`
    select coalesce(t.location_id, b.location_id) as location_id, coalesce(t.n, 0) as tally, coalesce(b.n, 0) as balances
      from (select location_id, sum(n) as n from stock_balance_tallies where tenant_id = ${tenantId} group by location_id) t
      full join (select location_id, count(*) as n from stock_balances where tenant_id = ${tenantId} group by location_id) b
        on b.location_id = t.location_id
     where coalesce(t.n, 0) <> coalesce(b.n, 0)`.execute(db);
  return r.rows.map((x) => ({
    locationId: Number(x.location_id),
    tally: Number(x.tally),
    balances: Number(x.balances),
  }));
}

/** How many tally rows a tenant has (tests: folding keeps them few). */
export async function tallyRows(db: Db, tenantId: number) {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from stock_balance_tallies where tenant_id = ${tenantId}`.execute(db);
  return r.rows[0]!.n;
}
