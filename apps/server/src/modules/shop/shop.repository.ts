import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** The columns a shop is shown with (never the sealed refresh token). */
const COLUMNS = [
  'id',
  'name',
  'region',
  'sandbox',
  'seller_id',
  'auth_status',
  'auth_error',
  'marketplaces',
  'staff_ids',
  'authorized_at',
  'created_at',
  'version',
] as const;

/** One page of the tenant's shops, newest first; `userId` narrows to the shops that account may use. */
export function listShops(
  db: Db,
  tenantId: number,
  f: {
    page: number;
    pageSize: number;
    keyword?: string | undefined;
    userId?: number | undefined;
    auth?: 'attention' | 'expired' | 'never' | 'expiring' | undefined;
  },
  expiringBefore?: Date,
) {
  let q = db.selectFrom('shops').where('tenant_id', '=', tenantId);
  if (f.auth) {
    // As 首页 counts them (home-report.repository.ts shopFigures).
    const before = expiringBefore ?? new Date();
    const auth = f.auth;
    q = q.where((eb) => {
      const expiring = eb.and([eb('auth_status', '=', 'authorized'), eb('authorized_at', '<', before)]);
      if (auth === 'expiring') return expiring;
      if (auth !== 'attention') return eb('auth_status', '=', auth);
      return eb.or([eb('auth_status', 'in', ['expired', 'never']), expiring]);
    });
  }
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) => eb.or([eb('name', 'ilike', like), eb('seller_id', 'ilike', like)]));
  }
  if (f.userId !== undefined) {
    const uid = f.userId;
    q = q.where((eb) => eb.or([eb(sql`cardinality(staff_ids)`, '=', 0), eb(sql`${uid}`, '=', eb.fn.any('staff_ids'))]));
  }
  return pageAndTotal(q, f, (q) => q.select(COLUMNS).orderBy('id', 'desc'));
}

/** Most shop names a filter lists (a tenant has a few dozen shops). */
export const SHOP_OPTIONS_MAX = 1000;

/**
 * Names of the tenant's shops, newest first, for filters; `userId` narrows to the shops that
 * account may use (given to it, or to every account), as `listShops` does.
 */
export function listShopOptions(db: Db, tenantId: number, userId: number | undefined) {
  let q = db.selectFrom('shops').where('tenant_id', '=', tenantId);
  if (userId !== undefined) {
    const uid = userId;
    q = q.where((eb) => eb.or([eb(sql`cardinality(staff_ids)`, '=', 0), eb(sql`${uid}`, '=', eb.fn.any('staff_ids'))]));
  }
  return q.select(['id', 'name', 'sandbox', 'marketplaces']).orderBy('id', 'desc').limit(SHOP_OPTIONS_MAX).execute();
}

