import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { closeAli1688 } from '../../src/ali1688/ali1688.factory.js';
import { startAli1688Simulator } from '../../src/ali1688/ali1688.simulator.js';
import { balancesOf, topUp } from '../../src/modules/finance/ledger.service.js';
import { follow1688Logistics } from '../../src/modules/order/purchase-1688.service.js';
import { buildGoods } from '../factories.js';
import { call, type Session, useTestApp } from '../harness.js';
import { orderWorld } from './order-support.js';

const t = useTestApp();
const O = '/PDD/order/';

async function sheetOf(buffer: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

/** A tenant with a shop and `n` orders (two items each, EUR) placed `daysAgo` days ago, and a session per role. */
async function world() {
  const w = await orderWorld(t, { name: '德国店', sellerPrefix: 'A' });
  const addOrder = async (n: number, status: 'Unshipped' | 'Canceled' = 'Unshipped', daysAgo = 1) => {
    const item = (sku: string, qty: number, price: number) => ({
      amazonItemId: `${sku}-${n}`,
      asin: sku === 'SKU-1' ? 'B0ASIN0001' : 'B0ASIN0002',
      sku,
      title: `Item ${sku}`,
      quantity: qty,
      priceMinor: price,
    });
    const order = await w.addOrder({
      amazonOrderId: w.amazonId('302', n),
      status,
      purchaseDate: new Date(Date.now() - daysAgo * 86_400_000),
      totalMinor: 3001,
      buyer: { name: 'Anna Müller', phone: '+4930123456', address1: 'Hauptstraße 1' },
      items: [item('SKU-1', 2, 2001), item('SKU-2', 1, 1000)],
    });
    return order.id;
  };
  const as = (auth: 1 | 2 | 3 | 5 | 6 | null) => w.signInNew(auth ?? 0);
  return { tenant: w.tenant, shop: w.shop, addOrder, as };
}

const exportFile = (s: Session, body: unknown) =>
  t.app.inject({ method: 'POST', url: `${O}export`, cookies: s.cookies, headers: s.headers, payload: body as object });

describe('订单导出', () => {
  it('exports chosen columns, one row per item, buyer data masked; refuses bad input, nothing to export and roles without orders', async () => {
    const w = await world();
    await w.addOrder(1);
    const admin = await w.as(null);
    const res = await exportFile(admin, {
      filter: { keyword: 'SKU-2' },
      columns: ['amazon_order_id', 'seller_sku', 'item_price', 'buyer_name', 'buyer_phone', 'paid_cny'],
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual([
      '订单号',
      'SKU',
      '商品金额',
      '买家(脱敏)',
      '电话(脱敏)',
      '采购金额(CNY)',
    ]);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 5)).toEqual([
      `302-${String(w.tenant.id).padStart(7, '0')}-0000001`,
      'SKU-1',
      20.01,
      'A***',
    ]);
    expect(sheet.getRow(2).getCell(5).value).toBe('***3456');
    const text = JSON.stringify(sheet.getSheetValues());
    expect(text).not.toContain('Müller');
    expect(text).not.toContain('Hauptstraße');

    for (const [body, msg] of [
      [{ columns: [] }, '请至少选择一列'],
      [{ columns: ['nope'] }, '导出列不存在'],
      [{ columns: ['asin', 'asin'] }, '导出列重复'],
      [{ columns: ['asin'], filter: { status: 'x' } }, '订单状态不存在'],
      [{ columns: ['asin'], filter: { keyword: 'none' } }, '没有符合条件的订单可导出'],
    ] as const) {
      const r = await call(t.app, admin, 'POST', `${O}export`, body);
      expect(r.http, JSON.stringify(body)).toBe(400);
      expect(r.msg).toContain(msg);
    }
    for (const auth of [5, 6] as const) {
      const r = await call(t.app, await w.as(auth), 'POST', `${O}export`, { columns: ['asin'] });
      expect(r.http, `auth ${auth}`).toBe(403);
    }
  });

  it('more than 1,000 orders become a job with progress whose file only its starter downloads', async () => {
    const w = await world();
    const first = await w.addOrder(1);
    // 1,000 more orders copied from the first (one statement; the export needs rows, not realism).
    await sql`insert into orders (tenant_id, shop_id, marketplace, amazon_order_id, amazon_status, status,
        fulfillment_channel, purchase_date, last_update_date, currency, total_minor, items_pending)
      select tenant_id, shop_id, marketplace, amazon_order_id || '-' || g, amazon_status, status, fulfillment_channel,
        purchase_date, last_update_date, currency, total_minor, false
      from orders, generate_series(1, 1000) g where id = ${first}`.execute(t.db);
    const admin = await w.as(null);
    const started = await call(t.app, admin, 'POST', `${O}export`, { columns: ['amazon_order_id', 'asin'] });
    expect(started.status, started.msg).toBe(200);
    expect(started.data.total).toBe(1001);
    let job = null as null | { status: string; progress: number; total: number };
    for (let i = 0; i < 200 && !['done', 'failed'].includes(job?.status ?? ''); i++) {
      if (i) await new Promise((r) => setTimeout(r, 100));
      job = (await call(t.app, admin, 'GET', `/PDD/jobs/get?id=${started.data.job_id}`)).data;
    }
    expect(job).toMatchObject({ status: 'done', progress: 1001, total: 1001 });
    const other = await w.as(1);
    const denied = await call(t.app, other, 'GET', `${O}export/download?id=${started.data.job_id}`);
    expect(denied.http).toBe(404);
    const file = await t.app.inject({
      method: 'GET',
      url: `${O}export/download?id=${started.data.job_id}`,
      cookies: admin.cookies,
      headers: admin.headers,
    });
    expect(file.statusCode).toBe(200);
    expect((await sheetOf(file.rawPayload)).rowCount).toBe(1 + 1000 + 2);
    const bad = await call(t.app, admin, 'GET', `${O}export/download?id=x`);
    expect(bad.http).toBe(400);
  });
});

describe('销量统计', () => {
  it('sums units and exact sales by ASIN, SKU, shop, marketplace and day, with CNY from the configured rates', async () => {
    const w = await world();
    await w.addOrder(1);
    await w.addOrder(2);
    await w.addOrder(3, 'Canceled');
    await w.addOrder(4, 'Unshipped', 40); // outside the default 30 days
    const admin = await w.as(null);
    const byAsin = await call(t.app, admin, 'POST', `${O}asinSales`, { group_by: 'asin' });
    expect(byAsin.status, byAsin.msg).toBe(200);
    expect(
      byAsin.data.rows.map((r: { key: string; units: number; orders: number; sales: unknown }) => [
        r.key,
        r.units,
        r.orders,
        r.sales,
      ]),
    ).toEqual([
      ['B0ASIN0001', 4, 2, [{ currency: 'EUR', minor: 4002 }]],
      ['B0ASIN0002', 2, 2, [{ currency: 'EUR', minor: 2000 }]],
    ]);
    expect(byAsin.data.total).toMatchObject({ units: 6, orders: 2, sales: [{ currency: 'EUR', minor: 6002 }] });
    expect(Number.isInteger(byAsin.data.total.sales_cny)).toBe(true);
    expect(byAsin.data.rows[0].sales_cny + byAsin.data.rows[1].sales_cny).toBeGreaterThanOrEqual(
      byAsin.data.total.sales_cny - 1,
    );
    expect(byAsin.data.days).toHaveLength(1);
    const shop = await call(t.app, admin, 'POST', `${O}asinSales`, { group_by: 'shop' });
    expect(shop.data.rows[0]).toMatchObject({ key: String(w.shop.id), label: '德国店', units: 6 });
    const market = await call(t.app, admin, 'POST', `${O}asinSales`, { group_by: 'marketplace', keyword: 'SKU-2' });
    expect(market.data.rows[0]).toMatchObject({ key: 'de', units: 2 });
    const all = await call(t.app, admin, 'POST', `${O}asinSales`, {
      group_by: 'day',
      startTime: Math.floor(Date.now() / 1000) - 90 * 86_400,
    });
    expect(all.data.rows).toHaveLength(2);
    expect(all.data.total.units).toBe(9);
    for (const body of [
      { group_by: 'week' },
      { startTime: 100, endTime: 50 },
      { startTime: 1, endTime: 400 * 86_400 },
      { marketplace: 'xx' },
    ]) {
      const r = await call(t.app, admin, 'POST', `${O}asinSales`, body);
      expect(r.http, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, await w.as(6), 'POST', `${O}asinSales`, {})).http).toBe(403);
  });
});

