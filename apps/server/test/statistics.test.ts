import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Session, useTestApp } from './harness.js';
import {
  DAY,
  insertPurchase,
  insertShippedWaybill,
  insertStatsOrder,
  insertUpload,
  nowSec,
  statsShop,
  statsTenant,
} from './statistics-support.js';

const t = useTestApp();
const U = '/PDD/amazon-user/';

type World = Awaited<ReturnType<typeof build>>;

/**
 * Tenant A: shops 德国店 (de, fr) and 英国店 (en); orders in the last days by staff, one cancelled,
 * one 40 days old; purchases, a shipped waybill, products and uploads. Tenant B: the same kinds
 * of rows, which A must never count.
 */
async function build() {
  // The first account of a test database is the platform operator (config internalIds [1]).
  const operator = await statsTenant(t);
  const a = await statsTenant(t);
  const b = await statsTenant(t);
  const now = nowSec();
  const s1 = await statsShop(t.db, a.tenant, '德国店', ['de', 'fr']);
  const s2 = await statsShop(t.db, a.tenant, '英国店', ['en']);
  const sb = await statsShop(t.db, b.tenant, 'B店', ['de']);
  const costGoods = await a.goods(a.worker, now - 2 * DAY);
  await sql`update goods set base_info = base_info || '{"cost_price": "700"}'::jsonb where id = ${costGoods}`.execute(
    t.db,
  );
  const o1 = await insertStatsOrder(t.db, a.tenant.id, {
    shopId: s1.id,
    marketplace: 'de',
    currency: 'EUR',
    status: 'Unshipped',
    at: now - DAY,
    assignedTo: a.worker.id,
    items: [
      { price: 2001, qty: 2 },
      { price: 1000, qty: 1, goodsId: costGoods },
    ],
  });
  const o2 = await insertStatsOrder(t.db, a.tenant.id, {
    shopId: s1.id,
    marketplace: 'fr',
    currency: 'EUR',
    status: 'Shipped',
    at: now - 2 * DAY,
    items: [{ price: 5000, qty: 1 }],
  });
  const o3 = await insertStatsOrder(t.db, a.tenant.id, {
    shopId: s2.id,
    marketplace: 'en',
    currency: 'GBP',
    status: 'Shipped',
    at: now - 3 * DAY,
    assignedTo: a.leader.id,
    items: [{ price: 1234, qty: 2 }],
  });
  await insertStatsOrder(t.db, a.tenant.id, {
    shopId: s1.id,
    marketplace: 'de',
    currency: 'EUR',
    status: 'Canceled',
    at: now - DAY,
    items: [{ price: 9999, qty: 9 }],
  });
  const old = await insertStatsOrder(t.db, a.tenant.id, {
    shopId: s1.id,
    marketplace: 'de',
    currency: 'EUR',
    status: 'Unshipped',
    at: now - 40 * DAY,
    assignedTo: a.worker.id,
    items: [{ price: 300, qty: 1 }],
  });
  await insertPurchase(t.db, a.tenant.id, {
    orderId: o1.id,
    itemId: o1.itemIds[0]!,
    paid: 1500,
    by: a.buyer.id,
    at: now - DAY,
  });
  await insertPurchase(t.db, a.tenant.id, {
    orderId: old.id,
    itemId: old.itemIds[0]!,
    paid: 100,
    by: a.buyer.id,
    at: now - 40 * DAY,
  });
  await insertShippedWaybill(t.db, a.tenant.id, {
    orderId: o2.id,
    freight: 800,
    serviceFee: 200,
    by: a.worker.id,
    at: now - DAY,
  });
  const g1 = await a.goods(a.worker, now - DAY);
  const g2 = await a.goods(a.worker, now - DAY);
  await a.goods(a.leader, now - 5 * DAY);
  await a.goods(a.worker, now - 50 * DAY);
  await insertUpload(t.db, a.tenant.id, { shopId: s1.id, by: a.worker.id, at: now - DAY, goods: [g1, g2], live: [g1] });
  // Tenant B: an order, a purchase, products and an upload by its worker.
  const bo = await insertStatsOrder(t.db, b.tenant.id, {
    shopId: sb.id,
    marketplace: 'de',
    currency: 'EUR',
    status: 'Unshipped',
    at: now - DAY,
    assignedTo: b.worker.id,
    items: [{ price: 77_777, qty: 7 }],
  });
  await insertPurchase(t.db, b.tenant.id, {
    orderId: bo.id,
    itemId: bo.itemIds[0]!,
    paid: 5,
    by: b.buyer.id,
    at: now - DAY,
  });
  const bg = await b.goods(b.worker, now - DAY);
  await insertUpload(t.db, b.tenant.id, { shopId: sb.id, by: b.worker.id, at: now - DAY, goods: [bg], live: [bg] });
  return { operator, a, b, now, s1, s2, o1, o2, o3, old, admin: await a.as(a.tenant) };
}

