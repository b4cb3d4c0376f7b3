import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/**
 * A tenant's orders per status from `order_status_counts` (migration 20261208_300100: the net
 * change of every write to `orders`, appended by triggers in the writing transaction), so the
 * count of a status over every order of a large tenant reads a handful of rows, exactly.
 */
export async function tenantStatusCounts(db: Db, tenantId: number, statuses: string[]) {
  const r = await sql<{ status: string; n: string }>`
    select status, sum(n) as n from order_status_counts
    where tenant_id = ${tenantId} and status = any(${statuses}::text[]) group by status`.execute(db);
  return new Map(r.rows.map((x) => [x.status, Number(x.n)]));
}

/**
 * Folds each tenant's change rows into one row per status (the statistics drain job), under an
 * advisory lock; rows appended meanwhile stay as they are and are folded next time.
 */
export async function foldStatusCounts(db: Db) {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('order_status_counts'))`.execute(trx);
    await sql`
      with gone as (
        delete from order_status_counts where (tenant_id, status) in (
          select tenant_id, status from order_status_counts group by tenant_id, status having count(*) > 1)
        returning tenant_id, status, n)
      insert into order_status_counts (tenant_id, status, n)
      select tenant_id, status, sum(n) from gone group by tenant_id, status having sum(n) <> 0`.execute(trx);
  });
}
