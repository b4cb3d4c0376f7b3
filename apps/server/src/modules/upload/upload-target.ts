import { countryName } from '@console/shared/constants/marketplaces';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { uploaderAccount, usableShops } from './upload.repository.js';

/**
 * The shop and marketplaces of an upload (or of its check before sending), as the user may
 * use them: a shop of the user's shop staff lists (404 otherwise) whose authorization holds
 * (409), marketplaces the shop has (400) and the account's `allowUploadSiteArr` allows (403).
 */
export async function resolveUploadTarget(deps: AppDeps, actor: Actor, shopId: number, marketplaces: string[]) {
  const [shops, account] = await Promise.all([
    usableShops(deps.db, actor.tenantId, actor.userId),
    uploaderAccount(deps.db, actor.tenantId, actor.userId),
  ]);
  const shop = shops.find((s) => s.id === shopId);
  if (!shop) throw notFound('店铺不存在或您无权使用');
  if (shop.auth_status !== 'authorized') throw conflict(`店铺「${shop.name}」的授权已失效,请在授权中心重新授权`);
  const notInShop = marketplaces.filter((m) => !shop.marketplaces.includes(m));
  if (notInShop.length) throw badRequest(`店铺未开通站点: ${notInShop.map(countryName).join('、')}`);
  const allowed = account.allow_upload_sites;
  const denied = marketplaces.filter((m) => allowed.length > 0 && !allowed.includes(m));
  if (denied.length) throw forbidden(`您没有上传到以下站点的权限: ${denied.map(countryName).join('、')}`);
  return { shop, account };
}