let w: World;
beforeAll(async () => {
  w = await build();
});

const get = (s: Session, path: string, q: Record<string, number | string> = {}) =>
  call(
    t.app,
    s,
    'GET',
    `${U}${path}?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`,
  );

/** The order module's own margin estimate of an order (the detail drawer's). */
async function detailMargin(s: Session, id: number): Promise<number> {
  const r = await call(t.app, s, 'POST', '/PDD/order/detail', { id });
  expect(r.status, r.msg).toBe(200);
  return r.data.margin.margin_cny;
}

describe('订单统计', () => {
  it('counts sold orders, units and exact sales by shop, marketplace, staff and day; the margin is the order detail’s', async () => {
    const r = await get(w.admin, 'orderStatistical');
    expect(r.status, r.msg).toBe(200);
    const d = r.data;
    expect(d.endTime - d.startTime).toBe(30 * DAY);
    // o1 (de, 3 units, 3001 EUR), o2 (fr, 1, 5000 EUR), o3 (en, 2, 1234 GBP); cancelled and old ones out.
    expect(d.total).toMatchObject({
      orders: 3,
      units: 6,
      sales: [
        { currency: 'EUR', minor: 8001 },
        { currency: 'GBP', minor: 1234 },
      ],
    });
    const pick = (rows: { key: string; label: string; orders: number; units: number }[]) =>
      Object.fromEntries(rows.map((x) => [x.label, [x.orders, x.units]]));
    expect(pick(d.by_shop)).toEqual({ 德国店: [2, 4], 英国店: [1, 2] });
    expect(d.by_marketplace.map((x: { key: string }) => x.key).sort()).toEqual(['de', 'en', 'fr']);
    const staff = Object.fromEntries(
      d.by_staff.map((x: { key: string; orders: number; units: number }) => [x.key, [x.orders, x.units]]),
    );
    expect(staff).toEqual({ [w.a.worker.id]: [1, 3], '': [1, 1], [w.a.leader.id]: [1, 2] });
    expect(d.by_staff.find((x: { key: string }) => x.key === '').label).toBe('未分配');
    expect(d.by_day).toHaveLength(3);
    expect(d.by_day.map((x: { key: string }) => x.key)).toEqual(
      [...d.by_day.map((x: { key: string }) => x.key)].sort(),
    );
    // Margin: each marketplace holds one order here, so its margin is exactly the detail's estimate
    // (o1: purchase 1500 paid + cost 700 x 1, setting freight; o2: the waybill's 800 + 200; o3: setting).
    const m1 = await detailMargin(w.admin, w.o1.id);
    const m2 = await detailMargin(w.admin, w.o2.id);
    const m3 = await detailMargin(w.admin, w.o3.id);
    const byKey = Object.fromEntries(
      d.by_marketplace.map((x: { key: string; margin_cny: number }) => [x.key, x.margin_cny]),
    );
    expect(byKey).toEqual({ de: m1, fr: m2, en: m3 });
    expect(d.total.margin_cny).toBe(m1 + m2 + m3);
    const detail2 = await call(t.app, w.admin, 'POST', '/PDD/order/detail', { id: w.o2.id });
    expect(detail2.data.margin).toMatchObject({ freight_cny: 1000, freight_source: 'actual' });
    for (const x of [...d.by_shop, ...d.by_staff, ...d.by_day, d.total]) {
      expect(Number.isInteger(x.sales_cny)).toBe(true);
      expect(Number.isInteger(x.margin_cny)).toBe(true);
    }
    const sumShops = d.by_shop.reduce((s: number, x: { margin_cny: number }) => s + x.margin_cny, 0);
    expect(Math.abs(sumShops - d.total.margin_cny)).toBeLessThanOrEqual(3);
    expect(d.missing_rates).toEqual([]);
  });

  it('takes startTime/endTime in seconds with both ends inclusive; 0 means not given; bad ranges are refused', async () => {
    const o2At = w.now - 2 * DAY;
    const o1At = w.now - DAY;
    const edges = await get(w.admin, 'orderStatistical', { startTime: o2At, endTime: o1At });
    expect(edges.data.total.orders).toBe(2);
    const inner = await get(w.admin, 'orderStatistical', { startTime: o2At + 1, endTime: o1At - 1 });
    expect(inner.data.total.orders).toBe(0);
    const ninety = await get(w.admin, 'orderStatistical', { startTime: w.now - 90 * DAY, endTime: 0 });
    expect(ninety.data.total.orders).toBe(4);
    expect(ninety.data.total.sales).toEqual([
      { currency: 'EUR', minor: 8301 },
      { currency: 'GBP', minor: 1234 },
    ]);
    const zero = await get(w.admin, 'orderStatistical', { startTime: 0, endTime: 0 });
    expect(zero.data.total.orders).toBe(3);
    for (const [q, msg] of [
      [{ startTime: 100, endTime: 50 }, '开始时间不能晚于结束时间'],
      [{ startTime: 1, endTime: 400 * DAY }, '时间范围不能超过366天'],
      [{ startTime: 'abc' }, '时间必须为秒数'],
      [{ startTime: -5 }, ''],
      [{ nope: 1 }, ''],
    ] as const) {
      const r = await get(w.admin, 'orderStatistical', q as Record<string, number>);
      expect(r.http, JSON.stringify(q)).toBe(400);
      expect(r.msg).toContain(msg);
    }
  });
});

