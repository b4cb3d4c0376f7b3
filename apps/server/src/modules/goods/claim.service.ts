import type { Actor, AppDeps } from '../../context.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import { findClaimableGoods, insertClaim, listClaimableGoods, setGoodsClaimable } from './claim.repository.js';
import { presentListRow } from './goods.presenter.js';
import { insertCopy } from './goods-batch.service.js';
import { COPY_SKU_RACE_MSG, refusingSkuRace } from './goods-sku.service.js';

/** claim/list: products the platform publishes for claiming, with whether the caller's tenant has claimed each. */
export async function listClaimable(
  deps: AppDeps,
  tenantId: number,
  q: { page: number; pageSize: number; keyword?: string },
) {
  const { rows, total } = await listClaimableGoods(deps.db, tenantId, q);
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
  const src = await findClaimableGoods(deps.db, id);
  if (!src) throw notFound('商品不存在或已下架');
  const write = () =>
    deps.db.transaction().execute(async (trx) => {
      const copy = await insertCopy(trx, src, actor);
      const claimed = await insertClaim(trx, actor.tenantId, {
        sourceId: id,
        goodsId: Number(copy.id),
        userId: actor.userId,
      });
      // Lost the race or claimed before: the transaction rolls back the copy.
      if (!claimed) throw conflict('该商品已认领过');
      await audit(trx, actor, { action: 'goods.claim', targetType: 'goods', targetId: copy.id, before: { from: id } });
      return { id: Number(copy.id), version: copy.version };
    });
  return refusingSkuRace(write, undefined, COPY_SKU_RACE_MSG);
}

/** claim/publish (platform operator only): offers its own products for claiming, or withdraws them. */
export async function publishForClaim(deps: AppDeps, actor: Actor, ids: number[], claimable: boolean) {
  return deps.db.transaction().execute(async (trx) => {
    const affected = await setGoodsClaimable(trx, actor.tenantId, ids, claimable);
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
