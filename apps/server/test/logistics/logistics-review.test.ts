// Parcels from 配货 and the freight-review rules that read the price settings (issue 18 §1),
// through the API: a distributed order is submitted with the parcel 配货 recorded; the rules
// "over the estimate by a set percentage" and "negative margin" stop parcels in 运费审核.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { channelBody, receivedOrders, topUp } from './logistics-support.js';

const t = useTestApp({ workers: false, spapi: { ...loadConfig({}).spapi } });
const L = '/PDD/logistics/';

let channelId: number;

beforeAll(async () => {
  const op = await buildTenant(t.db); // uid 1: the platform operator
  const operator = await signIn(t.app, op.account, TEST_PASSWORD);
  const c = await call(t.app, operator, 'POST', `${L}channel/create`, channelBody({ name: '审核专线' }));
  expect(c.status, c.msg).toBe(200);
  channelId = c.data.id;
});

async function tenantWith(count: number) {
  const tenant = await buildTenant(t.db);
  const world = await receivedOrders(t, tenant, count);
  await topUp(t, tenant.id, 1_000_000);
  const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const as = async (auth: 1 | 2 | 3 | 6) =>
    signIn(t.app, (await buildUser(t.db, tenant, { auth })).account, TEST_PASSWORD);
  return { tenant, admin, as, orders: world.orders };
}

/** 完成配货 of an order through the API (the version read from the order detail). */
async function distribute(s: Session, id: number, parcel: { weight_g: number; cm: [number, number, number] }) {
  const d = await call(t.app, s, 'POST', '/PDD/order/detail', { id });
  const [length_cm, width_cm, height_cm] = parcel.cm;
  const r = await call(t.app, s, 'POST', '/PDD/order/distribution/done', {
    id,
    version: d.data.version,
    weight_g: parcel.weight_g,
    length_cm,
    width_cm,
    height_cm,
  });
  expect(r.status, r.msg).toBe(200);
  return r.data as { version: number };
}

async function lastEvent(orderId: number) {
  const e = await t.db
    .selectFrom('order_events')
    .select('text')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'parcel')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return e.text;
}

