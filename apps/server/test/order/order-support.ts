import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import type { UserRow } from '../../src/db/types.js';
import { secretBox } from '../../src/lib/secret-box.js';
import { sandbox } from '../../src/marketplace/sandbox.js';
import type { SpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import { SANDBOX_APP } from '../../src/marketplace/simulator/sim-state.js';
import { insertShop } from '../../src/modules/shop/shop.repository.js';
import type { TestContext } from '../harness.js';

/** Time scale of the order tests: Amazon's two minutes are 0.6 s, a 30-minute Pending 9 s. */
export const ORDER_SCALE = 200;

/** A sandbox shop of `tenant` authorized on the in-server simulator, selling in `markets`. */
export async function bindOrderShop(t: TestContext, tenant: UserRow, markets: string[] = ['de']) {
  const sb = await sandbox(t.deps.config, t.db);
  // Only the orders a test generates: the sandbox's own arrivals (one every 3 s of wall time at
  // this scale) would add an order to a test that ran slowly on a busy machine.
  sb.sim.orders.configure({ ratePerHour: 0 });
  const redirectUri = 'http://127.0.0.1:9/cb';
  const back = new URL(sb.sim.authorize({ applicationId: SANDBOX_APP.appId, state: 's', redirectUri }));
  const seller = back.searchParams.get('selling_partner_id')!;
  const tokens = await sb.deps.lwa.exchangeAuthorizationCode(back.searchParams.get('spapi_oauth_code')!, redirectUri);
  const shop = await insertShop(t.db, {
    tenant_id: tenant.id,
    name: `店铺${seller.slice(-4)}`,
    region: 'EU',
    sandbox: true,
    seller_id: seller,
    refresh_token_enc: secretBox(t.deps.config).seal(tokens.refresh_token),
    marketplaces: markets,
    created_by: tenant.id,
  });
  return { shop: { ...shop, tenant_id: tenant.id }, seller, sim: sb.sim };
}

/** Puts a live listing into the simulator (what an upload would have made). */
export function simListing(sim: SpApiSimulator, seller: string, market: string, sku: string, price = 19.99) {
  const marketplaceId = marketplaceByCode(market)!.marketplaceId;
  sim.listings.set(`${seller}|${marketplaceId}|${sku}`, {
    sellerId: seller,
    marketplaceId,
    sku,
    productType: 'PRODUCT',
    attributes: {
      item_name: [{ value: `Item ${sku}` }],
      purchasable_offer: [{ our_price: [{ schedule: [{ value_with_tax: price }] }] }],
    },
    asin: `B0${sku
      .replace(/[^A-Z0-9]/gi, '')
      .toUpperCase()
      .padEnd(8, 'X')
      .slice(0, 8)}`,
    createdDate: new Date().toISOString(),
    lastUpdatedDate: new Date().toISOString(),
    issues: [],
  });
  return marketplaceId;
}
