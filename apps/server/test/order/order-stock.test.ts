// Orders after purchase (issue 17 §2): 配货, stock-up with its ledger, assigning orders, audit rows.
import { describe, expect, it } from 'vitest';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, signIn, useTestApp } from '../harness.js';
import { orderWorld } from './order-support.js';

const t = useTestApp();
const O = '/PDD/order/';

/** A tenant with a shop, accounts signed in per role, and a way to add orders of `n` items. */
async function world() {
  const w = await orderWorld(t, { name: '配货店', sellerPrefix: 'S' });
  let seq = 0;
  const order = async (n: number) => {
    seq += 1;
    const amazon = w.amazonId('305', seq);
    const { id, itemIds } = await w.addOrder({
      amazonOrderId: amazon,
      totalMinor: 1000 * n,
      items: Array.from({ length: n }, (_, k) => ({
        amazonItemId: `${seq}-${k}`,
        asin: 'B0ASIN0002',
        sku: `SKU-${k}`,
        title: `Item ${k}`,
        quantity: 1,
        priceMinor: 1000,
      })),
    });
    return { id, amazon, items: itemIds };
  };
  return { tenant: w.tenant, shop: w.shop, order, as: w.as, user: w.user };
}

const auditActions = async (tenantId: number) =>
  (await t.db.selectFrom('opera_log').select('action').where('tenant_id', '=', tenantId).orderBy('id').execute()).map(
    (r) => r.action,
  );

