import zlib from 'node:zlib';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { UserRow } from '../../src/db/types.js';
import { carrierOf } from '../../src/logistics/carrier-sandbox.js';
import * as ledger from '../../src/modules/finance/ledger.service.js';
import { processDueConfirmations, WorkerCrash } from '../../src/modules/logistics/confirm.service.js';
import { holdReasons } from '../../src/modules/logistics/parcel.service.js';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { channelBody, receivedOrders, topUp } from './logistics-support.js';

const t = useTestApp({ workers: false, spapi: { ...loadConfig({}).spapi } });
const L = '/PDD/logistics/';

let operator: Session;
let platformChannel: number;
let batteryChannel: number;

/** Text of a PDF's page streams (inflated), where Helvetica text is written as hex or literal strings. */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      out.push(zlib.inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not a deflated stream
    }
  }
  const text = out.join('\n');
  const hex = [...text.matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'));
  return `${text}\n${hex.join('')}`;
}

beforeAll(async () => {
  const op = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  operator = await signIn(t.app, op.account, TEST_PASSWORD);
  const c = await call(t.app, operator, 'POST', `${L}channel/create`, channelBody({ name: '燕文专线' }));
  expect(c.status, c.msg).toBe(200);
  platformChannel = c.data.id;
  const b = await call(
    t.app,
    operator,
    'POST',
    `${L}channel/create`,
    channelBody({
      name: '带电专线',
      carrier_code: 'Other',
      carrier_name: 'Sim Express',
      battery_allowed: true,
      battery_surcharge: 700,
    }),
  );
  expect(b.status, b.msg).toBe(200);
  batteryChannel = b.data.id;
});

async function tenantWith(
  count: number,
  fields: Partial<Pick<UserRow, 'trader_id' | 'is_use_trader_express' | 'is_use_trader_finance'>> = {},
) {
  const tenant = await buildTenant(t.db, fields);
  const world = await receivedOrders(t, tenant, count);
  const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const as = async (auth: 1 | 2 | 3 | 6) =>
    signIn(t.app, (await buildUser(t.db, tenant, { auth })).account, TEST_PASSWORD);
  return { tenant, admin, as, ...world };
}

const parcel = (orderId: number, over: Record<string, unknown> = {}) => ({
  order_id: orderId,
  channel_id: platformChannel,
  weight_g: 300,
  length_mm: 200,
  width_mm: 150,
  height_mm: 100,
  ...over,
});

