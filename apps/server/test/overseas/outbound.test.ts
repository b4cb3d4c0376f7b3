// 出库单 (issue 30 §2, docs/overseas.md "Outbound"): roles, tenancy, status steps, quantities,
// the last units under 50 concurrent creations, cancel releasing, ship posting fees once and
// queueing one confirmation to Amazon through the logistics outbox.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { inventoryMismatches } from '../../src/inventory/inventory-check.repository.js';
import { processDueConfirmations } from '../../src/modules/logistics/confirm.service.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { receivedOrders, topUp } from '../logistics/logistics-support.js';
import { balance, receive, recipient, sku, tenantWorld, warehouse } from './outbound-support.js';

const t = useTestApp({ workers: false, spapi: { ...loadConfig({}).spapi } });
const O = '/PDD/overseas/outbound/';

let operator: Session;
beforeAll(async () => {
  const op = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  operator = await signIn(t.app, op.account, TEST_PASSWORD);
});

async function stocked(units = 10) {
  const w = await tenantWorld(t);
  const wh = await warehouse(t);
  const stockId = await sku(t, w.tenant, `OB-${w.tenant.id}`);
  await receive(t, w.tenant.id, stockId, wh.id, units);
  await topUp(t, w.tenant.id, 1_000_000);
  const body = (quantity: number) => ({
    warehouse_id: wh.id,
    recipient,
    lines: [{ stock_id: stockId, quantity }],
    carrier_code: 'DHL',
    channel: 'DHL Paket',
  });
  return { ...w, wh, stockId, body };
}

const ledgerRows = (tenantId: number) =>
  t.db
    .selectFrom('ledger_entries')
    .select(['idem_key', 'ref_type', 'ref_id', 'amazon_order_id', 'order_id', 'note'])
    .where('tenant_id', '=', tenantId)
    .where('idem_key', 'like', 'overseas-outbound:%')
    .orderBy('id')
    .execute();

