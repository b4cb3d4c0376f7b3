import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { runScheduled } from '../../src/jobs/job-runner.js';
import type { SimReq, SimRes } from '../../src/marketplace/simulator/sim-server.js';
import type { Order } from '../../src/marketplace/sp-api.orders.js';
import { orderBuyerPurge, orderSyncScheduled } from '../../src/modules/order/order-sync.job.js';
import { releaseSyncLease, takeSyncLease } from '../../src/modules/order/order-sync.repository.js';
import { syncShopOrders } from '../../src/modules/order/order-sync.service.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, signIn, useTestApp } from '../harness.js';
import { bindOrderShop, ORDER_SCALE, simListing } from './order-support.js';

/**
 * The sync's promises under the faults Amazon and the database really produce (issue 17 §4):
 * an order sent twice, a run that stops between two pages or inside a page's transaction,
 * buyer data that was deleted, and the scheduled and on-demand runs.
 */
const t = useTestApp({ spapi: { ...loadConfig({}).spapi, timeScale: ORDER_SCALE } });
const MINUTE = 60_000;
// The simulator is the process's sandbox, shared with the worker's other files: a failed test
// must not leave its rewriting of the answers behind.
afterEach(() => vi.restoreAllMocks());

type Orders = { Orders: Order[]; NextToken?: string };
const ordersOf = (res: SimRes) => (res.body as { payload: Orders }).payload;

/** Lets a test rewrite the simulator's `getOrders` answers (pages) before the client reads them. */
function rewritePages(
  sim: Awaited<ReturnType<typeof bindOrderShop>>['sim'],
  rewrite: (res: SimRes, req: SimReq) => SimRes,
) {
  const list = sim.orders.list.bind(sim.orders);
  return vi.spyOn(sim.orders, 'list').mockImplementation((req, token) => rewrite(list(req, token), req));
}

async function stored(shopId: number) {
  const rows = await t.db
    .selectFrom('orders')
    .select(['id', 'amazon_order_id', 'items_pending'])
    .where('shop_id', '=', shopId)
    .execute();
  const items = await t.db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('orders.shop_id', '=', shopId)
    .executeTakeFirstOrThrow();
  const syncLines = await t.db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('orders.shop_id', '=', shopId)
    .where('order_events.kind', '=', 'sync')
    .executeTakeFirstOrThrow();
  return {
    orders: rows.length,
    distinct: new Set(rows.map((r) => r.amazon_order_id)).size,
    itemsPending: rows.filter((r) => r.items_pending).length,
    items: Number(items.n),
    syncLines: Number(syncLines.n),
  };
}

/**
 * A tenant with a sandbox shop selling `sku` in de, and `count` seller-fulfilled orders of it
 * placed half an hour ago (paid); `place(n)` places more the same way.
 */
async function shopWithOrders(sku: string, count: number) {
  const tenant = await buildTenant(t.db);
  const { shop, seller, sim } = await bindOrderShop(t, tenant, ['de']);
  const marketplaceId = simListing(sim, seller, 'de', sku);
  const at = Date.now() - 30 * MINUTE;
  const place = (n: number) =>
    sim.orders.generate({
      sellerId: seller,
      marketplaceId,
      at,
      count: n,
      items: [{ sku }],
      channel: 'MFN',
      outcome: 'normal',
    });
  return { tenant, shop, seller, sim, at, place, ids: place(count) };
}

