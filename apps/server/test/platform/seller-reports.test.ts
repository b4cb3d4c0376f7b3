import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { storeListing } from '../../src/marketplace/simulator/sim-listings.js';
import { simReports } from '../../src/marketplace/simulator/sim-reports.js';
import { fetchShopReport } from '../../src/modules/reports/reports.service.js';
import { buildUser, TEST_PASSWORD } from '../factories.js';
import { followSandbox } from '../follow-support.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';

/** 卖家绩效 and 卖家反馈 (docs/reports.md) against the in-server simulator. */
const t = useTestApp({ spapi: { ...loadConfig({}).spapi, timeScale: 200 } });
const fs = followSandbox(t);
const US = 'ATVPDKIKX0DER';
const R = '/PDD/reports';
const PERF = 'GET_V2_SELLER_PERFORMANCE_REPORT';
const FEEDBACK = 'GET_SELLER_FEEDBACK_DATA';

/** A tenant with a US sandbox shop whose seller has two shipped orders, one refunded (1-star feedback). */
async function world() {
  const w = await fs.sellerWithShop('美国沙箱店', { region: 'NA', marketplaces: ['us'] });
  const shop = await t.db
    .selectFrom('shops')
    .select(['id', 'tenant_id', 'name', 'marketplaces', 'seller_id'])
    .where('id', '=', w.shopId)
    .executeTakeFirstOrThrow();
  const sim = fs.sb().sim;
  const sellerId = shop.seller_id as string;
  storeListing(sim, {
    sellerId,
    marketplaceId: US,
    sku: 'REPORT-SKU',
    productType: 'PRODUCT',
    attributes: { item_name: [{ value: 'Report item' }] },
  });
  const past = Date.now() - 60_000;
  const make = () =>
    sim.orders.generate({ sellerId, marketplaceId: US, at: past, outcome: 'normal', channel: 'MFN' })[0]!;
  const [good, bad] = [make(), make()];
  sim.orders.ship(good, past + 100);
  sim.orders.ship(bad, past + 100);
  sim.orders.refund(bad, past + 200);
  return { ...w, shop, sim, good, bad };
}

async function refresh(s: Session, body: object = {}) {
  const started = await call(t.app, s, 'POST', `${R}/refresh`, body);
  expect(started.http, started.msg).toBe(200);
  const job = await fs.waitJob(s, started.data.job_id, 600);
  expect(job.status, JSON.stringify(job)).toBe('done');
  return job.result as { reports: number; done: number; errors: string[] };
}