describe('overseas outbound', () => {
  it('lets the stock roles create and cancel, the warehouse step, and refuses the rest', async () => {
    const w = await stocked();
    for (const auth of [0, 1, 2] as const) {
      const r = await call(t.app, await w.as(auth), 'POST', `${O}save`, w.body(1));
      expect([r.status, r.msg]).toEqual([200, '出库单已创建']);
      expect(r.data).toMatchObject({ status: 'created', units: 1, number: expect.stringMatching(/^OB\d{12}$/) });
    }
    for (const auth of [3, 6] as const) {
      expect((await call(t.app, await w.as(auth), 'POST', `${O}save`, w.body(1))).status).toBe(403);
    }
    const trader = await buildTenant(t.db, { auth: 5 });
    expect((await call(t.app, await signIn(t.app, trader.account, TEST_PASSWORD), 'POST', `${O}list`, {})).status).toBe(
      403,
    );
    // A tenant's admin is not the warehouse: no picking, no warehouse view.
    const list = await call(t.app, await w.as(0), 'POST', `${O}list`, {});
    expect([list.data.total, list.data.counts.created]).toEqual([3, 3]);
    const id = list.data.list[0].id;
    expect((await call(t.app, await w.as(0), 'POST', `${O}pick`, { id })).status).toBe(403);
    expect((await call(t.app, await w.as(0), 'POST', `${O}list`, { scope: 'warehouse' })).status).toBe(403);
    // The warehouse sees every tenant's outbounds and steps them.
    const queue = await call(t.app, operator, 'POST', `${O}list`, { scope: 'warehouse', status: 'created' });
    expect(queue.data.list.map((x: { id: number }) => x.id)).toContain(id);
    expect((await call(t.app, operator, 'POST', `${O}pick`, { id })).data.status).toBe('picking');
    const audit = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('target_id', '=', String(id))
      .where('target_type', '=', 'overseas_outbound')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['overseas.outbound.create', 'overseas.outbound.pick']);
  });

  it("answers 404 for another tenant's outbound and SKU", async () => {
    const a = await stocked();
    const b = await stocked();
    const mine = await call(t.app, await a.as(0), 'POST', `${O}save`, a.body(2));
    for (const path of ['cancel', 'detail']) {
      const r = await call(t.app, await b.as(0), 'POST', `${O}${path}`, { id: mine.data.id });
      expect([r.status, r.msg]).toEqual([404, '出库单不存在']);
    }
    const foreignSku = await call(t.app, await b.as(0), 'POST', `${O}save`, {
      ...b.body(1),
      lines: [{ stock_id: a.stockId, quantity: 1 }],
    });
    expect([foreignSku.status, foreignSku.msg]).toEqual([404, 'SKU不存在']);
    expect(await balance(t, a.tenant.id, a.stockId, a.wh.id)).toEqual({ on_hand: 10, reserved: 2 });
  });

  it('refuses bad quantities, bad recipients, inactive warehouses and unknown carriers', async () => {
    const w = await stocked();
    const s = await w.as(0);
    for (const quantity of [0, -1, 1.5, 'x', 100_001]) {
      const r = await call(t.app, s, 'POST', `${O}save`, w.body(quantity as number));
      expect(r.status).toBe(400);
    }
    const noCity = await call(t.app, s, 'POST', `${O}save`, { ...w.body(1), recipient: { ...recipient, city: '' } });
    expect(noCity.status).toBe(400);
    const short = await call(t.app, s, 'POST', `${O}save`, w.body(11));
    expect([short.status, short.msg]).toEqual([409, `库存不足:SKU OB-${w.tenant.id} 可用 10 件,需要 11 件`]);
    const off = await warehouse(t, { active: false });
    expect((await call(t.app, s, 'POST', `${O}save`, { ...w.body(1), warehouse_id: off.id })).msg).toContain('已停用');
    expect((await call(t.app, s, 'POST', `${O}save`, { ...w.body(1), carrier_code: 'UPS' })).msg).toContain(
      '不支持承运商 UPS',
    );
    // All lines or none: a second line short of stock keeps the first unreserved.
    const other = await sku(t, w.tenant, `OB2-${w.tenant.id}`);
    const both = await call(t.app, s, 'POST', `${O}save`, {
      ...w.body(3),
      lines: [
        { stock_id: w.stockId, quantity: 3 },
        { stock_id: other, quantity: 1 },
      ],
    });
    expect([both.status, both.data]).toEqual([
      409,
      expect.objectContaining({ sku: `OB2-${w.tenant.id}`, available: 0 }),
    ]);
    expect(await balance(t, w.tenant.id, w.stockId, w.wh.id)).toEqual({ on_hand: 10, reserved: 0 });
  });

  it('of 50 concurrent creations on the last 5 units exactly 5 succeed; cancel releases', async () => {
    const w = await stocked(5);
    const s = await w.as(0);
    const all = await Promise.all(Array.from({ length: 50 }, () => call(t.app, s, 'POST', `${O}save`, w.body(1))));
    const done = all.filter((r) => r.status === 200);
    expect(done).toHaveLength(5);
    for (const r of all.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.msg).toBe(`库存不足:SKU OB-${w.tenant.id} 可用 0 件,需要 1 件`);
      expect(r.data).toMatchObject({ sku: `OB-${w.tenant.id}`, available: 0 });
    }
    expect(await balance(t, w.tenant.id, w.stockId, w.wh.id)).toEqual({ on_hand: 5, reserved: 5 });
    const c = await call(t.app, s, 'POST', `${O}cancel`, { id: done[0]!.data.id });
    expect([c.status, c.data.status]).toEqual([200, 'cancelled']);
    expect(await balance(t, w.tenant.id, w.stockId, w.wh.id)).toEqual({ on_hand: 5, reserved: 4 });
    expect((await call(t.app, s, 'POST', `${O}cancel`, { id: done[0]!.data.id })).status).toBe(409);
    expect(await inventoryMismatches(t.db, w.tenant.id)).toEqual([]);
  });

  it('steps created → picking → packed → shipped only in order; ship posts the fees once', async () => {
    const w = await stocked(10);
    const s = await w.as(0);
    const ob = (await call(t.app, s, 'POST', `${O}save`, w.body(3))).data;
    expect((await call(t.app, operator, 'POST', `${O}pack`, { id: ob.id })).status).toBe(409);
    expect((await call(t.app, operator, 'POST', `${O}ship`, { id: ob.id, tracking_no: 'T1' })).msg).toContain(
      '当前「已创建」,不能发货',
    );
    await call(t.app, operator, 'POST', `${O}pick`, { id: ob.id });
    expect((await call(t.app, operator, 'POST', `${O}pick`, { id: ob.id })).status).toBe(409);
    await call(t.app, operator, 'POST', `${O}pack`, { id: ob.id });
    // The units were received 10 days ago: 3 units × 0.001 m³ × 10 days × 1000 fen = 30 fen of storage.
    await sql`update stock_movements set created_at = now() - interval '9 days 1 hour'
               where tenant_id = ${w.tenant.id} and kind = 'in'`.execute(t.db);
    const ships = await Promise.all(
      Array.from({ length: 8 }, () => call(t.app, operator, 'POST', `${O}ship`, { id: ob.id, tracking_no: 'DHL123' })),
    );
    expect(ships.filter((r) => r.status === 200)).toHaveLength(1);
    expect(ships.filter((r) => r.status === 409)).toHaveLength(7);
    const fee = 300 + 3 * 50 + 800 + 30;
    expect(ships.find((r) => r.status === 200)!.data).toMatchObject({ status: 'shipped', fee_total_minor: fee });
    const rows = await ledgerRows(w.tenant.id);
    expect(rows.map((r) => r.note)).toEqual([
      `海外仓出库单 ${ob.number} 操作费`,
      `海外仓出库单 ${ob.number} 拣货费(3 件)`,
      `海外仓出库单 ${ob.number} 本地派送费`,
      `海外仓出库单 ${ob.number} 仓储费`,
    ]);
    expect(rows.every((r) => r.ref_type === 'service' && r.ref_id === ob.number)).toBe(true);
    // 库存流水 names the outbound by its number (not an order id or a bare id).
    const flow = await call(t.app, s, 'POST', '/PDD/overseas/inventory/flow', { reason: 'pick' });
    expect(flow.data.list.map((m: { doc_type: string; doc_no: string }) => [m.doc_type, m.doc_no])).toEqual([
      ['outbound', ob.number],
    ]);
    const bal = await t.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('tenant_id', '=', w.tenant.id)
      .where('kind', '=', 'available')
      .executeTakeFirstOrThrow();
    expect(Number(bal.balance)).toBe(1_000_000 - fee);
    expect(await balance(t, w.tenant.id, w.stockId, w.wh.id)).toEqual({ on_hand: 7, reserved: 0 });
    expect((await call(t.app, s, 'POST', `${O}cancel`, { id: ob.id })).msg).toContain('不能取消');
    const detail = await call(t.app, s, 'POST', `${O}detail`, { id: ob.id });
    expect(detail.data).toMatchObject({ status: 'shipped', tracking_no: 'DHL123', fees_posted: true });
    // A manual outbound queues no confirmation to Amazon.
    const queued = await t.db
      .selectFrom('logistics_confirmations')
      .select('id')
      .where('outbound_id', '=', ob.id)
      .execute();
    expect(queued).toEqual([]);
    expect(await inventoryMismatches(t.db, w.tenant.id)).toEqual([]);
  });

  it('ships an Amazon order from the warehouse: one confirmation, the order shipped, fees naming the order', async () => {
    const w = await tenantWorld(t);
    const wh = await warehouse(t);
    const world = await receivedOrders(t, w.tenant, 1);
    const order = world.orders[0]!;
    const stockId = await sku(t, w.tenant, `LOG-${w.tenant.id}`);
    await topUp(t, w.tenant.id, 1_000_000);
    const s = await w.as(0);
    const none = await call(t.app, s, 'POST', `${O}eligible`, { order_ids: [order.id] });
    expect(none.data.list).toEqual([]);
    await receive(t, w.tenant.id, stockId, wh.id, 2);
    const el = await call(t.app, s, 'POST', `${O}eligible`, { order_ids: [order.id] });
    expect(el.data.list).toEqual([
      { order_id: order.id, warehouses: [{ id: wh.id, code: wh.code, name: expect.any(String) }] },
    ]);
    const made = await call(t.app, s, 'POST', `${O}from-order`, {
      order_id: order.id,
      warehouse_id: wh.id,
      carrier_code: 'DHL',
    });
    expect(made.status).toBe(200);
    expect(made.data).toMatchObject({
      source: 'order',
      amazon_order_id: order.amazonOrderId,
      recipient: {
        name: '张伟 Zhang Wei',
        line1: 'Hauptstraße 1',
        city: 'Berlin',
        postal_code: '10115',
        country: 'DE',
      },
      lines: [{ stock_id: stockId, quantity: 1 }],
    });
    const again = await call(t.app, s, 'POST', `${O}from-order`, { order_id: order.id, warehouse_id: wh.id });
    expect([again.status, again.msg]).toEqual([409, '该订单已有海外仓出库单']);
    expect((await call(t.app, s, 'POST', `${O}eligible`, { order_ids: [order.id] })).data.list).toEqual([]);
    await call(t.app, operator, 'POST', `${O}pick`, { id: made.data.id });
    await call(t.app, operator, 'POST', `${O}pack`, { id: made.data.id });
    // Amazon is told the carrier: only one the warehouse ships with (as at creation).
    const ups = { id: made.data.id, tracking_no: 'UPS1', carrier_code: 'UPS' };
    const refused = await call(t.app, operator, 'POST', `${O}ship`, ups);
    expect([refused.status, refused.msg]).toEqual([400, `仓库 ${wh.code} 不支持承运商 UPS`]);
    const ships = await Promise.all(
      [1, 2, 3].map(() => call(t.app, operator, 'POST', `${O}ship`, { id: made.data.id, tracking_no: 'DHL777' })),
    );
    expect(ships.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const queued = await t.db
      .selectFrom('logistics_confirmations')
      .select(['id', 'order_id'])
      .where('outbound_id', '=', made.data.id)
      .execute();
    expect(queued).toEqual([{ id: expect.any(Number), order_id: order.id }]);
    expect(await processDueConfirmations(t.deps, { tenantId: w.tenant.id })).toBe(1);
    const pk = world.sim.orders.packages.filter((k) => k.amazonOrderId === order.amazonOrderId);
    expect(pk).toEqual([expect.objectContaining({ carrierCode: 'DHL', trackingNumber: 'DHL777' })]);
    const o = await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(o.status).toBe('Shipped');
    const rows = await ledgerRows(w.tenant.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.amazon_order_id === order.amazonOrderId && Number(r.order_id) === order.id)).toBe(true);
  });
});