describe('order sync under faults', () => {
  it('an order Amazon sends twice (on the next page, and twice on one page) is stored once, with one history line', async () => {
    const { shop, sim, ids } = await shopWithOrders('SKU-DUP', 150);
    // Amazon pages by LastUpdateDate: an order updated while a client pages through the
    // window shows up again on a later page. Here page 2 repeats the last order of page 1,
    // and page 1 holds one of its orders twice.
    let lastOfFirst: Order | undefined;
    const spy = rewritePages(sim, (res, req) => {
      const page = ordersOf(res);
      if (!page?.Orders?.length) return res;
      if (!req.query.get('NextToken')) {
        lastOfFirst = page.Orders.at(-1);
        page.Orders.splice(10, 0, page.Orders[3]!);
      } else if (lastOfFirst) page.Orders.unshift(lastOfFirst);
      return res;
    });
    const run = await syncShopOrders(t.deps, shop);
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
    expect(run).toMatchObject({ orders: 150, items: 150, errors: [] });
    expect(await stored(shop.id)).toEqual({ orders: 150, distinct: 150, itemsPending: 0, items: 150, syncLines: 150 });
    expect(ids).toHaveLength(150);
  });

  it('a run that stops between two pages, or inside a page, loses and doubles nothing on the next run', async () => {
    const { shop, sim, at, ids } = await shopWithOrders('SKU-STOP', 150);

    // 1. Page 2 keeps failing (Amazon's 503 after every retry): page 1 is stored, the cursor stays.
    const failing = rewritePages(sim, (res, req) =>
      req.query.get('NextToken')
        ? { status: 503, body: { errors: [{ code: 'ServiceUnavailable', message: 'try later' }] } }
        : res,
    );
    const broken = await syncShopOrders(t.deps, shop);
    failing.mockRestore();
    expect(broken.errors).toHaveLength(1);
    expect(broken.orders).toBe(100);
    const cursor = async () =>
      (
        await t.db
          .selectFrom('order_sync_states')
          .select(['cursor', 'last_error'])
          .where('shop_id', '=', shop.id)
          .where('marketplace', '=', 'de')
          .executeTakeFirstOrThrow()
      ).cursor.getTime();
    expect(await cursor()).toBeLessThan(at);
    expect((await stored(shop.id)).orders).toBe(100);

    // 2. The database fails inside the transaction of a page: one of the orders not stored yet
    //    cannot be written, so the whole second page is rolled back.
    const have = new Set(
      (await t.db.selectFrom('orders').select('amazon_order_id').where('shop_id', '=', shop.id).execute()).map(
        (r) => r.amazon_order_id,
      ),
    );
    const victim = ids.filter((id) => !have.has(id))[20]!;
    await sql`create function test_fail_order() returns trigger language plpgsql as $$
      begin
        if new.amazon_order_id = ${sql.lit(victim)} then raise exception 'disk full (test)'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger fail_order before insert on orders for each row execute function test_fail_order()`.execute(
      t.db,
    );
    try {
      const mid = await syncShopOrders(t.deps, shop);
      expect(mid.errors).toHaveLength(1);
      expect(mid.errors[0]).toContain('同步失败');
      expect(await cursor()).toBeLessThan(at);
      const after = await stored(shop.id);
      // The first page's 100 were stored before; of the second page nothing, as one transaction.
      expect(after.orders).toBe(100);
      expect(after.distinct).toBe(100);
    } finally {
      await sql`drop trigger fail_order on orders`.execute(t.db);
      await sql`drop function test_fail_order()`.execute(t.db);
    }

    // 3. The next run reads the window again: every order once, every item once, the cursor moves.
    const next = await syncShopOrders(t.deps, shop);
    expect(next.errors).toEqual([]);
    expect(next.orders).toBe(50);
    expect(await stored(shop.id)).toEqual({ orders: 150, distinct: 150, itemsPending: 0, items: 150, syncLines: 150 });
    expect(await cursor()).toBeGreaterThan(at);
  });

  it('buyer data deleted after 30 days does not come back with a later sync of the order', async () => {
    const {
      shop,
      sim,
      ids: [id],
    } = await shopWithOrders('SKU-PII', 1);
    await syncShopOrders(t.deps, shop);
    const row = () =>
      t.db
        .selectFrom('orders')
        .select(['status', 'buyer', 'buyer_purge_after', 'buyer_purged_at'])
        .where('amazon_order_id', '=', id!)
        .executeTakeFirstOrThrow();
    const unshipped = await row();
    expect(unshipped).toMatchObject({ status: 'Unshipped', buyer_purge_after: null, buyer_purged_at: null });
    expect(unshipped.buyer?.name).toBeTruthy();

    // Shipped: the deletion date is set 30 days after the delivery.
    sim.orders.ship(id!);
    await vi.waitFor(
      async () => {
        await syncShopOrders(t.deps, shop);
        expect((await row()).status).toBe('Shipped');
      },
      { timeout: 15_000, interval: 100 },
    );
    const shipped = await row();
    const days = (shipped.buyer_purge_after!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);

    // The night job deletes what is due (here: made due by moving the date back).
    await t.db
      .updateTable('orders')
      .set({ buyer_purge_after: new Date(Date.now() - 1000) })
      .where('amazon_order_id', '=', id!)
      .execute();
    await runScheduled(t.deps, orderBuyerPurge, t.app.jobs.definitions, {});
    const purged = await row();
    expect(purged.buyer).toBeNull();
    expect(purged.buyer_purged_at).not.toBeNull();

    // Amazon updates the order later (a delivery scan, say) and still sends the buyer with it:
    // the newer state is taken, the buyer is not stored again.
    await sql`update order_sync_states set cursor = now() - interval '1 day' where shop_id = ${shop.id}`.execute(t.db);
    await sql`update orders set last_update_date = last_update_date - interval '1 hour' where amazon_order_id = ${id}`.execute(
      t.db,
    );
    const later = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000).toISOString();
    const spy = rewritePages(sim, (res) => {
      for (const o of ordersOf(res)?.Orders ?? []) {
        if (o.AmazonOrderId !== id) continue;
        o.LastUpdateDate = later;
        expect(o.BuyerInfo?.BuyerName).toBeTruthy();
      }
      return res;
    });
    await syncShopOrders(t.deps, shop);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    const updated = await t.db
      .selectFrom('orders')
      .select(['last_update_date', 'buyer'])
      .where('amazon_order_id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(updated.last_update_date.toISOString()).toBe(later);
    expect(updated.buyer).toBeNull();
  });

  it('the scheduled run brings new orders by itself; 同步订单 runs as a job whose progress counts the shop', async () => {
    const { tenant, shop, place, ids: first } = await shopWithOrders('SKU-CRON', 3);
    await runScheduled(t.deps, orderSyncScheduled, t.app.jobs.definitions, {});
    const names = async () =>
      (await t.db.selectFrom('orders').select('amazon_order_id').where('shop_id', '=', shop.id).execute())
        .map((r) => r.amazon_order_id)
        .sort();
    expect(await names()).toEqual([...first].sort());

    // Placed in the same half hour, but seen by Amazon only now: the window is read again
    // (the three known orders are unchanged, so only the two new ones count).
    await sql`update order_sync_states set cursor = now() - interval '1 day' where shop_id = ${shop.id}`.execute(t.db);
    const more = place(2);
    const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const started = await call(t.app, admin, 'POST', '/PDD/order/sync', { shop_id: shop.id });
    expect(started.status).toBe(200);
    let job = null as null | { status: string; progress: number; total: number; result: unknown };
    await vi.waitFor(
      async () => {
        job = (await call(t.app, admin, 'GET', `/PDD/jobs/get?id=${started.data.job_id}`)).data;
        expect(['done', 'failed']).toContain(job?.status);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(job).toMatchObject({ status: 'done', progress: 1, total: 1 });
    expect(job!.result).toMatchObject({ shops: 1, orders: 2, items: 2, errors: [] });
    expect(await names()).toEqual([...first, ...more].sort());
  });

  it("one tenant's 同步订单 waiting on Amazon does not hold up another tenant's", async () => {
    const slow = await shopWithOrders('SKU-WAIT', 1);
    const fast = await shopWithOrders('SKU-GO', 1);
    // The slow shop's getOrders answer comes when the test says (the simulator awaits its handlers).
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let waiting = false;
    const list = slow.sim.orders.list.bind(slow.sim.orders);
    vi.spyOn(slow.sim.orders, 'list').mockImplementation(((req: SimReq, token: string) => {
      if (req.sellerId !== slow.seller) return list(req, token);
      waiting = true;
      return held.then(() => list(req, token));
    }) as unknown as typeof list);
    const start = async (tenant: typeof slow.tenant, shopId: number) => {
      const s = await signIn(t.app, tenant.account, TEST_PASSWORD);
      const r = await call(t.app, s, 'POST', '/PDD/order/sync', { shop_id: shopId });
      expect(r.status).toBe(200);
      return async () => (await call(t.app, s, 'GET', `/PDD/jobs/get?id=${r.data.job_id}`)).data?.status as string;
    };
    try {
      const slowStatus = await start(slow.tenant, slow.shop.id);
      await vi.waitFor(() => expect(waiting).toBe(true), { timeout: 20_000, interval: 50 });
      const fastStatus = await start(fast.tenant, fast.shop.id);
      await vi.waitFor(async () => expect(await fastStatus()).toBe('done'), { timeout: 20_000, interval: 50 });
      expect(await slowStatus()).toBe('running');
      release();
      await vi.waitFor(async () => expect(await slowStatus()).toBe('done'), { timeout: 20_000, interval: 50 });
    } finally {
      release();
    }
  });

  it('同步订单 while another run holds a marketplace waits for that run, then reads on from its cursor; the scheduled run leaves it at once', async () => {
    const { shop, ids } = await shopWithOrders('SKU-LEASE', 2);
    // Another run (another process) holds the marketplace and the refunds.
    const other = async (code: string) =>
      (await takeSyncLease(t.db, shop.tenant_id, shop.id, code, new Date(Date.now() - 3_600_000), 600_000))!;
    const cursor = await other('de');
    await other('*');
    const skipped = await syncShopOrders(t.deps, shop, { leaseWaitMs: 0 });
    expect(skipped).toMatchObject({ orders: 0, deferred: false, errors: [] });

    const waiting = syncShopOrders(t.deps, shop, { leaseWaitMs: 20_000 });
    let settled = false;
    void waiting.then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(settled).toBe(false);
    // The other run ends without having moved the cursor (it stopped): the waiting run reads the window.
    await releaseSyncLease(t.db, shop.tenant_id, shop.id, 'de', { error: null, seen: 0 });
    await releaseSyncLease(t.db, shop.tenant_id, shop.id, '*', { error: null, seen: 0 });
    expect(await waiting).toMatchObject({ orders: 2, items: 2, deferred: false, errors: [] });
    expect((await stored(shop.id)).orders).toBe(ids.length);
    const state = await t.db
      .selectFrom('order_sync_states')
      .select(['cursor', 'lease_until'])
      .where('shop_id', '=', shop.id)
      .where('marketplace', '=', 'de')
      .executeTakeFirstOrThrow();
    expect(state.lease_until).toBeNull();
    expect(state.cursor.getTime()).toBeGreaterThan(cursor.getTime());

    // A lease that is not given back in time: the wait ends, the marketplace is left (deferred).
    await other('de');
    const late = await syncShopOrders(t.deps, shop, { leaseWaitMs: 300 });
    expect(late).toMatchObject({ orders: 0, deferred: true, errors: [] });
    await releaseSyncLease(t.db, shop.tenant_id, shop.id, 'de', { error: null, seen: 0 });
  });
});
