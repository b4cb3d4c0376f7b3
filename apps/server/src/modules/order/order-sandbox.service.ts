import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import type { AppDeps } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { sandbox } from '../../marketplace/sandbox.js';
import { shopCredentials } from '../shop/shop.service.js';
import { listTenantSyncShops } from './order-sync.repository.js';

/**
 * Orders for a sandbox shop of the tenant (the test hook of the browser tests): a listing
 * `SANDBOX-<marketplace>` in the in-server simulator where the shop has none, and `count`
 * paid orders per the first marketplace, last updated at Amazon's latest readable moment (two
 * minutes back, scaled), so the shop's next incremental sync reads them wherever its cursor
 * stands (an order dated before a sync that already ran would never be read). Real shops are
 * refused.
 */
export async function sandboxOrders(
  deps: AppDeps,
  tenantId: number,
  shopId: number,
  count: number,
  channel: 'MFN' | 'AFN' = 'MFN',
) {
  const creds = await shopCredentials(deps, tenantId, shopId);
  if (!creds.sandbox) throw new AppError(400, '只能为沙箱店铺生成订单');
  const sb = await sandbox(deps.config, deps.db);
  const shops = await listTenantSyncShops(deps.db, tenantId, [shopId]);
  const code = shops[0]?.marketplaces[0];
  const market = code ? marketplaceByCode(code) : undefined;
  if (!market) throw new AppError(400, '店铺没有站点');
  const sku = `SANDBOX-${code}`;
  const key = `${creds.sellerId}|${market.marketplaceId}|${sku}`;
  if (!sb.sim.listings.has(key)) {
    const stamp = new Date().toISOString();
    sb.sim.listings.set(key, {
      sellerId: creds.sellerId,
      marketplaceId: market.marketplaceId,
      sku,
      productType: 'PRODUCT',
      attributes: {
        item_name: [{ value: '沙箱商品' }],
        purchasable_offer: [{ our_price: [{ schedule: [{ value_with_tax: 25 }] }] }],
      },
      asin: 'B0SANDBOX1',
      createdDate: stamp,
      lastUpdatedDate: stamp,
      issues: [],
    });
  }
  // Placed and paid at the whole second a sync started now names as its upper bound, as
  // 生成测试订单 does (order-test.service.ts).
  const at = Math.floor((Date.now() - sb.sim.orders.twoMinutes()) / 1000) * 1000;
  const ids = sb.sim.orders.generate({
    sellerId: creds.sellerId,
    marketplaceId: market.marketplaceId,
    at,
    pendingSeconds: 0,
    count,
    items: [{ sku }],
    channel,
    outcome: 'normal',
  });
  // The sandbox's state is saved a moment after a change (orders survive a restart).
  sb.sim.onActivity?.();
  return ids;
}
