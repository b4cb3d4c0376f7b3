// Orders, the gaps of issue 17: undoing a fill from stock, purchase surplus into stock, express
// steps and 订单首页 counts narrowed to what the caller sees, the 1688 outbox.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { closeAli1688 } from '../../src/ali1688/ali1688.factory.js';
import { startAli1688Simulator } from '../../src/ali1688/ali1688.simulator.js';
import { topUp } from '../../src/modules/finance/ledger.service.js';
import { surplusToStock } from '../../src/modules/order/order-surplus.service.js';
import { buildGoods, buildUser } from '../factories.js';
import { call, useTestApp } from '../harness.js';
import { orderWorld } from './order-support.js';

const t = useTestApp();
const O = '/PDD/order/';

/** A tenant with a shop, accounts signed in per role, and a way to add one-item orders. */
async function world() {
  const w = await orderWorld(t, { name: '缺口店', sellerPrefix: 'G' });
  let seq = 0;
  const order = async (quantity = 1) => {
    seq += 1;
    const amazon = w.amazonId('306', seq);
    const { id, itemIds } = await w.addOrder({
      amazonOrderId: amazon,
      totalMinor: 1000,
      items: [
        {
          amazonItemId: `${seq}-0`,
          asin: 'B0ASIN0003',
          sku: `GAP-${w.tenant.id}`,
          title: 'Gap item',
          quantity,
          priceMinor: 1000,
        },
      ],
    });
    return { id, amazon, item: itemIds[0]! };
  };
  const version = async (itemId: number) =>
    (await t.db.selectFrom('order_items').select('version').where('id', '=', itemId).executeTakeFirstOrThrow()).version;
  return { tenant: w.tenant, shop: w.shop, order, as: w.as, version, user: w.user };
}

const stockOf = async (tenantId: number, sku: string) =>
  t.db
    .selectFrom('stock_products')
    .select(['id', 'quantity'])
    .where('tenant_id', '=', tenantId)
    .where('sku', '=', sku)
    .executeTakeFirst();

describe('undoing a fill from stock', () => {
  it('puts the units back and the item to not purchased; refused once distributed or shipped; roles, tenant, input', async () => {
    const w = await world();
    const worker = await w.as(2);
    const buyer = await w.as(3);
    const stock = await call(t.app, worker, 'POST', `${O}stock/save`, { sku: 'UNDO-1' });
    const sid = stock.data.id;
    await call(t.app, worker, 'POST', `${O}stock/in`, { stock_id: sid, quantity: 2, note: '' });
    const o = await w.order(2);
    const fill = await call(t.app, worker, 'POST', `${O}stock/fill`, { item_id: o.item, version: 1, stock_id: sid });
    expect(fill.http, fill.msg).toBe(200);

    // Roles: buyers and monitor users do not move stock; another tenant's item is missing; bad input.
    for (const [s, http] of [
      [buyer, 403],
      [await w.as(6), 403],
    ] as const) {
      expect((await call(t.app, s, 'POST', `${O}stock/unfill`, { item_id: o.item, version: 2 })).http).toBe(http);
    }
    const other = await world();
    const stranger = await other.as(0);
    expect((await call(t.app, stranger, 'POST', `${O}stock/unfill`, { item_id: o.item, version: 2 })).http).toBe(404);
    expect((await call(t.app, worker, 'POST', `${O}stock/unfill`, { item_id: o.item })).http).toBe(400);
    expect((await call(t.app, worker, 'POST', `${O}stock/unfill`, { item_id: 'x', version: 2 })).http).toBe(400);
    expect((await call(t.app, worker, 'POST', `${O}stock/unfill`, { item_id: o.item, version: 1 })).http).toBe(409);

    // Distributed: refused until 配货 is undone.
    const done = await call(t.app, worker, 'POST', `${O}distribution/done`, {
      id: o.id,
      version: 1,
      weight_g: 300,
      length_cm: 10,
      width_cm: 10,
      height_cm: 5,
    });
    expect(done.http, done.msg).toBe(200);
    expect(await call(t.app, worker, 'POST', `${O}stock/unfill`, { item_id: o.item, version: 2 })).toMatchObject({
      http: 400,
      msg: '订单已配货,请先在「配货」撤销配货',
    });
    await call(t.app, worker, 'POST', `${O}distribution/undo`, { id: o.id, version: done.data.version });

    const back = await call(t.app, worker, 'POST', `${O}stock/unfill`, { item_id: o.item, version: 2 });
    expect(back.http, back.msg).toBe(200);
    expect(back.data).toMatchObject({ express_status: '0', order_express_status: '0', version: 3 });
    expect((await stockOf(w.tenant.id, 'UNDO-1'))?.quantity).toBe(2);
    const ins = await call(t.app, worker, 'POST', `${O}stock/log`, { kind: 'in', keyword: o.amazon });
    expect(ins.data.list).toMatchObject([{ quantity: 2, balance_after: 2, order_id: o.id }]);
    // Undone already: nothing left to undo; the item can be filled (or purchased) again.
    expect(await call(t.app, worker, 'POST', `${O}stock/unfill`, { item_id: o.item, version: 3 })).toMatchObject({
      http: 400,
      msg: '该商品不是从库存出库的,不能撤销',
    });
    const again = await call(t.app, worker, 'POST', `${O}stock/fill`, { item_id: o.item, version: 3, stock_id: sid });
    expect(again.http, again.msg).toBe(200);
    const scan = await call(t.app, worker, 'POST', `${O}distribution/scan`, { code: o.amazon });
    expect(scan.data.list[0].items[0].from_stock).toBe(true);

    // Shipped: refused.
    await t.db.updateTable('orders').set({ status: 'Shipped' }).where('id', '=', o.id).execute();
    expect(await call(t.app, worker, 'POST', `${O}stock/unfill`, { item_id: o.item, version: 4 })).toMatchObject({
      http: 400,
      msg: '订单已发货,不能撤销库存出库',
    });
    const log = await call(t.app, await w.as(0), 'GET', '/PDD/opera-log/list?action=order.stock.unfill');
    expect(log.data.list[0].text).toContain(`撤销了订单 ${o.amazon} 从备货商品 SKU UNDO-1 的出库,2 件退回库存`);
  });
});

