import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { sandbox } from '../../src/marketplace/sandbox.js';
import { syncShopOrders } from '../../src/modules/order/order-sync.service.js';
import { buildTenant } from '../factories.js';
import { useTestApp } from '../harness.js';
import { bindOrderShop, ORDER_SCALE, simListing } from './order-support.js';

const t = useTestApp({ spapi: { ...loadConfig({}).spapi, timeScale: ORDER_SCALE } });
const MINUTE = 60_000;

async function ordersOf(shopId: number) {
  return t.db
    .selectFrom('orders')
    .select([
      'id',
      'amazon_order_id',
      'status',
      'amazon_status',
      'fulfillment_channel',
      'currency',
      'total_minor',
      'buyer',
      'items_pending',
      'item_count',
      'ship_city',
    ])
    .where('shop_id', '=', shopId)
    .orderBy('id')
    .execute();
}

describe('order sync against the simulator', () => {
  it('syncs new orders with items linked through the listing ledger and buyer data through a Restricted Data Token; a second run changes nothing', async () => {
    const tenant = await buildTenant(t.db);
    const { shop, seller, sim } = await bindOrderShop(t, tenant, ['de']);
    const mp = simListing(sim, seller, 'de', 'SKU-A', 19.99);
    simListing(sim, seller, 'de', 'SKU-B', 5.5);
    await sql`insert into listings (tenant_id, shop_id, marketplace, seller_sku, goods_id, variation_key, role, status)
      values (${tenant.id}, ${shop.id}, 'de', 'SKU-A', 4242, 'red', 'child', 'live')`.execute(t.db);
    const at = Date.now() - 30 * MINUTE;
    const [single] = sim.orders.generate({
      sellerId: seller,
      marketplaceId: mp,
      at,
      items: [{ sku: 'SKU-A', quantity: 2 }],
      channel: 'MFN',
      outcome: 'normal',
    });
    const [multi] = sim.orders.generate({
      sellerId: seller,
      marketplaceId: mp,
      at,
      items: [{ sku: 'SKU-A' }, { sku: 'SKU-B' }],
      channel: 'AFN',
      outcome: 'normal',
    });
    // Still Pending (placed just now): no prices yet, items read again once paid.
    const [pending] = sim.orders.generate({
      sellerId: seller,
      marketplaceId: mp,
      at: Date.now() - 2000,
      items: [{ sku: 'SKU-B' }],
      outcome: 'normal',
      // Amazon's payment authorization can take 30 minutes (the sandbox's own orders: one).
      pendingSeconds: 1800,
    });

    const first = await syncShopOrders(t.deps, shop);
    expect(first).toMatchObject({ orders: 3, items: 4, deferred: false, errors: [] });
    const rows = await ordersOf(shop.id);
    expect(rows.map((r) => r.amazon_order_id).sort()).toEqual([single, multi, pending].sort());
    const one = rows.find((r) => r.amazon_order_id === single)!;
    expect(one).toMatchObject({
      status: 'Unshipped',
      fulfillment_channel: '1',
      currency: 'EUR',
      total_minor: 3998,
      items_pending: false,
      item_count: 2,
      ship_city: 'Berlin',
    });
    expect(one.buyer?.name).toBeTruthy();
    expect(one.buyer?.address1).toBeTruthy();
    expect(rows.find((r) => r.amazon_order_id === multi)).toMatchObject({
      fulfillment_channel: '0',
      total_minor: 2549,
    });
    expect(rows.find((r) => r.amazon_order_id === pending)).toMatchObject({ status: 'Pending', total_minor: null });
    const items = await t.db
      .selectFrom('order_items')
      .select(['seller_sku', 'goods_id', 'variation_key', 'item_price_minor', 'quantity'])
      .where('tenant_id', '=', tenant.id)
      .orderBy('id')
      .execute();
    expect(items).toHaveLength(4);
    expect(items.find((i) => i.seller_sku === 'SKU-A' && i.quantity === 2)).toMatchObject({
      goods_id: 4242,
      variation_key: 'red',
      item_price_minor: 3998,
    });
    expect(items.find((i) => i.seller_sku === 'SKU-B')).toMatchObject({ goods_id: null });

    const again = await syncShopOrders(t.deps, shop);
    expect(again.orders).toBe(0);
    expect(await ordersOf(shop.id)).toHaveLength(3);
    expect(sim.counters.throttled).toBe(0);
  });

  it('follows later changes: a cancelled order after purchase warns, a refund marks the order, a late older answer changes nothing', async () => {
    const tenant = await buildTenant(t.db);
    const { shop, seller, sim } = await bindOrderShop(t, tenant, ['de']);
    const mp = simListing(sim, seller, 'de', 'SKU-C');
    const at = Date.now() - 30 * MINUTE;
    const [a, b] = sim.orders.generate({
      sellerId: seller,
      marketplaceId: mp,
      at,
      count: 2,
      items: [{ sku: 'SKU-C' }],
      channel: 'MFN',
      outcome: 'normal',
    });
    await syncShopOrders(t.deps, shop);
    const [orderA] = await t.db.selectFrom('orders').select('id').where('amazon_order_id', '=', a!).execute();
    // Someone purchased the item of order A.
    await t.db.updateTable('order_items').set({ express_status: '1' }).where('order_id', '=', orderA!.id).execute();
    sim.orders.cancel(a!);
    sim.orders.ship(b!);
    sim.orders.refund(b!);
    await vi.waitFor(
      async () => {
        await syncShopOrders(t.deps, shop);
        const rows = await ordersOf(shop.id);
        expect(rows.find((r) => r.amazon_order_id === a)?.status).toBe('Canceled');
        expect(rows.find((r) => r.amazon_order_id === b)?.status).toBe('refund');
      },
      { timeout: 15_000, interval: 100 },
    );
    const events = await t.db
      .selectFrom('order_events')
      .select(['kind', 'text'])
      .where('order_id', '=', orderA!.id)
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['sync', 'status', 'warning']);
    expect(events[2]!.text).toContain('已有商品采购');

    // An older state arriving after a newer one (out of order) is ignored.
    const future = new Date(Date.now() + 3600_000);
    await t.db
      .updateTable('orders')
      .set({ last_update_date: future, amazon_status: 'Shipped', status: 'Shipped' })
      .where('amazon_order_id', '=', a!)
      .execute();
    await t.db
      .updateTable('order_sync_states')
      .set({ cursor: new Date(at - MINUTE) })
      .where('shop_id', '=', shop.id)
      .execute();
    await syncShopOrders(t.deps, shop);
    expect((await ordersOf(shop.id)).find((r) => r.amazon_order_id === a)?.status).toBe('Shipped');
  });

  it('a run that dies midway (cursor not moved, lease left behind, items unread) loses and doubles nothing on the next run', async () => {
    const tenant = await buildTenant(t.db);
    const { shop, seller, sim } = await bindOrderShop(t, tenant, ['de', 'fr']);
    const de = simListing(sim, seller, 'de', 'SKU-D');
    const fr = simListing(sim, seller, 'fr', 'SKU-F');
    const at = Date.now() - 30 * MINUTE;
    sim.orders.generate({
      sellerId: seller,
      marketplaceId: de,
      at,
      count: 120,
      items: [{ sku: 'SKU-D' }],
      outcome: 'normal',
    });
    sim.orders.generate({
      sellerId: seller,
      marketplaceId: fr,
      at,
      count: 5,
      items: [{ sku: 'SKU-F' }],
      outcome: 'normal',
    });
    // The item reads fail for good: the orders are stored, their items wait.
    sim.inject({ kind: 'error', status: 500, count: 10_000, operation: 'getOrderItems' });
    const broken = await syncShopOrders(t.deps, shop);
    sim.faults.length = 0;
    expect(broken.errors.length).toBeGreaterThan(0);
    expect(await ordersOf(shop.id)).toHaveLength(125);
    const pendingItems = await t.db
      .selectFrom('orders')
      .select('id')
      .where('shop_id', '=', shop.id)
      .where('items_pending', '=', true)
      .execute();
    expect(pendingItems.length).toBeGreaterThan(0);
    const state = await t.db
      .selectFrom('order_sync_states')
      .select(['marketplace', 'last_error'])
      .where('shop_id', '=', shop.id)
      .execute();
    expect(state.find((s) => s.marketplace === 'de')?.last_error).toBeTruthy();

    // A crash before the cursor moved, with the lease still held by the dead run.
    await t.db
      .updateTable('order_sync_states')
      .set({ cursor: new Date(at - MINUTE), lease_until: new Date(Date.now() - 1000) })
      .where('shop_id', '=', shop.id)
      .execute();
    const next = await syncShopOrders(t.deps, shop);
    expect(next.errors).toEqual([]);
    const rows = await ordersOf(shop.id);
    expect(rows).toHaveLength(125);
    expect(rows.every((r) => !r.items_pending)).toBe(true);
    const items = await t.db
      .selectFrom('order_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(Number(items.n)).toBe(125);
  });

  it('stays within the rate limits: a run over the burst defers instead of waiting and the next run finishes; no 429 from Amazon', async () => {
    const tenant = await buildTenant(t.db);
    const { shop, seller, sim } = await bindOrderShop(t, tenant, ['de']);
    const mp = simListing(sim, seller, 'de', 'SKU-R');
    sim.orders.generate({
      sellerId: seller,
      marketplaceId: mp,
      at: Date.now() - 30 * MINUTE,
      count: 45,
      items: [{ sku: 'SKU-R' }],
      outcome: 'normal',
    });
    const before = sim.counters.throttled;
    // Other work of the seller used up getOrderItems (burst 30, then 0.5/s x200): its next slot is
    // at least a second away however slowly this machine reserves (a fixed count was flaky under load).
    const { deps } = await sandbox(t.deps.config, t.db);
    while ((await deps.scheduler.estimateMs(seller, 'getOrderItems', 1)) < 1000) {
      await Promise.all(Array.from({ length: 40 }, () => deps.scheduler.reserve(seller, 'getOrderItems')));
    }
    const first = await syncShopOrders(t.deps, shop, { maxWaitMs: 0 });
    expect(first).toMatchObject({ deferred: true, items: 0, orders: 45, errors: [] });
    const second = await syncShopOrders(t.deps, shop);
    expect(second).toMatchObject({ deferred: false, items: 45, orders: 0 });
    expect(sim.counters.throttled).toBe(before);
    // A concurrent run of the same shop finds the lease taken and leaves it alone.
    const [x, y] = await Promise.all([syncShopOrders(t.deps, shop), syncShopOrders(t.deps, shop)]);
    expect(x.errors.concat(y.errors)).toEqual([]);
  });

  it("reads all of a shop's marketplaces in one getOrders chain; a marketplace added later reads its first 30 days alone, then joins", async () => {
    const tenant = await buildTenant(t.db);
    const markets = ['de', 'fr', 'it', 'es', 'nl', 'se', 'pl', 'en'];
    const { shop, seller, sim } = await bindOrderShop(t, tenant, markets);
    const place = (code: string, at: number) => {
      const mp = simListing(sim, seller, code, `SKU-${code}`);
      return sim.orders.generate({
        sellerId: seller,
        marketplaceId: mp,
        at,
        items: [{ sku: `SKU-${code}` }],
        channel: 'MFN',
        outcome: 'normal',
      })[0]!;
    };
    const placed = new Map(markets.map((m) => [place(m, Date.now() - 30 * MINUTE), m]));
    // This seller's getOrders calls and the marketplaces each one named (first pages only).
    const calls: string[][] = [];
    const list = sim.orders.list.bind(sim.orders);
    const spy = vi.spyOn(sim.orders, 'list').mockImplementation((req, token) => {
      if (req.sellerId === seller && !req.query.get('NextToken'))
        calls.push((req.query.get('MarketplaceIds') ?? '').split(',').sort());
      return list(req, token);
    });
    const idOf = (code: string) => marketplaceByCode(code)!.marketplaceId;
    try {
      const first = await syncShopOrders(t.deps, shop);
      expect(first).toMatchObject({ orders: 8, items: 8, deferred: false, errors: [] });
      expect(calls).toEqual([markets.map(idOf).sort()]);
      // Every order under its own marketplace.
      const rows = await t.db
        .selectFrom('orders')
        .select(['amazon_order_id', 'marketplace', 'currency'])
        .where('shop_id', '=', shop.id)
        .execute();
      expect(new Map(rows.map((r) => [r.amazon_order_id, r.marketplace]))).toEqual(placed);
      expect(rows.find((r) => r.marketplace === 'pl')?.currency).toBe('PLN');

      // 同步订单 right after the scheduled run: one more call, not one per marketplace (eight
      // marketplaces twice would be 16 of getOrders' burst of 20, refilled at one a minute).
      const again = await syncShopOrders(t.deps, shop, { maxWaitMs: 0 });
      expect(again).toMatchObject({ orders: 0, deferred: false, errors: [] });
      expect(calls).toHaveLength(2);

      // Belgium added to the shop: its first run reads 30 days, the others go on from their cursor.
      const old = place('be', Date.now() - 10 * 24 * 60 * MINUTE);
      const wider = { ...shop, marketplaces: [...markets, 'be'] };
      const third = await syncShopOrders(t.deps, wider);
      expect(third).toMatchObject({ orders: 1, deferred: false, errors: [] });
      expect(calls.slice(2)).toEqual([[idOf('be')], markets.map(idOf).sort()]);
      expect(
        await t.db
          .selectFrom('orders')
          .select('marketplace')
          .where('amazon_order_id', '=', old)
          .executeTakeFirstOrThrow(),
      ).toEqual({ marketplace: 'be' });
      const cursors = await t.db
        .selectFrom('order_sync_states')
        .select(['marketplace', 'cursor', 'last_error'])
        .where('shop_id', '=', shop.id)
        .where('marketplace', '!=', '*')
        .execute();
      expect(cursors).toHaveLength(9);
      expect(new Set(cursors.map((c) => c.cursor.getTime())).size).toBe(1);
      expect(cursors.every((c) => c.last_error === null)).toBe(true);
      // Level now: the next run names all nine in one call.
      await syncShopOrders(t.deps, wider);
      expect(calls.slice(4)).toEqual([[...markets, 'be'].map(idOf).sort()]);
    } finally {
      spy.mockRestore();
    }
  });
});