describe('手工单', () => {
  const full = {
    marketplace: 'de',
    asin: 'b0manual01',
    seller_sku: 'M-1',
    title: '手工单商品',
    quantity: 2,
    amount: '35.50',
    buyer_name: 'Hans Meier',
    buyer_phone: '+49301111',
    buyer_address: 'Ring 5, Berlin',
  };

  it('walks the state machine with the right roles; payment freezes, completion settles, a failed re-follow refunds', async () => {
    const w = await world();
    await topUp(t.db, {
      tenantId: w.tenant.id,
      idemKey: 'm-topup',
      ref: { type: 'adjustment', id: 'm' },
      amount: 10_000,
    });
    const admin = await w.as(null);
    const leader = await w.as(1);
    const worker = await w.as(2);
    const buyer = await w.as(3);

    const draft = await call(t.app, worker, 'POST', `${O}manual/save`, { asin: 'B0MANUAL01' });
    expect(draft.status, draft.msg).toBe(200);
    expect(draft.data.status).toBe(-1);
    const d = await call(t.app, worker, 'POST', `${O}manual/detail`, { id: draft.data.id });
    expect(d.data.missing).toEqual(['站点', '金额', '收件人', '地址']);
    const pay0 = await call(t.app, admin, 'POST', `${O}manual/transition`, { id: draft.data.id, version: 1, to: 2 });
    expect(pay0.http).toBe(400);
    expect(pay0.msg).toBe('手工单不能从「信息缺失」变为「待接单」');
    const filled = await call(t.app, worker, 'POST', `${O}manual/save`, { id: draft.data.id, version: 1, ...full });
    expect(filled.data).toMatchObject({ status: 1, version: 2 });
    const id = draft.data.id;

    const step = (s: Session, version: number, to: number, reason?: string) =>
      call(t.app, s, 'POST', `${O}manual/transition`, { id, version, to, ...(reason ? { reason } : {}) });
    // Payment: only a company or personal admin.
    for (const s of [leader, worker, buyer]) expect((await step(s, 2, 2)).http).toBe(403);
    expect((await step(worker, 2, 2)).msg).toBe('只有公司管理员或个人管理员可以执行「付款」');
    const paid = await step(admin, 2, 2);
    expect(paid.status, paid.msg).toBe(200);
    expect(await balancesOf(t.db, w.tenant.id)).toMatchObject({ available: 10_000 - 3550, frozen: 3550 });
    // A paid order cannot be edited, nor paid twice.
    expect((await call(t.app, worker, 'POST', `${O}manual/save`, { id, version: 3, ...full })).msg).toBe(
      '手工单已是「待接单」,不能再修改',
    );
    expect((await step(admin, 2, 2)).http).toBe(409);
    // Acceptance and completion: admins and group leaders, not workers.
    expect((await step(worker, 3, 3)).http).toBe(403);
    expect((await step(leader, 3, 3)).status).toBe(200);
    expect((await step(leader, 4, 7)).msg).toBe('请填写「失败」的原因');
    expect((await step(leader, 4, 4)).status).toBe(200);
    expect(await balancesOf(t.db, w.tenant.id)).toMatchObject({ available: 10_000 - 3550, frozen: 0 });
    // Re-follow within the warranty: asked by a worker, handled by a leader, then failed: refunded.
    expect((await step(worker, 5, 5)).msg).toBe('请填写「重新跟卖」的原因');
    expect((await step(worker, 5, 5, '跟卖被移除')).status).toBe(200);
    expect((await step(leader, 6, 6)).status).toBe(200);
    expect((await step(leader, 7, 7, '无法跟卖')).status).toBe(200);
    expect(await balancesOf(t.db, w.tenant.id)).toMatchObject({ available: 10_000, frozen: 0 });
    expect((await step(admin, 8, 4)).msg).toBe('手工单不能从「失败」变为「已完成」');

    const detail = await call(t.app, buyer, 'POST', `${O}manual/detail`, { id });
    expect(detail.data.buyer_name).toBe('H***');
    expect(detail.data.events.map((e: { to_status: number }) => e.to_status)).toEqual([-1, 1, 2, 3, 4, 5, 6, 7]);
    const shown = await call(t.app, admin, 'POST', `${O}manual/detail`, { id });
    expect(shown.data.buyer_name).toBe('Hans Meier');
    const list = await call(t.app, admin, 'POST', `${O}manual/list`, { status: 7 });
    expect(list.data.total).toBe(1);
    expect(list.data.counts).toEqual({ '7': 1 });
    // Lists always mask the recipient, even for roles that see it in full in the detail.
    expect(list.data.list[0]).toMatchObject({ buyer_name: 'H***', buyer_address: '***', buyer_masked: true });
  });

  it('reads a typed amount with the one money parser: a comma only groups thousands (issue 27 §5b)', async () => {
    const w = await world();
    const admin = await w.as(null);
    for (const amount of ['10,50', '1,0000', '1,,000', '1,000,5']) {
      const r = await call(t.app, admin, 'POST', `${O}manual/save`, { ...full, amount });
      expect([r.http, r.msg], amount).toEqual([400, '金额: 金额格式不正确']);
    }
    expect(await t.db.selectFrom('manual_orders').select('id').where('tenant_id', '=', w.tenant.id).execute()).toEqual(
      [],
    );
    const grouped = await call(t.app, admin, 'POST', `${O}manual/save`, { ...full, amount: '1,000.50' });
    expect(grouped.status, grouped.msg).toBe(200);
    const shown = await call(t.app, admin, 'POST', `${O}manual/detail`, { id: grouped.data.id });
    expect(shown.data.amount_minor).toBe(100_050);
  });

  it('refuses the warranty after a month, bad input, other roles and paying beyond the balance; voiding a paid order releases it', async () => {
    const w = await world();
    const admin = await w.as(null);
    const a = await call(t.app, admin, 'POST', `${O}manual/save`, full);
    expect(a.data.status).toBe(1);
    const broke = await call(t.app, admin, 'POST', `${O}manual/transition`, { id: a.data.id, version: 1, to: 2 });
    expect(broke.http).toBe(400);
    expect(broke.msg).toContain('余额不足');
    await topUp(t.db, {
      tenantId: w.tenant.id,
      idemKey: 'm-topup',
      ref: { type: 'adjustment', id: 'm' },
      amount: 5000,
    });
    expect(
      (await call(t.app, admin, 'POST', `${O}manual/transition`, { id: a.data.id, version: 1, to: 2 })).status,
    ).toBe(200);
    const voided = await call(t.app, admin, 'POST', `${O}manual/transition`, {
      id: a.data.id,
      version: 2,
      to: -2,
      reason: '客户取消',
    });
    expect(voided.status, voided.msg).toBe(200);
    expect(await balancesOf(t.db, w.tenant.id)).toMatchObject({ available: 5000, frozen: 0 });

    const b = await call(t.app, admin, 'POST', `${O}manual/save`, full);
    for (const [v, to] of [
      [1, 2],
      [2, 3],
      [3, 4],
    ] as const) {
      expect(
        (await call(t.app, admin, 'POST', `${O}manual/transition`, { id: b.data.id, version: v, to })).status,
      ).toBe(200);
    }
    await t.db
      .updateTable('manual_orders')
      .set({ completed_at: new Date(Date.now() - 31 * 86_400_000) })
      .where('id', '=', b.data.id)
      .execute();
    const late = await call(t.app, admin, 'POST', `${O}manual/transition`, {
      id: b.data.id,
      version: 4,
      to: 5,
      reason: 'x',
    });
    expect(late.msg).toBe('已超过完成后30天的质保期,不能重新跟卖');

    for (const body of [
      { ...full, asin: 'B0SHORT' },
      { ...full, amount: '-1' },
      { ...full, amount: 'abc' },
      { ...full, quantity: -1 },
      { ...full, marketplace: 'xx' },
      { ...full, id: b.data.id },
    ]) {
      const r = await call(t.app, admin, 'POST', `${O}manual/save`, body);
      expect(r.http, JSON.stringify(body)).toBe(400);
    }
    expect((await call(t.app, admin, 'POST', `${O}manual/save`, { ...full, shop_id: 999_999 })).http).toBe(404);
    expect((await call(t.app, admin, 'POST', `${O}manual/transition`, { id: b.data.id, version: 4, to: 9 })).http).toBe(
      400,
    );
    expect((await call(t.app, admin, 'POST', `${O}manual/detail`, { id: 999_999_999 })).http).toBe(404);
    const buyer = await w.as(3);
    expect((await call(t.app, buyer, 'POST', `${O}manual/save`, full)).http).toBe(403);
    for (const auth of [5, 6] as const) {
      const s = await w.as(auth);
      expect((await call(t.app, s, 'POST', `${O}manual/list`, {})).http).toBe(403);
      expect((await call(t.app, s, 'POST', `${O}manual/transition`, { id: b.data.id, version: 4, to: 5 })).http).toBe(
        403,
      );
    }
    // Another tenant's manual order is missing.
    const other = await world();
    const os = await other.as(null);
    expect((await call(t.app, os, 'POST', `${O}manual/detail`, { id: b.data.id })).http).toBe(404);
    expect(
      (await call(t.app, os, 'POST', `${O}manual/transition`, { id: b.data.id, version: 4, to: 5, reason: 'x' })).http,
    ).toBe(404);
  });

  it('two admins paying at once: one payment, one refusal', async () => {
    const w = await world();
    await topUp(t.db, {
      tenantId: w.tenant.id,
      idemKey: 'm-topup',
      ref: { type: 'adjustment', id: 'm' },
      amount: 10_000,
    });
    const admin = await w.as(null);
    const a = await call(t.app, admin, 'POST', `${O}manual/save`, full);
    const both = await Promise.all(
      [0, 1].map(() => call(t.app, admin, 'POST', `${O}manual/transition`, { id: a.data.id, version: 1, to: 2 })),
    );
    expect(both.map((r) => r.http).sort()).toEqual([200, 409]);
    expect(await balancesOf(t.db, w.tenant.id)).toMatchObject({ available: 10_000 - 3550, frozen: 3550 });
  });
});

