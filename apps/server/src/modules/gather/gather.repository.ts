import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** The user's collection token row (without the hash). */
export function findTokenOf(db: Db, tenantId: number, userId: number) {
  return db
    .selectFrom('gather_tokens')
    .select(['hint', 'created_at', 'last_used_at'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Creates or replaces the user's token (the old one stops working at once). */
export function upsertToken(db: Db, tenantId: number, userId: number, tokenHash: string, hint: string) {
  return db
    .insertInto('gather_tokens')
    .values({ user_id: userId, tenant_id: tenantId, token_hash: tokenHash, hint })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'tenant_id'])
        .doUpdateSet({ token_hash: tokenHash, hint, created_at: sql`now()`, last_used_at: null }),
    )
    .returning(['hint', 'created_at', 'last_used_at'])
    .executeTakeFirstOrThrow();
}

/** Deletes the user's token; the number of rows deleted. */
export async function deleteToken(db: Db, tenantId: number, userId: number): Promise<number> {
  const r = await db
    .deleteFrom('gather_tokens')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The holder of a token hash (any tenant: the token is the only credential of the collect call). */
export function findTokenHolder(db: Db, tokenHash: string) {
  return db
    .selectFrom('gather_tokens')
    .innerJoin('users', 'users.id', 'gather_tokens.user_id')
    .selectAll('users')
    .where('gather_tokens.token_hash', '=', tokenHash)
    .whereRef('users.tenant_id', '=', 'gather_tokens.tenant_id')
    .executeTakeFirst();
}

/** Notes that the token was used now. */
export function touchToken(db: Db, tenantId: number, userId: number) {
  return db
    .updateTable('gather_tokens')
    .set({ last_used_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
}

/** The product a page of the tenant became, with its recycle flag. */
export function findSource(db: Db, tenantId: number, urlKey: string) {
  return db
    .selectFrom('gather_sources')
    .innerJoin('goods', 'goods.id', 'gather_sources.goods_id')
    .select(['goods.id', 'goods.is_delete'])
    .where('gather_sources.tenant_id', '=', tenantId)
    .where('gather_sources.url_key', '=', urlKey)
    .executeTakeFirst();
}

/** Records the page's product; false when another collect of the same page recorded one first. */
export async function insertSource(db: Db, tenantId: number, urlKey: string, goodsId: number): Promise<boolean> {
  const r = await db
    .insertInto('gather_sources')
    .values({ tenant_id: tenantId, url_key: urlKey, goods_id: goodsId })
    .onConflict((oc) => oc.columns(['tenant_id', 'url_key']).doNothing())
    .returning('goods_id')
    .executeTakeFirst();
  return r !== undefined;
}
