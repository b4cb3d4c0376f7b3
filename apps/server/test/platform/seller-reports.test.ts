import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { storeListing } from '../../src/marketplace/simulator/sim-listings.js';
import { simReports } from '../../src/marketplace/simulator/sim-reports.js';
import { insertRun, upsertFeedback } from '../../src/modules/reports/reports.repository.js';
import { fetchShopReport } from '../../src/modules/reports/reports.service.js';
import { insertShop } from '../../src/modules/shop/shop.repository.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
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

/** Amazon's marketplace id of Germany (the exported feedback's marketplace). */
const DE = 'A1PA6795UKMFR9';
const EXPORT = '/PDD/reports/feedback/export';

/**
 * A tenant's admin, signed in, with an authorized shop (stored directly: the export reads only the
 * kept feedback, never Amazon; fetching is `seller-reports.test.ts`'s).
 */
async function shopOnly(name: string) {
  const admin = await buildTenant(t.db);
  const shop = await insertShop(t.db, {
    tenant_id: admin.id,
    name,
    region: 'EU',
    sandbox: true,
    seller_id: `A${admin.id}SELLER`,
    refresh_token_enc: '',
    marketplaces: ['de'],
    created_by: admin.id,
  });
  return { admin, shopId: shop.id, s: await signIn(t.app, admin.account, TEST_PASSWORD) };
}

/** Feedback rows of a shop as a fetched report would store them. */
async function feedbackOf(tenantId: number, shopId: number, rows: [string, string, number, string, string][]) {
  const runId = await insertRun(t.db, {
    tenant_id: tenantId,
    shop_id: shopId,
    report_type: 'GET_SELLER_FEEDBACK_DATA',
    marketplace_id: DE,
    amazon_report_id: `R${shopId}`,
    period_from: null,
    period_to: null,
    state: 'done',
    error: '',
    figures: null,
    rows: rows.length,
  });
  await upsertFeedback(
    t.db,
    { tenant_id: tenantId, id: shopId },
    DE,
    runId,
    rows.map(([order_id, feedback_date, rating, comments, response]) => ({
      order_id,
      feedback_date,
      rating,
      comments,
      response,
      rater_email: '',
    })),
  );
}

/** The export's answer: status and, for a file, the first sheet's rows (values from column 1). */
async function exported(s: Session, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `${EXPORT}${query}`, cookies: s.cookies, headers: s.headers });
  if (!String(res.headers['content-type']).includes('spreadsheetml')) {
    return { http: res.statusCode, msg: String(res.json().msg), rows: [] as unknown[][] };
  }
  expect(res.headers['content-disposition']).toContain(encodeURIComponent('卖家反馈.xlsx'));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.name).toBe('卖家反馈');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { http: res.statusCode, msg: '', rows };
}

describe('卖家反馈 导出', () => {
  it('exports the filtered feedback of the caller’s shops; roles, tenancy and bad input', async () => {
    const w = await shopOnly('反馈店');
    const other = await shopOnly('别家店');
    await feedbackOf(w.admin.id, w.shopId, [
      ['028-0000001-0000001', '2026-11-01', 5, 'Great seller', ''],
      ['028-0000001-0000002', '2026-11-10', 1, 'Arrived broken', 'Sorry, refunded'],
      ['028-0000001-0000003', '2026-11-20', 4, 'Fine', ''],
    ]);
    await feedbackOf(other.admin.id, other.shopId, [['028-0000009-0000009', '2026-11-12', 2, 'Other tenant', '']]);

    // Everything, newest first, the screen's columns; the same rows as the list.
    const all = await exported(w.s);
    expect(all.http).toBe(200);
    expect(all.rows).toEqual([
      ['日期', '评分', '评论', '亚马逊订单号', '回复', '站点', '店铺'],
      ['2026-11-20', 4, 'Fine', '028-0000001-0000003', undefined, '德国', '反馈店'],
      ['2026-11-10', 1, 'Arrived broken', '028-0000001-0000002', 'Sorry, refunded', '德国', '反馈店'],
      ['2026-11-01', 5, 'Great seller', '028-0000001-0000001', undefined, '德国', '反馈店'],
    ]);
    const list = await call(t.app, w.s, 'POST', '/PDD/reports/feedback/list', {});
    expect(list.data.list.map((f: { order_id: string }) => f.order_id)).toEqual(all.rows.slice(1).map((r) => r[3]));

    // The list's filters: rating; a date range (Beijing days of the seconds); the shop.
    expect((await exported(w.s, '?rating=1')).rows.slice(1).map((r) => r[2])).toEqual(['Arrived broken']);
    const from = Date.UTC(2026, 10, 5) / 1000;
    const to = Date.UTC(2026, 10, 15) / 1000;
    const ranged = await exported(w.s, `?startTime=${from}&endTime=${to}`);
    expect(ranged.rows.slice(1).map((r) => r[0])).toEqual(['2026-11-10']);
    expect((await exported(w.s, `?shop_id=${w.shopId}&rating=5`)).rows.slice(1).map((r) => r[3])).toEqual([
      '028-0000001-0000001',
    ]);

    // Another tenant's shop is not found; its feedback is never in this tenant's file.
    const foreign = await exported(w.s, `?shop_id=${other.shopId}`);
    expect([foreign.http, foreign.msg]).toEqual([404, '店铺不存在或未授权']);
    expect((await exported(other.s)).rows.slice(1).map((r) => r[2])).toEqual(['Other tenant']);

    // A buyer (no shop.use) is refused; a worker exports only the shops given to the account.
    const buyer = await buildUser(t.db, w.admin, { auth: 3 });
    expect((await exported(await signIn(t.app, buyer.account, TEST_PASSWORD))).http).toBe(403);
    const worker = await buildUser(t.db, w.admin, { auth: 2 });
    const ws = await signIn(t.app, worker.account, TEST_PASSWORD);
    await t.db
      .updateTable('shops')
      .set({ staff_ids: [w.admin.id] })
      .where('id', '=', w.shopId)
      .execute();
    expect((await exported(ws)).rows).toHaveLength(1);
    expect((await exported(ws, `?shop_id=${w.shopId}`)).http).toBe(404);
    await t.db
      .updateTable('shops')
      .set({ staff_ids: [worker.id] })
      .where('id', '=', w.shopId)
      .execute();
    expect((await exported(ws)).rows).toHaveLength(4);

    for (const [query, msg] of [
      ['?rating=6', '评分为1到5'],
      [`?startTime=${to}&endTime=${from}`, '开始时间不能晚于结束时间'],
      ['?shop_id=x', '店铺ID'],
      ['?page=1', ''],
    ] as const) {
      const r = await exported(w.s, query);
      expect(r.http, query).toBe(400);
      expect(r.msg).toContain(msg);
    }
  });
});
