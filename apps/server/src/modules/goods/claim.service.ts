import { sql } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import { presentListRow } from './goods.presenter.js';
import { LIST_COLUMNS } from './goods.repository.js';
import { insertCopy } from './goods-batch.service.js';

/** claim/list: products the platform publishes for claiming, with whether the caller's tenant has claimed each. */
export async function listClaimable(
  deps: AppDeps,
  tenantId: number,
  q: { page: number; pageSize: number; keyword?: string },
) {
  let base = deps.db.selectFrom('goods').where('goods.claimable', '=', true).where('goods.is_delete', '=', 0);
  if (q.keyword) base = base.where('goods.search_text', 'like', containsPattern(q.keyword.toLowerCase()));
  const { rows, total } = await pageAndTotal(base, q, (b) =>
    b
      .leftJoin('goods_claims as c', (j) => j.onRef('c.source_id', '=', 'goods.id').on('c.tenant_id', '=', tenantId))
      .select([...LIST_COLUMNS, 'c.goods_id as claimed_goods_id'])
      .select(sql<number>`jsonb_array_length(coalesce(goods.parentage->'children', '[]'::jsonb))`.as('variation_count'))
      .orderBy('goods.id', 'desc'),
  );
  return {
    list: rows.map((r) => ({
      ...presentListRow({ ...r, creator_name: '平台' }),
      claimed_goods_id: r.claimed_goods_id === null ? null : Number(r.claimed_goods_id),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** claimGoods: copies a published product into the caller's library, once per tenant. */
export async function claimGoods(deps: AppDeps, actor: Actor, id: number) {
  const src = await deps.db
    .selectFrom('goods')
    .selectAll()
    .where('id', '=', id)
    .where('claimable', '=', true)
    .where('is_delete', '=', 0)
    .executeTakeFirst();
  if (!src) throw notFound('商品不存在或已下架');
  return deps.db.transaction().execute(async (trx) => {
    const copy = await insertCopy(trx, src, actor);
    const claimed = await trx
      .insertInto('goods_claims')
      .values({ source_id: id, tenant_id: actor.tenantId, goods_id: copy.id, user_id: actor.userId })
      .onConflict((oc) => oc.columns(['source_id', 'tenant_id']).doNothing())
      .returning('goods_id')
      .executeTakeFirst();
    // Lost the race or claimed before: the transaction rolls back the copy.
    if (!claimed) throw conflict('该商品已认领过');
    await audit(trx, actor, { action: 'goods.claim', targetType: 'goods', targetId: copy.id, before: { from: id } });
    return { id: Number(copy.id), version: copy.version };
  });
}

/** claim/publish (platform operator only): offers its own products for claiming, or withdraws them. */
export async function publishForClaim(deps: AppDeps, actor: Actor, ids: number[], claimable: boolean) {
  return deps.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('goods')
      .set({ claimable })
      .where('tenant_id', '=', actor.tenantId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    const affected = Number(r.numUpdatedRows);
    if (affected === 0) throw notFound('商品不存在');
    await audit(trx, actor, {
      action: claimable ? 'goods.publishClaim' : 'goods.withdrawClaim',
      targetType: 'goods',
      targetId: `${affected} items`,
      after: { ids: ids.slice(0, 200) },
    });
    return { affected };
  });
}
