// Problem parcels 问题件 (issue 18 §4): the state machine through the API, roles and sides,
// another tenant's and another book's ids, bad input, illegal steps, the compensation refunded
// exactly once under concurrent calls, and re-dispatch / reshipment making a new waybill.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { carrierOf } from '../../src/logistics/carrier-sandbox.js';
import * as ledger from '../../src/modules/finance/ledger.service.js';
import { watchCarrierEvents } from '../../src/modules/logistics/problem.service.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { channelBody, receivedOrders, topUp } from './logistics-support.js';

const t = useTestApp({ workers: false, spapi: { ...loadConfig({}).spapi } });
const L = '/PDD/logistics/';
const P = '/PDD/logistics/problem/';

let operator: Session;
let channel: number;

beforeAll(async () => {
  const op = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  operator = await signIn(t.app, op.account, TEST_PASSWORD);
  const c = await call(t.app, operator, 'POST', `${L}channel/create`, channelBody({ name: '问题件专线' }));
  expect(c.status, c.msg).toBe(200);
  channel = c.data.id;
});

/** A tenant with `count` received orders, a balance, and a waybill per order (the first `shipped` ones shipped). */
async function tenantWithWaybills(count: number, shipped = count) {
  const tenant = await buildTenant(t.db);
  const world = await receivedOrders(t, tenant, count);
  await topUp(t, tenant.id, 100_000);
  const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const as = async (auth: 1 | 2 | 3 | 6) =>
    signIn(t.app, (await buildUser(t.db, tenant, { auth })).account, TEST_PASSWORD);
  const waybills: { id: number; tracking_no: string; order_id: number; amazon_order_id: string; parcel_id: number }[] =
    [];
  for (const [i, o] of world.orders.entries()) {
    const p = await call(t.app, admin, 'POST', `${L}parcel/submit`, {
      order_id: o.id,
      channel_id: channel,
      weight_g: 300,
      length_mm: 200,
      width_mm: 150,
      height_mm: 100,
    });
    expect(p.data?.review_status, p.msg).toBe('passed');
    const wb = await call(t.app, admin, 'POST', `${L}waybill/create`, { parcel_id: p.data.id });
    expect(wb.status, wb.msg).toBe(200);
    if (i < shipped)
      expect((await call(t.app, admin, 'POST', `${L}waybill/ship`, { id: wb.data.id })).status).toBe(200);
    waybills.push({
      id: wb.data.id,
      tracking_no: wb.data.tracking_no,
      order_id: o.id,
      amazon_order_id: o.amazonOrderId,
      parcel_id: wb.data.parcel_id,
    });
  }
  return { tenant, admin, as, waybills };
}

