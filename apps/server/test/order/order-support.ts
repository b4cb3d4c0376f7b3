import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import type { UserRow } from '../../src/db/types.js';
import { secretBox } from '../../src/lib/secret-box.js';
import { sandbox } from '../../src/marketplace/sandbox.js';
import type { SpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import { SANDBOX_APP } from '../../src/marketplace/simulator/sim-state.js';
import type { StoredBuyer } from '../../src/modules/order/order.tables.js';
import { insertSyncedOrder, saveOrderItems } from '../../src/modules/order/order-sync.repository.js';
import { insertShop } from '../../src/modules/shop/shop.repository.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { type Session, signIn, type TestContext } from '../harness.js';

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

/** One item of an order made by `orderWorld` (EUR, nothing shipped, no link to our products). */
export interface TestOrderItem {
  amazonItemId: string;
  asin: string;
  sku: string;
  title: string;
  quantity: number;
  priceMinor: number;
}

/** An order made by `orderWorld`: seller-fulfilled unless `channel` says otherwise, EUR, shipping to Berlin. */
export interface TestOrder {
  amazonOrderId: string;
  status?: 'Unshipped' | 'Canceled';
  /** Fulfillment channel (spec section 4): '1' seller (default), '0' Amazon (FBA). */
  channel?: '0' | '1';
  /** Default: now. */
  purchaseDate?: Date;
  totalMinor: number;
  buyer?: StoredBuyer | null;
  items: TestOrderItem[];
}

/**
 * A tenant with a (not authorized) sandbox shop selling in `de`, and ways to add orders and to
 * sign in accounts of the tenant: `signInNew` makes a new account per call (0: the tenant
 * itself), `as` one per key, signed in once and kept (`user(key)` is its row).
 */
export async function orderWorld(t: TestContext, shopOf: { name: string; sellerPrefix: string }) {
  const tenant = await buildTenant(t.db);
  const shop = await insertShop(t.db, {
    tenant_id: tenant.id,
    name: shopOf.name,
    region: 'EU',
    sandbox: true,
    seller_id: `${shopOf.sellerPrefix}${tenant.id}X`,
    refresh_token_enc: 'v1.00000000.x.y',
    marketplaces: ['de'],
    created_by: tenant.id,
  });
  /** An Amazon order id of this tenant: `prefix-<tenant id>-<n>`, both 7 digits. */
  const amazonId = (prefix: string, n: number) =>
    `${prefix}-${String(tenant.id).padStart(7, '0')}-${String(n).padStart(7, '0')}`;
  const addOrder = async (o: TestOrder) => {
    const status = o.status ?? 'Unshipped';
    const id = (await insertSyncedOrder(t.db, {
      tenant_id: tenant.id,
      shop_id: shop.id,
      marketplace: 'de',
      amazon_order_id: o.amazonOrderId,
      amazon_status: status,
      status,
      fulfillment_channel: o.channel ?? '1',
      purchase_date: o.purchaseDate ?? new Date(),
      last_update_date: new Date(),
      latest_ship_date: null,
      latest_delivery_date: null,
      currency: 'EUR',
      total_minor: o.totalMinor,
      ship_city: 'Berlin',
      ship_state: 'BE',
      ship_postal: '10115',
      ship_country: 'DE',
      buyer: o.buyer ?? null,
      buyer_purge_after: null,
    }))!;
    await saveOrderItems(
      t.db,
      tenant.id,
      id,
      o.items.map((i) => ({
        amazon_item_id: i.amazonItemId,
        asin: i.asin,
        seller_sku: i.sku,
        title: i.title,
        quantity: i.quantity,
        quantity_shipped: 0,
        currency: 'EUR',
        item_price_minor: i.priceMinor,
        shipping_price_minor: 0,
        item_tax_minor: 0,
        promotion_discount_minor: 0,
        goods_id: null,
        variation_key: null,
      })),
    );
    const items = await t.db.selectFrom('order_items').select('id').where('order_id', '=', id).orderBy('id').execute();
    return { id, itemIds: items.map((i) => Number(i.id)) };
  };
  const signInNew = async (auth: 0 | 1 | 2 | 3 | 5 | 6) => {
    const u: UserRow = auth === 0 ? tenant : await buildUser(t.db, tenant, { auth });
    return signIn(t.app, u.account, TEST_PASSWORD);
  };
  const sessions = new Map<string, Session>();
  const users = new Map<string, UserRow>();
  const as = async (auth: 0 | 1 | 2 | 3 | 6, key = String(auth)) => {
    const cached = sessions.get(key);
    if (cached) return cached;
    const u = auth === 0 ? tenant : await buildUser(t.db, tenant, { auth });
    users.set(key, u);
    const s = await signIn(t.app, u.account, TEST_PASSWORD);
    sessions.set(key, s);
    return s;
  };
  return { tenant, shop, amazonId, addOrder, signInNew, as, user: (key: string) => users.get(key)! };
}
