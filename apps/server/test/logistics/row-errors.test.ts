// Failures of row actions stay on the row until dealt with (issue 29 §2): a refused 发货 or
// 取消运单 is kept on the waybill, a refused 确认收货 (配货) on the order item, across reloads,
// until the action succeeds (cleared in its transaction) or the user dismisses it (知道了).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { carrierOf, closeCarrier } from '../../src/logistics/carrier-sandbox.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { orderWorld } from '../order/order-support.js';
import { channelBody, receivedOrders, topUp } from './logistics-support.js';

const t = useTestApp({ workers: false, spapi: { ...loadConfig({}).spapi } });
const L = '/PDD/logistics/';
const O = '/PDD/order/';

async function distribute(s: Session, id: number) {
  const d = await call(t.app, s, 'POST', `${O}detail`, { id });
  const r = await call(t.app, s, 'POST', `${O}distribution/done`, {
    id,
    version: d.data.version,
    weight_g: 300,
    length_cm: 20,
    width_cm: 15,
    height_cm: 10,
  });
  expect(r.status, r.msg).toBe(200);
}

describe('row failures stay until dealt with (issue 29 §2)', () => {
  it('a refused 发货 or 取消运单 is kept on the waybill until it succeeds or is dismissed', async () => {
    const op = await buildTenant(t.db); // uid 1: the platform operator
    const operator = await signIn(t.app, op.account, TEST_PASSWORD);
    const ch = await call(t.app, operator, 'POST', `${L}channel/create`, channelBody());
    expect(ch.status, ch.msg).toBe(200);
    const tenant = await buildTenant(t.db);
    const { orders } = await receivedOrders(t, tenant, 2);
    await topUp(t, tenant.id, 1_000_000);
    const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const worker = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 2 })).account, TEST_PASSWORD);
    const other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
    const waybill = async (orderId: number) => {
      await distribute(admin, orderId);
      const p = await call(t.app, worker, 'POST', `${L}parcel/submit`, { order_id: orderId, channel_id: ch.data.id });
      expect(p.status, p.msg).toBe(200);
      return call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: p.data.id });
    };
    const row = async (id: number) =>
      (await call(t.app, worker, 'GET', `${L}waybill/list?page=1&pageSize=50`)).data.list.find(
        (w: { id: number }) => w.id === id,
      );

    // The carrier unreachable at 创建运单: the waybill stays without a tracking number …
    const url = t.deps.config.carrier.apiUrl;
    t.deps.config.carrier.apiUrl = 'http://127.0.0.1:9';
    await closeCarrier(t.deps.config);
    const pending = await waybill(orders[0]!.id);
    expect(pending.http, pending.msg).toBe(409);
    t.deps.config.carrier.apiUrl = url;
    await closeCarrier(t.deps.config);
    const first = (await call(t.app, worker, 'GET', `${L}waybill/list?page=1&pageSize=50`)).data.list[0];
    expect(first).toMatchObject({ tracking_no: null, last_error: null, last_error_at: null });
    // … so 发货 is refused, and the reason stays on the waybill's row.
    const refused = await call(t.app, worker, 'POST', `${L}waybill/ship`, { id: first.id });
    expect([refused.http, refused.msg]).toEqual([409, '运单尚未取得跟踪号,请重新创建运单']);
    expect(await row(first.id)).toMatchObject({ last_error: refused.msg, status: '0' });
    expect((await row(first.id)).last_error_at).toBeGreaterThan(0);
    // Another tenant's try or dismissal finds nothing and leaves it; bad ids are 400; a buyer 403.
    expect((await call(t.app, other, 'POST', `${L}waybill/ship`, { id: first.id })).http).toBe(404);
    expect((await call(t.app, other, 'POST', `${L}waybill/dismiss-error`, { id: first.id })).http).toBe(404);
    expect((await call(t.app, worker, 'POST', `${L}waybill/dismiss-error`, { id: 'x' })).http).toBe(400);
    const buyer = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 3 })).account, TEST_PASSWORD);
    expect((await call(t.app, buyer, 'POST', `${L}waybill/dismiss-error`, { id: first.id })).http).toBe(403);
    expect((await row(first.id)).last_error).toBe(refused.msg);
    // 知道了: put away, audited.
    expect((await call(t.app, worker, 'POST', `${L}waybill/dismiss-error`, { id: first.id })).status).toBe(200);
    expect(await row(first.id)).toMatchObject({ last_error: null, last_error_at: null });
    const log = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('tenant_id', '=', tenant.id)
      .where('action', '=', 'logistics.waybill.dismiss_error')
      .execute();
    expect(log).toHaveLength(1);
    // Failing again keeps it again; the tracking number fetched, 发货 succeeds and clears it.
    expect((await call(t.app, worker, 'POST', `${L}waybill/ship`, { id: first.id })).http).toBe(409);
    expect((await row(first.id)).last_error).toBe(refused.msg);
    const fetched = await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: first.parcel_id });
    expect(fetched.status, fetched.msg).toBe(200);
    const shipped = await call(t.app, worker, 'POST', `${L}waybill/ship`, { id: first.id });
    expect(shipped.status, shipped.msg).toBe(200);
    expect(await row(first.id)).toMatchObject({ status: '2', last_error: null });
    // A second click finds it shipped: the row's state says so, nothing is kept.
    expect((await call(t.app, worker, 'POST', `${L}waybill/ship`, { id: first.id })).http).toBe(409);
    expect((await row(first.id)).last_error).toBeNull();

    // 取消运单 after the carrier picked the parcel up: refused by the carrier, kept on the row.
    const second = await waybill(orders[1]!.id);
    expect(second.status, second.msg).toBe(200);
    const { sim } = await carrierOf(t.deps.config);
    const shipment = sim!.shipments.get(second.data.tracking_no)!;
    const createdAt = shipment.created_at;
    shipment.created_at = createdAt - 1_000_000_000;
    const cancel = await call(t.app, worker, 'POST', `${L}waybill/cancel`, { id: second.data.id });
    expect(cancel.http).toBe(409);
    expect(cancel.msg).toContain('already picked up');
    expect(await row(second.data.id)).toMatchObject({ last_error: cancel.msg, cancelled: false });
    // The cancel goes through once the carrier allows it, and clears the row's failure.
    shipment.created_at = Date.now();
    const cancelled = await call(t.app, worker, 'POST', `${L}waybill/cancel`, { id: second.data.id });
    expect(cancelled.status, cancelled.msg).toBe(200);
    expect(await row(second.data.id)).toMatchObject({ cancelled: true, last_error: null });
  });

  it('a refused 确认收货 is kept on the item of 配货 until a step of the item succeeds or it is dismissed', async () => {
    const w = await orderWorld(t, { name: '收货店', sellerPrefix: 'R' });
    const o = await w.addOrder({
      amazonOrderId: w.amazonId('306', 1),
      totalMinor: 2000,
      items: [{ amazonItemId: 'R-1', asin: 'B0RECEIVE1', sku: 'REC-1', title: 'Item', quantity: 1, priceMinor: 2000 }],
    });
    const itemId = o.itemIds[0]!;
    const buyer = await w.as(3);
    const worker = await w.as(2);
    const bought = await call(t.app, buyer, 'POST', `${O}purchase`, {
      item_id: itemId,
      version: 1,
      supplier: '供应商',
      paid: '10.00',
      quantity: 1,
      tracking_no: 'ZT-ROW-1',
    });
    expect(bought.status, bought.msg).toBe(200);
    const item = async () => {
      const r = await call(t.app, worker, 'POST', `${O}distribution/scan`, { code: 'ZT-ROW-1' });
      expect(r.status, r.msg).toBe(200);
      return r.data.list[0].items[0] as { express_status: string; version: number; receive_error: string | null };
    };
    const seen = await item();
    expect(seen).toMatchObject({ express_status: '2', receive_error: null });
    // The buyer corrects the tracking number meanwhile (2 -> 1 -> 2): the screen's version is stale.
    const back = await call(t.app, buyer, 'POST', `${O}express`, { item_id: itemId, version: seen.version, to: '1' });
    expect(back.status, back.msg).toBe(200);
    const again = await call(t.app, buyer, 'POST', `${O}express`, {
      item_id: itemId,
      version: back.data.version,
      to: '2',
      tracking_no: 'ZT-ROW-1',
    });
    expect(again.status, again.msg).toBe(200);
    const refused = await call(t.app, worker, 'POST', `${O}express`, {
      item_id: itemId,
      version: seen.version,
      to: '3',
    });
    expect(refused.http).toBe(409);
    expect(await item()).toMatchObject({ express_status: '2', receive_error: refused.msg });
    // The order's drawer in 订单处理 carries it on the item's line too (the buyer sees the reason).
    const detailItem = async () =>
      (await call(t.app, buyer, 'POST', `${O}detail`, { id: o.id })).data.items[0] as { receive_error: string | null };
    expect((await detailItem()).receive_error).toBe(refused.msg);
    const stored = await sql<{
      at: Date | null;
    }>`select receive_error_at as at from order_items where id = ${itemId}`.execute(t.db);
    expect(stored.rows[0]!.at).not.toBeNull();
    // Another tenant's dismissal is 404; a buyer (no 配货) is 403; bad ids 400.
    const stranger = await orderWorld(t, { name: '别家', sellerPrefix: 'S' });
    const strangerAdmin = await stranger.as(0);
    const dismiss = (s: Session, id: unknown) =>
      call(t.app, s, 'POST', `${O}distribution/dismiss-error`, { item_id: id });
    expect((await dismiss(strangerAdmin, itemId)).http).toBe(404);
    expect((await dismiss(buyer, itemId)).http).toBe(403);
    expect((await dismiss(worker, 'x')).http).toBe(400);
    expect((await item()).receive_error).toBe(refused.msg);
    // 知道了 puts it away; a buyer's refused receipt (403) and another tenant's try (404) keep nothing.
    expect((await dismiss(worker, itemId)).status).toBe(200);
    expect((await item()).receive_error).toBeNull();
    expect((await detailItem()).receive_error).toBeNull();
    const current = await item();
    expect(
      (await call(t.app, buyer, 'POST', `${O}express`, { item_id: itemId, version: current.version, to: '3' })).http,
    ).toBe(403);
    expect(
      (await call(t.app, strangerAdmin, 'POST', `${O}express`, { item_id: itemId, version: current.version, to: '3' }))
        .http,
    ).toBe(404);
    expect((await item()).receive_error).toBeNull();
    // Refused again (stale), then received with the current version: cleared with the step.
    expect((await call(t.app, worker, 'POST', `${O}express`, { item_id: itemId, version: 1, to: '3' })).http).toBe(409);
    expect((await item()).receive_error).not.toBeNull();
    const received = await call(t.app, worker, 'POST', `${O}express`, {
      item_id: itemId,
      version: current.version,
      to: '3',
    });
    expect(received.status, received.msg).toBe(200);
    expect(await item()).toMatchObject({ express_status: '3', receive_error: null });
    const log = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('tenant_id', '=', w.tenant.id)
      .where('action', '=', 'order.receive.dismiss_error')
      .execute();
    expect(log).toHaveLength(1);
  });
});