/**
 * A new order of a new tenant whose items are `[first, second]`; the first is linked to a
 * product whose supplier link is the 1688 offer `offer`.
 */
async function orderWith1688Link(offer = '612345678123') {
  const w = await world();
  // The platform buys on its 1688 account and charges the balance (docs/finance.md "Purchases").
  await topUp(t.db, { tenantId: w.tenant.id, idemKey: 'seed-1688', ref: { type: 'topup', id: 'seed' }, amount: 1e9 });
  const orderId = await w.addOrder(1);
  const goods = await buildGoods(t.db, w.tenant);
  await t.db
    .updateTable('goods')
    .set({ link_url: `https://detail.1688.com/offer/${offer}.html` })
    .where('id', '=', goods.id)
    .execute();
  const items = await t.db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const [first, second] = items.map((i) => Number(i.id)) as [number, number];
  await t.db
    .updateTable('order_items')
    .set({ goods_id: Number(goods.id) })
    .where('id', '=', first)
    .execute();
  return { w, orderId, goods, first, second };
}

describe('1688 purchase adapter', () => {
  it('places the purchase from the supplier link, reads logistics until shipped, and refuses what it must', async () => {
    const sim = await startAli1688Simulator({ shipAfterMs: 60_000 });
    const setting = t.deps.config.ali1688;
    afterAll(async () => {
      t.deps.config.ali1688 = setting;
      await closeAli1688();
      await sim.close();
    });
    const { w, orderId, goods, first, second } = await orderWith1688Link();
    const buyer = await w.as(3);
    const body = { item_id: first, version: 1, quantity: 2 };

    t.deps.config.ali1688 = { ...setting, baseUrl: undefined, demo: false };
    const off = await call(t.app, buyer, 'POST', `${O}purchase1688`, body);
    expect(off.http).toBe(400);
    expect(off.msg).toContain('未配置1688采购接口');
    t.deps.config.ali1688 = { ...setting, baseUrl: sim.url, appKey: 'k' };

    expect((await call(t.app, await w.as(2), 'POST', `${O}purchase1688`, body)).http).toBe(403);
    expect((await call(t.app, buyer, 'POST', `${O}purchase1688`, { ...body, quantity: 0 })).http).toBe(400);
    const noLink = await call(t.app, buyer, 'POST', `${O}purchase1688`, { ...body, item_id: second });
    expect(noLink.msg).toBe('该商品没有供应商链接,请手动填写采购信息');
    const placed = await call(t.app, buyer, 'POST', `${O}purchase1688`, body);
    expect(placed.status, placed.msg).toBe(200);
    expect(placed.data).toMatchObject({ express_status: '1', version: 2 });
    const detail = await call(t.app, buyer, 'POST', `${O}detail`, { id: orderId });
    const p = detail.data.items[0].purchase;
    const simOrder = [...sim.orders.values()][0]!;
    expect(p).toMatchObject({
      supplier_order_no: simOrder.orderId,
      paid_minor: sim.priceOf('612345678123') * 2,
      quantity: 2,
    });
    expect((await call(t.app, buyer, 'POST', `${O}purchase1688`, body)).http).toBe(409);

    const waiting = await call(t.app, buyer, 'POST', `${O}logistics1688`, { item_id: first });
    expect(waiting.data).toMatchObject({ status: 'waitsellersend', express_status: '1', tracking_no: '' });
    sim.shipAfterMs = 0;
    const shipped = await call(t.app, buyer, 'POST', `${O}logistics1688`, { item_id: first });
    expect(shipped.data).toMatchObject({
      status: 'waitbuyerreceive',
      express_status: '2',
      tracking_no: `YT${simOrder.orderId}`,
    });
    const manual = await call(t.app, buyer, 'POST', `${O}logistics1688`, { item_id: second });
    expect(manual.msg).toBe('该商品不是通过1688采购的');

    await t.db
      .updateTable('goods')
      .set({ link_url: 'https://detail.1688.com/offer/612345678000.html' })
      .where('id', '=', goods.id)
      .execute();
    await t.db
      .updateTable('order_items')
      .set({ goods_id: Number(goods.id) })
      .where('id', '=', second!)
      .execute();
    const gone = await call(t.app, buyer, 'POST', `${O}purchase1688`, { item_id: second, version: 1, quantity: 1 });
    expect(gone.http).toBe(400);
    expect(gone.msg).toBe('1688: 该商品已下架');
    const other = await world();
    expect((await call(t.app, await other.as(3), 'POST', `${O}purchase1688`, body)).http).toBe(404);
  });

  it('every 10 minutes the shipped 1688 orders move to 待收货 as 系统 with the rights of their buyer; a disabled buyer leaves the item for a person', async () => {
    const sim = await startAli1688Simulator({ shipAfterMs: 60_000 });
    const setting = t.deps.config.ali1688;
    t.deps.config.ali1688 = { ...setting, baseUrl: sim.url, appKey: 'k' };
    try {
      /** A tenant whose buyer bought the first item of a new order through 1688. */
      const bought = async () => {
        const { w, first } = await orderWith1688Link();
        const placed = await call(t.app, await w.as(3), 'POST', `${O}purchase1688`, {
          item_id: first,
          version: 1,
          quantity: 1,
        });
        expect(placed.status, placed.msg).toBe(200);
        return { itemId: first };
      };
      const a = await bought();
      const b = await bought();
      const express = async (itemId: number) =>
        await t.db
          .selectFrom('order_items as i')
          .leftJoin('order_purchases as p', 'p.item_id', 'i.id')
          .select(['i.express_status', 'p.tracking_no', 'p.created_by'])
          .where('i.id', '=', itemId)
          .executeTakeFirstOrThrow();

      // Not shipped yet: read, nothing moves.
      const before = await follow1688Logistics(t.deps);
      expect(before.checked).toBeGreaterThanOrEqual(2);
      expect(before.shipped).toBe(0);
      expect((await express(a.itemId)).express_status).toBe('1');

      // Shipped; b's buyer has been disabled meanwhile.
      sim.shipAfterMs = 0;
      const bBuyer = (await express(b.itemId)).created_by;
      await t.db.updateTable('users').set({ status: 0 }).where('id', '=', bBuyer).execute();
      const after = await follow1688Logistics(t.deps);
      expect(after.shipped).toBeGreaterThanOrEqual(1);
      expect(after.skipped).toBeGreaterThanOrEqual(1);
      const moved = await express(a.itemId);
      expect(moved.express_status).toBe('2');
      expect(moved.tracking_no).toMatch(/^YT/);
      expect((await express(b.itemId)).express_status).toBe('1');
      // The job acts as 系统 (issue 31 §2): its history and audit rows name no person.
      const events = await t.db
        .selectFrom('order_events')
        .select(['text', 'user_id'])
        .where('item_id', '=', a.itemId)
        .where('kind', '=', 'express')
        .orderBy('id', 'desc')
        .execute();
      expect(events[0]).toMatchObject({ user_id: 0 });
      const logged = await t.db
        .selectFrom('opera_log')
        .select(['user_id', 'account'])
        .where('target_type', '=', 'order_item')
        .where('target_id', '=', String(a.itemId))
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(logged).toEqual({ user_id: 0, account: 'system' });
      expect(events[0]!.text).toContain(moved.tracking_no);

      // Nothing to do twice: a's item is no longer waiting.
      const again = await follow1688Logistics(t.deps);
      expect(again.shipped).toBe(0);
      // Without a 1688 channel the check does nothing.
      t.deps.config.ali1688 = { ...setting, baseUrl: undefined, demo: false };
      expect(await follow1688Logistics(t.deps)).toEqual({ checked: 0, shipped: 0, skipped: 0 });
    } finally {
      t.deps.config.ali1688 = setting;
      await closeAli1688();
      await sim.close();
    }
  });
});