describe('logistics: channels, freight review, waybills, fees, confirmation', () => {
  it('channels: operator and trader-express books, roles, bad input, stale saves', async () => {
    const w = await tenantWith(0);
    // A tenant's admin, workers and traders without express configure nothing.
    for (const s of [w.admin, await w.as(1), await w.as(2)]) {
      expect((await call(t.app, s, 'POST', `${L}channel/create`, channelBody())).http).toBe(403);
      expect((await call(t.app, s, 'GET', `${L}channel/list`)).http).toBe(403);
    }
    const bad = [
      [{ carrier_code: 'Nope' }, '承运商不在承运商列表中'],
      [{ carrier_code: 'Other' }, '承运商为"其他"时请填写承运商名称'],
      [{ step_weight_g: 0 }, '续重单位不能小于1'],
      [{ first_price: 1.5 }, '首重价格必须是以分为单位的整数'],
      [{ countries: ['Germany'] }, '国家代码必须为两位字母'],
    ] as const;
    for (const [over, msg] of bad) {
      expect(await call(t.app, operator, 'POST', `${L}channel/create`, channelBody(over))).toMatchObject({
        http: 400,
        msg,
      });
    }
    expect((await call(t.app, operator, 'POST', `${L}channel/create`, channelBody({ name: '燕文专线' }))).http).toBe(
      409,
    );
    const list = await call(t.app, operator, 'GET', `${L}channel/list`);
    const row = list.data.list.find((c: { id: number }) => c.id === platformChannel);
    const upd = { ...channelBody({ name: '燕文专线' }), id: platformChannel, version: row.version };
    expect((await call(t.app, operator, 'POST', `${L}channel/update`, { ...upd, version: row.version + 5 })).http).toBe(
      409,
    );
    const saved = await call(t.app, operator, 'POST', `${L}channel/update`, upd);
    expect(saved.status, saved.msg).toBe(200);

    // A trader using trader express keeps its own channels; its clients see only those.
    const trader = await buildTenant(t.db, { auth: 5, is_use_trader_express: 1 });
    const ts = await signIn(t.app, trader.account, TEST_PASSWORD);
    const own = await call(t.app, ts, 'POST', `${L}channel/create`, channelBody({ name: 'T专线' }));
    expect(own.status, own.msg).toBe(200);
    expect((await call(t.app, ts, 'GET', `${L}channel/list`)).data.list.map((c: { id: number }) => c.id)).toEqual([
      own.data.id,
    ]);
    // The operator's channel is another book's: 404 for the trader.
    expect((await call(t.app, ts, 'POST', `${L}channel/update`, { ...upd, version: saved.data.version })).http).toBe(
      404,
    );
    const client = await buildTenant(t.db, { trader_id: trader.id, is_use_trader_express: 1 });
    const cs = await signIn(t.app, client.account, TEST_PASSWORD);
    expect((await call(t.app, cs, 'GET', `${L}channel/options`)).data.list.map((c: { id: number }) => c.id)).toEqual([
      own.data.id,
    ]);
    const opts = await call(t.app, w.admin, 'GET', `${L}channel/options`);
    expect(opts.data.list.map((c: { id: number }) => c.id).sort()).toEqual([platformChannel, batteryChannel].sort());

    // 试算: chargeable weight max(300 g, 200x150x100 mm / 6000 = 500 g) -> 1000 + 2000 + 4 x 500.
    const q = await call(t.app, w.admin, 'POST', `${L}channel/quote`, {
      weight_g: 300,
      length_mm: 200,
      width_mm: 150,
      height_mm: 100,
      is_electric: true,
      country: 'de',
    });
    expect(q.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          channel_id: platformChannel,
          ok: false,
          refusal: '该渠道不接受带电产品',
          freight: 5000,
        }),
        expect.objectContaining({ channel_id: batteryChannel, ok: true, freight: 5700, chargeable_g: 500 }),
      ]),
    );
  });

  it('rules stop parcels; reviewers change the channel, approve or cancel; nothing held gets a waybill', async () => {
    const w = await tenantWith(3);
    const [o1, o2, o3] = w.orders as unknown as [{ id: number }, { id: number }, { id: number }];
    const worker = await w.as(2);
    const leader = await w.as(1);
    // Balance 0: the low-balance rule stops the parcel. A worker may submit, a buyer or monitor may not.
    expect((await call(t.app, await w.as(3), 'POST', `${L}parcel/submit`, parcel(o1.id))).http).toBe(403);
    expect((await call(t.app, await w.as(6), 'POST', `${L}parcel/submit`, parcel(o1.id))).http).toBe(403);
    const held = await call(t.app, worker, 'POST', `${L}parcel/submit`, parcel(o1.id));
    expect(held.data).toMatchObject({ review_status: 'held', hold_reasons: ['low_balance'], freight: 5000 });
    expect((await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: held.data.id })).http).toBe(409);
    // A worker does not review.
    expect(
      (await call(t.app, worker, 'POST', `${L}intercept/approve`, { id: held.data.id, version: held.data.version }))
        .http,
    ).toBe(403);
    // Nor re-submits a parcel a rule stopped (another channel or a lighter measure would pass it unreviewed).
    expect(await call(t.app, worker, 'POST', `${L}parcel/submit`, parcel(o1.id, { weight_g: 100 }))).toMatchObject({
      http: 409,
      msg: '该包裹已被运费审核拦截,请等待审核人员处理(更换渠道、审核通过或取消)',
    });
    // Battery on a channel that refuses it: held, cannot be approved until the channel changes.
    await topUp(t, w.tenant.id, 1_000_000);
    const battery = await call(t.app, worker, 'POST', `${L}parcel/submit`, parcel(o2.id, { is_electric: true }));
    expect(battery.data).toMatchObject({ review_status: 'held', hold_reasons: ['battery_refused'] });
    const list = await call(t.app, leader, 'GET', `${L}intercept/list?review_status=held`);
    expect(list.data.total).toBe(2);
    expect(
      await call(t.app, leader, 'POST', `${L}intercept/approve`, {
        id: battery.data.id,
        version: battery.data.version,
      }),
    ).toMatchObject({ http: 400, msg: '该渠道不接受带电产品,请更换渠道' });
    const moved = await call(t.app, leader, 'POST', `${L}intercept/change-channel`, {
      id: battery.data.id,
      version: battery.data.version,
      channel_id: batteryChannel,
    });
    expect(moved.data).toMatchObject({ review_status: 'held', hold_reasons: [], freight: 5700 });
    expect(
      (
        await call(t.app, leader, 'POST', `${L}intercept/approve`, {
          id: battery.data.id,
          version: battery.data.version,
        })
      ).http,
    ).toBe(409);
    const ok = await call(t.app, leader, 'POST', `${L}intercept/approve`, {
      id: battery.data.id,
      version: moved.data.version,
    });
    expect(ok.data.review_status).toBe('approved');
    expect(
      (await call(t.app, leader, 'POST', `${L}intercept/approve`, { id: battery.data.id, version: ok.data.version }))
        .http,
    ).toBe(409);
    // Cancel needs a reason; a cancelled parcel gets no waybill.
    expect(
      (
        await call(t.app, leader, 'POST', `${L}intercept/cancel`, {
          id: held.data.id,
          version: held.data.version,
          note: '',
        })
      ).http,
    ).toBe(400);
    const cancelled = await call(t.app, leader, 'POST', `${L}intercept/cancel`, {
      id: held.data.id,
      version: held.data.version,
      note: '客户取消',
    });
    expect(cancelled.data.review_status).toBe('cancelled');
    expect((await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: held.data.id })).http).toBe(409);
    // Bad input and illegal steps.
    expect(await call(t.app, worker, 'POST', `${L}parcel/submit`, parcel(o3.id, { weight_g: 0 }))).toMatchObject({
      http: 400,
      msg: '重量不能小于1',
    });
    await sql`update orders set express_status = '2' where id = ${o3.id}`.execute(t.db);
    expect(await call(t.app, worker, 'POST', `${L}parcel/submit`, parcel(o3.id))).toMatchObject({
      http: 400,
      msg: '订单商品尚未全部收货,不能提交包裹',
    });
    // Another tenant's ids behave as missing ones.
    const other = await tenantWith(0);
    expect((await call(t.app, other.admin, 'POST', `${L}parcel/submit`, parcel(o1.id))).http).toBe(404);
    expect(
      (await call(t.app, other.admin, 'POST', `${L}intercept/approve`, { id: battery.data.id, version: 1 })).http,
    ).toBe(404);
    expect((await call(t.app, other.admin, 'POST', `${L}waybill/create`, { parcel_id: battery.data.id })).http).toBe(
      404,
    );
    expect((await call(t.app, other.admin, 'GET', `${L}intercept/list?review_status=approved`)).data.total).toBe(0);
    // Rules: the rest of the rule set, pure.
    const base = {
      freight: 5000,
      service_fee: 300,
      estimate: 4000,
      margin_before_freight: 10000,
      spendable: 99999,
      battery_refused: false,
    };
    const rules = { over_estimate_pct: 20, check_margin: true, check_balance: true };
    expect(holdReasons({ ...base, rules })).toEqual(['over_estimate']);
    expect(holdReasons({ ...base, rules: { ...rules, over_estimate_pct: 25 } })).toEqual([]);
    expect(holdReasons({ ...base, margin_before_freight: 5299, rules: { ...rules, over_estimate_pct: 25 } })).toEqual([
      'negative_margin',
    ]);
    expect(holdReasons({ ...base, spendable: 5299, rules: { ...rules, over_estimate_pct: 25 } })).toEqual([
      'low_balance',
    ]);
  });

  it('a waybill freezes, ships once with exact fees, prints its label, and Amazon is told once across a crash', async () => {
    const w = await tenantWith(2);
    await topUp(t, w.tenant.id, 100_000);
    const worker = await w.as(2);
    const [o1, o2] = w.orders as unknown as [
      { id: number; amazonOrderId: string },
      { id: number; amazonOrderId: string },
    ];
    const p1 = await call(t.app, worker, 'POST', `${L}parcel/submit`, parcel(o1.id));
    expect(p1.data.review_status).toBe('passed');
    const wb = await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: p1.data.id });
    expect(wb.status, wb.msg).toBe(200);
    expect(wb.data).toMatchObject({ status: '0', carrier_code: 'Yanwen', freight: 5000, service_fee: 300 });
    expect(wb.data.tracking_no).toMatch(/^SIM\d+CN$/);
    expect(await ledger.balancesOf(t.db, w.tenant.id)).toMatchObject({ available: 94_700, frozen: 5300 });
    expect((await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: p1.data.id })).http).toBe(409);
    // The label: a PDF with the tracking number.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${L}waybill/labels?ids=${wb.data.id}&size=100x100`,
      headers: worker.headers,
      cookies: worker.cookies,
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf.rawPayload)).toContain(wb.data.tracking_no);
    const other = await tenantWith(0);
    expect((await call(t.app, other.admin, 'GET', `${L}waybill/labels?ids=${wb.data.id}`)).http).toBe(404);
    expect((await call(t.app, other.admin, 'POST', `${L}waybill/ship`, { id: wb.data.id })).http).toBe(404);
    expect((await call(t.app, await w.as(3), 'POST', `${L}waybill/ship`, { id: wb.data.id })).http).toBe(403);
    // Ship: '0' -> '2', fees posted once each; shipping again, or cancelling, is refused.
    const shipped = await call(t.app, worker, 'POST', `${L}waybill/ship`, { id: wb.data.id });
    expect(shipped.data).toMatchObject({ status: '2' });
    expect((await call(t.app, worker, 'POST', `${L}waybill/ship`, { id: wb.data.id })).http).toBe(409);
    expect((await call(t.app, worker, 'POST', `${L}waybill/cancel`, { id: wb.data.id })).http).toBe(409);
    expect(await ledger.balancesOf(t.db, w.tenant.id)).toMatchObject({ available: 94_700, frozen: 0 });
    const fees = await call(t.app, w.admin, 'GET', `${L}consume/list`);
    expect(fees.data.list[0]).toMatchObject({
      waybill_id: wb.data.id,
      logistics_fee: -5000,
      service_fee: -300,
      frozen: 0,
    });
    expect((await call(t.app, worker, 'GET', `${L}consume/list`)).http).toBe(403);

    // Confirmation: the worker crashes right after Amazon took the call; the retry reads the order and sends nothing.
    await expect(
      processDueConfirmations(t.deps, {
        tenantId: w.tenant.id,
        afterSend: () => {
          throw new WorkerCrash('stopped');
        },
      }),
    ).rejects.toThrow('stopped');
    expect(w.sim.orders.packages.filter((k) => k.amazonOrderId === o1.amazonOrderId)).toHaveLength(1);
    expect(await processDueConfirmations(t.deps, { tenantId: w.tenant.id })).toBe(0); // leased
    await sql`update logistics_confirmations set lease_until = now() - interval '1 second'`.execute(t.db);
    expect(await processDueConfirmations(t.deps, { tenantId: w.tenant.id })).toBe(1);
    const pk = w.sim.orders.packages.filter((k) => k.amazonOrderId === o1.amazonOrderId);
    expect(pk).toEqual([expect.objectContaining({ carrierCode: 'Yanwen', trackingNumber: wb.data.tracking_no })]);
    const order = await t.db.selectFrom('orders').select('status').where('id', '=', o1.id).executeTakeFirstOrThrow();
    expect(order.status).toBe('Shipped');
    const wl = await call(t.app, worker, 'GET', `${L}waybill/list`);
    expect(wl.data.list.find((x: { id: number }) => x.id === wb.data.id)).toMatchObject({ confirm_status: 'done' });

    // A second waybill on the 'Other' carrier sends the carrier's name; a failed call is retried later, once.
    const p2 = await call(t.app, worker, 'POST', `${L}parcel/submit`, parcel(o2.id, { channel_id: batteryChannel }));
    const wb2 = await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: p2.data.id });
    const cancel = await call(t.app, worker, 'POST', `${L}waybill/cancel`, { id: wb2.data.id });
    expect(cancel.data).toMatchObject({ cancelled: true });
    expect(await ledger.balancesOf(t.db, w.tenant.id)).toMatchObject({ available: 94_700, frozen: 0 });
    const wb3 = await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: p2.data.id });
    expect(wb3.data.waybill_no).toBe(`WB${o2.id}-2`);
    await call(t.app, worker, 'POST', `${L}waybill/ship`, { id: wb3.data.id });
    w.sim.inject({ kind: 'error', status: 500, count: 1, operation: 'confirmShipment' });
    await processDueConfirmations(t.deps, { tenantId: w.tenant.id });
    const k = await t.db
      .selectFrom('logistics_confirmations')
      .selectAll()
      .where('waybill_id', '=', wb3.data.id)
      .executeTakeFirstOrThrow();
    expect(k).toMatchObject({ status: 'pending', attempts: 1 });
    await sql`update logistics_confirmations set next_attempt_at = now() where id = ${k.id}`.execute(t.db);
    await processDueConfirmations(t.deps, { tenantId: w.tenant.id });
    expect(w.sim.orders.packages.filter((x) => x.amazonOrderId === o2.amazonOrderId)).toEqual([
      expect.objectContaining({
        carrierCode: 'Other',
        carrierName: 'Sim Express',
        trackingNumber: wb3.data.tracking_no,
      }),
    ]);
  });

  it('fees are exact under 50 concurrent shipments with retries; trader finance books trader types', async () => {
    const w = await tenantWith(50);
    await topUp(t, w.tenant.id, 1_000_000);
    const worker = await w.as(2);
    const ids: number[] = [];
    for (const o of w.orders) {
      const p = await call(t.app, worker, 'POST', `${L}parcel/submit`, parcel(o.id));
      const wb = await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: p.data.id });
      expect(wb.status, wb.msg).toBe(200);
      ids.push(wb.data.id);
    }
    // Every waybill shipped twice at once (a double click, a retry): one success each.
    const results = await Promise.all(
      [...ids, ...ids].map((id) => call(t.app, worker, 'POST', `${L}waybill/ship`, { id })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(50);
    expect(results.filter((r) => r.http === 409)).toHaveLength(50);
    const sums = await t.db
      .selectFrom('ledger_entries')
      .select(['type', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('amount').as('sum')])
      .where('tenant_id', '=', w.tenant.id)
      .where('ref_type', '=', 'waybill')
      .where('op', 'in', ['settle', 'charge'])
      .groupBy('type')
      .orderBy('type')
      .execute();
    expect(sums.map((s) => ({ type: s.type, n: Number(s.n), sum: Number(s.sum) }))).toEqual([
      { type: 0, n: 50, sum: -15_000 },
      { type: 1, n: 50, sum: -250_000 },
    ]);
    expect(await ledger.balancesOf(t.db, w.tenant.id)).toMatchObject({ available: 1_000_000 - 265_000, frozen: 0 });

    // A client of a trader using trader finance: its fees are trader types 8 and 7.
    const trader = await buildTenant(t.db, { auth: 5, is_use_trader_express: 1 });
    const ts = await signIn(t.app, trader.account, TEST_PASSWORD);
    const tc = await call(t.app, ts, 'POST', `${L}channel/create`, channelBody({ name: 'T渠道' }));
    const c = await tenantWith(1, { trader_id: trader.id, is_use_trader_express: 1, is_use_trader_finance: 1 });
    await topUp(t, c.tenant.id, 10_000);
    const p = await call(
      t.app,
      c.admin,
      'POST',
      `${L}parcel/submit`,
      parcel(c.orders[0]!.id, { channel_id: tc.data.id }),
    );
    expect(p.status, p.msg).toBe(200);
    const wb = await call(t.app, c.admin, 'POST', `${L}waybill/create`, { parcel_id: p.data.id });
    await call(t.app, c.admin, 'POST', `${L}waybill/ship`, { id: wb.data.id });
    const list = await call(t.app, c.admin, 'GET', `${L}consume/list`);
    expect(list.data.list[0].entries.map((e: { type: number }) => e.type).sort()).toEqual([7, 8, 8]);
  });

  it('the declaration sends HS codes, the exporter and the IOSS number (EU, at most EUR 150); a 带电 product makes a battery parcel', async () => {
    const w = await tenantWith(3);
    await topUp(t, w.tenant.id, 100_000);
    const worker = await w.as(2);
    const [o1, o2, o3] = w.orders as unknown as [{ id: number }, { id: number }, { id: number }];
    // o1 and o3 sell a product marked 带电 under an HS code; o2's item has no product (no HS code).
    const g = Number((await buildGoods(t.db, w.tenant, { baseInfo: { is_electric: 1 } })).id);
    await sql`update order_items set goods_id = ${g} where order_id = ${o1.id} or order_id = ${o3.id}`.execute(t.db);
    await sql`update order_items set item_price_minor = 15001 where order_id = ${o2.id}`.execute(t.db);
    const customs = (path: string, body: object) => call(t.app, w.admin, 'POST', `/PDD/customs/${path}`, body);
    const hs = await customs('hs-code/create', {
      hs_code: '8507.60.00.00',
      name_cn: '锂离子蓄电池',
      name_en: 'Lithium-ion battery',
      unit: '个',
      value_rule: 'ratio',
      value_ratio: 80,
      goods_ids: [g],
    });
    expect(hs.status, hs.msg).toBe(200);
    const unit = await customs('unit/create', {
      name: '深圳市示例贸易有限公司',
      credit_code: '91440300708461136T',
      address: '广东省深圳市南山区科技园1号',
      contact_name: '张三',
      contact_phone: '13800138000',
    });
    expect(unit.status, unit.msg).toBe(200);
    const ioss = await call(t.app, operator, 'GET', '/PDD/customs/ioss');
    const set = await call(t.app, operator, 'POST', '/PDD/customs/ioss/update', {
      ioss_number: 'IM2760000001',
      version: ioss.data.version,
    });
    expect(set.status, set.msg).toBe(200);

    // The worker leaves 带电 unticked: the product makes it a battery parcel, stopped on a channel refusing batteries.
    const held = await call(t.app, worker, 'POST', `${L}parcel/submit`, parcel(o1.id, { is_electric: false }));
    expect(held.data).toMatchObject({ is_electric: true, review_status: 'held', hold_reasons: ['battery_refused'] });
    // The shipper may not re-submit the held parcel; the admin (a reviewer) does, on the battery channel.
    expect(
      (await call(t.app, worker, 'POST', `${L}parcel/submit`, parcel(o1.id, { channel_id: batteryChannel }))).http,
    ).toBe(409);
    const p1 = await call(
      t.app,
      w.admin,
      'POST',
      `${L}parcel/submit`,
      parcel(o1.id, { channel_id: batteryChannel, is_electric: false }),
    );
    expect(p1.data).toMatchObject({ is_electric: true, review_status: 'passed', freight: 5700 });

    // o1: DE, EUR 25.00 paid, declared at 80 % = EUR 20.00 under 8507600000: the IOSS number goes with it.
    const { sim } = await carrierOf(t.deps.config);
    const wb1 = await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: p1.data.id });
    expect(wb1.status, wb1.msg).toBe(200);
    expect(wb1.data.declaration).toMatchObject({
      value: 2000,
      currency: 'EUR',
      lines: [{ hs_code: '8507600000', name_en: 'Lithium-ion battery', unit: '个', quantity: 1, value: 2000 }],
      exporter: { credit_code: '91440300708461136T' },
      ioss: { applies: true, number: 'IM2760000001', reason: 'applies', value_eur: '20.00' },
    });
    expect(sim!.shipments.get(wb1.data.tracking_no)!.request).toMatchObject({
      is_electric: true,
      declared_minor: 2000,
      declared_currency: 'EUR',
      customs: {
        ioss_number: 'IM2760000001',
        exporter: { name: '深圳市示例贸易有限公司', credit_code: '91440300708461136T' },
        items: [{ hs_code: '8507600000', name_en: 'Lithium-ion battery', quantity: 1, value_minor: 2000 }],
      },
    });

    // o2: EUR 150.01 without a product: declared by its title and price, over the threshold, no IOSS number.
    const p2 = await call(t.app, worker, 'POST', `${L}parcel/submit`, parcel(o2.id));
    expect(p2.data).toMatchObject({ is_electric: false });
    const wb2 = await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: p2.data.id });
    expect(wb2.data.declaration).toMatchObject({
      value: 15001,
      lines: [{ hs_code: null, value: 15001 }],
      ioss: { applies: false, number: null, reason: 'over_threshold', value_eur: '150.01' },
    });
    expect(sim!.shipments.get(wb2.data.tracking_no)!.request.customs.ioss_number).toBeNull();

    // o3: EUR 187.50 paid, declared at 80 % = EUR 150.00: at the threshold, the number applies.
    await sql`update order_items set item_price_minor = 18750 where order_id = ${o3.id}`.execute(t.db);
    const p3 = await call(t.app, worker, 'POST', `${L}parcel/submit`, parcel(o3.id, { channel_id: batteryChannel }));
    const wb3 = await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: p3.data.id });
    expect(wb3.data.declaration.ioss).toMatchObject({ applies: true, value_eur: '150.00' });

    // The labels print the declared value, the HS code and the IOSS number where it applies.
    const label = async (id: number) =>
      pdfText(
        (
          await t.app.inject({
            method: 'GET',
            url: `${L}waybill/labels?ids=${id}&size=100x100`,
            headers: worker.headers,
            cookies: worker.cookies,
          })
        ).rawPayload,
      );
    const l1 = await label(wb1.data.id);
    expect(l1).toContain('IOSS IM2760000001');
    expect(l1).toContain('HS 8507600000');
    expect(l1).toContain('Declared EUR 20.00');
    const l2 = await label(wb2.data.id);
    expect(l2).toContain('Declared EUR 150.01');
    expect(l2).not.toContain('IOSS');
    const listed = await call(t.app, worker, 'GET', `${L}waybill/list`);
    expect(listed.data.list.find((x: { id: number }) => x.id === wb1.data.id).declaration.ioss.number).toBe(
      'IM2760000001',
    );

    // 轨迹: the carrier's events through the API; roles, another tenant's id, bad input.
    const tr = await call(t.app, worker, 'GET', `${L}waybill/tracking?id=${wb1.data.id}`);
    expect(tr.data.tracking_no).toBe(wb1.data.tracking_no);
    expect(tr.data.events[0]).toMatchObject({ code: 'CREATED', text: '已下单,等待揽收' });
    expect((await call(t.app, await w.as(3), 'GET', `${L}waybill/tracking?id=${wb1.data.id}`)).http).toBe(403);
    const stranger = await tenantWith(0);
    expect((await call(t.app, stranger.admin, 'GET', `${L}waybill/tracking?id=${wb1.data.id}`)).http).toBe(404);
    expect((await call(t.app, worker, 'GET', `${L}waybill/tracking?id=abc`)).http).toBe(400);
    // 审核规则: reviewers only, bounded, saved with the version read.
    const rules = await call(t.app, w.admin, 'GET', `${L}intercept/rules`);
    expect((await call(t.app, worker, 'GET', `${L}intercept/rules`)).http).toBe(403);
    expect((await call(t.app, worker, 'POST', `${L}intercept/rules`, rules.data)).http).toBe(403);
    const tooHigh = { ...rules.data, over_estimate_pct: 1001 };
    expect((await call(t.app, w.admin, 'POST', `${L}intercept/rules`, tooHigh)).http).toBe(400);
    const saved = await call(t.app, w.admin, 'POST', `${L}intercept/rules`, { ...rules.data, over_estimate_pct: 50 });
    expect(saved.data).toMatchObject({ over_estimate_pct: 50, version: rules.data.version + 1 });
    const stale = { ...rules.data, over_estimate_pct: 40 };
    expect((await call(t.app, w.admin, 'POST', `${L}intercept/rules`, stale)).http).toBe(409);
  });
});
