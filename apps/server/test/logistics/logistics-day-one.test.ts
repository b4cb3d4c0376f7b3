// Logistics on a new seller's first day (issue 29 §2): the sample channels of a new installation
// (seeded once, marked 示例, not re-created), the counts of 运费审核's tabs in one call, the
// warning before approving a parcel the balance cannot pay, and the failure of 创建运单 kept on
// the parcel until it succeeds or is dismissed.
import { minor, toDecimalString } from '@console/shared/money';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ensureSampleChannels, SAMPLE_CHANNELS } from '../../src/modules/logistics/sample-channels.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { receivedOrders, topUp } from './logistics-support.js';

const t = useTestApp({ workers: false, spapi: { ...loadConfig({}).spapi } });
const L = '/PDD/logistics/';

async function distribute(s: Session, id: number) {
  const d = await call(t.app, s, 'POST', '/PDD/order/detail', { id });
  const r = await call(t.app, s, 'POST', '/PDD/order/distribution/done', {
    id,
    version: d.data.version,
    weight_g: 300,
    length_cm: 20,
    width_cm: 15,
    height_cm: 10,
  });
  expect(r.status, r.msg).toBe(200);
}

async function tenantWith(count: number) {
  const tenant = await buildTenant(t.db);
  const world = await receivedOrders(t, tenant, count);
  const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const as = async (auth: 1 | 2 | 3 | 6) =>
    signIn(t.app, (await buildUser(t.db, tenant, { auth })).account, TEST_PASSWORD);
  return { tenant, admin, as, orders: world.orders as { id: number }[] };
}

