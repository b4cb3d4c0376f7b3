// Orders fulfilled by Amazon (FBA, channel '0', spec section 4): Amazon ships them from its own
// warehouse, so the console neither purchases, fills from stock, buys on 1688 nor packs them;
// 订单首页 counts the purchasing work of open seller-fulfilled orders only. And the undo steps of
// the express status that the detail drawer offers, by role (issue 17 audit).
import { describe, expect, it } from 'vitest';
import { AMAZON_FULFILLED } from '../../src/modules/order/order-distribution.service.js';
import { call, useTestApp } from '../harness.js';
import { orderWorld } from './order-support.js';

const t = useTestApp();
const O = '/PDD/order/';

describe('Amazon-fulfilled (FBA) orders', () => {
  it('are refused for purchase, 1688, stock fill and 配货, stay readable, and leave the purchasing counts', async () => {
    const w = await orderWorld(t, { name: 'FBA店', sellerPrefix: 'F' });
    let seq = 0;
    const order = async (channel: '0' | '1', status: 'Unshipped' | 'Canceled' = 'Unshipped') => {
      seq += 1;
      const amazon = w.amazonId('407', seq);
      const { id, itemIds } = await w.addOrder({
        amazonOrderId: amazon,
        channel,
        status,
        totalMinor: 2000,
        items: [
          {
            amazonItemId: `${seq}-0`,
            asin: 'B0FBA00001',
            sku: 'FBA-1',
            title: 'FBA item',
            quantity: 1,
            priceMinor: 2000,
          },
        ],
      });
      return { id, amazon, item: itemIds[0]! };
    };
    const fba = await order('0');
    const own = await order('1');
    await order('1', 'Canceled');
    const admin = await w.as(0);
    const buyer = await w.as(3);
    const worker = await w.as(2);
    const purchase = (item: number) =>
      call(t.app, buyer, 'POST', `${O}purchase`, {
        item_id: item,
        version: 1,
        paid: '12.50',
        quantity: 1,
        tracking_no: `SF-${item}`,
      });

    // Purchasing: refused for the FBA order, recorded for the seller-fulfilled one.
    expect(await purchase(fba.item)).toMatchObject({ http: 400, msg: AMAZON_FULFILLED });
    const bought = await purchase(own.item);
    expect(bought.http, bought.msg).toBe(200);
    // 1688下单 is refused before any 1688 settings or supplier link are looked at.
    expect(
      await call(t.app, buyer, 'POST', `${O}purchase1688`, { item_id: fba.item, version: 1, quantity: 1 }),
    ).toMatchObject({ http: 400, msg: AMAZON_FULFILLED });

    // Stock fill: refused, and the stock stays where it was.
    const stock = await call(t.app, worker, 'POST', `${O}stock/save`, { sku: 'FBA-STOCK' });
    await call(t.app, worker, 'POST', `${O}stock/in`, { stock_id: stock.data.id, quantity: 3, note: '' });
    expect(
      await call(t.app, worker, 'POST', `${O}stock/fill`, { item_id: fba.item, version: 1, stock_id: stock.data.id }),
    ).toMatchObject({ http: 400, msg: AMAZON_FULFILLED });
    const left = await call(t.app, worker, 'POST', `${O}stock/list`, { keyword: 'FBA-STOCK' });
    expect(left.data.list[0].quantity).toBe(3);

    // 配货: an FBA order whose item was marked received by other means is neither listed nor packed.
    await t.db.updateTable('order_items').set({ express_status: '3' }).where('id', '=', fba.item).execute();
    await t.db.updateTable('orders').set({ express_status: '3' }).where('id', '=', fba.id).execute();
    const pending = await call(t.app, worker, 'POST', `${O}distribution/list`, { state: 'pending' });
    expect(pending.data.list.map((o: { id: number }) => o.id)).toEqual([own.id]);
    const done = await call(t.app, worker, 'POST', `${O}distribution/done`, {
      id: fba.id,
      version: 1,
      weight_g: 100,
      length_cm: 10,
      width_cm: 10,
      height_cm: 10,
    });
    expect(done).toMatchObject({ http: 400, msg: AMAZON_FULFILLED });
    // Scanned anyway (its order id): the card says it is Amazon's to ship.
    const scanned = await call(t.app, worker, 'POST', `${O}distribution/scan`, { code: fba.amazon });
    expect(scanned.data.list).toMatchObject([{ id: fba.id, fulfillment_channel: '0' }]);
    await t.db.updateTable('order_items').set({ express_status: '0' }).where('id', '=', fba.item).execute();
    await t.db.updateTable('orders').set({ express_status: '0' }).where('id', '=', fba.id).execute();

    // Still an order of the list and the detail (filter by channel), with nothing purchased.
    const list = await call(t.app, admin, 'POST', `${O}list`, { page: 1, pageSize: 20, fulfillment_channel: '0' });
    expect(list.data.list.map((o: { id: number }) => o.id)).toEqual([fba.id]);
    const detail = await call(t.app, admin, 'POST', `${O}detail`, { id: fba.id });
    expect(detail.data).toMatchObject({ fulfillment_channel: '0', express_status: '0', items: [{ purchase: null }] });

    // 订单首页: the purchasing work is the open seller-fulfilled order's item ('2' 待收货), not the
    // FBA or the cancelled order's items (they stay 未采购 for good); the status counts keep all three.
    const overview = await call(t.app, admin, 'POST', `${O}overview`, {});
    expect(overview.data.counts).toMatchObject({ all: 3, Unshipped: 2, Canceled: 1 });
    expect(overview.data.express).toEqual({ '0': 0, '1': 0, '2': 1, '3': 0 });
  });
});

