import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import type { TestOrderListing, TestOrdersBody } from '@console/shared/schemas/order-test';
import type { AppDeps } from '../../context.js';
import { badRequest } from '../../lib/app-error.js';
import { type Sandbox, sandbox } from '../../marketplace/sandbox.js';
import { shopCredentials } from '../shop/shop.service.js';
import { listingLooks } from './order-listing-look.repository.js';
import { listTenantSyncShops } from './order-sync.repository.js';

/**
 * 生成测试订单 (issue 29 §1, docs/orders.md "Test orders"): a sandbox shop's simulated Amazon
 * places orders for the shop's live listings there (own listings and follow-sell offers), paid
 * at once; the caller then starts the shop's order sync, so they reach 订单处理 the way real
 * orders do.
 */

export const NOT_SANDBOX = '只能为沙箱店铺生成测试订单,真实店铺的订单来自亚马逊';

/** The sandbox shop of the tenant with its simulator, seller and marketplaces; real shops refused. */
async function sandboxShop(deps: AppDeps, tenantId: number, shopId: number) {
  const creds = await shopCredentials(deps, tenantId, shopId);
  if (!creds.sandbox) throw badRequest(NOT_SANDBOX);
  const [shop] = await listTenantSyncShops(deps.db, tenantId, [shopId]);
  const sb = await sandbox(deps.config, deps.db);
  return { sb, sellerId: creds.sellerId, marketplaces: shop?.marketplaces ?? [] };
}

/** The buyable listings the simulator holds for a seller in the shop's marketplaces. */
function liveListings(sb: Sandbox, sellerId: string, marketplaces: string[]) {
  const ids = new Map<string | undefined, string>(marketplaces.map((c) => [marketplaceByCode(c)?.marketplaceId, c]));
  return [...sb.sim.listings.values()].flatMap((l) => {
    const code = ids.get(l.marketplaceId);
    const level = (l.attributes.parentage_level?.[0] as { value?: string } | undefined)?.value;
    if (l.sellerId !== sellerId || !code || level === 'parent') return [];
    const title = (l.attributes.item_name?.[0] as { value?: unknown } | undefined)?.value;
    return [{ marketplace: code, sku: l.sku, asin: l.asin, title: typeof title === 'string' ? title : '' }];
  });
}

/** The listings of a sandbox shop orders can be made for, with the console's title and picture. */
export async function testOrderListings(deps: AppDeps, tenantId: number, shopId: number): Promise<TestOrderListing[]> {
  const { sb, sellerId, marketplaces } = await sandboxShop(deps, tenantId, shopId);
  const live = liveListings(sb, sellerId, marketplaces);
  const looks = await listingLooks(
    deps.db,
    tenantId,
    live.map((l) => ({ shop_id: shopId, marketplace: l.marketplace, sku: l.sku })),
  );
  const byKey = new Map(looks.map((x) => [`${x.marketplace}|${x.sku}`, x]));
  return live
    .map((l) => {
      const look = byKey.get(`${l.marketplace}|${l.sku}`);
      return {
        ...l,
        title: look?.title || l.title || l.sku,
        image: look?.image || null,
        source: look?.source ?? ('listing' as const),
      };
    })
    .sort((a, b) => a.marketplace.localeCompare(b.marketplace) || a.sku.localeCompare(b.sku));
}

/**
 * Places `count` orders, one unit of one listing each, going round the chosen listings: paid at
 * once (Unshipped; an FBA order is shipped by Amazon a day later), dated so that they are just
 * outside Amazon's two-minute window and the sync started next reads them.
 */
export async function createTestOrders(deps: AppDeps, tenantId: number, body: TestOrdersBody): Promise<string[]> {
  const { sb, sellerId, marketplaces } = await sandboxShop(deps, tenantId, body.shop_id);
  const live = new Set(liveListings(sb, sellerId, marketplaces).map((l) => `${l.marketplace}|${l.sku}`));
  for (const l of body.listings) {
    if (!marketplaces.includes(l.marketplace))
      throw badRequest(`店铺没有开通${marketplaceByCode(l.marketplace)?.name ?? l.marketplace}站点`);
    if (!live.has(`${l.marketplace}|${l.sku}`)) throw badRequest(`商品 ${l.sku} 不是该店铺在售的商品`);
  }
  // Paid at the whole second that a sync started now names as its upper bound (Amazon's bound
  // is now less two minutes, in whole seconds): not after any sync's window end, and not before
  // any earlier sync's cursor.
  const at = Math.floor((Date.now() - sb.sim.orders.twoMinutes()) / 1000) * 1000;
  const ids: string[] = [];
  for (let n = 0; n < body.count; n++) {
    const l = body.listings[n % body.listings.length]!;
    const marketplaceId = marketplaceByCode(l.marketplace)!.marketplaceId;
    ids.push(
      ...sb.sim.orders.generate({
        sellerId,
        marketplaceId,
        at,
        count: 1,
        items: [{ sku: l.sku, quantity: 1 }],
        channel: body.channel,
        outcome: 'normal',
        pendingSeconds: 0,
      }),
    );
  }
  // The sandbox's state is saved a moment after a change (orders survive a restart).
  sb.sim.onActivity?.();
  return ids;
}
