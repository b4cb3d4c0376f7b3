import { countryName, marketplaceByCode } from '@console/shared/constants/marketplaces';
import type { DeleteListingBody, ListingView } from '@console/shared/schemas/upload';
import type { Actor, AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import { goodsReachOf, requireGoodsInReach } from '../goods/goods-reach.js';
import { callError, openShop } from '../shop/shop-client.js';
import { audit } from '../system/audit.js';
import { presentListing } from './upload.presenter.js';
import { ledgerRowForUpdate, markListingDeleted, usableShops } from './upload.repository.js';
import { uploadTargets } from './upload.service.js';

/** Ledger states whose listing Amazon may hold: the ones 从亚马逊删除 applies to. */
const DELETABLE = new Set<ListingView['status']>(['accepted', 'rejected', 'unknown', 'live', 'suppressed']);

/**
 * `POST /upload/deleteListing` (从亚马逊删除): deletes one seller SKU's listing in one marketplace
 * with deleteListingsItem and marks the ledger row 已删除, in one transaction that holds the row
 * (a second request waits, then finds it deleted). The same rights as uploading: a shop the
 * user may use, a marketplace of `allowUploadSiteArr`, a product within the user's reach.
 * Amazon no longer knowing the SKU counts as deleted.
 */
export async function deleteListing(
  deps: AppDeps,
  actor: Actor,
  user: UserRow,
  body: DeleteListingBody,
): Promise<ListingView> {
  const targets = await uploadTargets(deps, actor);
  const target = targets.list.find((t) => t.shop_id === body.shop_id);
  if (!target) {
    const any = (await usableShops(deps.db, actor.tenantId, actor.userId)).find((s) => s.id === body.shop_id);
    if (any) throw conflict(`店铺「${any.name}」的授权已失效,请在授权中心重新授权`);
    throw notFound('店铺不存在或您无权使用');
  }
  if (!target.marketplaces.includes(body.marketplace))
    throw forbidden(`您没有${countryName(body.marketplace)}站点的上传权限`);
  const reach = await goodsReachOf(deps.db, user);
  const { client } = await openShop(deps, actor.tenantId, body.shop_id);
  const marketplaceId = marketplaceByCode(body.marketplace)!.marketplaceId;
  return deps.db.transaction().execute(async (trx) => {
    const row = await ledgerRowForUpdate(trx, actor.tenantId, body.shop_id, body.marketplace, body.seller_sku);
    if (!row) throw notFound('没有这个卖家SKU在该站点的上架记录');
    await requireGoodsInReach(trx, reach, [Number(row.goods_id)]);
    if (row.status === 'deleted') throw badRequest('该listing已从亚马逊删除');
    if (row.status === 'queued' || row.status === 'submitted') throw conflict('该SKU正在上传中,请等上传结束后再删除');
    if (!DELETABLE.has(row.status)) throw badRequest('该SKU还没有上传到亚马逊');
    try {
      const res = await client.listings.delete(row.seller_sku, [marketplaceId], { issueLocale: 'zh_CN' });
      if (res.status !== 'ACCEPTED') throw badRequest(`亚马逊拒绝删除:${res.issues?.[0]?.message ?? res.status}`);
    } catch (err) {
      if (!(err instanceof SpApiError && err.kind === 'not_found'))
        throw await callError(deps, actor.tenantId, body.shop_id, err);
    }
    const { updated_at } = await markListingDeleted(trx, actor.tenantId, row.id);
    await audit(trx, actor, {
      action: 'upload.deleteListing',
      targetType: 'goods',
      targetId: Number(row.goods_id),
      before: { shop_id: row.shop_id, marketplace: row.marketplace, seller_sku: row.seller_sku, status: row.status },
    });
    return presentListing({ ...row, status: 'deleted', issues: [], updated_at });
  });
}