describe('配货: scan, check the items, weigh and mark the order ready to ship', () => {
  it('a two-item order waits for both items; measures are recorded; refusals by role, tenant, step and input', async () => {
    const w = await world();
    const o = await w.order(2);
    const [i1, i2] = o.items as [number, number];
    const admin = await w.as(0);
    const buyer = await w.as(3);
    const worker = await w.as(2);
    const p1 = await call(t.app, buyer, 'POST', `${O}purchase`, {
      item_id: i1,
      version: 1,
      paid: '10',
      quantity: 1,
      tracking_no: 'YT100',
    });
    expect(p1.http, p1.msg).toBe(200);
    const p2 = await call(t.app, buyer, 'POST', `${O}purchase`, {
      item_id: i2,
      version: 1,
      paid: '10',
      quantity: 1,
      tracking_no: 'YT200',
    });

    // The warehouse scans the first parcel: it finds the order with both items.
    const scan = await call(t.app, worker, 'POST', `${O}distribution/scan`, { code: 'YT100' });
    expect(scan.http, scan.msg).toBe(200);
    expect(scan.data.list).toHaveLength(1);
    expect(scan.data.list[0]).toMatchObject({ amazon_order_id: o.amazon, parcel: null, distributed_at: null });
    expect(scan.data.list[0].items.map((i: { tracking_no: string }) => i.tracking_no)).toEqual(['YT100', 'YT200']);
    const byOrder = await call(t.app, worker, 'POST', `${O}distribution/scan`, { code: o.amazon });
    expect(byOrder.data.list[0].id).toBe(o.id);
    expect(await call(t.app, worker, 'POST', `${O}distribution/scan`, { code: 'NOPE' })).toMatchObject({
      http: 404,
      msg: '没有找到快递单号或订单号为 NOPE 的订单',
    });
    expect(await call(t.app, worker, 'POST', `${O}distribution/scan`, { code: ' ' })).toMatchObject({
      http: 400,
      msg: '请扫描或输入快递单号/订单号',
    });

    // Receive the first item; the order waits for the second.
    const r1 = await call(t.app, worker, 'POST', `${O}express`, { item_id: i1, version: p1.data.version, to: '3' });
    expect(r1.data.order_express_status).toBe('2');
    const pending = await call(t.app, worker, 'POST', `${O}distribution/list`, { state: 'pending' });
    expect(pending.data).toMatchObject({ total: 1, list: [{ id: o.id }] });
    const measures = { weight_g: 850, length_cm: 30, width_cm: 20, height_cm: 12 };
    const early = await call(t.app, worker, 'POST', `${O}distribution/done`, { id: o.id, version: 1, ...measures });
    expect(early).toMatchObject({ http: 400, msg: '还有 1 件商品未到齐,请全部收货后再配货' });

    await call(t.app, worker, 'POST', `${O}express`, { item_id: i2, version: p2.data.version, to: '3' });
    // Role denials: a buyer and a monitor user do not distribute.
    const monitor = await w.as(6);
    for (const s of [buyer, monitor]) {
      for (const path of ['distribution/scan', 'distribution/list', 'distribution/done']) {
        const r = await call(t.app, s, 'POST', `${O}${path}`, { code: 'YT100', id: o.id, version: 1, ...measures });
        expect(r.http, `${path}`).toBe(403);
      }
    }
    // Bad input.
    expect(
      await call(t.app, worker, 'POST', `${O}distribution/done`, { id: o.id, version: 1, ...measures, weight_g: 0 }),
    ).toMatchObject({ http: 400, msg: '重量(g)不能小于1' });
    expect(
      (
        await call(t.app, worker, 'POST', `${O}distribution/done`, {
          id: o.id,
          version: 1,
          ...measures,
          length_cm: 'x',
        })
      ).http,
    ).toBe(400);
    // Another tenant's order is a missing one.
    const other = await buildTenant(t.db);
    const stranger = await signIn(t.app, other.account, TEST_PASSWORD);
    expect(
      (await call(t.app, stranger, 'POST', `${O}distribution/done`, { id: o.id, version: 1, ...measures })).http,
    ).toBe(404);
    expect((await call(t.app, stranger, 'POST', `${O}distribution/scan`, { code: 'YT100' })).http).toBe(404);

    const done = await call(t.app, worker, 'POST', `${O}distribution/done`, { id: o.id, version: 1, ...measures });
    expect(done.http, done.msg).toBe(200);
    expect(done.data.distributed_at).toBeGreaterThan(0);
    const again = await call(t.app, worker, 'POST', `${O}distribution/done`, {
      id: o.id,
      version: done.data.version,
      ...measures,
    });
    expect(again).toMatchObject({ http: 400, msg: '订单已配货' });
    expect(
      (await call(t.app, worker, 'POST', `${O}distribution/done`, { id: o.id, version: 1, ...measures })).http,
    ).toBe(409);
    // Ready to ship: the 已配货 tab, the parcel columns the freight areas read, the order list.
    const ready = await call(t.app, admin, 'POST', `${O}distribution/list`, { state: 'ready' });
    expect(ready.data.list[0]).toMatchObject({ id: o.id, parcel: measures });
    const row = await t.db
      .selectFrom('orders')
      .select(['parcel_weight_g', 'parcel_length_cm', 'parcel_width_cm', 'parcel_height_cm', 'distributed_by'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      parcel_weight_g: 850,
      parcel_length_cm: 30,
      parcel_width_cm: 20,
      parcel_height_cm: 12,
      distributed_by: w.user('2').id,
    });
    expect((await call(t.app, admin, 'POST', `${O}list`, {})).data.list[0].distributed_at).toBe(
      done.data.distributed_at,
    );
    // A receipt of a distributed order cannot be undone before the distribution is.
    const detail = await call(t.app, admin, 'POST', `${O}detail`, { id: o.id });
    const v2 = detail.data.items[1].version;
    expect(await call(t.app, worker, 'POST', `${O}express`, { item_id: i2, version: v2, to: '2' })).toMatchObject({
      http: 400,
      msg: '订单已配货,请先在「配货」撤销配货',
    });
    const undo = await call(t.app, worker, 'POST', `${O}distribution/undo`, { id: o.id, version: done.data.version });
    expect(undo.data.distributed_at).toBeNull();
    expect(
      (await call(t.app, worker, 'POST', `${O}distribution/undo`, { id: o.id, version: undo.data.version })).msg,
    ).toBe('订单尚未配货');
    expect(detail.data.events.map((e: { text: string }) => e.text)).toContain('配货完成(850 g,30×20×12 cm),待发货');

    const actions = await auditActions(w.tenant.id);
    expect(actions.filter((a) => a === 'order.purchase')).toHaveLength(2);
    expect(actions).toEqual(expect.arrayContaining(['order.express', 'order.distribute', 'order.distributeUndo']));
    // The operation log names each step in a sentence.
    const log = await call(t.app, admin, 'GET', '/PDD/opera-log/list?pageSize=50');
    const texts = log.data.list.map((e: { text: string }) => e.text).join('\n');
    expect(texts).toContain(`为订单 ${o.amazon} 完成配货(850 g,30×20×12 cm)`);
    expect(texts).toContain(`把订单 ${o.amazon} 的商品快递状态从「待收货」改为「已收货」`);
    expect(texts).toContain(`为订单 ${o.amazon} 的商品记录了采购(采购 1 件,付款 10 元)`);
    expect(texts).toContain(`撤销了订单 ${o.amazon} 的配货`);
  });
});