/** One shop of the tenant; another tenant's id finds nothing. */
export function findShop(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('shops')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A shop and its sealed refresh token, locked for the rest of the transaction. */
export function lockShopCredentials(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('shops')
    .select([...COLUMNS, 'refresh_token_enc'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** A shop and its sealed refresh token (for a call to Amazon). */
export function findShopCredentials(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('shops')
    .select([...COLUMNS, 'refresh_token_enc'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The tenant's authorized shop that sells in a marketplace (country code), real shops before
 * sandbox ones, oldest first: the shop whose Amazon answers the library's template calls.
 */
export function findAuthorizedShopIn(db: Db, tenantId: number, marketplace: string) {
  return db
    .selectFrom('shops')
    .select(['id', 'name', 'sandbox'])
    .where('tenant_id', '=', tenantId)
    .where('auth_status', '=', 'authorized')
    .where(sql<boolean>`${marketplace} = any(marketplaces)`)
    .orderBy('sandbox')
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * The marketplaces of the tenant's shops, each once: authorized shops first, real before
 * sandbox, then in binding order, each shop's marketplaces in its own order (the product type
 * picker opens on the first).
 */
export async function shopMarketplacesOf(db: Db, tenantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('shops')
    .select(['marketplaces'])
    .where('tenant_id', '=', tenantId)
    .orderBy(sql`auth_status = 'authorized'`, 'desc')
    .orderBy('sandbox')
    .orderBy('id')
    .execute();
  return [...new Set(rows.flatMap((r) => r.marketplaces))];
}

/** The tenant's shop of a seller account in a region, locked (binding it again re-authorizes it). */
export function lockShopBySeller(db: Db, tenantId: number, region: string, sellerId: string) {
  return db
    .selectFrom('shops')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('region', '=', region as 'NA')
    .where('seller_id', '=', sellerId)
    .forUpdate()
    .executeTakeFirst();
}

/** Inserts an authorized shop. */
export function insertShop(
  db: Db,
  row: {
    tenant_id: number;
    name: string;
    region: 'NA' | 'EU' | 'FE';
    sandbox: boolean;
    seller_id: string;
    refresh_token_enc: string;
    marketplaces: string[];
    created_by: number;
  },
) {
  return db
    .insertInto('shops')
    .values({ ...row, auth_status: 'authorized', authorized_at: sql`now()` })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Stores a new authorization of an existing shop (re-authorization). */
export function authorizeShop(
  db: Db,
  tenantId: number,
  id: number,
  patch: { seller_id: string; refresh_token_enc: string; marketplaces: string[]; sandbox: boolean },
) {
  return db
    .updateTable('shops')
    .set({
      ...patch,
      auth_status: 'authorized',
      auth_error: null,
      authorized_at: sql`now()`,
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Records that the shop's authorization stopped working (revoked in Seller Central, expired). */
export function markShopExpired(db: Db, tenantId: number, id: number, message: string) {
  return db
    .updateTable('shops')
    .set({ auth_status: 'expired', auth_error: message, updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Stores the marketplaces read from Amazon (the authorization works again if it had failed). */
export function setShopMarketplaces(db: Db, tenantId: number, id: number, marketplaces: string[]) {
  return db
    .updateTable('shops')
    .set({
      marketplaces,
      auth_status: 'authorized',
      auth_error: null,
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Updates name and staff only if the shop still has `version`. Undefined when stale or missing. */
export function updateShopVersioned(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  patch: { name?: string; staff_ids?: number[] },
) {
  return db
    .updateTable('shops')
    .set({ ...patch, updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Deletes a shop and its stored credentials; returns what was deleted. */
export function deleteShop(db: Db, tenantId: number, id: number) {
  return db
    .deleteFrom('shops')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(['id', 'name', 'seller_id', 'region'])
    .executeTakeFirst();
}

/** Every sealed refresh token (the rotation command re-seals them). */
export function listSealedTokens(db: Db) {
  return db
    .selectFrom('shops')
    .select(['id', 'tenant_id', 'refresh_token_enc'])
    .where('refresh_token_enc', 'is not', null)
    .execute();
}

/** Replaces a sealed refresh token (rotation: same token, new key). */
export function resealToken(db: Db, tenantId: number, id: number, sealed: string) {
  return db
    .updateTable('shops')
    .set({ refresh_token_enc: sealed })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Records a started authorization. */
export function insertAuthState(
  db: Db,
  row: {
    state_hash: string;
    tenant_id: number;
    user_id: number;
    shop_id: number | null;
    name: string;
    region: 'NA' | 'EU' | 'FE';
    sandbox: boolean;
    expires_at: Date;
  },
) {
  return db.insertInto('shop_auth_states').values(row).execute();
}

/**
 * Takes a started authorization of the caller once: marks it used and returns it, or
 * undefined when it is unknown, another account's, already used or expired (two callbacks
 * with the same state: one wins). Someone else's try never uses up the owner's state.
 */
export function takeAuthState(db: Db, tenantId: number, userId: number, stateHash: string) {
  return db
    .updateTable('shop_auth_states')
    .set({ used_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['tenant_id', 'user_id', 'shop_id', 'name', 'region', 'sandbox'])
    .executeTakeFirst();
}

/** A started authorization of the caller that is still open (unused, not expired), without using it. */
export function findOpenAuthState(db: Db, tenantId: number, userId: number, stateHash: string) {
  return db
    .selectFrom('shop_auth_states')
    .select(['shop_id', 'name', 'region', 'sandbox'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Forgets started authorizations older than a day (used or not). */
export function purgeAuthStates(db: Db) {
  return db.deleteFrom('shop_auth_states').where('created_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

/** Which of `ids` are accounts of the tenant (staff a shop may be given to). */
export async function tenantAccountIds(db: Db, tenantId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

/** Sets the marketplaces a child account of the tenant may upload to; false when no such child. */
export async function setAllowedSites(db: Db, tenantId: number, uid: number, sites: string[]) {
  const r = await db
    .updateTable('users')
    .set({ allow_upload_sites: sites, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', uid)
    .where('id', '!=', tenantId)
    .where('deleted_at', 'is', null)
    .returning(['id', 'account'])
    .executeTakeFirst();
  return r;
}
