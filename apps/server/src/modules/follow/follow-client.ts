import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { can } from '@console/shared/permissions/can';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { sandbox } from '../../marketplace/sandbox.js';
import { SpApiClient } from '../../marketplace/sp-api.client.js';
import { liveSpApiDeps } from '../../marketplace/sp-api.deps.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import { subjectOf } from '../account/account.presenter.js';
import { findShop } from '../shop/shop.repository.js';
import { shopAuthorizationLost, shopCredentials } from '../shop/shop.service.js';

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

/** The SP-API client of a tenant's shop for one marketplace (the built-in simulator for sandbox shops). */
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
  const creds = await shopCredentials(deps, tenantId, shopId);
  const sb = creds.sandbox ? await sandbox(deps.config, deps.db) : undefined;
  const client = new SpApiClient(
    {
      key: `shop:${creds.id}`,
      sellingPartnerId: creds.sellerId,
      region: creds.region,
      refreshToken: () => creds.refreshToken,
      ...(sb ? { endpoint: sb.endpoint(creds.region) } : {}),
    },
    sb ? sb.deps : liveSpApiDeps(deps.config.spapi, deps.db),
  );
  return { id: shop.id, name: shop.name, client, marketplaceId: m.marketplaceId, currency: m.currency };
}

/**
 * A failed call as the user reads it: Amazon's refusal of the authorization marks the shop
 * 授权失效; other SP-API errors keep their Chinese message.
 */
export async function callError(deps: AppDeps, tenantId: number, shopId: number, err: unknown): Promise<AppError> {
  if (err instanceof SpApiError) {
    if (err.kind === 'invalid_grant' || err.kind === 'unauthorized') {
      await shopAuthorizationLost(deps, tenantId, shopId, err.message);
      return new AppError(409, err.message);
    }
    return new AppError(502, err.message);
  }
  if (err instanceof AppError) return err;
  throw err;
}