describe('stock-up: products, receipts and issues as a ledger, filling order items', () => {
  it('receives, fills an item, logs both; refusals by role, tenant, step and input', async () => {
    const w = await world();
    const worker = await w.as(2);
    const buyer = await w.as(3);
    const created = await call(t.app, worker, 'POST', `${O}stock/save`, { sku: 'STK-1', title: '收纳盒' });
    expect(created.http, created.msg).toBe(200);
    const sid = created.data.id;
    expect(await call(t.app, worker, 'POST', `${O}stock/save`, { sku: 'STK-1' })).toMatchObject({
      http: 400,
      msg: 'SKU STK-1 已存在',
    });
    expect((await call(t.app, worker, 'POST', `${O}stock/save`, { sku: '' })).http).toBe(400);
    const renamed = await call(t.app, worker, 'POST', `${O}stock/save`, {
      id: sid,
      version: 1,
      sku: 'STK-1',
      title: '大收纳盒',
    });
    expect(renamed.data).toMatchObject({ title: '大收纳盒', version: 2, quantity: 0 });
    expect((await call(t.app, worker, 'POST', `${O}stock/save`, { id: sid, version: 1, sku: 'STK-1' })).http).toBe(409);

    const got = await call(t.app, worker, 'POST', `${O}stock/in`, { stock_id: sid, quantity: 3, note: '采购入库' });
    expect(got.data).toEqual({ stock_id: sid, quantity: 3 });
    expect(await call(t.app, worker, 'POST', `${O}stock/out`, { stock_id: sid, quantity: 4 })).toMatchObject({
      http: 409,
      msg: '库存不足:SKU STK-1 可用 3 件,需要 4 件',
    });
    expect(await call(t.app, worker, 'POST', `${O}stock/in`, { stock_id: sid, quantity: 0 })).toMatchObject({
      http: 400,
      msg: '数量不能小于1',
    });
    expect(
      (await call(t.app, worker, 'POST', `${O}stock/out`, { stock_id: sid, quantity: 1, note: '破损' })).data,
    ).toEqual({ stock_id: sid, quantity: 2 });

    // Fill an order item from stock: it is received at once; a purchased item is refused.
    const o = await w.order(2);
    const [i1, i2] = o.items as [number, number];
    const fill = await call(t.app, worker, 'POST', `${O}stock/fill`, { item_id: i1, version: 1, stock_id: sid });
    expect(fill.http, fill.msg).toBe(200);
    expect(fill.data).toMatchObject({ express_status: '3', order_express_status: '0' });
    expect(
      (await call(t.app, worker, 'POST', `${O}stock/fill`, { item_id: i1, version: fill.data.version, stock_id: sid }))
        .msg,
    ).toBe('商品已「已收货」,只有未采购的商品可以从库存出库');
    await t.db.updateTable('orders').set({ status: 'Canceled' }).where('id', '=', o.id).execute();
    expect((await call(t.app, worker, 'POST', `${O}stock/fill`, { item_id: i2, version: 1, stock_id: sid })).msg).toBe(
      '订单已取消或已退款,不能出库',
    );
    await t.db.updateTable('orders').set({ status: 'Unshipped' }).where('id', '=', o.id).execute();

    // The ledger: in rows and out rows, with the order of a fill; the balance is their sum.
    const ins = await call(t.app, buyer, 'POST', `${O}stock/log`, { kind: 'in' });
    expect(ins.data.list).toMatchObject([{ sku: 'STK-1', quantity: 3, balance_after: 3, note: '采购入库' }]);
    const outs = await call(t.app, worker, 'POST', `${O}stock/log`, { kind: 'out', keyword: o.amazon });
    expect(outs.data.list).toMatchObject([
      { quantity: 1, balance_after: 1, amazon_order_id: o.amazon, order_id: o.id },
    ]);
    const list = await call(t.app, buyer, 'POST', `${O}stock/list`, { keyword: 'stk' });
    expect(list.data).toMatchObject({ total: 1, list: [{ sku: 'STK-1', quantity: 1 }] });
    expect(await call(t.app, worker, 'POST', `${O}stock/delete`, { id: sid })).toMatchObject({
      http: 400,
      msg: '该备货商品已有出入库记录,不能删除',
    });
    const spare = await call(t.app, worker, 'POST', `${O}stock/save`, { sku: 'STK-2' });
    expect((await call(t.app, worker, 'POST', `${O}stock/delete`, { id: spare.data.id })).data).toEqual({ deleted: 1 });

    // Roles: buyers read stock but do not move it; monitor users see nothing.
    const monitor = await w.as(6);
    for (const [s, path, http] of [
      [buyer, 'stock/in', 403],
      [buyer, 'stock/fill', 403],
      [buyer, 'stock/save', 403],
      [monitor, 'stock/list', 403],
      [monitor, 'stock/log', 403],
    ] as const) {
      const r = await call(t.app, s, 'POST', `${O}${path}`, {
        stock_id: sid,
        quantity: 1,
        item_id: i2,
        version: 1,
        sku: 'X',
        kind: 'in',
      });
      expect(r.http, path).toBe(http);
    }
    // Another tenant's stock and items are missing ones.
    const other = await buildTenant(t.db);
    const stranger = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await call(t.app, stranger, 'POST', `${O}stock/in`, { stock_id: sid, quantity: 1 })).http).toBe(404);
    expect((await call(t.app, stranger, 'POST', `${O}stock/list`, {})).data.total).toBe(0);
    expect(
      (await call(t.app, stranger, 'POST', `${O}stock/fill`, { item_id: i2, version: 1, stock_id: sid })).http,
    ).toBe(404);

    const actions = await auditActions(w.tenant.id);
    expect(actions).toEqual(
      expect.arrayContaining([
        'order.stock.create',
        'order.stock.update',
        'order.stock.in',
        'order.stock.out',
        'order.stock.fill',
        'order.stock.delete',
      ]),
    );
  });

  it('20 parallel picks of the last 5 units: exactly 5 succeed, the balance ends at 0 and matches the ledger', async () => {
    const w = await world();
    const worker = await w.as(2);
    const stock = await call(t.app, worker, 'POST', `${O}stock/save`, { sku: 'LAST-5' });
    await call(t.app, worker, 'POST', `${O}stock/in`, { stock_id: stock.data.id, quantity: 5 });
    const o = await w.order(20);
    const results = await Promise.all(
      o.items.map((item) =>
        call(t.app, worker, 'POST', `${O}stock/fill`, { item_id: item, version: 1, stock_id: stock.data.id }),
      ),
    );
    expect(results.filter((r) => r.http === 200)).toHaveLength(5);
    expect(
      results.filter((r) => r.http === 409).every((r) => r.msg === '库存不足:SKU LAST-5 可用 0 件,需要 1 件'),
    ).toBe(true);
    expect(results.filter((r) => r.http === 409)).toHaveLength(15);
    const product = await t.db
      .selectFrom('stock_products')
      .select('quantity')
      .where('id', '=', stock.data.id)
      .executeTakeFirstOrThrow();
    const moves = await t.db
      .selectFrom('stock_movements')
      .select(['kind', 'quantity', 'balance_after'])
      .where('stock_id', '=', stock.data.id)
      .orderBy('id')
      .execute();
    expect(product.quantity).toBe(0);
    expect(moves.reduce((s, m) => s + (m.kind === 'in' ? m.quantity : -m.quantity), 0)).toBe(0);
    expect(moves.map((m) => m.balance_after)).toEqual([5, 4, 3, 2, 1, 0]);
    const received = await t.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', o.id)
      .where('express_status', '=', '3')
      .execute();
    expect(received).toHaveLength(5);
  });
});