describe('员工绩效 (performanceStatistical)', () => {
  it('counts per person products created, uploaded and live, orders purchased and shipped, in the range', async () => {
    const r = await get(w.admin, 'performanceStatistical');
    expect(r.status, r.msg).toBe(200);
    const row = (id: number) => r.data.rows.find((x: { user_id: number }) => x.user_id === id);
    expect(row(w.a.worker.id)).toMatchObject({
      goods_created: 3,
      goods_uploaded: 2,
      goods_live: 1,
      orders_purchased: 0,
      orders_shipped: 1,
    });
    expect(row(w.a.leader.id)).toMatchObject({ goods_created: 1, goods_uploaded: 0 });
    expect(row(w.a.buyer.id)).toMatchObject({ orders_purchased: 1, goods_created: 0 });
    expect(row(w.a.monitor.id)).toMatchObject({ goods_created: 0, orders_shipped: 0 });
    expect(r.data.rows).toHaveLength(5);
    expect(r.data.total).toEqual({
      goods_created: 4,
      goods_uploaded: 2,
      goods_live: 1,
      orders_purchased: 1,
      orders_shipped: 1,
    });
    const wide = await get(w.admin, 'performanceStatistical', { startTime: w.now - 90 * DAY });
    expect(wide.data.total).toMatchObject({ goods_created: 5, orders_purchased: 2 });
  });
});

describe('账号统计', () => {
  it('counts the company’s accounts by role and state, child use against max_child, and who expires soon', async () => {
    // Times from this process's clock, as the server computes its range with it (the database's
    // clock may differ from it: CI's did, and rows stamped by now() fell outside the range).
    const at = nowSec();
    await sql`update users set created_at = to_timestamp(${at - DAY}) where tenant_id = ${w.a.tenant.id}`.execute(t.db);
    await sql`update users set end_time = to_timestamp(${at + 10 * DAY - 60}) where id = ${w.a.leader.id}`.execute(
      t.db,
    );
    await sql`update users set end_time = to_timestamp(${at - 2 * DAY}), status = 0 where id = ${w.a.monitor.id}`.execute(
      t.db,
    );
    const r = await get(w.admin, 'accountStatistical');
    expect(r.status, r.msg).toBe(200);
    const d = r.data;
    expect(d.scope).toBe('tenant');
    expect(d.totals).toMatchObject({
      accounts: 5,
      enabled: 4,
      disabled: 1,
      expired: 1,
      expiring: 1,
      created_in_range: 5,
    });
    expect(d.by_role.map((x: { auth: number; total: number }) => [x.auth, x.total])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
      [6, 1],
    ]);
    expect(d.tenants).toEqual([expect.objectContaining({ tenant_id: w.a.tenant.id, used_child: 4, max_child: 10 })]);
    expect(d.expiring.map((x: { id: number; days_left: number }) => [x.id, x.days_left])).toEqual([
      [w.a.monitor.id, -2],
      [w.a.leader.id, 10],
    ]);
  });

  it('shows the platform operator every tenant; the others only their company; other roles are refused', async () => {
    expect(w.operator.tenant.id).toBe(1);
    const all = await get(await w.operator.as(w.operator.tenant), 'accountStatistical');
    expect(all.data.scope).toBe('platform');
    expect(all.data.totals.accounts).toBe(15);
    const ids = all.data.tenants.map((x: { tenant_id: number }) => x.tenant_id);
    expect(ids.sort((x: number, y: number) => x - y)).toEqual([1, w.a.tenant.id, w.b.tenant.id]);
    // The operator's own orders and staff stay its company's (tenant A's orders are not its).
    expect((await get(await w.operator.as(w.operator.tenant), 'orderStatistical')).data.total.orders).toBe(0);
    const bAdmin = await w.b.as(w.b.tenant);
    const mine = await get(bAdmin, 'accountStatistical');
    expect(mine.data.tenants.map((x: { tenant_id: number }) => x.tenant_id)).toEqual([w.b.tenant.id]);
    const bOrders = await get(bAdmin, 'orderStatistical');
    expect(bOrders.data.total).toMatchObject({ orders: 1, units: 7, sales: [{ currency: 'EUR', minor: 77_777 }] });
    // (A's monitor user is disabled by the test above: B's stands for the role.)
    for (const u of [w.a.leader, w.a.worker, w.a.buyer, w.b.monitor]) {
      const s = await w.a.as(u);
      for (const path of ['accountStatistical', 'orderStatistical', 'performanceStatistical']) {
        expect((await get(s, path)).http, `auth ${u.auth} ${path}`).toBe(403);
      }
      expect((await get(s, 'statisticalExport', { kind: 'order' })).http).toBe(403);
    }
  });
});

