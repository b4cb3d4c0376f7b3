import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { UserRow } from '../src/db/types.js';
import { secretBox } from '../src/lib/secret-box.js';
import { closeSandbox, type Sandbox, sandbox } from '../src/marketplace/sandbox.js';
import { anyOfferChanged } from '../src/marketplace/simulator/sim-notifications.js';
import { SANDBOX_APP } from '../src/marketplace/simulator/sim-state.js';
import { findWatches, rescheduleWatches } from '../src/modules/monitor/monitor.repository.js';
import { applyReading } from '../src/modules/monitor/monitor-check.service.js';
import { notificationToken } from '../src/modules/monitor/monitor-notify.js';
import { pollShop } from '../src/modules/monitor/monitor-poll.service.js';
import type { OfferReading } from '../src/modules/monitor/monitor-rules.js';
import { intervalMs, SHOP_CAPACITY, totalWeight } from '../src/modules/monitor/monitor-schedule.js';
import { insertShop } from '../src/modules/shop/shop.repository.js';
import { postMessages } from '../src/modules/system/messages.service.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

// The sandbox Amazon and the scheduler run 20 times faster (the batch's 0.1 rps becomes 2 rps).
const SCALE = 20;
const t = useTestApp({ spapi: { ...loadConfig({}).spapi, timeScale: SCALE }, workers: false });
const M = '/PDD/monitor';
const DE = 'A1PA6795UKMFR9';
let sb: Sandbox;

afterAll(() => closeSandbox(t.deps.config));

/** A sandbox shop of the tenant in Europe, authorized at the in-server simulator. */
async function sandboxShop(tenant: UserRow, name = '沙箱店') {
  sb = await sandbox(t.deps.config, t.db);
  const redirectUri = 'http://127.0.0.1:9/cb';
  const back = new URL(sb.sim.authorize({ applicationId: SANDBOX_APP.appId, state: 's', redirectUri }));
  const tokens = await sb.deps.lwa.exchangeAuthorizationCode(back.searchParams.get('spapi_oauth_code')!, redirectUri);
  const shop = await insertShop(t.db, {
    tenant_id: tenant.id,
    name,
    region: 'EU',
    sandbox: true,
    seller_id: back.searchParams.get('selling_partner_id')!,
    refresh_token_enc: secretBox(t.deps.config).seal(tokens.refresh_token),
    marketplaces: ['de', 'fr'],
    created_by: tenant.id,
  });
  return { id: shop.id, sellerId: shop.seller_id! };
}

const product = (asin: string, over = {}) => ({
  asin,
  marketplaceId: DE,
  title: `Bambus Brett ${asin}`,
  brand: 'HOLZI',
  productType: 'HAIRBAND',
  image: `https://m.media-amazon.com/images/I/${asin}.jpg`,
  registeredBrand: true,
  ...over,
});