describe('seller reports', () => {
  it('刷新 fetches both reports: figures with history, feedback deduplicated, messages for risk and 1-star', async () => {
    const w = await world();
    expect(await refresh(w.s)).toEqual({ reports: 2, done: 2, errors: [] });

    const perf = await call(t.app, w.s, 'POST', `${R}/performance`, {});
    expect(perf.http, perf.msg).toBe(200);
    const row = perf.data.list[0];
    expect(row).toMatchObject({
      shop_id: w.shopId,
      marketplace_name: '美国',
      state: { last_error: '', running: false },
    });
    expect(row.state.last_fetched_at).toBeGreaterThan(0);
    expect(row.figures).toMatchObject({ account_status: 'AT_RISK', ahr_status: 'WARNED' });
    expect(row.figures.odr_mfn).toMatchObject({ defects: 1, negative_feedback: 1 });
    expect(row.history).toHaveLength(1);

    const list = await call(t.app, w.s, 'POST', `${R}/feedback/list`, {});
    expect(list.http, list.msg).toBe(200);
    expect(list.data.total).toBe(2);
    expect(list.data.counts).toMatchObject({ 1: 1 });
    const one = list.data.list.find((f: { order_id: string }) => f.order_id === w.bad);
    expect(one).toMatchObject({ rating: 1, shop_name: '美国沙箱店', order_row_id: null });
    const low = await call(t.app, w.s, 'POST', `${R}/feedback/list`, { rating: 1 });
    expect(low.data.list.map((f: { order_id: string }) => f.order_id)).toEqual([w.bad]);

    const messages = await t.db
      .selectFrom('messages')
      .select('title')
      .where('tenant_id', '=', w.admin.id)
      .where('source', '=', 'shop')
      .execute();
    const titles = [...new Set(messages.map((m) => m.title))];
    expect(titles.some((x) => x.includes('账户状况有风险'))).toBe(true);
    expect(titles.some((x) => x.includes(`1 星差评(订单 ${w.bad})`))).toBe(true);

    // A second fetch: history grows, feedback rows stay one per order and date, no second message.
    const before = messages.length;
    await refresh(w.s);
    const again = await call(t.app, w.s, 'POST', `${R}/performance`, {});
    expect(again.data.list[0].history).toHaveLength(2);
    expect((await call(t.app, w.s, 'POST', `${R}/feedback/list`, {})).data.total).toBe(2);
    const after = await t.db
      .selectFrom('messages')
      .select('id')
      .where('tenant_id', '=', w.admin.id)
      .where('source', '=', 'shop')
      .execute();
    expect(after).toHaveLength(before);
  });

  it('parallel fetches of a shop x type create one report', async () => {
    const w = await world();
    const before = simReports(w.sim).created.get(FEEDBACK) ?? 0;
    const [a, b] = await Promise.all([
      fetchShopReport(t.deps, w.shop, FEEDBACK, { leaseWaitMs: 60_000 }),
      fetchShopReport(t.deps, w.shop, FEEDBACK, { leaseWaitMs: 60_000 }),
    ]);
    expect([a.joined, b.joined].sort()).toEqual([false, true]);
    expect(simReports(w.sim).created.get(FEEDBACK)).toBe(before + 1);
    const runs = await t.db.selectFrom('seller_report_runs').select('state').where('shop_id', '=', w.shopId).execute();
    expect(runs).toEqual([{ state: 'done' }]);
  });

  it('records FATAL with Amazon message in the history and the last error', async () => {
    const w = await world();
    simReports(w.sim).fatalNext = { message: 'Report is not available for this seller.', count: 1 };
    const r = await refresh(w.s, { shop_id: w.shopId, report_type: PERF });
    expect(r.errors[0]).toContain('FATAL');
    expect(r.errors[0]).toContain('Report is not available for this seller.');
    const perf = await call(t.app, w.s, 'POST', `${R}/performance`, { shop_id: w.shopId });
    expect(perf.data.list[0].figures).toBeNull();
    expect(perf.data.list[0].history).toMatchObject([{ state: 'fatal' }]);
    expect(perf.data.list[0].state.last_error).toContain('Report is not available for this seller.');
  });

  it('roles, tenancy and bad input', async () => {
    const w = await world();
    const other = await world();
    // Another tenant's shop id is not found.
    for (const [path, body] of [
      ['performance', { shop_id: other.shopId }],
      ['feedback/list', { shop_id: other.shopId }],
      ['refresh', { shop_id: other.shopId }],
    ] as const) {
      const r = await call(t.app, w.s, 'POST', `${R}/${path}`, body);
      expect(r.http, path).toBe(404);
      expect(r.msg).toBe('店铺不存在或未授权');
    }
    // A buyer (no shop.use) is refused; a worker sees only the shops given to the account.
    const buyer = await buildUser(t.db, w.admin, { auth: 3 });
    const bs = await signIn(t.app, buyer.account, TEST_PASSWORD);
    expect((await call(t.app, bs, 'POST', `${R}/performance`, {})).http).toBe(403);
    const worker = await buildUser(t.db, w.admin, { auth: 2 });
    const ws = await signIn(t.app, worker.account, TEST_PASSWORD);
    await t.db
      .updateTable('shops')
      .set({ staff_ids: [w.admin.id] })
      .where('id', '=', w.shopId)
      .execute();
    expect((await call(t.app, ws, 'POST', `${R}/performance`, {})).data.list).toEqual([]);
    expect((await call(t.app, ws, 'POST', `${R}/feedback/list`, { shop_id: w.shopId })).http).toBe(404);
    await t.db
      .updateTable('shops')
      .set({ staff_ids: [worker.id] })
      .where('id', '=', w.shopId)
      .execute();
    expect((await call(t.app, ws, 'POST', `${R}/performance`, {})).data.list).toHaveLength(1);

    const bad = [
      ['feedback/list', { rating: 6 }, '评分为1到5'],
      ['feedback/list', { startTime: 200, endTime: 100 }, '开始时间不能晚于结束时间'],
      ['refresh', { report_type: 'GET_X' }, '报告类型不正确'],
      ['performance', { shop_id: 'x' }, ''],
    ] as const;
    for (const [path, body, msg] of bad) {
      const r = await call(t.app, w.s, 'POST', `${R}/${path}`, body);
      expect(r.http, JSON.stringify(body)).toBe(400);
      if (msg) expect(r.msg).toContain(msg);
    }
  });
});
