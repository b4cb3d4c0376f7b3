// 生成测试订单 (issue 29 §1): a sandbox shop's simulated Amazon places paid orders for chosen live
// listings and the shop's own order sync reads them into 订单处理; roles, other tenants, real shops
// and bad input are refused.
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { secretBox } from '../../src/lib/secret-box.js';
import { NOT_SANDBOX } from '../../src/modules/order/order-test.service.js';
import { insertShop } from '../../src/modules/shop/shop.repository.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { bindOrderShop, ORDER_SCALE, simListing } from './order-support.js';

const t = useTestApp({ spapi: { ...loadConfig({}).spapi, timeScale: ORDER_SCALE } });
const O = '/PDD/order/';

async function waitJob(s: Session, jobId: string) {
  let job = null as null | { status: string; result: { orders: number; errors: string[] } };
  await vi.waitFor(
    async () => {
      job = (await call(t.app, s, 'GET', `/PDD/jobs/get?id=${jobId}`)).data;
      expect(['done', 'failed']).toContain(job?.status);
    },
    { timeout: 20_000, interval: 50 },
  );
  return job!;
}

describe('生成测试订单', () => {
  it('places paid orders for the chosen listings and syncs them into 订单处理, also after an earlier sync', async () => {
    const tenant = await buildTenant(t.db);
    const { shop, seller, sim } = await bindOrderShop(t, tenant, ['de', 'en']);
    simListing(sim, seller, 'de', 'OWN-DE-1', 12.5);
    simListing(sim, seller, 'en', 'FOLLOW-EN-1', 9.99);
    // A follow-sell offer of the console for the second listing: its title and picture are shown.
    await t.db
      .insertInto('follow_offers')
      .values({
        tenant_id: tenant.id,
        shop_id: shop.id,
        marketplace: 'en',
        asin: 'B0FOLLOWEN',
        sku: 'FOLLOW-EN-1',
        title: '跟卖商品标题',
        image: 'https://img.example/follow.jpg',
        product_type: 'PRODUCT',
        currency: 'GBP',
        price: 999,
        quantity: 10,
        fulfillment: 'FBM',
        status: 'active',
        created_by: tenant.id,
      })
      .execute();
    const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);

    const listings = await call(t.app, admin, 'POST', `${O}test/listings`, { shop_id: shop.id });
    expect(listings.http, listings.msg).toBe(200);
    expect(listings.data.list).toEqual([
      {
        marketplace: 'de',
        sku: 'OWN-DE-1',
        asin: expect.any(String),
        title: 'Item OWN-DE-1',
        image: null,
        source: 'listing',
      },
      {
        marketplace: 'en',
        sku: 'FOLLOW-EN-1',
        asin: expect.any(String),
        title: '跟卖商品标题',
        image: 'https://img.example/follow.jpg',
        source: 'follow',
      },
    ]);

    // A first sync moves the cursors to (now - Amazon's two minutes): test orders made afterwards
    // must still be read by the next sync.
    const first = await call(t.app, admin, 'POST', `${O}sync`, { shop_id: shop.id });
    expect((await waitJob(admin, first.data.job_id)).status).toBe('done');

    const made = await call(t.app, admin, 'POST', `${O}test/create`, {
      shop_id: shop.id,
      listings: [
        { marketplace: 'de', sku: 'OWN-DE-1' },
        { marketplace: 'en', sku: 'FOLLOW-EN-1' },
      ],
      count: 3,
      channel: 'MFN',
    });
    expect(made.http, made.msg).toBe(200);
    expect(made.msg).toBe('已生成 3 个测试订单,正在同步到订单处理');
    expect(made.data.ids).toHaveLength(3);
    const job = await waitJob(admin, made.data.job_id);
    expect(job).toMatchObject({ status: 'done', result: { errors: [] } });
    // 3, or 0 when the scheduled sync (every 5 minutes) read them first; the list says they are in.
    expect([0, 3]).toContain(job.result.orders);

    const list = await call(t.app, admin, 'POST', `${O}list`, { page: 1, pageSize: 20 });
    expect(list.data.counts).toMatchObject({ all: 3, Unshipped: 3, Pending: 0 });
    const rows = list.data.list as { amazon_order_id: string; marketplace: string; fulfillment_channel: string }[];
    expect(rows.map((r) => r.amazon_order_id).sort()).toEqual([...made.data.ids].sort());
    expect(rows.filter((r) => r.marketplace === 'de')).toHaveLength(2);
    expect(rows.every((r) => r.fulfillment_channel === '1')).toBe(true);
    // The order's history names Amazon's status in Chinese, as the status column does.
    const one = await call(t.app, admin, 'POST', `${O}detail`, { id: (list.data.list[0] as { id: number }).id });
    const texts = (one.data.events as { text: string }[]).map((e) => e.text);
    expect(texts).toContain('同步到订单,亚马逊状态 未发货');
    expect(texts.join('\n')).not.toMatch(/Unshipped|Pending/);

    // FBA: fulfilled by Amazon, paid too.
    const fba = await call(t.app, admin, 'POST', `${O}test/create`, {
      shop_id: shop.id,
      listings: [{ marketplace: 'de', sku: 'OWN-DE-1' }],
      count: 1,
      channel: 'AFN',
    });
    expect(fba.http, fba.msg).toBe(200);
    await waitJob(admin, fba.data.job_id);
    const afn = await call(t.app, admin, 'POST', `${O}list`, { page: 1, pageSize: 20, fulfillment_channel: '0' });
    expect(afn.data.list).toHaveLength(1);
    expect(afn.data.list[0]).toMatchObject({ amazon_order_id: fba.data.ids[0], status: 'Unshipped' });
  });

  it("the browser tests' sandbox-orders hook: its orders are read by a sync after an earlier one", async () => {
    const tenant = await buildTenant(t.db);
    const { shop } = await bindOrderShop(t, tenant, ['de']);
    const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const first = await call(t.app, admin, 'POST', `${O}sync`, { shop_id: shop.id });
    expect((await waitJob(admin, first.data.job_id)).status).toBe('done');

    const made = await call(t.app, admin, 'POST', '/PDD/__test__/sandbox-orders', { shop_id: shop.id, count: 2 });
    expect(made.http, made.msg).toBe(200);
    const again = await call(t.app, admin, 'POST', `${O}sync`, { shop_id: shop.id });
    expect((await waitJob(admin, again.data.job_id)).status).toBe('done');
    const list = await call(t.app, admin, 'POST', `${O}list`, { page: 1, pageSize: 20 });
    const ids = (list.data.list as { amazon_order_id: string }[]).map((r) => r.amazon_order_id);
    expect(ids.sort()).toEqual([...made.data.ids].sort());
    expect(list.data.counts).toMatchObject({ all: 2, Unshipped: 2 });
  });

  it('refuses other roles, other tenants, real shops, unknown listings and bad input', async () => {
    const tenant = await buildTenant(t.db);
    const { shop, seller, sim } = await bindOrderShop(t, tenant, ['de']);
    simListing(sim, seller, 'de', 'ONLY-1');
    const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const body = { shop_id: shop.id, listings: [{ marketplace: 'de', sku: 'ONLY-1' }], count: 1, channel: 'MFN' };
    const before = sim.orders.orders.size;

    // Roles without shop management: group leader, worker, buyer.
    for (const auth of [1, 2, 3] as const) {
      const u = await buildUser(t.db, tenant, { auth });
      const s = await signIn(t.app, u.account, TEST_PASSWORD);
      expect((await call(t.app, s, 'POST', `${O}test/create`, body)).http).toBe(403);
      expect((await call(t.app, s, 'POST', `${O}test/listings`, { shop_id: shop.id })).http).toBe(403);
    }

    // Another tenant's admin: the shop does not exist for him.
    const other = await buildTenant(t.db);
    const stranger = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await call(t.app, stranger, 'POST', `${O}test/create`, body)).http).toBe(404);
    expect((await call(t.app, stranger, 'POST', `${O}test/listings`, { shop_id: shop.id })).http).toBe(404);

    // A real (non-sandbox) shop of the tenant.
    const real = await insertShop(t.db, {
      tenant_id: tenant.id,
      name: '真实店铺',
      region: 'EU',
      sandbox: false,
      seller_id: `REAL${tenant.id}`,
      refresh_token_enc: secretBox(t.deps.config).seal('Atzr|real'),
      marketplaces: ['de'],
      created_by: tenant.id,
    });
    expect(await call(t.app, admin, 'POST', `${O}test/create`, { ...body, shop_id: real.id })).toMatchObject({
      http: 400,
      msg: NOT_SANDBOX,
    });
    expect(await call(t.app, admin, 'POST', `${O}test/listings`, { shop_id: real.id })).toMatchObject({
      http: 400,
      msg: NOT_SANDBOX,
    });

    // Unknown listing, a marketplace the shop does not sell in, bounds.
    const bad = (patch: object) => call(t.app, admin, 'POST', `${O}test/create`, { ...body, ...patch });
    expect(await bad({ listings: [{ marketplace: 'de', sku: 'NOPE' }] })).toMatchObject({
      http: 400,
      msg: '商品 NOPE 不是该店铺在售的商品',
    });
    expect(await bad({ listings: [{ marketplace: 'fr', sku: 'ONLY-1' }] })).toMatchObject({
      http: 400,
      msg: '店铺没有开通法国站点',
    });
    expect((await bad({ count: 0 })).http).toBe(400);
    expect((await bad({ count: 51 })).http).toBe(400);
    expect((await bad({ listings: [] })).msg).toContain('请选择商品');
    expect((await bad({ channel: 'XX' })).msg).toContain('配送方式不存在');
    expect(
      (await bad({ listings: Array.from({ length: 21 }, () => ({ marketplace: 'de', sku: 'ONLY-1' })) })).http,
    ).toBe(400);
    // Nothing was placed by any refused call.
    expect(sim.orders.orders.size).toBe(before);
  });

  it("flags the orders beyond a listing's stock (超卖) and shows the listing's title and picture on every line", async () => {
    const tenant = await buildTenant(t.db);
    const { shop, seller, sim } = await bindOrderShop(t, tenant, ['de']);
    simListing(sim, seller, 'de', 'FOLLOW-2', 15);
    simListing(sim, seller, 'de', 'PLAIN-1', 15);
    // A follow offer with stock 2, created before the orders.
    await t.db
      .insertInto('follow_offers')
      .values({
        tenant_id: tenant.id,
        shop_id: shop.id,
        marketplace: 'de',
        asin: 'B0FOLLOW02',
        sku: 'FOLLOW-2',
        title: '库存两件的跟卖',
        image: 'https://img.example/f2.jpg',
        product_type: 'PRODUCT',
        currency: 'EUR',
        price: 1500,
        quantity: 2,
        fulfillment: 'FBM',
        status: 'active',
        created_by: tenant.id,
        created_at: new Date(Date.now() - 3600_000),
      })
      .execute();
    const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const make = async (sku: string, count: number) => {
      const r = await call(t.app, admin, 'POST', `${O}test/create`, {
        shop_id: shop.id,
        listings: [{ marketplace: 'de', sku }],
        count,
        channel: 'MFN',
      });
      expect(r.http, r.msg).toBe(200);
      expect((await waitJob(admin, r.data.job_id)).status).toBe('done');
      return r.data.ids as string[];
    };
    await make('FOLLOW-2', 3);
    // A listing without stock known to the console is never oversold.
    await make('PLAIN-1', 2);

    const overview = await call(t.app, admin, 'POST', `${O}overview`);
    expect(overview.data.oversold).toBe(1);
    const flagged = await call(t.app, admin, 'POST', `${O}list`, { page: 1, pageSize: 20, oversold: true });
    expect(flagged.data.list).toHaveLength(1);
    expect(flagged.data.list[0]).toMatchObject({
      oversold: true,
      seller_sku: 'FOLLOW-2',
      title: '库存两件的跟卖',
      image: 'https://img.example/f2.jpg',
    });
    const all = await call(t.app, admin, 'POST', `${O}list`, { page: 1, pageSize: 20 });
    expect(all.data.list.filter((r: { oversold: boolean }) => r.oversold)).toHaveLength(1);
    // The item's own title (Amazon's) where the console knows no listing; no picture.
    expect(all.data.list.find((r: { seller_sku: string }) => r.seller_sku === 'PLAIN-1')).toMatchObject({
      title: 'Item PLAIN-1',
      image: null,
      oversold: false,
    });
    const detail = await call(t.app, admin, 'POST', `${O}detail`, { id: flagged.data.list[0].id });
    expect(detail.data.items[0]).toMatchObject({
      oversold: true,
      title: '库存两件的跟卖',
      image: 'https://img.example/f2.jpg',
    });
    // No parcel, no waybill: the freight is the price settings' estimate.
    expect(detail.data.margin).toMatchObject({ freight_source: 'setting' });

    // Cancelling an earlier order frees a unit: after the next sync nothing is beyond the stock.
    const earliest = await t.db
      .selectFrom('orders')
      .select('amazon_order_id')
      .where('shop_id', '=', shop.id)
      .orderBy('purchase_date')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('orders')
      .set({ status: 'Canceled' })
      .where('amazon_order_id', '=', earliest.amazon_order_id)
      .execute();
    await make('PLAIN-1', 1);
    expect((await call(t.app, admin, 'POST', `${O}overview`)).data.oversold).toBe(0);

    // Bad filter value.
    expect((await call(t.app, admin, 'POST', `${O}list`, { page: 1, pageSize: 20, oversold: 'yes' })).http).toBe(400);
  });
});
