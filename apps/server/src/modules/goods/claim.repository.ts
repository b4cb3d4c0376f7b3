import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import { LIST_COLUMNS } from './goods.repository.js';

type Db = Kysely<DB>;

/**
 * One page of the products published for claiming (by the platform operator, so across
 * tenants by design), newest first, with the copy the caller's tenant made of each (if any).
 */
export function listClaimableGoods(
  db: Db,
  tenantId: number,
  q: { page: number; pageSize: number; keyword?: string | undefined },
) {
  let base = db.selectFrom('goods').where('goods.claimable', '=', true).where('goods.is_delete', '=', 0);
  if (q.keyword) base = base.where('goods.search_text', 'like', containsPattern(q.keyword.toLowerCase()));
  return pageAndTotal(base, q, (b) =>
    b
      .leftJoin('goods_claims as c', (j) => j.onRef('c.source_id', '=', 'goods.id').on('c.tenant_id', '=', tenantId))
      .select([...LIST_COLUMNS, 'c.goods_id as claimed_goods_id'])
      .select(sql<number>`jsonb_array_length(coalesce(goods.parentage->'children', '[]'::jsonb))`.as('variation_count'))
      .orderBy('goods.id', 'desc'),
  );
}

/** A published product (any tenant's: claiming copies it into the caller's tenant). */
export function findClaimableGoods(db: Db, id: number) {
  return db
    .selectFrom('goods')
    .selectAll()
    .where('id', '=', id)
    .where('claimable', '=', true)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
}

/** Records the tenant's claim of `sourceId` as `goodsId`; undefined when the tenant claimed it before. */
export function insertClaim(db: Db, tenantId: number, row: { sourceId: number; goodsId: number; userId: number }) {
  return db
    .insertInto('goods_claims')
    .values({ source_id: row.sourceId, tenant_id: tenantId, goods_id: row.goodsId, user_id: row.userId })
    .onConflict((oc) => oc.columns(['source_id', 'tenant_id']).doNothing())
    .returning('goods_id')
    .executeTakeFirst();
}

/** Publishes (or withdraws) the tenant's products among `ids` for claiming; returns how many changed. */
export async function setGoodsClaimable(db: Db, tenantId: number, ids: number[], claimable: boolean) {
  const r = await db
    .updateTable('goods')
    .set({ claimable })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
