// Set-up shared by the follow-selling API tests: a sandbox shop authorized at the in-server
// simulator, waiting for a job, a sandbox product, and a candidate added and looked up.
import { afterAll, expect } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { secretBox } from '../src/lib/secret-box.js';
import { closeSandbox, type Sandbox, sandbox } from '../src/marketplace/sandbox.js';
import { SANDBOX_APP } from '../src/marketplace/simulator/sim-state.js';
import { insertShop } from '../src/modules/shop/shop.repository.js';
import { buildTenant, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, type TestContext } from './harness.js';

export const F = '/PDD/follow';
/** Amazon's marketplace id of Germany (`de`). */
export const DE = 'A1PA6795UKMFR9';

/** A sandbox catalog product (a German cutting board unless `over` says otherwise). */
export const product = (asin: string, over = {}) => ({
  asin,
  marketplaceId: DE,
  title: `Bambus Schneidebrett ${asin}`,
  brand: 'HOLZI',
  productType: 'HAIRBAND',
  image: `https://m.media-amazon.com/images/I/${asin}.jpg`,
  registeredBrand: false,
  ...over,
});

/** Where a sandbox shop sells: Europe (de, fr, en) unless told otherwise. */
export interface ShopPlace {
  region: 'NA' | 'EU' | 'FE';
  marketplaces: string[];
}

const EUROPE: ShopPlace = { region: 'EU', marketplaces: ['de', 'fr', 'en'] };

/**
 * The follow tests' sandbox for the test file's app `t`: `sb` is the sandbox of the last shop
 * made; the sandbox is closed after the file.
 */
export function followSandbox(t: TestContext) {
  let current: Sandbox | undefined;
  afterAll(() => closeSandbox(t.deps.config));
  const sb = (): Sandbox => {
    if (!current) throw new Error('no sandbox shop yet');
    return current;
  };

  /** A sandbox shop of the tenant, authorized at the in-server simulator (as 店铺管理 binds one). */
  async function sandboxShop(tenant: UserRow, name = '沙箱店', place: ShopPlace = EUROPE): Promise<number> {
    current = await sandbox(t.deps.config, t.db);
    const redirectUri = 'http://127.0.0.1:9/cb';
    const back = new URL(current.sim.authorize({ applicationId: SANDBOX_APP.appId, state: 's', redirectUri }));
    const code = back.searchParams.get('spapi_oauth_code')!;
    const tokens = await current.deps.lwa.exchangeAuthorizationCode(code, redirectUri);
    const shop = await insertShop(t.db, {
      tenant_id: tenant.id,
      name,
      region: place.region,
      sandbox: true,
      seller_id: back.searchParams.get('selling_partner_id')!,
      refresh_token_enc: secretBox(t.deps.config).seal(tokens.refresh_token),
      marketplaces: place.marketplaces,
      created_by: tenant.id,
    });
    return shop.id;
  }

  /** A new tenant's admin, signed in, with a sandbox shop (Europe unless `place` says otherwise). */
  async function sellerWithShop(name = '沙箱店', place?: ShopPlace) {
    const admin = await buildTenant(t.db);
    const s = await signIn(t.app, admin.account, TEST_PASSWORD);
    return { admin, s, shopId: await sandboxShop(admin, name, place) };
  }

  /** Waits for a job to end (done or failed) and answers its row. */
  async function waitJob(s: Session, id: string, tries = 300) {
    for (let i = 0; i < tries; i++) {
      const job = await call(t.app, s, 'GET', `/PDD/jobs/get?id=${id}`);
      if (job.data?.status === 'done' || job.data?.status === 'failed') return job.data;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${id} did not finish`);
  }

  /**
   * Puts `asin` on the sandbox market (one offer by another seller at `price` major units in
   * `marketplaceId`), adds it to the pool of `marketplace` and waits for the lookup; answers the
   * looked-up candidate.
   */
  async function lookedUp(
    s: Session,
    shopId: number,
    asin: string,
    o: { over?: object; price?: number; marketplace?: string; marketplaceId?: string } = {},
  ) {
    const marketplaceId = o.marketplaceId ?? DE;
    sb().sim.market.putProduct(product(asin, { marketplaceId, ...o.over }));
    sb().sim.market.setOffers(marketplaceId, asin, [
      { sellerId: 'AOWNER000001', price: o.price ?? 10, shipping: 0, fba: true },
    ]);
    const added = await call(t.app, s, 'POST', `${F}/candidate/add`, {
      marketplace: o.marketplace ?? 'de',
      shop_id: shopId,
      asins: asin,
    });
    expect(added.status, added.msg).toBe(200);
    await waitJob(s, added.data.job_id);
    return (await call(t.app, s, 'GET', `${F}/candidate/list?asin=${asin}`)).data.list[0];
  }

  return { sb, sandboxShop, sellerWithShop, waitJob, lookedUp };
}