describe('purchase surplus becomes stock', () => {
  it('a receipt beyond the need, a cancelled order received, a cancellation after receipt; undoing the receipt takes it back', async () => {
    const w = await world();
    const buyer = await w.as(3);
    const worker = await w.as(2);
    const sku = `GAP-${w.tenant.id}`;
    const buyThree = async (o: { item: number }) => {
      const p = await call(t.app, buyer, 'POST', `${O}purchase`, {
        item_id: o.item,
        version: await w.version(o.item),
        paid: '30',
        quantity: 3,
        tracking_no: 'YT0001',
      });
      expect(p.http, p.msg).toBe(200);
      return p.data.version as number;
    };

    // Three bought for an order of one: two go to stock at receipt (a product made for the SKU).
    const a = await w.order(1);
    const va = await buyThree(a);
    const got = await call(t.app, worker, 'POST', `${O}express`, { item_id: a.item, version: va, to: '3' });
    expect(got.http, got.msg).toBe(200);
    expect((await stockOf(w.tenant.id, sku))?.quantity).toBe(2);
    const detail = await call(t.app, await w.as(0), 'POST', `${O}detail`, { id: a.id });
    expect(detail.data.events.map((e: { text: string }) => e.text)).toContain(`采购多出 2 件转为备货(备货 SKU ${sku})`);

    // Undoing the receipt takes the two back; refused when they left stock meanwhile.
    const undo = await call(t.app, worker, 'POST', `${O}express`, {
      item_id: a.item,
      version: got.data.version,
      to: '2',
    });
    expect(undo.http, undo.msg).toBe(200);
    expect((await stockOf(w.tenant.id, sku))?.quantity).toBe(0);
    const again = await call(t.app, worker, 'POST', `${O}express`, {
      item_id: a.item,
      version: undo.data.version,
      to: '3',
    });
    expect((await stockOf(w.tenant.id, sku))?.quantity).toBe(2);
    const sid = Number((await stockOf(w.tenant.id, sku))!.id);
    await call(t.app, worker, 'POST', `${O}stock/out`, { stock_id: sid, quantity: 1, note: '损坏' });
    expect(
      await call(t.app, worker, 'POST', `${O}express`, { item_id: a.item, version: again.data.version, to: '2' }),
    ).toMatchObject({ http: 409, msg: '收货时转入备货的 2 件已出库,不能撤销收货' });

    // A cancelled order's parcel can still be received: all three units go to stock.
    const b = await w.order(1);
    const vb = await buyThree(b);
    await t.db.updateTable('orders').set({ status: 'Canceled' }).where('id', '=', b.id).execute();
    const gotB = await call(t.app, worker, 'POST', `${O}express`, { item_id: b.item, version: vb, to: '3' });
    expect(gotB.http, gotB.msg).toBe(200);
    expect((await stockOf(w.tenant.id, sku))?.quantity).toBe(1 + 3);

    // Cancelled after the receipt (the sync calls this in the cancellation's transaction): the one
    // unit the order kept goes too; a second call moves nothing more.
    const c = await w.order(1);
    const vc = await buyThree(c);
    await call(t.app, worker, 'POST', `${O}express`, { item_id: c.item, version: vc, to: '3' });
    expect((await stockOf(w.tenant.id, sku))?.quantity).toBe(4 + 2);
    await t.db.updateTable('orders').set({ status: 'Canceled' }).where('id', '=', c.id).execute();
    expect(await surplusToStock(t.db, w.tenant.id, null, { orderId: c.id })).toBe(1);
    expect(await surplusToStock(t.db, w.tenant.id, null, { orderId: c.id })).toBe(0);
    expect((await stockOf(w.tenant.id, sku))?.quantity).toBe(7);
    // The balance is the ledger's sum.
    const moves = await t.db
      .selectFrom('stock_movements')
      .select(['kind', 'quantity'])
      .where('stock_id', '=', sid)
      .execute();
    expect(moves.reduce((s, m) => s + (m.kind === 'in' ? m.quantity : -m.quantity), 0)).toBe(7);
  });
});