describe('统计导出', () => {
  it('writes the screen’s tables as .xlsx sheets', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${U}statisticalExport?kind=order`,
      cookies: w.admin.cookies,
      headers: w.admin.headers,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['按店铺', '按站点', '按员工', '按日期']);
    const shops = book.getWorksheet('按店铺')!;
    expect((shops.getRow(1).values as string[]).slice(1)).toEqual([
      '店铺',
      '订单数',
      '件数',
      '销售额(CNY)',
      '毛利(CNY)',
      '各币种销售额',
    ]);
    const rows = [2, 3, 4].map((n) => (shops.getRow(n).values as unknown[]).slice(1));
    expect(rows.find((x) => x[0] === '德国店')).toEqual([
      '德国店',
      2,
      4,
      expect.any(Number),
      expect.any(Number),
      'EUR 80.01',
    ]);
    expect(rows.find((x) => x[0] === '合计')?.slice(1, 3)).toEqual([3, 6]);
    const perf = await t.app.inject({
      method: 'GET',
      url: `${U}statisticalExport?kind=performance&startTime=${w.now - 90 * DAY}&endTime=${w.now}`,
      cookies: w.admin.cookies,
      headers: w.admin.headers,
    });
    const pb = new ExcelJS.Workbook();
    await pb.xlsx.load(perf.rawPayload as unknown as ArrayBuffer);
    const sheet = pb.worksheets[0]!;
    expect(sheet.name).toBe('员工绩效');
    expect((sheet.getRow(sheet.rowCount).values as unknown[]).slice(1)).toEqual([
      '合计',
      undefined,
      undefined,
      5,
      2,
      1,
      2,
      1,
    ]);
    const acc = await t.app.inject({
      method: 'GET',
      url: `${U}statisticalExport?kind=account`,
      cookies: w.admin.cookies,
      headers: w.admin.headers,
    });
    const ab = new ExcelJS.Workbook();
    await ab.xlsx.load(acc.rawPayload as unknown as ArrayBuffer);
    expect(ab.worksheets.map((s) => s.name)).toEqual(['按角色', '子账号额度', '即将到期']);
    expect((await get(w.admin, 'statisticalExport', { kind: 'nope' })).http).toBe(400);
  });
});

describe('统计 date range', () => {
  it('counts a row written within the end second (the end is inclusive to the second)', async () => {
    const { statsRange } = await import('../src/modules/statistics/stats-range.js');
    const now = Date.UTC(2026, 10, 29, 9, 20, 5, 800);
    const r = statsRange({ startTime: 0, endTime: 0 } as never, now);
    expect(r.endTime).toBe(Math.floor(now / 1000));
    // A row created 300 ms before the request but in the same second as it is inside [from, to).
    const row = new Date(now - 300);
    expect(row >= r.from && row < r.to).toBe(true);
    expect(new Date((r.endTime + 1) * 1000) < r.to).toBe(false);
  });
});