describe('logistics on day one (issue 29 §2)', () => {
  it('a new installation ships with sample channels, once; a tenant quotes and gets a waybill on them', async () => {
    const op = await buildTenant(t.db); // uid 1: the platform operator
    const operator = await signIn(t.app, op.account, TEST_PASSWORD);
    expect((await call(t.app, operator, 'GET', `${L}channel/list`)).data.list).toEqual([]);

    expect(await ensureSampleChannels(t.db)).toBe(SAMPLE_CHANNELS.length);
    // Idempotent: a second start (or a concurrent one) adds nothing.
    expect(await Promise.all([ensureSampleChannels(t.db), ensureSampleChannels(t.db)])).toEqual([0, 0]);
    const list = (await call(t.app, operator, 'GET', `${L}channel/list`)).data.list as {
      id: number;
      name: string;
      is_sample: boolean;
      version: number;
      carrier_code: string;
    }[];
    expect(list).toHaveLength(SAMPLE_CHANNELS.length);
    expect(list.every((c) => c.is_sample && c.name.startsWith('示例'))).toBe(true);

    // A new tenant (the operator's book) quotes a 300 g parcel to Germany on every sample.
    const w = await tenantWith(1);
    await topUp(t, w.tenant.id, 1_000_000);
    const worker = await w.as(2);
    const q = await call(t.app, worker, 'POST', `${L}channel/quote`, {
      weight_g: 300,
      length_mm: 200,
      width_mm: 150,
      height_mm: 100,
      is_electric: false,
      country: 'DE',
    });
    expect(q.status, q.msg).toBe(200);
    expect(q.data.list).toHaveLength(SAMPLE_CHANNELS.length);
    expect(q.data.list.every((r: { ok: boolean }) => r.ok)).toBe(true);
    // 云途 sample: 18.00 registration + 300 g in 50 g steps at 4.00 = 42.00.
    const yun = list.find((c) => c.carrier_code === 'YunExpress')!;
    expect(q.data.list.find((r: { channel_id: number }) => r.channel_id === yun.id)).toMatchObject({
      freight: 4200,
      service_fee: 100,
    });
    const [o] = w.orders as [{ id: number }];
    await distribute(w.admin, o.id);
    const p = await call(t.app, worker, 'POST', `${L}parcel/submit`, { order_id: o.id, channel_id: yun.id });
    expect(p.status, p.msg).toBe(200);
    expect(p.data.review_status).toBe('passed');
    const wb = await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: p.data.id });
    expect(wb.status, wb.msg).toBe(200);
    expect(wb.data).toMatchObject({ carrier_code: 'YunExpress', freight: 4200 });
    expect(wb.data.tracking_no).toMatch(/^SIM\d+CN$/);

    // The operator edits a sample (its tariff becomes the operator's: no longer 示例) and disables another.
    const { id, version } = yun;
    const full = (await call(t.app, operator, 'GET', `${L}channel/list`)).data.list.find(
      (c: { id: number }) => c.id === id,
    );
    const { book_id, currency, updated_at, ...fields } = full;
    const saved = await call(t.app, operator, 'POST', `${L}channel/update`, { ...fields, version, first_price: 380 });
    expect(saved.status, saved.msg).toBe(200);
    expect(saved.data).toMatchObject({ is_sample: false, first_price: 380 });
    // Nothing re-creates the samples, even with every channel gone from the book.
    await sql`update logistics_channels set book_id = -1 where book_id = 0`.execute(t.db);
    expect(await ensureSampleChannels(t.db)).toBe(0);
    // An installation that configured channels before this version gets no samples.
    await sql`update logistics_channels set book_id = 0 where book_id = -1`.execute(t.db);
    await sql`delete from logistics_seed_marks`.execute(t.db);
    expect(await ensureSampleChannels(t.db)).toBe(0);
    expect((await call(t.app, operator, 'GET', `${L}channel/list`)).data.list).toHaveLength(SAMPLE_CHANNELS.length);
    // A trader's own book is never seeded; a trader does not see the operator's samples.
    const trader = await buildTenant(t.db, { auth: 5, is_use_trader_express: 1 });
    const ts = await signIn(t.app, trader.account, TEST_PASSWORD);
    expect((await call(t.app, ts, 'GET', `${L}channel/list`)).data.list).toEqual([]);
  });

  it('counts the work of each tab in one call; approving a parcel the balance cannot pay warns; a failed 创建运单 stays on the row', async () => {
    const channel = (
      await t.db
        .selectFrom('logistics_channels')
        .select('id')
        .where('book_id', '=', 0)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const w = await tenantWith(3);
    const [o1, o2] = w.orders as [{ id: number }, { id: number }];
    const leader = await w.as(1);
    const worker = await w.as(2);
    const counts = async (s: Session) => {
      const r = await call(t.app, s, 'GET', `${L}intercept/counts`);
      expect(r.status, r.msg).toBe(200);
      return r.data;
    };
    expect(await counts(w.admin)).toEqual({
      ready: 0,
      held: 0,
      approved: 0,
      passed: 0,
      cancelled: 0,
      waybills: 0,
      spendable: 0,
    });
    await distribute(w.admin, o1.id);
    await distribute(w.admin, o2.id);
    // Balance 0: the parcel stops for 余额不足.
    const held = await call(t.app, worker, 'POST', `${L}parcel/submit`, { order_id: o1.id, channel_id: channel });
    expect(held.data).toMatchObject({ review_status: 'held', hold_reasons: ['low_balance'] });
    const fee = held.data.freight + 100;
    // A worker sees the counts but not the balance; a buyer and a monitor see nothing.
    expect(await counts(worker)).toMatchObject({ ready: 1, held: 1, approved: 0, spendable: null });
    expect(await counts(leader)).toMatchObject({ ready: 1, held: 1, spendable: 0 });
    expect((await call(t.app, await w.as(3), 'GET', `${L}intercept/counts`)).http).toBe(403);
    expect((await call(t.app, await w.as(6), 'GET', `${L}intercept/counts`)).http).toBe(403);
    // Another tenant's counts are its own.
    const other = await tenantWith(0);
    expect(await counts(other.admin)).toMatchObject({ ready: 0, held: 0 });

    // Approving without having seen the warning: refused with balance vs fee.
    const yuan = (f: number) => `¥${toDecimalString(minor(f), 'CNY')}`;
    const refused = await call(t.app, leader, 'POST', `${L}intercept/approve`, {
      id: held.data.id,
      version: held.data.version,
    });
    expect(refused).toMatchObject({ http: 400 });
    expect(refused.msg).toBe(
      `余额不足:可用余额(含信用额度)¥0.00,该包裹运费和服务费 ${yuan(fee)},创建运单会失败。请先充值,或确认后仍审核通过`,
    );
    expect(
      (
        await call(t.app, leader, 'POST', `${L}intercept/approve`, {
          id: held.data.id,
          version: held.data.version,
          accept_low_balance: 'yes',
        })
      ).http,
    ).toBe(400);
    const approved = await call(t.app, leader, 'POST', `${L}intercept/approve`, {
      id: held.data.id,
      version: held.data.version,
      accept_low_balance: true,
    });
    expect(approved.status, approved.msg).toBe(200);
    expect(await counts(worker)).toMatchObject({ held: 0, approved: 1 });

    // 创建运单 fails for the balance: the reason stays on the row.
    const failed = await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: held.data.id });
    expect(failed.http).toBe(400);
    expect(failed.msg).toMatch(/^余额不足/);
    const row = async () =>
      (await call(t.app, worker, 'GET', `${L}intercept/list?review_status=approved`)).data.list.find(
        (r: { id: number }) => r.id === held.data.id,
      );
    expect(await row()).toMatchObject({ last_error: failed.msg, waybill_id: null });
    expect((await row()).last_error_at).toBeGreaterThan(0);
    // Another tenant cannot dismiss it (404), bad ids are 400; the worker dismisses it.
    expect((await call(t.app, other.admin, 'POST', `${L}parcel/dismiss-error`, { id: held.data.id })).http).toBe(404);
    expect((await call(t.app, worker, 'POST', `${L}parcel/dismiss-error`, { id: 'x' })).http).toBe(400);
    expect((await call(t.app, await w.as(3), 'POST', `${L}parcel/dismiss-error`, { id: held.data.id })).http).toBe(403);
    expect((await call(t.app, worker, 'POST', `${L}parcel/dismiss-error`, { id: held.data.id })).status).toBe(200);
    expect(await row()).toMatchObject({ last_error: null, last_error_at: null });
    // Failing again keeps it again; another tenant's attempt on the parcel leaves it untouched.
    expect((await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: held.data.id })).http).toBe(400);
    expect((await call(t.app, other.admin, 'POST', `${L}waybill/create`, { parcel_id: held.data.id })).http).toBe(404);
    expect((await row()).last_error).toBe(failed.msg);
    // After a top-up the retry succeeds and clears it.
    await topUp(t, w.tenant.id, fee);
    const created = await call(t.app, worker, 'POST', `${L}waybill/create`, { parcel_id: held.data.id });
    expect(created.status, created.msg).toBe(200);
    expect(await row()).toMatchObject({ last_error: null, waybill_id: created.data.id });
    expect(await counts(worker)).toMatchObject({ ready: 1, held: 0, approved: 0, waybills: 1 });

    // With money enough the next parcel passes: nothing is ready, one waits for its waybill.
    await topUp(t, w.tenant.id, 1_000_000);
    const p2 = await call(t.app, worker, 'POST', `${L}parcel/submit`, { order_id: o2.id, channel_id: channel });
    expect(p2.data.review_status).toBe('passed');
    expect(await counts(worker)).toMatchObject({ ready: 0, held: 0, passed: 1, waybills: 1 });
  });
});