describe('express steps and 订单首页 counts follow what the caller sees', () => {
  it('a leader or worker outside the shop gets 404 on a step; a worker counts his own orders', async () => {
    const w = await world();
    const admin = await w.as(0);
    const buyer = await w.as(3);
    const leader = await w.as(1);
    const worker = await w.as(2);
    const a = await w.order(1);
    const b = await w.order(1);
    const p = await call(t.app, buyer, 'POST', `${O}purchase`, {
      item_id: a.item,
      version: 1,
      paid: '10',
      quantity: 1,
      tracking_no: 'YT0002',
    });
    // The shop is given to someone else: the leader and the worker no longer see its orders.
    const someone = await buildUser(t.db, w.tenant, { auth: 2 });
    await t.db
      .updateTable('shops')
      .set({ staff_ids: [someone.id] })
      .where('id', '=', w.shop.id)
      .execute();
    for (const s of [leader, worker]) {
      const r = await call(t.app, s, 'POST', `${O}express`, { item_id: a.item, version: p.data.version, to: '3' });
      expect(r).toMatchObject({ http: 404, msg: '订单商品不存在' });
    }
    const stranger = await (await world()).as(0);
    expect(
      (await call(t.app, stranger, 'POST', `${O}express`, { item_id: a.item, version: p.data.version, to: '3' })).http,
    ).toBe(404);
    expect((await call(t.app, worker, 'POST', `${O}express`, { item_id: a.item, to: '3' })).http).toBe(400);
    // Given back to everyone: the worker receives it.
    await t.db.updateTable('shops').set({ staff_ids: [] }).where('id', '=', w.shop.id).execute();
    const ok = await call(t.app, worker, 'POST', `${O}express`, { item_id: a.item, version: p.data.version, to: '3' });
    expect(ok.http, ok.msg).toBe(200);

    // 订单首页: the admin counts both orders, the worker only the one assigned to him.
    const all = await call(t.app, admin, 'POST', `${O}overview`, {});
    expect(all.data.counts).toMatchObject({ all: 2, Unshipped: 2 });
    expect(all.data.express).toMatchObject({ '0': 1, '3': 1 });
    expect((await call(t.app, worker, 'POST', `${O}overview`, {})).data.counts.all).toBe(0);
    await call(t.app, admin, 'POST', `${O}assign`, { ids: [b.id], user_id: w.user('2').id });
    const mine = await call(t.app, worker, 'POST', `${O}overview`, {});
    expect(mine.data.counts).toMatchObject({ all: 1, Unshipped: 1 });
    expect(mine.data.express).toMatchObject({ '0': 1, '3': 0 });
    expect(mine.data.days.reduce((s: number, d: { orders: number }) => s + d.orders, 0)).toBe(1);
    expect((await call(t.app, leader, 'POST', `${O}overview`, {})).data.counts.all).toBe(2);
    expect((await call(t.app, stranger, 'POST', `${O}overview`, {})).data.counts.all).toBe(0);
  });
});

