// The polling schedule of watched ASINs: shops to poll, due ASINs claimed, priorities.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import { findWatches, type WatchRow } from './monitor.repository.js';

type Db = Kysely<DB>;

/** Shops (of every tenant) with watched ASINs: the polling runs per shop. */
export function shopsWithWatches(db: Db) {
  return db
    .selectFrom('shops as s')
    .select(['s.id', 's.tenant_id', 's.name'])
    .where('s.auth_status', '=', 'authorized')
    .where('s.seller_id', 'is not', null)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('monitor_asins as a').select('a.id').whereRef('a.shop_id', '=', 's.id')),
    )
    .orderBy('s.id')
    .execute();
}

/**
 * Claims up to `limit` due ASINs of a shop, higher priority first, then the most overdue,
 * moving them `leaseMs` ahead so another poller (or process) skips them.
 */
export async function claimDue(
  db: Db,
  tenantId: number,
  shopId: number,
  limit: number,
  now: Date,
  leaseMs: number,
): Promise<WatchRow[]> {
  const ids = await sql<{ id: string }>`
    update monitor_asins set next_check_at = ${new Date(now.getTime() + leaseMs)}
    where id in (
      select id from monitor_asins
      where tenant_id = ${tenantId} and shop_id = ${shopId} and next_check_at <= ${now}
      order by priority desc, next_check_at
      limit ${limit}
      for update skip locked)
    returning id`.execute(db);
  return ids.rows.length
    ? findWatches(
        db,
        tenantId,
        ids.rows.map((r) => Number(r.id)),
      )
    : [];
}

/**
 * Claims the watched ASIN of a shop whose catalog was read longest ago, if before `before`
 * (its `content_checked_at` is moved to now, so no other poller reads it too).
 */
export async function claimContentDue(
  db: Db,
  tenantId: number,
  shopId: number,
  before: Date,
): Promise<WatchRow | null> {
  const r = await sql<{ id: string }>`
    update monitor_asins set content_checked_at = now()
    where id = (
      select id from monitor_asins
      where tenant_id = ${tenantId} and shop_id = ${shopId}
        and (content_checked_at is null or content_checked_at < ${before})
      order by content_checked_at nulls first
      limit 1
      for update skip locked)
    returning id`.execute(db);
  const id = r.rows[0]?.id;
  return id ? ((await findWatches(db, tenantId, [Number(id)]))[0] ?? null) : null;
}

/** Whether a watched ASIN of a shop has a catalog read due (locked rows included). */
export async function contentDue(db: Db, tenantId: number, shopId: number, before: Date): Promise<boolean> {
  const r = await db
    .selectFrom('monitor_asins')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where((eb) => eb.or([eb('content_checked_at', 'is', null), eb('content_checked_at', '<', before)]))
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** When the next ASIN of a shop is due (null: none watched). */
export async function nextDue(db: Db, tenantId: number, shopId: number): Promise<Date | null> {
  const r = await db
    .selectFrom('monitor_asins')
    .select((eb) => eb.fn.min('next_check_at').as('at'))
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
  return (r?.at as Date | null | undefined) ?? null;
}

/** Polled ASINs of a shop by priority (notified ones are read when Amazon tells of a change). */
export async function polledByPriority(db: Db, tenantId: number, shopId: number) {
  const rows = await db
    .selectFrom('monitor_asins')
    .select(['priority', (eb) => eb.fn.countAll<string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('our_offer', '=', false)
    .groupBy('priority')
    .execute();
  return rows.map((r) => ({ priority: r.priority, n: Number(r.n) }));
}