describe('logistics: parcels from 配货, freight review by estimate and margin', () => {
  it('a distributed order is submitted with the parcel 配货 recorded; a re-measure wins and is noted', async () => {
    const w = await tenantWith(3);
    const [o1, o2, o3] = w.orders as unknown as [{ id: number }, { id: number }, { id: number }];
    const worker = await w.as(2);

    // Not distributed and no measure: a clear 400; a partial measure too.
    expect(
      await call(t.app, worker, 'POST', `${L}parcel/submit`, { order_id: o1.id, channel_id: channelId }),
    ).toMatchObject({
      http: 400,
      msg: '订单尚未配货,没有包裹重量和尺寸:请先在「配货」完成配货,或填写重量和长宽高',
    });
    expect(
      await call(t.app, worker, 'POST', `${L}parcel/submit`, { order_id: o1.id, channel_id: channelId, weight_g: 300 }),
    ).toMatchObject({ http: 400, msg: '请同时填写重量和长宽高,或都不填(使用配货记录的包裹)' });

    // 配货: 300 g, 20 x 15 x 10 cm -> volumetric 3,000,000 mm³ / 6000 = 500 g -> 1000 + 2000 + 4 x 500.
    await distribute(w.admin, o1.id, { weight_g: 300, cm: [20, 15, 10] });
    await distribute(w.admin, o2.id, { weight_g: 300, cm: [20, 15, 10] });
    const ready = await call(t.app, worker, 'GET', `${L}parcel/ready`);
    expect(ready.status, ready.msg).toBe(200);
    expect(ready.data.total).toBe(2);
    expect(ready.data.list.find((r: { order_id: number }) => r.order_id === o1.id)).toMatchObject({
      weight_g: 300,
      length_cm: 20,
      width_cm: 15,
      height_cm: 10,
      country: 'DE',
      cancelled_parcel_id: null,
    });
    const p1 = await call(t.app, worker, 'POST', `${L}parcel/submit`, { order_id: o1.id, channel_id: channelId });
    expect(p1.status, p1.msg).toBe(200);
    expect(p1.data).toMatchObject({
      review_status: 'passed',
      freight: 5000,
      measure: { source: 'distribution', weight_g: 300, length_mm: 200, width_mm: 150, height_mm: 100 },
    });
    expect(await lastEvent(o1.id)).toContain('按配货包裹 300 g,200×150×100 mm');
    const after = await call(t.app, worker, 'GET', `${L}parcel/ready`);
    expect(after.data.list.map((r: { order_id: number }) => r.order_id)).toEqual([o2.id]);

    // A re-measure at the shipping desk (1,200 g) wins over 配货's 300 g; the history keeps both.
    const p2 = await call(t.app, worker, 'POST', `${L}parcel/submit`, {
      order_id: o2.id,
      channel_id: channelId,
      weight_g: 1200,
      length_mm: 200,
      width_mm: 150,
      height_mm: 100,
    });
    expect(p2.data).toMatchObject({ freight: 1000 + 2000 + 11 * 500, measure: { source: 'request', weight_g: 1200 } });
    expect(await lastEvent(o2.id)).toContain('重新称量 1200 g,200×150×100 mm(配货记录 300 g,200×150×100 mm)');

    // An undone 配货 keeps the measure on the order but it no longer counts.
    const d3 = await distribute(w.admin, o3.id, { weight_g: 500, cm: [10, 10, 10] });
    expect(
      (await call(t.app, w.admin, 'POST', '/PDD/order/distribution/undo', { id: o3.id, version: d3.version })).status,
    ).toBe(200);
    expect(
      (await call(t.app, worker, 'POST', `${L}parcel/submit`, { order_id: o3.id, channel_id: channelId })).http,
    ).toBe(400);

    // Roles and another tenant.
    expect((await call(t.app, await w.as(3), 'GET', `${L}parcel/ready`)).http).toBe(403);
    expect((await call(t.app, await w.as(6), 'GET', `${L}parcel/ready`)).http).toBe(403);
    const other = await tenantWith(0);
    expect((await call(t.app, other.admin, 'GET', `${L}parcel/ready`)).data.total).toBe(0);
    expect(
      (await call(t.app, other.admin, 'POST', `${L}parcel/submit`, { order_id: o2.id, channel_id: channelId })).http,
    ).toBe(404);
    expect((await call(t.app, worker, 'GET', `${L}parcel/ready?pageSize=abc`)).http).toBe(400);
  });

  it('over the estimate by the set percentage and a negative margin stop parcels in 运费审核; a reviewer approves', async () => {
    const w = await tenantWith(2);
    const [o1, o2] = w.orders as unknown as [{ id: number }, { id: number }];
    const leader = await w.as(1);
    const worker = await w.as(2);
    const measure = { weight_g: 300, length_mm: 200, width_mm: 150, height_mm: 100 }; // freight 5000 + fee 300
    let settingsVersion = 0;
    const priceSettings = async (rate: string, shipping: number) => {
      const r = await call(t.app, w.admin, 'POST', '/PDD/amazon-user/savePriceInfo', {
        price_country: [{ country_code: 'de', exchange_rate: rate, margin: 20, shipping, rounding: 'none' }],
        quantityRange: [19, 55],
        version: settingsVersion,
      });
      expect(r.status, r.msg).toBe(200);
      settingsVersion = r.data.version;
    };
    let rulesVersion = (await call(t.app, leader, 'GET', `${L}intercept/rules`)).data.version;
    const rules = async (pct: number) => {
      const r = await call(t.app, leader, 'POST', `${L}intercept/rules`, {
        over_estimate_pct: pct,
        check_margin: true,
        check_balance: true,
        version: rulesVersion,
      });
      expect(r.status, r.msg).toBe(200);
      rulesVersion = r.data.version;
    };
    // The group leader submits: re-submitting a parcel a rule stopped is a reviewer's step.
    const submit = (orderId: number) =>
      call(t.app, leader, 'POST', `${L}parcel/submit`, { order_id: orderId, channel_id: channelId, ...measure });

    // EUR 25.00 at 7.8 = 19,500 fen; referral 15% 2,925; estimate (the settings' shipping) 3,000.
    await priceSettings('7.8', 3000);
    // 5000 x 100 = 500,000 against 3000 x (100 + pct): held at 66% (498,000), passes at 67% (501,000).
    await rules(66);
    expect((await submit(o1.id)).data).toMatchObject({ review_status: 'held', hold_reasons: ['over_estimate'] });
    await rules(67);
    expect((await submit(o1.id)).data).toMatchObject({ review_status: 'passed', hold_reasons: [] });
    await rules(30);
    const held1 = await submit(o1.id);
    expect(held1.data).toMatchObject({ review_status: 'held', hold_reasons: ['over_estimate'], freight: 5000 });

    // At 1.0 the order is worth 2,500 fen: 2,500 - 375 - 5,000 - 300 < 0; estimate 5,000 is not exceeded.
    await priceSettings('1.0', 5000);
    const held2 = await submit(o2.id);
    expect(held2.data).toMatchObject({ review_status: 'held', hold_reasons: ['negative_margin'] });

    // Both wait in 运费审核 with the figures the rules read; nothing held gets a waybill.
    const list = await call(t.app, leader, 'GET', `${L}intercept/list?review_status=held`);
    const byOrder = (id: number) => list.data.list.find((p: { order_id: number }) => p.order_id === id);
    expect(byOrder(o1.id)).toMatchObject({ estimate: 3000, margin: 19_500 - 2925 - 5000 - 300, freight: 5000 });
    expect(byOrder(o2.id)).toMatchObject({ estimate: 5000, margin: 2500 - 375 - 5000 - 300 });
    expect((await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: held2.data.id })).http).toBe(409);
    for (const h of [held1, held2]) {
      const ok = await call(t.app, leader, 'POST', `${L}intercept/approve`, { id: h.data.id, version: h.data.version });
      expect(ok.data.review_status, ok.msg).toBe('approved');
      const wb = await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: h.data.id });
      expect(wb.status, wb.msg).toBe(200);
    }
  });
});