describe('problem parcels 问题件', () => {
  it('report and steps: roles, sides, bad input, illegal steps, other tenants and books, exactly-once compensation', async () => {
    const w = await tenantWithWaybills(2, 1);
    const [shipped, unshipped] = w.waybills as [(typeof w.waybills)[0], (typeof w.waybills)[0]];
    const worker = await w.as(2);

    // Roles: buyers, monitor users and traders without express have no problem parcels.
    const trader = await buildTenant(t.db, { auth: 5 });
    for (const s of [await w.as(3), await w.as(6), await signIn(t.app, trader.account, TEST_PASSWORD)]) {
      expect((await call(t.app, s, 'GET', `${P}list`)).http).toBe(403);
      expect((await call(t.app, s, 'POST', `${P}report`, { waybill_id: shipped.id, type: 1 })).http).toBe(403);
    }
    // Group leaders and workers may; compensation is the warehouse side's only.
    expect((await call(t.app, await w.as(1), 'GET', `${P}list`)).status).toBe(200);
    expect((await call(t.app, w.admin, 'POST', `${P}compensate`, { id: 1, version: 1, amount: 100 })).http).toBe(403);

    // Bad input: a clear 400, never a 500.
    const bad = [
      [{ waybill_id: shipped.id, type: 11 }, '异常类型不存在'],
      [{ waybill_id: shipped.id, type: 'x' }, '异常类型必须为数字'],
      [{ waybill_id: 'abc', type: 1 }, '运单ID必须为数字'],
      [{ waybill_id: shipped.id, type: 1, note: 'x'.repeat(501) }, '备注不能超过500个字符'],
      [{ waybill_id: shipped.id, type: 1, extra: 1 }, null],
    ] as const;
    for (const [body, msg] of bad) {
      const r = await call(t.app, worker, 'POST', `${P}report`, body);
      expect(r.http, JSON.stringify(body)).toBe(400);
      if (msg) expect(r.msg).toBe(msg);
    }
    expect(await call(t.app, worker, 'GET', `${P}list?type=0`)).toMatchObject({ http: 400, msg: '异常类型不存在' });
    // Only shipped waybills, only the user's opening types (3 is the warehouse's).
    expect(await call(t.app, worker, 'POST', `${P}report`, { waybill_id: unshipped.id, type: 1 })).toMatchObject({
      http: 400,
      msg: '只有已发货的运单可以登记问题件',
    });
    expect(await call(t.app, worker, 'POST', `${P}report`, { waybill_id: shipped.id, type: 3 })).toMatchObject({
      http: 400,
      msg: '不能以「丢件待赔偿」登记问题件',
    });

    const rep = await call(t.app, worker, 'POST', `${P}report`, {
      waybill_id: shipped.id,
      type: 5,
      note: '买家未收到',
    });
    expect(rep.status, rep.msg).toBe(200);
    expect(rep.data).toMatchObject({ type: 5, status: 'open', sides: ['user'], tracking_no: shipped.tracking_no });
    expect(rep.data.history).toMatchObject([{ action: 'report', from_type: null, to_type: 5, note: '买家未收到' }]);
    const id = rep.data.id as number;
    expect((await call(t.app, w.admin, 'POST', `${P}report`, { waybill_id: shipped.id, type: 1 })).http).toBe(409);

    // Another tenant's admin, and a trader handling another book, find nothing.
    const other = await tenantWithWaybills(0);
    const express = await buildTenant(t.db, { auth: 5, is_use_trader_express: 1 });
    const handlerElsewhere = await signIn(t.app, express.account, TEST_PASSWORD);
    for (const s of [other.admin, handlerElsewhere]) {
      expect((await call(t.app, s, 'GET', `${P}detail?id=${id}`)).http).toBe(404);
      expect((await call(t.app, s, 'POST', `${P}transition`, { id, version: 1, to: 1 })).http).toBe(404);
      expect((await call(t.app, s, 'POST', `${P}close`, { id, version: 1, note: 'x' })).http).toBe(404);
      expect((await call(t.app, s, 'GET', `${P}list`)).data.list).toEqual([]);
    }
    expect((await call(t.app, handlerElsewhere, 'POST', `${P}compensate`, { id, version: 1, amount: 1 })).http).toBe(
      404,
    );
    expect((await call(t.app, other.admin, 'POST', `${P}report`, { waybill_id: shipped.id, type: 1 })).http).toBe(404);

    // Illegal steps: not in the table, the other side's type, 4 without compensation, stale versions.
    const step = (s: Session, to: number, version = 1) => call(t.app, s, 'POST', `${P}transition`, { id, version, to });
    expect(await step(worker, 10)).toMatchObject({ http: 400, msg: '不能从「待物流查询」变为「空包未发」' });
    expect(await step(worker, 3)).toMatchObject({ http: 400, msg: '「丢件待赔偿」由仓库/物流商设置' });
    expect(await step(worker, 4)).toMatchObject({ http: 400, msg: '不能从「待物流查询」变为「丢件已赔偿」' });
    expect(await step(worker, 1, 7)).toMatchObject({ http: 409 });
    // The operator (the channel's book) sees the parcel as the warehouse side and declares it lost.
    const seen = await call(t.app, operator, 'GET', `${P}list?keyword=${shipped.tracking_no}`);
    expect(seen.data.list.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(seen.data.list[0].sides).toEqual(['handler']);
    expect(await step(operator, 1)).toMatchObject({ http: 400, msg: '「待员工处理」由卖家员工设置' });
    const lost = await step(operator, 3);
    expect(lost.status, lost.msg).toBe(200);
    expect(lost.data).toMatchObject({ type: 3, version: 2 });
    expect(await call(t.app, worker, 'POST', `${P}close`, { id, version: 2, note: 'x' })).toMatchObject({
      http: 400,
      msg: '「丢件待赔偿」的问题件需先赔偿或重新派送',
    });
    const comp = (amount: unknown, version = 2) =>
      call(t.app, operator, 'POST', `${P}compensate`, { id, version, amount });
    expect(await comp(12.5)).toMatchObject({ http: 400, msg: '赔偿金额必须是以分为单位的整数' });
    expect(await comp(0)).toMatchObject({ http: 400, msg: '赔偿金额必须大于0' });

    // Five operators click 赔偿 at once: one refund, the others 409.
    const before = await ledger.balancesOf(t.db, w.tenant.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => comp(1234)));
    expect(answers.map((a) => a.http).sort()).toEqual([200, 409, 409, 409, 409]);
    const after = await ledger.balancesOf(t.db, w.tenant.id);
    expect(after.available - before.available).toBe(1234);
    const refunds = await sql<{ type: number; amount: string }>`
      select type, amount from ledger_entries
      where tenant_id = ${w.tenant.id} and ref_type = 'waybill' and ref_id = ${String(shipped.id)} and type = 4`.execute(
      t.db,
    );
    expect(refunds.rows.map((r) => Number(r.amount))).toEqual([1234]);
    // A replay after the fact posts nothing either (closed, and the key is the problem parcel's).
    expect(await comp(1234, 3)).toMatchObject({ http: 400, msg: '问题件已关闭' });
    const d = await call(t.app, worker, 'GET', `${P}detail?id=${id}`);
    expect(d.data).toMatchObject({ type: 4, status: 'closed', compensation: 1234 });
    expect(d.data.history.map((h: { action: string; to_type: number | null }) => [h.action, h.to_type])).toEqual([
      ['report', 5],
      ['step', 3],
      ['compensate', 4],
    ]);
    expect(d.data.history[2]).toMatchObject({ amount: 1234 });
    expect(d.data.history.every((h: { user: string; created_at: number }) => h.user && h.created_at > 0)).toBe(true);
    // Closed: no more steps; a new problem may be reported on the same waybill.
    expect(await step(worker, 8, 3)).toMatchObject({ http: 400, msg: '问题件已关闭' });
    expect((await call(t.app, worker, 'POST', `${P}report`, { waybill_id: shipped.id, type: 10 })).status).toBe(200);
    // The operation log names each step.
    const log = await sql<{ action: string }>`
      select action from opera_log where target_type = 'logistics_problem' and target_id = ${String(id)} order by id`.execute(
      t.db,
    );
    expect(log.rows.map((r) => r.action)).toEqual([
      'logistics.problem.report',
      'logistics.problem.step',
      'logistics.problem.compensate',
    ]);
  });

  it('re-dispatch and reshipment make a new waybill (freight frozen again, carrier label); filters; close', async () => {
    const w = await tenantWithWaybills(2);
    const [a, b] = w.waybills as [(typeof w.waybills)[0], (typeof w.waybills)[0]];
    // 待仓库处理 by the seller, then the warehouse re-dispatches (6).
    const r1 = await call(t.app, w.admin, 'POST', `${P}report`, { waybill_id: a.id, type: 2 });
    expect(r1.status, r1.msg).toBe(200);
    const frozenBefore = (await ledger.balancesOf(t.db, w.tenant.id)).frozen;
    const re = await call(t.app, operator, 'POST', `${P}transition`, { id: r1.data.id, version: 1, to: 6 });
    expect(re.status, re.msg).toBe(200);
    expect(re.data).toMatchObject({ type: 6, status: 'open', new_waybill_no: `WB${a.order_id}-2` });
    expect(re.data.new_tracking_no).toMatch(/^SIM\d+CN$/);
    expect(re.data.history[1]).toMatchObject({
      action: 'step',
      from_type: 2,
      to_type: 6,
      waybill_no: `WB${a.order_id}-2`,
    });
    expect((await ledger.balancesOf(t.db, w.tenant.id)).frozen - frozenBefore).toBe(5300);
    // The new waybill ships like any other; Amazon already has the order's shipment (no second confirmation).
    const ship = await call(t.app, w.admin, 'POST', `${L}waybill/ship`, { id: re.data.new_waybill_id });
    expect(ship.status, ship.msg).toBe(200);
    const confirms = await sql<{ n: string }>`
      select count(*) as n from logistics_confirmations where waybill_id = ${re.data.new_waybill_id}`.execute(t.db);
    expect(Number(confirms.rows[0]!.n)).toBe(0);
    // A step that cannot follow 6, then the seller closes it.
    expect(
      await call(t.app, w.admin, 'POST', `${P}transition`, { id: r1.data.id, version: re.data.version, to: 8 }),
    ).toMatchObject({ http: 400, msg: '不能从「需重新派送」变为「重新发货」' });
    const closed = await call(t.app, w.admin, 'POST', `${P}close`, {
      id: r1.data.id,
      version: re.data.version,
      note: '已妥投',
    });
    expect(closed.data).toMatchObject({ status: 'closed' });
    expect(closed.data.history.at(-1)).toMatchObject({ action: 'close', from_type: 6, note: '已妥投' });

    // 待员工处理 -> 重新发货 (8) by the seller: a new waybill too. Without the balance for it: 余额不足, nothing changes.
    const r2 = await call(t.app, w.admin, 'POST', `${P}report`, { waybill_id: b.id, type: 1 });
    await ledger.adjust(t.db, {
      tenantId: w.tenant.id,
      idemKey: 'drain',
      ref: { type: 'adjustment', id: 'x' },
      amount: (await ledger.balancesOf(t.db, w.tenant.id)).available,
      kind: 'debit',
    });
    const poor = await call(t.app, w.admin, 'POST', `${P}transition`, { id: r2.data.id, version: 1, to: 8 });
    expect(poor.http).toBe(400);
    expect(poor.msg).toMatch(/^余额不足/);
    expect((await call(t.app, w.admin, 'GET', `${P}detail?id=${r2.data.id}`)).data).toMatchObject({
      type: 1,
      version: 1,
    });
    await topUp(t, w.tenant.id, 10_000);
    // The carrier is unreachable at that moment: the step stands, the new waybill waits for its
    // tracking number, and 创建运单 of its parcel (the list's 重新获取跟踪号) completes it.
    const { sim } = await carrierOf(t.deps.config);
    sim!.faults.push({ status: 503, body: { code: 503, message: 'maintenance' } });
    const resh = await call(t.app, w.admin, 'POST', `${P}transition`, { id: r2.data.id, version: 1, to: 8 });
    expect(resh.status, resh.msg).toBe(200);
    expect(resh.data).toMatchObject({ type: 8, new_waybill_no: `WB${b.order_id}-2`, new_tracking_no: null });
    const waiting = (await call(t.app, w.admin, 'GET', `${L}waybill/list?keyword=WB${b.order_id}-2`)).data.list[0];
    expect(waiting).toMatchObject({ tracking_no: null, status: '0', cancelled: false, parcel_id: b.parcel_id });
    const again = await call(t.app, w.admin, 'POST', `${L}waybill/create`, { parcel_id: waiting.parcel_id });
    expect(again.status, again.msg).toBe(200);
    expect(again.data).toMatchObject({
      id: resh.data.new_waybill_id,
      tracking_no: expect.stringMatching(/^SIM\d+CN$/),
    });

    // Filters: type, status, keyword over tracking number, Amazon order id and order id.
    const ids = async (qs: string) =>
      (await call(t.app, w.admin, 'GET', `${P}list?${qs}`)).data.list.map((r: { id: number }) => r.id);
    expect(await ids('type=8')).toEqual([r2.data.id]);
    expect(await ids('status=closed')).toEqual([r1.data.id]);
    expect(await ids(`keyword=${a.tracking_no}`)).toEqual([r1.data.id]);
    expect(await ids(`keyword=${b.amazon_order_id}`)).toEqual([r2.data.id]);
    expect(await ids(`keyword=${b.order_id}`)).toContain(r2.data.id);
  });

  it('the carrier watch opens a problem parcel for a lost or returned parcel, once', async () => {
    const w = await tenantWithWaybills(2);
    const [lost, returned] = w.waybills as [(typeof w.waybills)[0], (typeof w.waybills)[0]];
    const { sim } = await carrierOf(t.deps.config);
    sim!.shipments.get(lost.tracking_no)!.fate = 'LOST';
    sim!.shipments.get(returned.tracking_no)!.fate = 'RETURNED';
    expect((await watchCarrierEvents(t.deps, { limit: 500 })).opened).toBe(2);
    const list = (await call(t.app, w.admin, 'GET', `${P}list`)).data.list as {
      id: number;
      waybill_id: number;
      type: number;
      reported_by: string;
    }[];
    expect(list.map((r) => [r.waybill_id, r.type, r.reported_by]).sort()).toEqual(
      [
        [lost.id, 3, '系统'],
        [returned.id, 7, '系统'],
      ].sort(),
    );
    const d = await call(t.app, w.admin, 'GET', `${P}detail?id=${list.find((r) => r.type === 7)!.id}`);
    expect(d.data.history).toMatchObject([{ action: 'system', to_type: 7, user: '系统', note: '承运商:已退回发件地' }]);
    // Closed by the staff, it is not opened again; nor is an open one doubled.
    const closed = await call(t.app, w.admin, 'POST', `${P}close`, { id: d.data.id, version: 1, note: '已重新入库' });
    expect(closed.status, closed.msg).toBe(200);
    expect((await watchCarrierEvents(t.deps, { limit: 500 })).opened).toBe(0);
  });
});
