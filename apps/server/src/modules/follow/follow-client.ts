import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { can } from '@console/shared/permissions/can';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import type { SpApiClient } from '../../marketplace/sp-api.client.js';
import { subjectOf } from '../account/account.presenter.js';
import { findShop } from '../shop/shop.repository.js';
import { openShop as openShopClient } from '../shop/shop-client.js';

/** The shop module's reading of a failed call (follow-selling's calls are a person's requests). */
export { callError } from '../shop/shop-client.js';

/** A shop opened for follow-selling calls: its client and the marketplace asked for. */
export interface FollowShop {
  id: number;
  name: string;
  client: SpApiClient;
  marketplaceId: string;
  currency: string;
}

/**
 * Checks that the caller may use the shop (admins every shop, others the shops given to
 * them) and that it sells in the marketplace; 404 for another tenant's shop or one not given.
 */
export async function usableShop(deps: AppDeps, tenantId: number, user: UserRow | null, shopId: number) {
  const shop = await findShop(deps.db, tenantId, shopId);
  if (!shop) throw notFound('店铺不存在');
  if (user && !can(subjectOf(user), 'shop.manage') && shop.staff_ids.length > 0 && !shop.staff_ids.includes(user.id))
    throw notFound('店铺不存在');
  return shop;
}

/**
 * The SP-API client of a tenant's shop for one marketplace (the shop module's `openShop`:
 * the built-in simulator for sandbox shops), refused when the shop does not sell there.
 */
export async function openShop(
  deps: AppDeps,
  tenantId: number,
  shopId: number,
  marketplace: string,
): Promise<FollowShop> {
  const shop = await findShop(deps.db, tenantId, shopId);
  if (!shop) throw notFound('店铺不存在');
  const m = marketplaceByCode(marketplace);
  if (!m) throw badRequest('站点不存在');
  if (!shop.marketplaces.includes(m.code)) throw badRequest(`店铺「${shop.name}」未开通${m.name}站点`);
  const { client } = await openShopClient(deps, tenantId, shopId);
  return { id: shop.id, name: shop.name, client, marketplaceId: m.marketplaceId, currency: m.currency };
}