describe("undo steps of the express status (the detail drawer's 取消采购, 撤回快递单号, 撤销收货)", () => {
  it('each by its role; a receipt under a distributed order is refused; cancelling deletes the purchase', async () => {
    const w = await orderWorld(t, { name: '撤销店', sellerPrefix: 'U' });
    const { id, itemIds } = await w.addOrder({
      amazonOrderId: w.amazonId('408', 1),
      totalMinor: 1500,
      items: [{ amazonItemId: '1-0', asin: 'B0UNDO0001', sku: 'UNDO-1', title: 'Undo', quantity: 1, priceMinor: 1500 }],
    });
    const item = itemIds[0]!;
    const buyer = await w.as(3);
    const worker = await w.as(2);
    const step = (s: Awaited<ReturnType<typeof w.as>>, version: number, to: string) =>
      call(t.app, s, 'POST', `${O}express`, { item_id: item, version, to });
    const bought = await call(t.app, buyer, 'POST', `${O}purchase`, {
      item_id: item,
      version: 1,
      paid: '9.90',
      quantity: 1,
      tracking_no: 'ZT-UNDO-1',
    });
    let v: number = bought.data.version;
    // 2 -> 1 withdraws the tracking number: the buyer's step, not the warehouse's.
    expect((await step(worker, v, '1')).http).toBe(403);
    const back = await step(buyer, v, '1');
    expect(back.data).toMatchObject({ express_status: '1' });
    v = back.data.version;
    const scan = await call(t.app, worker, 'POST', `${O}distribution/scan`, { code: 'ZT-UNDO-1' });
    expect(scan.http).toBe(404);
    // On again, received, then the receipt undone: the warehouse's step, not the buyer's.
    v = (await call(t.app, buyer, 'POST', `${O}express`, { item_id: item, version: v, to: '2', tracking_no: 'ZT-2' }))
      .data.version;
    v = (await step(worker, v, '3')).data.version;
    expect((await step(buyer, v, '2')).http).toBe(403);
    const done = await call(t.app, worker, 'POST', `${O}distribution/done`, {
      id,
      version: 1,
      weight_g: 200,
      length_cm: 10,
      width_cm: 10,
      height_cm: 5,
    });
    expect(done.http, done.msg).toBe(200);
    expect(await step(worker, v, '2')).toMatchObject({ http: 400, msg: '订单已配货,请先在「配货」撤销配货' });
    await call(t.app, worker, 'POST', `${O}distribution/undo`, { id, version: done.data.version });
    const unreceived = await step(worker, v, '2');
    expect(unreceived.data).toMatchObject({ express_status: '2' });
    // 2 -> 0 is no step; back to 1, then 取消采购 deletes the purchase record.
    expect(await step(buyer, unreceived.data.version, '0')).toMatchObject({
      http: 400,
      msg: '不能从「待收货」变为「未采购」',
    });
    v = (await step(buyer, unreceived.data.version, '1')).data.version;
    expect((await step(buyer, v, '0')).data).toMatchObject({ express_status: '0', order_express_status: '0' });
    const detail = await call(t.app, buyer, 'POST', `${O}detail`, { id });
    expect(detail.data.items[0].purchase).toBeNull();
  });
});
