import type { Auth } from '@console/shared/constants/roles';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { inventoryMismatches } from '../../src/inventory/inventory-check.repository.js';
import type { JobContext } from '../../src/lib/server-module.js';
import { fbaStockScheduled } from '../../src/modules/fba/fba-stock.job.js';
import { postFbaReceipt, syncShopStock } from '../../src/modules/fba/fba-stock.service.js';
import { buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { fbaWorld, skuNames, US } from './fba-shipment-support.js';

/** FBA stock from the FBA Inventory API into the ledger (docs/fba.md "FBA stock") against the in-server simulator. */
const t = useTestApp({ spapi: { ...loadConfig({}).spapi, timeScale: 200 } });
const w = fbaWorld(t);
const S = '/PDD/fba/stock';

type Seller = Awaited<ReturnType<typeof w.seller>>;

async function syncByApi(s: Session, body: object = {}) {
  const started = await call(t.app, s, 'POST', `${S}/sync`, body);
  expect(started.http, started.msg).toBe(200);
  const job = await w.waitJob(s, started.data.job_id, 600);
  expect(job.status, JSON.stringify(job)).toBe('done');
  return job.result as {
    pairs: number;
    skus: number;
    movements: number;
    units_in: number;
    units_out: number;
    created_skus: number;
    errors: string[];
  };
}

/** The FBA (US) movements of a SKU, oldest first. */
async function fbaMoves(tenantId: number, stockId: number) {
  return t.db
    .selectFrom('stock_movements as m')
    .innerJoin('stock_locations as l', 'l.id', 'm.location_id')
    .select(['m.kind', 'm.quantity', 'm.reason', 'm.doc_type', 'm.doc_id', 'm.balance_after'])
    .where('m.tenant_id', '=', tenantId)
    .where('m.stock_id', '=', stockId)
    .where('l.kind', '=', 'fba')
    .orderBy('m.id')
    .execute();
}

const shopOf = (s: Seller) => ({ id: s.shopId, tenant_id: s.admin.id, name: '美国沙箱店' });

describe('FBA stock sync', () => {
  it('posts each difference once, creates unknown MSKUs, keeps the breakdown; a second run posts nothing', async () => {
    const s = await w.seller();
    const [known] = await w.skus(s.admin, s.sellerId, skuNames(1), 0);
    const sku = (
      await t.db.selectFrom('stock_products').select('sku').where('id', '=', known!).executeTakeFirstOrThrow()
    ).sku;
    const unknown = `${sku}-AMZ`;
    s.inbound.setStock(s.sellerId, US, sku, { fulfillable: 7, pendingCustomerOrder: 2, unfulfillable: 1 });
    s.inbound.setStock(s.sellerId, US, unknown, { fulfillable: 3 });

    const first = await syncByApi(s.s);
    expect(first).toMatchObject({
      pairs: 1,
      skus: 2,
      movements: 2,
      units_in: 13,
      units_out: 0,
      created_skus: 1,
      errors: [],
    });
    expect(await w.stock(s.admin.id, known!)).toEqual({ china: 0, fba: 10 });
    const made = await t.db
      .selectFrom('stock_products')
      .select(['id', 'created_by'])
      .where('tenant_id', '=', s.admin.id)
      .where('sku', '=', unknown)
      .executeTakeFirstOrThrow();
    expect(made.created_by).toBeNull();
    expect((await w.stock(s.admin.id, Number(made.id))).fba).toBe(3);
    const moves = await fbaMoves(s.admin.id, known!);
    expect(moves).toMatchObject([
      { kind: 'in', quantity: 10, reason: 'fba_sync', doc_type: 'fba_sync', balance_after: 10 },
    ]);

    const items = await call(t.app, s.s, 'POST', `${S}/items`, { stock_ids: [known] });
    expect(items.data.list).toMatchObject([
      {
        msku: sku,
        marketplace_name: '美国',
        fulfillable: 7,
        reserved: 2,
        unfulfillable: 1,
        inbound_working: 0,
        on_hand: 10,
      },
    ]);
    const status = await call(t.app, s.s, 'POST', `${S}/status`, {});
    expect(status.data.interval_minutes).toBe(30);
    expect(status.data.list).toMatchObject([
      { shop_id: s.shopId, marketplace_name: '美国', last_error: '', running: false },
    ]);
    expect(status.data.list[0].last_synced_at).toBeGreaterThan(0);

    expect(await syncByApi(s.s)).toMatchObject({ skus: 2, movements: 0, units_in: 0, units_out: 0, created_skus: 0 });
    expect(await fbaMoves(s.admin.id, known!)).toHaveLength(1);

    // Sold and removed at Amazon: the balance follows down; an MSKU Amazon stops listing drops to 0.
    s.inbound.setStock(s.sellerId, US, sku, { fulfillable: 4, pendingCustomerOrder: 0, unfulfillable: 1 });
    s.inbound.stock.delete(`${s.sellerId}|${US}|${unknown}`);
    expect(await syncByApi(s.s)).toMatchObject({ skus: 1, movements: 2, units_in: 0, units_out: 8 });
    expect((await w.stock(s.admin.id, known!)).fba).toBe(5);
    expect((await w.stock(s.admin.id, Number(made.id))).fba).toBe(0);
    expect((await fbaMoves(s.admin.id, known!)).at(-1)).toMatchObject({ kind: 'out', quantity: 5, balance_after: 5 });
    expect(await inventoryMismatches(t.db, s.admin.id)).toEqual([]);
  });

  it('an AFN order takes its units at Amazon: reserved while unshipped, gone once shipped; the sync posts the sale', async () => {
    const s = await w.seller();
    const [id] = await w.skus(s.admin, s.sellerId, skuNames(1), 0);
    const sku = (await t.db.selectFrom('stock_products').select('sku').where('id', '=', id!).executeTakeFirstOrThrow())
      .sku;
    s.inbound.setStock(s.sellerId, US, sku, { fulfillable: 6 });
    expect(await syncByApi(s.s)).toMatchObject({ movements: 1, units_in: 6 });
    // The buyer pays at once; Amazon has not shipped yet: 2 units reserved, still on hand.
    const book = s.inbound.sim.orders;
    const [order] = book.generate({
      sellerId: s.sellerId,
      marketplaceId: US,
      items: [{ sku, quantity: 2 }],
      channel: 'AFN',
      outcome: 'normal',
      pendingSeconds: 0,
    });
    expect(await syncByApi(s.s)).toMatchObject({ movements: 0 });
    const items = await call(t.app, s.s, 'POST', `${S}/items`, { stock_ids: [id] });
    expect(items.data.list).toMatchObject([{ fulfillable: 4, reserved: 2, on_hand: 6 }]);
    // Shipped: the units leave Amazon's stock, and the next sync posts them out of the ledger.
    book.ship(order!);
    expect(await syncByApi(s.s)).toMatchObject({ movements: 1, units_in: 0, units_out: 2 });
    expect((await w.stock(s.admin.id, id!)).fba).toBe(4);
    expect((await fbaMoves(s.admin.id, id!)).at(-1)).toMatchObject({
      kind: 'out',
      quantity: 2,
      reason: 'fba_sync',
      balance_after: 4,
    });
    // An MFN order of the same SKU leaves the FBA stock alone.
    book.generate({ sellerId: s.sellerId, marketplaceId: US, items: [{ sku }], channel: 'MFN', pendingSeconds: 0 });
    expect(await syncByApi(s.s)).toMatchObject({ movements: 0 });
    expect(await inventoryMismatches(t.db, s.admin.id)).toEqual([]);
  });

  it('reads every page (60 MSKUs, 50 a page) and rides out 429s within the rate limit', async () => {
    const s = await w.seller();
    const prefix = skuNames(1)[0]!;
    for (let i = 0; i < 60; i++) s.inbound.setStock(s.sellerId, US, `${prefix}-P${i}`, { fulfillable: 1 + (i % 3) });
    const sim = w.sb().sim;
    const before = sim.counters.requests.get('getInventorySummaries') ?? 0;
    sim.inject({ kind: 'throttle', count: 2, operation: 'getInventorySummaries' });
    const r = await syncShopStock(t.deps, shopOf(s), US);
    expect(r).toMatchObject({ skus: 60, movements: 60, created_skus: 60, units_in: 120, errors: [] });
    // Two pages plus the two throttled attempts, retried.
    expect((sim.counters.requests.get('getInventorySummaries') ?? 0) - before).toBe(4);
    expect(await inventoryMismatches(t.db, s.admin.id)).toEqual([]);
  });

  it('posts once when two runs sync the same shop at once', async () => {
    const s = await w.seller();
    const [id] = await w.skus(s.admin, s.sellerId, skuNames(1), 0);
    const sku = (await t.db.selectFrom('stock_products').select('sku').where('id', '=', id!).executeTakeFirstOrThrow())
      .sku;
    s.inbound.setStock(s.sellerId, US, sku, { fulfillable: 9 });
    const runs = await Promise.all([
      syncShopStock(t.deps, shopOf(s), US, { leaseWaitMs: 60_000 }),
      syncShopStock(t.deps, shopOf(s), US, { leaseWaitMs: 60_000 }),
      syncShopStock(t.deps, shopOf(s), US),
    ]);
    expect(runs.reduce((n, r) => n + r.movements, 0)).toBe(1);
    expect(await fbaMoves(s.admin.id, id!)).toMatchObject([{ kind: 'in', quantity: 9 }]);
    expect(await inventoryMismatches(t.db, s.admin.id)).toEqual([]);
  });

  it("never touches another tenant's shop or stock; the schedule syncs what is due", async () => {
    const a = await w.seller();
    const b = await w.seller();
    const [ida] = await w.skus(a.admin, a.sellerId, skuNames(1), 0);
    const [idb] = await w.skus(b.admin, b.sellerId, skuNames(1), 0);
    const skuOf = async (id: number) =>
      (await t.db.selectFrom('stock_products').select('sku').where('id', '=', id).executeTakeFirstOrThrow()).sku;
    a.inbound.setStock(a.sellerId, US, await skuOf(ida!), { fulfillable: 4 });
    b.inbound.setStock(b.sellerId, US, await skuOf(idb!), { fulfillable: 6 });
    await syncByApi(a.s);
    expect((await w.stock(a.admin.id, ida!)).fba).toBe(4);
    expect(await w.stock(b.admin.id, idb!)).toEqual({ china: 0, fba: 0 });
    const bRows = await t.db.selectFrom('fba_stock_items').select('msku').where('tenant_id', '=', b.admin.id).execute();
    expect(bRows).toEqual([]);
    // A's shop id and SKU ids are not B's.
    const foreign = await call(t.app, b.s, 'POST', `${S}/sync`, { shop_ids: [a.shopId] });
    expect(foreign.http).toBe(404);
    expect((await call(t.app, b.s, 'POST', `${S}/items`, { stock_ids: [ida] })).data.list).toEqual([]);

    // The schedule: B was never synced and bound an hour ago (due), A was just synced (not due).
    await t.db
      .updateTable('shops')
      .set({ authorized_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', b.shopId)
      .execute();
    const aRuns = async () =>
      (await t.db.selectFrom('fba_stock_runs').select('id').where('tenant_id', '=', a.admin.id).execute()).length;
    const aBefore = await aRuns();
    await fbaStockScheduled.run({ deps: t.deps, job: null, definitions: new Map() } as unknown as JobContext, {});
    expect((await w.stock(b.admin.id, idb!)).fba).toBe(6);
    expect(await aRuns()).toBe(aBefore);
  });

  it('a receipt of an own shipment and the sync never count the same units twice', async () => {
    const s = await w.seller();
    const [x, y] = await w.skus(s.admin, s.sellerId, skuNames(2), 0);
    const skus = await t.db.selectFrom('stock_products').select(['id', 'sku']).where('id', 'in', [x!, y!]).execute();
    const skuOf = (id: number) => skus.find((r) => Number(r.id) === id)!.sku;
    const ship = await t.db
      .insertInto('fba_shipments')
      .values({
        tenant_id: s.admin.id,
        shop_id: s.shopId,
        marketplace: 'us',
        marketplace_id: US,
        number: `FS${Date.now()}`,
        status: 'shipped',
        source_address: JSON.stringify({}),
        created_by: s.admin.id,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const shipmentId = Number(ship.id);
    for (const id of [x!, y!])
      await t.db
        .insertInto('fba_shipment_items')
        .values({
          shipment_id: shipmentId,
          tenant_id: s.admin.id,
          stock_id: id,
          msku: skuOf(id),
          quantity: 10,
        } as never)
        .execute();
    const receive = (stockId: number) =>
      t.db.transaction().execute(async (trx) => {
        const posted = await postFbaReceipt(trx, {
          tenantId: s.admin.id,
          stockId,
          marketplaceId: US,
          quantity: 10,
          shipmentId,
          note: '头程发货 亚马逊接收',
          by: s.admin.id,
        });
        await trx
          .updateTable('fba_shipment_items')
          .set({ quantity_received: 10 })
          .where('shipment_id', '=', shipmentId)
          .where('stock_id', '=', stockId)
          .execute();
        return posted;
      });

    // X: Amazon counts the 10 units before 同步接收 — the sync adds them, the receipt adds nothing.
    // Y: 同步接收 first — the receipt adds them, the sync finds nothing to add.
    s.inbound.setStock(s.sellerId, US, skuOf(x!), { fulfillable: 10 });
    expect(await receive(y!)).toBe(10);
    s.inbound.setStock(s.sellerId, US, skuOf(y!), { fulfillable: 10 });
    const r = await syncShopStock(t.deps, shopOf(s), US);
    expect(r).toMatchObject({ movements: 1, units_in: 10 });
    expect(await receive(x!)).toBe(0);
    for (const id of [x!, y!]) expect((await w.stock(s.admin.id, id)).fba).toBe(10);
    expect((await fbaMoves(s.admin.id, x!)).map((m) => m.reason)).toEqual(['fba_sync']);
    expect((await fbaMoves(s.admin.id, y!)).map((m) => m.reason)).toEqual(['receipt']);
    expect(await syncShopStock(t.deps, shopOf(s), US)).toMatchObject({ movements: 0 });
    expect(await inventoryMismatches(t.db, s.admin.id)).toEqual([]);
  });
});

describe('/fba/stock access', () => {
  it('同步FBA库存 is for the roles that keep stock (fba.use): 3, 5 and 6 are refused; the action is audited', async () => {
    const s = await w.seller();
    const sessions: Record<number, Session> = { 0: s.s };
    for (const auth of [1, 2, 3, 4, 5, 6] as Auth[]) {
      const u = await buildUser(t.db, s.admin, { auth });
      sessions[auth] = await signIn(t.app, u.account, TEST_PASSWORD);
    }
    const codes: Record<number, number> = {};
    const jobs: string[] = [];
    for (const auth of [0, 1, 2, 3, 4, 5, 6]) {
      const r = await call(t.app, sessions[auth]!, 'POST', `${S}/sync`, {});
      codes[auth] = r.http;
      if (r.http === 200) jobs.push(r.data.job_id);
    }
    expect(codes).toEqual({ 0: 200, 1: 200, 2: 200, 3: 403, 4: 200, 5: 403, 6: 403 });
    for (const id of jobs) expect((await w.waitJob(s.s, id, 600)).status).toBe('done');
    const logs = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('tenant_id', '=', s.admin.id)
      .where('action', '=', 'fba.stock.sync')
      .execute();
    expect(logs).toHaveLength(4);
  });
});