const asins = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(10 - prefix.length, '0')}`);

async function listOf(s: Session, q = '') {
  const r = await call(t.app, s, 'GET', `${M}/asin/list?pageSize=200${q}`);
  expect(r.status, r.msg).toBe(200);
  return r.data;
}

describe('ASIN monitor: roles, limit, input, tenancy', () => {
  let admin: UserRow;
  let s: Session;
  let shopId: number;
  beforeAll(async () => {
    admin = await buildTenant(t.db);
    s = await signIn(t.app, admin.account, TEST_PASSWORD);
    shopId = (await sandboxShop(admin)).id;
  });

  it('the monitor user (auth 6), admins, leaders and workers see it; buyers and traders do not', async () => {
    for (const auth of [1, 2, 6] as const) {
      const u = await buildUser(t.db, admin, { auth });
      const us = await signIn(t.app, u.account, TEST_PASSWORD);
      for (const path of ['/asin/list', '/overview', '/case/list', '/alert/list'])
        expect((await call(t.app, us, 'GET', `${M}${path}`)).status, `${auth} ${path}`).toBe(200);
      // The monitor user has no 店铺管理 access: it finds its shops here.
      expect((await call(t.app, us, 'GET', `${M}/shops`)).data.list.map((x: { id: number }) => x.id)).toEqual([shopId]);
    }
    const buyer = await buildUser(t.db, admin, { auth: 3 });
    const trader = await buildTenant(t.db, { auth: 5 });
    for (const u of [buyer, trader]) {
      const us = await signIn(t.app, u.account, TEST_PASSWORD);
      for (const path of ['/asin/list', '/overview', '/case/list', '/alert/list', '/settings', '/shops'])
        expect((await call(t.app, us, 'GET', `${M}${path}`)).http).toBe(403);
      const add = await call(t.app, us, 'POST', `${M}/asin/add`, {
        shop_id: shopId,
        marketplace: 'de',
        asins: 'B0AAAAAAAA',
      });
      expect(add.http).toBe(403);
      // Everyone reads their own messages.
      expect((await call(t.app, us, 'GET', '/PDD/amazon-user/messageUnread')).status).toBe(200);
    }
  });

  it('refuses bad ASINs, unknown or closed marketplaces, a bad band', async () => {
    const bad = await call(t.app, s, 'POST', `${M}/asin/add`, {
      shop_id: shopId,
      marketplace: 'de',
      asins: 'B0GOODASIN\nB0SHORT',
    });
    expect(bad).toMatchObject({ http: 400, msg: 'ASIN格式不合法: B0SHORT' });
    const site = await call(t.app, s, 'POST', `${M}/asin/add`, {
      shop_id: shopId,
      marketplace: 'xx',
      asins: 'B0GOODASIN',
    });
    expect(site).toMatchObject({ http: 400, msg: '站点不存在' });
    const closed = await call(t.app, s, 'POST', `${M}/asin/add`, {
      shop_id: shopId,
      marketplace: 'us',
      asins: 'B0GOODASIN',
    });
    expect(closed.http).toBe(400);
    expect(closed.msg).toContain('未开通');
    const band = await call(t.app, s, 'POST', `${M}/asin/add`, {
      shop_id: shopId,
      marketplace: 'de',
      asins: 'B0GOODASIN',
      band_min: 500,
      band_max: 100,
    });
    expect(band).toMatchObject({ http: 400, msg: '价格下限不能大于上限' });
  });

  it('enforces limit_monitor_len per account, also for two adds at once, and shows it', async () => {
    const worker = await buildUser(t.db, admin, { auth: 2 });
    await t.db.updateTable('users').set({ limit_monitor_len: 3 }).where('id', '=', worker.id).execute();
    const ws = await signIn(t.app, worker.account, TEST_PASSWORD);
    const [a, b] = await Promise.all([
      call(t.app, ws, 'POST', `${M}/asin/add`, { shop_id: shopId, marketplace: 'de', asins: asins('B0LIMA', 2) }),
      call(t.app, ws, 'POST', `${M}/asin/add`, { shop_id: shopId, marketplace: 'de', asins: asins('B0LIMB', 2) }),
    ]);
    expect([a.http, b.http].sort()).toEqual([200, 400]);
    expect([a.msg, b.msg].find((m) => m.includes('上限'))).toMatch(/监控数量超出上限:已监控2个,上限3个,本次新增2个/);
    const one = await call(t.app, ws, 'POST', `${M}/asin/add`, {
      shop_id: shopId,
      marketplace: 'de',
      asins: 'B0LIMC0000',
    });
    expect(one.data).toEqual({ added: 1, existing: 0 });
    const again = await call(t.app, ws, 'POST', `${M}/asin/add`, {
      shop_id: shopId,
      marketplace: 'de',
      asins: 'B0LIMC0000',
    });
    expect(again.data).toEqual({ added: 0, existing: 1 });
    const list = await listOf(ws);
    expect({ limit: list.limit, used: list.used }).toEqual({ limit: 3, used: 3 });
    expect((await call(t.app, ws, 'GET', `${M}/overview`)).data).toMatchObject({ limit: 3, used: 3 });
  });

  it("another tenant's watched ASINs, alerts and cases are not found", async () => {
    const added = await call(t.app, s, 'POST', `${M}/asin/add`, {
      shop_id: shopId,
      marketplace: 'de',
      asins: 'B0TENANT01',
    });
    expect(added.status, added.msg).toBe(200);
    const row = (await listOf(s, '&keyword=B0TENANT01')).list[0];
    const other = await buildTenant(t.db);
    const os = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await listOf(os)).total).toBe(0);
    expect((await call(t.app, os, 'GET', `${M}/asin/detail?id=${row.id}`)).http).toBe(404);
    expect((await call(t.app, os, 'POST', `${M}/asin/check`, { ids: [row.id] })).http).toBe(404);
    expect((await call(t.app, os, 'POST', `${M}/asin/delete`, { ids: [row.id] })).http).toBe(404);
    const upd = { id: row.id, version: row.version, priority: 3, own_brand: true, band_min: null, band_max: null };
    expect((await call(t.app, os, 'POST', `${M}/asin/update`, upd)).http).toBe(404);
    expect(
      (await call(t.app, os, 'POST', `${M}/asin/add`, { shop_id: shopId, marketplace: 'de', asins: 'B0TENANT02' }))
        .http,
    ).toBe(404);
    // The owner's update works and a stale version is refused.
    expect((await call(t.app, s, 'POST', `${M}/asin/update`, upd)).status).toBe(200);
    expect((await call(t.app, s, 'POST', `${M}/asin/update`, upd)).http).toBe(409);
  });
});

describe('ASIN monitor: alerts, cases and messages driven by the simulator', () => {
  let admin: UserRow;
  let s: Session;
  let shop: { id: number; sellerId: string };
  const ASIN = 'B0HIJACK01';

  /** One polling window of the shop with every watched ASIN due (until `done` holds, at most 5 windows). */
  // Polls until `done` holds (by default: until an offers reading happened). On a loaded machine
  // a read may be deferred to a later window (its rate-limit slot was beyond the window).
  const poll = async (contentEveryMs?: number, done?: () => Promise<boolean>) => {
    const total = { checks: 0, throttled: 0, failed: 0 };
    for (let i = 0; i < 20; i++) {
      await rescheduleWatches(
        t.db,
        admin.tenant_id,
        (await listOf(s)).list.map((r: { id: number }) => r.id),
        new Date(0),
      );
      const stats = await pollShop(
        t.deps,
        { id: shop.id, tenant_id: admin.tenant_id },
        { windowMs: 5000, contentEveryMs, untilIdle: true },
      );
      total.checks += stats.checks;
      total.throttled += stats.throttled;
      total.failed += stats.failed;
      if (done ? await done() : total.checks > 0) return total;
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = (await listOf(s)).list.map((r: Record<string, unknown>) => ({
      title: r.title,
      offer_count: r.offer_count,
      check_error: r.check_error,
      last_checked_at: r.last_checked_at,
      next_check_at: r.next_check_at,
    }));
    throw new Error(
      `the condition did not hold after 20 polling windows: ${JSON.stringify({ total, rows, kinds: await kinds() })}`,
    );
  };
  const kinds = async () => (await alerts()).map((a: { kind: string }) => a.kind);
  const alerts = async () => (await call(t.app, s, 'GET', `${M}/alert/list?pageSize=50`)).data.list;

  beforeAll(async () => {
    admin = await buildTenant(t.db);
    await t.db.updateTable('users').set({ follow_sale_remind: 1 }).where('id', '=', admin.id).execute();
    s = await signIn(t.app, admin.account, TEST_PASSWORD);
    shop = await sandboxShop(admin);
    sb.sim.market.putProduct(product(ASIN));
    sb.sim.market.setOffers(DE, ASIN, [{ sellerId: 'ABRANDOWNER1', price: 19.99, shipping: 0, fba: true }]);
  });

  it('reads the baseline, then a hijacker opens an alert, a case and a header message', async () => {
    const add = await call(t.app, s, 'POST', `${M}/asin/add`, {
      shop_id: shop.id,
      marketplace: 'de',
      asins: ASIN,
      own_brand: true,
      band_min: 1500,
      band_max: 2500,
    });
    expect(add.data).toEqual({ added: 1, existing: 0 });
    // Until a read happened after the last re-scheduling (poll moves next_check_at to 1970 before
    // each window; a window whose read was deferred would leave it there).
    const first = await poll(0, async () => {
      const r = (await listOf(s)).list[0];
      return r.title !== '' && r.offer_count !== null && Date.parse(r.next_check_at) > Date.parse(r.last_checked_at);
    });
    expect(first).toMatchObject({ throttled: 0, failed: 0 });
    let row = (await listOf(s)).list[0];
    expect(row).toMatchObject({ offer_count: 1, buybox_price: 1999, watch: 'poll', title: `Bambus Brett ${ASIN}` });
    expect(row.last_checked_at).not.toBeNull();
    expect(Date.parse(row.next_check_at)).toBeGreaterThan(Date.parse(row.last_checked_at));
    expect(await alerts()).toHaveLength(0);
    // A case per follower for own-brand ASINs: the brand owner's own offer is one (it is not our shop).
    await call(t.app, s, 'POST', `${M}/settings`, { removed_after_minutes: 0 });

    sb.sim.market.addOffer(DE, ASIN, { sellerId: 'AHIJACKER001', price: 9.99, shipping: 0, fba: false });
    await poll();
    const list = await alerts();
    expect(list.map((a: { kind: string }) => a.kind).sort()).toEqual(['new_seller', 'price_band']);
    expect(list.find((a: { kind: string }) => a.kind === 'new_seller').seller_id).toBe('AHIJACKER001');
    row = (await listOf(s, '&filter=hijacked')).list[0];
    expect(row).toMatchObject({ asin: ASIN, buybox_seller: 'AHIJACKER001', live_cases: 2, open_alerts: 2 });
    const cases = (await call(t.app, s, 'GET', `${M}/case/list?keyword=AHIJACKER001`)).data.list;
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ status: 'open', evidence_count: 1 });
    const detail = (await call(t.app, s, 'GET', `${M}/case/detail?id=${cases[0].id}`)).data;
    expect(detail.complaint_zh).toContain('AHIJACKER001');
    expect(detail.complaint_zh).toContain('HOLZI');
    expect(detail.local_language).toBe('de');
    expect(detail.complaint_local).toContain('Verkäufer-ID AHIJACKER001');
    expect(detail.warning).toContain(ASIN);
    expect(detail.evidence[0]).toMatchObject({ price: 999, fba: false, buybox: true });
    const head = (await call(t.app, s, 'GET', '/PDD/amazon-user/messageUnread')).data;
    expect(head.count).toBeGreaterThanOrEqual(3);
    expect(head.latest.map((m: { title: string }) => m.title).join()).toContain('新卖家跟卖');
    // The ASIN's history has both readings.
    const d = (await call(t.app, s, 'GET', `${M}/asin/detail?id=${row.id}`)).data;
    expect(d.history.map((h: { buybox_price: number }) => h.buybox_price)).toEqual([1999, 999]);
    expect(d.offers).toHaveLength(2);
  });

  it('content changes and suppression raise alerts; the hijacker leaving closes its case as removed', async () => {
    sb.sim.market.updateProduct(DE, ASIN, { title: 'Neuer Titel' });
    await poll(0, async () => (await kinds()).includes('content'));
    expect((await alerts()).find((a: { kind: string }) => a.kind === 'content').detail).toBe('页面标题已变化');
    sb.sim.market.removeOffer(DE, ASIN, 'AHIJACKER001');
    await poll();
    const closed = (await call(t.app, s, 'GET', `${M}/case/list?keyword=AHIJACKER001`)).data.list[0];
    expect(closed.status).toBe('removed');
    expect(closed.closed_at).not.toBeNull();
    sb.sim.market.updateProduct(DE, ASIN, { suppressed: true });
    await poll();
    expect(await kinds()).toContain('suppressed');
    sb.sim.market.updateProduct(DE, ASIN, { suppressed: false });
    // A user closes the brand owner's own case; reopening is allowed while no newer one is live.
    const owner = (await call(t.app, s, 'GET', `${M}/case/list?keyword=ABRANDOWNER1`)).data.list[0];
    const set = await call(t.app, s, 'POST', `${M}/case/status`, {
      id: owner.id,
      version: owner.version,
      status: 'unresolved',
    });
    expect(set.status, set.msg).toBe(200);
    const stale = await call(t.app, s, 'POST', `${M}/case/status`, {
      id: owner.id,
      version: owner.version,
      status: 'warned',
    });
    expect(stale.http).toBe(409);
  });

  it('follow_sale_remind off: alerts are recorded but not pushed to the header', async () => {
    await t.db.updateTable('users').set({ follow_sale_remind: 0 }).where('id', '=', admin.id).execute();
    const quiet = await signIn(t.app, admin.account, TEST_PASSWORD);
    const head = (await call(t.app, quiet, 'GET', '/PDD/amazon-user/messageUnread')).data;
    expect(head.count).toBe(0);
    const all = (await call(t.app, quiet, 'GET', '/PDD/amazon-user/messageList?unread=1')).data;
    expect(all.total).toBeGreaterThan(0);
    expect(all.unread).toBe(all.total);
    const read = await call(t.app, quiet, 'POST', '/PDD/amazon-user/messageRead', { all: 1 });
    expect(read.data.marked).toBe(all.total);
    expect((await call(t.app, quiet, 'GET', '/PDD/amazon-user/messageList')).data.unread).toBe(0);
    expect((await call(t.app, quiet, 'POST', '/PDD/amazon-user/messageRead', {})).http).toBe(400);
  });

  it('messages to a role reach that role only, and never another tenant', async () => {
    const worker = await buildUser(t.db, admin, { auth: 2 });
    const [id] = await postMessages(t.db, admin.tenant_id, [{ role: 2, source: 'test', title: '给业务员的通知' }]);
    const ws = await signIn(t.app, worker.account, TEST_PASSWORD);
    expect((await call(t.app, ws, 'GET', '/PDD/amazon-user/messageUnread')).data.latest[0].title).toBe(
      '给业务员的通知',
    );
    expect((await call(t.app, s, 'GET', '/PDD/amazon-user/messageList?source=test')).data.total).toBe(0);
    const other = await buildTenant(t.db);
    const os = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await call(t.app, os, 'POST', '/PDD/amazon-user/messageRead', { ids: [id] })).data.marked).toBe(0);
    expect((await call(t.app, ws, 'POST', '/PDD/amazon-user/messageRead', { ids: [id] })).data.marked).toBe(1);
  });
});

describe('follow-sale removal: removed only after the follower stayed gone for the set time', () => {
  it('stamps the disappearance, clears it when the follower returns, and closes the case after the set time', async () => {
    const admin = await buildTenant(t.db);
    const s = await signIn(t.app, admin.account, TEST_PASSWORD);
    const shop = await sandboxShop(admin, '移除店');
    const add = await call(t.app, s, 'POST', `${M}/asin/add`, {
      shop_id: shop.id,
      marketplace: 'de',
      asins: 'B0GONETIME',
      own_brand: true,
    });
    expect(add.status, add.msg).toBe(200);
    expect((await call(t.app, s, 'POST', `${M}/settings`, { removed_after_minutes: 60 })).status).toBe(200);
    const [{ id }] = (await listOf(s)).list;
    const owner = { sellerId: 'ABRANDOWN777', price: 2000, shipping: 0, fba: true, buybox: true, mine: false };
    const follower = { sellerId: 'AFOLLOWER777', price: 1800, shipping: 0, fba: false, buybox: false, mine: false };
    const reading = (withFollower: boolean): OfferReading => {
      const offers = withFollower ? [owner, follower] : [owner];
      return { offers, offerCount: offers.length, buyboxPrice: 2000, buyboxSeller: owner.sellerId, suppressed: false };
    };
    const t0 = Date.now();
    const at = async (minutes: number, withFollower: boolean) => {
      const [row] = await findWatches(t.db, admin.tenant_id, [id]);
      const now = new Date(t0 + minutes * 60_000);
      await applyReading(t.db, row!, reading(withFollower), {
        source: 'poll',
        now,
        nextCheckAt: new Date(now.getTime() + 60_000),
        removedAfterMs: 60 * 60_000,
      });
      const c = (await call(t.app, s, 'GET', `${M}/case/list?keyword=AFOLLOWER777`)).data.list;
      expect(c).toHaveLength(1);
      return c[0] as { status: string; gone_since: string | null; closed_at: string | null };
    };
    expect(await at(0, true)).toMatchObject({ status: 'open', gone_since: null });
    // Gone: stamped, still open.
    const gone = await at(1, false);
    expect(gone.status).toBe('open');
    expect(Date.parse(gone.gone_since!)).toBe(t0 + 60_000);
    // Back before the set time: the stamp is cleared.
    expect(await at(20, true)).toMatchObject({ status: 'open', gone_since: null });
    // Gone again at 30; 50 minutes later still open, 61 minutes later removed.
    expect((await at(30, false)).status).toBe('open');
    expect((await at(80, false)).status).toBe('open');
    const removed = await at(91, false);
    expect(removed.status).toBe('removed');
    expect(Date.parse(removed.gone_since!)).toBe(t0 + 30 * 60_000);
    expect(removed.closed_at).not.toBeNull();
    const msg = (await call(t.app, s, 'GET', '/PDD/amazon-user/messageList?source=monitor')).data.list.map(
      (m: { title: string }) => m.title,
    );
    expect(msg).toContain('ASIN B0GONETIME 跟卖者 AFOLLOWER777 已移除');
  });
});

describe('ASIN monitor: ANY_OFFER_CHANGED notifications', () => {
  let admin: UserRow;
  let s: Session;
  let shop: { id: number; sellerId: string };
  const ASIN = 'B0OURASIN1';

  beforeAll(async () => {
    admin = await buildTenant(t.db);
    s = await signIn(t.app, admin.account, TEST_PASSWORD);
    shop = await sandboxShop(admin);
    sb.sim.market.putProduct(product(ASIN, { registeredBrand: false }));
    // Our shop holds the Buy Box.
    sb.sim.market.setOffers(DE, ASIN, [{ sellerId: shop.sellerId, price: 15, shipping: 0, fba: true }]);
    await call(t.app, s, 'POST', `${M}/asin/add`, { shop_id: shop.id, marketplace: 'de', asins: ASIN });
    const row = (await listOf(s)).list[0];
    await call(t.app, s, 'POST', `${M}/asin/check`, { ids: [row.id] });
  });

  const notify = (body: unknown, token = notificationToken(t.deps)) =>
    t.app.inject({
      method: 'POST',
      url: `${M}/notify/any-offer-changed`,
      headers: { 'x-notification-token': token },
      payload: body as object,
    });

  it('an ASIN our shop offers is watched by notification; a loss of the Buy Box is an alert', async () => {
    let row = (await listOf(s)).list[0];
    // 立即检查 of an ASIN just added also read its catalog: the row has its title at once.
    expect(row).toMatchObject({ title: `Bambus Brett ${ASIN}`, brand: 'HOLZI' });
    expect(row).toMatchObject({ watch: 'notify', holds_buybox: true, our_offer: true });
    sb.sim.market.addOffer(DE, ASIN, { sellerId: 'ARIVAL000001', price: 14, shipping: 0, fba: true });
    const n = anyOfferChanged(sb.sim, shop.sellerId, { marketplaceId: DE, asin: ASIN, time: new Date().toISOString() });
    expect((await notify({ ...n, Payload: {} })).statusCode).toBe(400);
    expect((await notify(n, 'wrong')).statusCode).toBe(404);
    const r = await notify(n);
    expect(r.json()).toMatchObject({ status: 200, data: { applied: 1 } });
    // The same notification again (a relay retrying): applied once only.
    expect((await notify(n)).json()).toMatchObject({ status: 200, data: { applied: 0, duplicates: 1 } });
    row = (await listOf(s)).list[0];
    expect(row).toMatchObject({ holds_buybox: false, buybox_seller: 'ARIVAL000001' });
    const kinds = (await call(t.app, s, 'GET', `${M}/alert/list`)).data.list.map((a: { kind: string }) => a.kind);
    expect(kinds.sort()).toEqual(['lost_buybox', 'new_seller']);
    const ov = (await call(t.app, s, 'GET', `${M}/overview`)).data;
    expect(ov).toMatchObject({ watched: 1, our_offers: 1, buybox_share_bp: 0, open_alerts: 2 });
    expect(ov.checks_today).toBeGreaterThanOrEqual(2);
    // Handling the alerts clears them from the open count.
    const ids = (await call(t.app, s, 'GET', `${M}/alert/list?handled=0`)).data.list.map((a: { id: number }) => a.id);
    expect((await call(t.app, s, 'POST', `${M}/alert/handle`, { ids })).data.affected).toBe(2);
  });
});

describe('ASIN monitor: the polling schedule', () => {
  it('intervals follow the budget formula and priorities', () => {
    expect(SHOP_CAPACITY).toBe(2.5);
    // 500 normal-priority ASINs on a shop: W = 1000, every 1000 / (2.5 x 2) = 200 s.
    expect(intervalMs({ priority: 2, notified: false, totalWeight: 1000, scale: 1 })).toBe(200_000);
    expect(intervalMs({ priority: 3, notified: false, totalWeight: 1000, scale: 1 })).toBe(100_000);
    expect(intervalMs({ priority: 1, notified: false, totalWeight: 1000, scale: 1 })).toBe(400_000);
    // Few ASINs: never more often than once a minute.
    expect(intervalMs({ priority: 3, notified: false, totalWeight: 4, scale: 1 })).toBe(60_000);
    expect(
      totalWeight([
        { priority: 3, n: 10 },
        { priority: 1, n: 5 },
      ]),
    ).toBe(45);
  });

  it('uses the budget without exceeding the rate limits, high priority first', async () => {
    const admin = await buildTenant(t.db);
    await t.db.updateTable('users').set({ limit_monitor_len: 1000 }).where('id', '=', admin.id).execute();
    const s = await signIn(t.app, admin.account, TEST_PASSWORD);
    const shop = await sandboxShop(admin, '预算店');
    const high = asins('B0PRH', 20);
    expect(
      (
        await call(t.app, s, 'POST', `${M}/asin/add`, {
          shop_id: shop.id,
          marketplace: 'de',
          asins: asins('B0PRN', 280),
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(t.app, s, 'POST', `${M}/asin/add`, { shop_id: shop.id, marketplace: 'de', asins: high, priority: 3 }))
        .status,
    ).toBe(200);
    const started = Date.now();
    const stats = await pollShop(
      t.deps,
      { id: shop.id, tenant_id: admin.tenant_id },
      { windowMs: 2000, content: false },
    );
    const seconds = (Date.now() - started) / 1000;
    const capacity = SHOP_CAPACITY * SCALE * seconds;
    // The simulator may answer a 429 when a request leaves a few ms late (20x time scale); the
    // client's retry absorbs it: none reaches the schedule or a user.
    expect(stats.throttled).toBe(0);
    expect(stats.failed).toBe(0);
    // At most the buckets' burst plus their rate over the window.
    expect(stats.checks).toBeLessThanOrEqual(capacity + 21);
    // A lower bound only (2 shared cores, 20x time scale): the benchmark measures the real share.
    expect(stats.checks).toBeGreaterThanOrEqual(capacity * 0.4);
    const list = (await listOf(s)).list.concat(
      (await call(t.app, s, 'GET', `${M}/asin/list?pageSize=200&page=2`)).data.list,
    );
    const checked = (r: { asin: string; last_checked_at: string | null }) => r.last_checked_at !== null;
    expect(list.filter((r: { asin: string }) => high.includes(r.asin)).every(checked)).toBe(true);
    expect(
      list
        .filter((r: { asin: string }) => !high.includes(r.asin))
        .some((r: { last_checked_at: string | null }) => !checked(r as never)),
    ).toBe(true);
  });

  it('a check on demand waits for a row another poller holds instead of skipping its reads', async () => {
    const admin = await buildTenant(t.db);
    const s = await signIn(t.app, admin.account, TEST_PASSWORD);
    const shop = await sandboxShop(admin, '锁行店');
    const asin = 'B0LOCKED01';
    sb.sim.market.putProduct(product(asin, { title: 'Gesperrtes Brett' }));
    await call(t.app, s, 'POST', `${M}/asin/add`, { shop_id: shop.id, marketplace: 'de', asins: asin });
    const id = (await listOf(s)).list[0].id;
    await t.db
      .updateTable('monitor_asins')
      .set({ title: '', content_checked_at: null, offer_count: null, next_check_at: new Date(0) })
      .where('id', '=', id)
      .execute();
    // Another poller (or the offers lane's reading) holds the row for a moment.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const holder = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('monitor_asins').select('id').where('id', '=', id).forUpdate().execute();
      locked();
      await held;
    });
    await isLocked;
    const polling = pollShop(
      t.deps,
      { id: shop.id, tenant_id: admin.tenant_id },
      { windowMs: 5000, contentEveryMs: 0, untilIdle: true },
    );
    setTimeout(release, 300);
    await Promise.all([polling, holder]);
    expect((await listOf(s)).list[0]).toMatchObject({ title: 'Gesperrtes Brett', offer_count: 0 });
  });

  it('a 429 storm puts ASINs back in line without an error for anyone', async () => {
    const admin = await buildTenant(t.db);
    const s = await signIn(t.app, admin.account, TEST_PASSWORD);
    const shop = await sandboxShop(admin, '限流店');
    await call(t.app, s, 'POST', `${M}/asin/add`, { shop_id: shop.id, marketplace: 'de', asins: asins('B0STORM', 25) });
    // More 429s in a row than the client retries (6 attempts): one read fails as throttled.
    sb.sim.inject({ kind: 'throttle', count: 6, operation: 'getItemOffersBatch' });
    let throttled = 0;
    let failed = 0;
    let list: { check_error: string; last_checked_at: string | null; id: number }[] = [];
    for (let i = 0; i < 6; i++) {
      const ids = (await listOf(s)).list
        .filter((r: { last_checked_at: string | null }) => !r.last_checked_at)
        .map((r: { id: number }) => r.id);
      await rescheduleWatches(t.db, admin.tenant_id, ids, new Date(0));
      const stats = await pollShop(
        t.deps,
        { id: shop.id, tenant_id: admin.tenant_id },
        { windowMs: 3000, content: false, untilIdle: true },
      );
      throttled += stats.throttled;
      failed += stats.failed;
      list = (await listOf(s)).list;
      if (list.every((r) => r.last_checked_at !== null)) break;
    }
    expect(throttled).toBeGreaterThanOrEqual(1);
    expect(failed).toBe(0);
    expect(list.every((r) => r.check_error === '')).toBe(true);
    expect(list.every((r) => r.last_checked_at !== null)).toBe(true);
  });
});
