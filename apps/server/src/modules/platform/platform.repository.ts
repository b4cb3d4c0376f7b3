import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** Most shops the platform home lists (a tenant has a few dozen). */
export const PLATFORM_SHOPS_MAX = 500;

/** A shop with its order sync's state over all its marketplaces. */
export interface PlatformShopRow {
  id: number;
  name: string;
  sandbox: boolean;
  auth_status: 'authorized' | 'expired' | 'never';
  auth_error: string | null;
  marketplaces: string[];
  authorized_at: Date | null;
  /** The newest finished sync run of any of its marketplaces (null: never synced). */
  last_sync_at: Date | null;
  /** One error of a marketplace whose last run failed (null: none failing). */
  sync_error: string | null;
}

/**
 * The tenant's shops with their sync state; `userId` narrows to the shops that account may use
 * (given to it, or to everyone), as 店铺管理 does for non-managers.
 */
export async function platformShops(db: Db, tenantId: number, userId: number | undefined): Promise<PlatformShopRow[]> {
  let q = db
    .selectFrom('shops as s')
    .leftJoin('order_sync_states as o', (j) => j.onRef('o.shop_id', '=', 's.id').on('o.tenant_id', '=', tenantId))
    .where('s.tenant_id', '=', tenantId);
  if (userId !== undefined) {
    q = q.where((eb) =>
      eb.or([eb(sql`cardinality(s.staff_ids)`, '=', 0), eb(sql`${userId}`, '=', eb.fn.any('s.staff_ids'))]),
    );
  }
  // Grouped by the whole primary key (id, tenant_id): the other columns of s depend on it.
  return q
    .select([
      's.id',
      's.name',
      's.sandbox',
      's.auth_status',
      's.auth_error',
      's.marketplaces',
      's.authorized_at',
      sql<Date | null>`max(o.last_run_at)`.as('last_sync_at'),
      sql<string | null>`min(o.last_error)`.as('sync_error'),
    ])
    .groupBy(['s.id', 's.tenant_id'])
    .orderBy('s.id', 'desc')
    .limit(PLATFORM_SHOPS_MAX)
    .execute();
}