describe('1688 purchase outbox', () => {
  it('keeps a 1688 order whose recording failed and records it on the next try instead of placing another', async () => {
    const sim = await startAli1688Simulator({ shipAfterMs: 60_000 });
    const setting = t.deps.config.ali1688;
    afterAll(async () => {
      t.deps.config.ali1688 = setting;
      await closeAli1688();
      await sim.close();
      await sql`drop function if exists gaps_refuse_purchase() cascade`.execute(t.db);
    });
    t.deps.config.ali1688 = { ...setting, baseUrl: sim.url, appKey: 'k' };
    const w = await world();
    // The platform buys on its 1688 account and charges the balance (docs/finance.md "Purchases").
    await topUp(t.db, { tenantId: w.tenant.id, idemKey: 'seed-1688', ref: { type: 'topup', id: 'seed' }, amount: 1e9 });
    const o = await w.order(1);
    const goods = await buildGoods(t.db, w.tenant);
    await t.db
      .updateTable('goods')
      .set({ link_url: 'https://detail.1688.com/offer/612345678456.html' })
      .where('id', '=', goods.id)
      .execute();
    await t.db
      .updateTable('order_items')
      .set({ goods_id: Number(goods.id) })
      .where('id', '=', o.item)
      .execute();
    const buyer = await w.as(3);

    // Recording the purchase fails after 1688 accepted (the database refuses the purchase row).
    await sql`create function gaps_refuse_purchase() returns trigger language plpgsql as
      $$ begin raise exception 'purchase refused by the test'; end $$`.execute(t.db);
    await sql`create trigger gaps_refuse_purchase before insert on order_purchases
      for each row execute function gaps_refuse_purchase()`.execute(t.db);
    const failed = await call(t.app, buyer, 'POST', `${O}purchase1688`, { item_id: o.item, version: 1, quantity: 2 });
    expect(failed.http).toBe(500);
    await sql`drop function gaps_refuse_purchase() cascade`.execute(t.db);
    expect(sim.orders.size).toBe(1);
    const kept = await t.db
      .selectFrom('order_purchases_1688')
      .selectAll()
      .where('item_id', '=', o.item)
      .executeTakeFirstOrThrow();
    const simOrder = [...sim.orders.values()][0]!;
    expect(kept).toMatchObject({ state: 'placed', external_order_id: simOrder.orderId, quantity: 2 });
    expect(kept.last_error).toContain('purchase refused by the test');

    // The next try records the kept order: no second 1688 order, the purchase is 1688's.
    const retry = await call(t.app, buyer, 'POST', `${O}purchase1688`, { item_id: o.item, version: 1, quantity: 5 });
    expect(retry.http, retry.msg).toBe(200);
    expect(sim.orders.size).toBe(1);
    const detail = await call(t.app, buyer, 'POST', `${O}detail`, { id: o.id });
    expect(detail.data.items[0].purchase).toMatchObject({ supplier_order_no: simOrder.orderId, quantity: 2 });
    const row = await t.db
      .selectFrom('order_purchases_1688')
      .select('state')
      .where('item_id', '=', o.item)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('recorded');

    // 1688's own refusal (a delisted offer) keeps nothing: the next try places afresh.
    const d = await w.order(1);
    const gone = await buildGoods(t.db, w.tenant);
    await t.db
      .updateTable('goods')
      .set({ link_url: 'https://detail.1688.com/offer/612345678000.html' })
      .where('id', '=', gone.id)
      .execute();
    await t.db
      .updateTable('order_items')
      .set({ goods_id: Number(gone.id) })
      .where('id', '=', d.item)
      .execute();
    expect(
      await call(t.app, buyer, 'POST', `${O}purchase1688`, { item_id: d.item, version: 1, quantity: 1 }),
    ).toMatchObject({ http: 400, msg: '1688: 该商品已下架' });
    expect(
      await t.db.selectFrom('order_purchases_1688').select('id').where('item_id', '=', d.item).execute(),
    ).toHaveLength(0);

    // A cancelled order is refused before anything is placed; a worker may not purchase; another tenant's item.
    const c = await w.order(1);
    await t.db
      .updateTable('order_items')
      .set({ goods_id: Number(goods.id) })
      .where('id', '=', c.item)
      .execute();
    await t.db.updateTable('orders').set({ status: 'Canceled' }).where('id', '=', c.id).execute();
    expect(
      await call(t.app, buyer, 'POST', `${O}purchase1688`, { item_id: c.item, version: 1, quantity: 1 }),
    ).toMatchObject({ http: 400, msg: '订单已取消或已退款,不能继续采购' });
    expect(sim.orders.size).toBe(1);
    expect(
      (await call(t.app, await w.as(2), 'POST', `${O}purchase1688`, { item_id: c.item, version: 1, quantity: 1 })).http,
    ).toBe(403);
    const stranger = await (await world()).as(3);
    expect(
      (await call(t.app, stranger, 'POST', `${O}purchase1688`, { item_id: c.item, version: 1, quantity: 1 })).http,
    ).toBe(404);
  });
});