describe('assigning orders to staff', () => {
  it('group leaders and admins assign; a worker sees only his own orders; refusals', async () => {
    const w = await world();
    const a = await w.order(1);
    const b = await w.order(1);
    const admin = await w.as(0);
    const leader = await w.as(1);
    const worker = await w.as(2, 'w1');
    const colleague = await w.as(2, 'w2');
    const buyer = await w.as(3);
    const w1 = w.user('w1');
    expect((await call(t.app, worker, 'POST', `${O}list`, {})).data.total).toBe(0);

    // w1 is in the leader's group, w2 in none: the leader assigns within his group only.
    await t.db
      .updateTable('users')
      .set({ leader_id: w.user('1').id })
      .where('id', '=', w1.id)
      .execute();
    const names = await call(t.app, leader, 'POST', `${O}assignees`, {});
    expect(names.data.list.map((u: { id: number }) => u.id).sort()).toEqual([w1.id, w.user('1').id].sort());
    const all = await call(t.app, admin, 'POST', `${O}assignees`, {});
    expect(all.data.list.map((u: { id: number }) => u.id)).toEqual(
      expect.arrayContaining([w1.id, w.user('w2').id, w.user('1').id]),
    );
    expect(all.data.list.map((u: { id: number }) => u.id)).not.toContain(w.user('3').id);
    expect(await call(t.app, leader, 'POST', `${O}assign`, { ids: [a.id], user_id: w.user('w2').id })).toMatchObject({
      http: 403,
      msg: '组长只能把订单分配给本组成员',
    });
    expect((await call(t.app, colleague, 'POST', `${O}list`, {})).data.total).toBe(0);
    const given = await call(t.app, leader, 'POST', `${O}assign`, { ids: [a.id], user_id: w1.id });
    expect(given).toMatchObject({ http: 200, data: { assigned: 1 } });
    const mine = await call(t.app, worker, 'POST', `${O}list`, {});
    expect(mine.data).toMatchObject({ total: 1, list: [{ id: a.id, assigned_to: w1.id }] });
    expect((await call(t.app, worker, 'POST', `${O}detail`, { id: b.id })).http).toBe(404);
    expect((await call(t.app, worker, 'POST', `${O}detail`, { id: a.id })).data.assigned_to).toBe(w1.id);
    expect((await call(t.app, colleague, 'POST', `${O}list`, {})).data.total).toBe(0);
    expect((await call(t.app, admin, 'POST', `${O}list`, {})).data.total).toBe(2);

    // Refusals: workers and buyers do not assign; only leaders and workers take orders; bad input.
    for (const s of [worker, buyer]) {
      expect((await call(t.app, s, 'POST', `${O}assign`, { ids: [b.id], user_id: w1.id })).http).toBe(403);
    }
    expect(await call(t.app, admin, 'POST', `${O}assign`, { ids: [b.id], user_id: w.user('3').id })).toMatchObject({
      http: 400,
      msg: '只能分配给组长或业务员',
    });
    expect(await call(t.app, admin, 'POST', `${O}assign`, { ids: [], user_id: w1.id })).toMatchObject({
      http: 400,
      msg: '请选择订单',
    });
    // Another tenant's orders and accounts are missing ones; nothing is half done.
    const other = await buildTenant(t.db);
    const stranger = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await call(t.app, stranger, 'POST', `${O}assign`, { ids: [a.id], user_id: null })).http).toBe(404);
    expect((await call(t.app, admin, 'POST', `${O}assign`, { ids: [b.id], user_id: other.id })).http).toBe(404);
    const partial = await call(t.app, admin, 'POST', `${O}assign`, { ids: [b.id, 999_999_999], user_id: w1.id });
    expect(partial.http).toBe(404);
    expect((await call(t.app, worker, 'POST', `${O}list`, {})).data.total).toBe(1);

    const back = await call(t.app, admin, 'POST', `${O}assign`, { ids: [a.id, b.id], user_id: null });
    expect(back.data.assigned).toBe(2);
    expect((await call(t.app, worker, 'POST', `${O}list`, {})).data.total).toBe(0);
    const actions = await auditActions(w.tenant.id);
    expect(actions.filter((x) => x === 'order.assign')).toHaveLength(2);
    const log = await call(t.app, admin, 'GET', '/PDD/opera-log/list?action=order.assign');
    const texts = log.data.list.map((e: { text: string }) => e.text).join('\n');
    expect(texts).toContain(`把订单 ${a.amazon} 分配给「子账号」`);
    expect(texts).toContain(`取消了订单 ${a.amazon}、${b.amazon} 的分配`); // ordered by id
  });
});
