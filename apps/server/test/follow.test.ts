import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { UserRow } from '../src/db/types.js';
import { repriceDue } from '../src/modules/follow/follow-offers.service.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { DE, F, followSandbox, product } from './follow-support.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

// Pricing plans are small (the batch is 0.1 rps): the sandbox Amazon runs 200 times faster.
const t = useTestApp({ spapi: { ...loadConfig({}).spapi, timeScale: 200 } });
const { sb, sandboxShop, sellerWithShop, waitJob, lookedUp } = followSandbox(t);

describe('follow-selling: roles and input', () => {
  let admin: UserRow;
  let s: Session;
  let shopId: number;
  beforeAll(async () => {
    ({ admin, s, shopId } = await sellerWithShop());
  });

  it('goods operators with shops follow; buyers, traders and monitor users do not', async () => {
    for (const auth of [1, 2] as const) {
      const u = await buildUser(t.db, admin, { auth });
      const us = await signIn(t.app, u.account, TEST_PASSWORD);
      expect((await call(t.app, us, 'GET', `${F}/candidate/list`)).status).toBe(200);
    }
    for (const auth of [3, 6] as const) {
      const u = await buildUser(t.db, admin, { auth });
      const us = await signIn(t.app, u.account, TEST_PASSWORD);
      expect((await call(t.app, us, 'GET', `${F}/candidate/list`)).http).toBe(403);
      expect((await call(t.app, us, 'POST', `${F}/push`, { ids: [1], shop_id: shopId, quantity: 1 })).http).toBe(403);
    }
    const trader = await buildTenant(t.db, { auth: 5 });
    const ts = await signIn(t.app, trader.account, TEST_PASSWORD);
    expect((await call(t.app, ts, 'GET', `${F}/offer/list`)).http).toBe(403);
  });

  // Malformed ASINs are refused one by one: apps/server/test/follow-add.test.ts.
  it('refuses too many ASINs and an unknown marketplace', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `B0${String(i).padStart(8, '0')}`);
    const tooMany = await call(t.app, s, 'POST', `${F}/candidate/add`, {
      marketplace: 'de',
      shop_id: shopId,
      asins: many,
    });
    expect(tooMany).toMatchObject({ http: 400, msg: '一次最多添加1000个ASIN' });
    const site = await call(t.app, s, 'POST', `${F}/candidate/add`, {
      marketplace: 'xx',
      shop_id: shopId,
      asins: 'B0GOODASIN',
    });
    expect(site).toMatchObject({ http: 400, msg: '站点不存在' });
    const notOpen = await call(t.app, s, 'POST', `${F}/candidate/search`, {
      marketplace: 'us',
      shop_id: shopId,
      keyword: 'x',
    });
    expect(notOpen.http).toBe(400);
    expect(notOpen.msg).toContain('未开通');
  });

  it("another tenant's shop and candidates are not found", async () => {
    const other = await buildTenant(t.db);
    const os = await signIn(t.app, other.account, TEST_PASSWORD);
    const added = await call(t.app, s, 'POST', `${F}/candidate/add`, {
      marketplace: 'de',
      shop_id: shopId,
      asins: 'B0OWNASIN1',
    });
    expect(added.status, added.msg).toBe(200);
    await waitJob(s, added.data.job_id);
    const [mine] = (await call(t.app, s, 'GET', `${F}/candidate/list?asin=B0OWNASIN1`)).data.list;
    const useShop = await call(t.app, os, 'POST', `${F}/candidate/add`, {
      marketplace: 'de',
      shop_id: shopId,
      asins: 'B0OWNASIN1',
    });
    expect(useShop).toMatchObject({ http: 404, msg: '店铺不存在' });
    const otherShop = await sandboxShop(other, '别人的店');
    const push = await call(t.app, os, 'POST', `${F}/push`, { ids: [mine.id], shop_id: otherShop, quantity: 1 });
    expect(push).toMatchObject({ http: 404, msg: '候选商品不存在' });
    expect((await call(t.app, os, 'POST', `${F}/candidate/delete`, { ids: [mine.id] })).http).toBe(404);
    expect((await call(t.app, os, 'GET', `${F}/candidate/list`)).data.total).toBe(0);
  });

  it('a worker uses only the shops given to it', async () => {
    const w = await buildUser(t.db, admin, { auth: 2 });
    const other = await buildUser(t.db, admin, { auth: 2 });
    await t.db
      .updateTable('shops')
      .set({ staff_ids: [other.id] })
      .where('id', '=', shopId)
      .execute();
    const ws = await signIn(t.app, w.account, TEST_PASSWORD);
    const r = await call(t.app, ws, 'POST', `${F}/candidate/add`, {
      marketplace: 'de',
      shop_id: shopId,
      asins: 'B0WORKER01',
    });
    expect(r).toMatchObject({ http: 404, msg: '店铺不存在' });
    await t.db.updateTable('shops').set({ staff_ids: [] }).where('id', '=', shopId).execute();
  });
});

describe('follow-selling: candidates to follow offers against the sandbox Amazon', () => {
  let admin: UserRow;
  let s: Session;
  let shopId: number;
  beforeAll(async () => {
    ({ admin, s, shopId } = await sellerWithShop());
    sb().sim.market.putProduct(product('B0FOLLOW01'));
    sb().sim.market.setOffers(DE, 'B0FOLLOW01', [
      { sellerId: 'AOWNER000001', price: 20, shipping: 0, fba: true },
      { sellerId: 'AOTHER00002', price: 21.5, shipping: 0, fba: false },
    ]);
    sb().sim.market.putProduct(product('B0FOLLOW02', { brand: 'SECRETBRAND' }));
    sb().sim.market.setOffers(DE, 'B0FOLLOW02', [{ sellerId: 'AOWNER000001', price: 12.99, shipping: 0, fba: true }]);
    sb().sim.market.putProduct(product('B0GATED001', { restriction: 'APPROVAL_REQUIRED', brand: 'GATEDCO' }));
    sb().sim.market.setOffers(DE, 'B0GATED001', [{ sellerId: 'AOWNER000001', price: 30, shipping: 0, fba: true }]);
    const word = await call(t.app, s, 'POST', '/PDD/goods/sensitive/create', { lang: 'en', words: 'secretbrand' });
    expect(word.status, word.msg).toBe(200);
  });

  it('looks candidates up as a job: catalog, offers, restrictions, risk flags and suggested price', async () => {
    const rule = await call(t.app, s, 'POST', `${F}/price-rule/save`, {
      mode: 'percent',
      value: 500,
      min_margin_bp: 2000,
    });
    expect(rule.status, rule.msg).toBe(200);
    const added = await call(t.app, s, 'POST', `${F}/candidate/add`, {
      marketplace: 'de',
      shop_id: shopId,
      asins: 'b0follow01, B0FOLLOW02\nB0GATED001\nZZZZZZZZZZ\nB0FOLLOW01',
    });
    expect(added).toMatchObject({ status: 200, data: { added: 4, existing: 0 } });
    const job = await waitJob(s, added.data.job_id);
    expect(job).toMatchObject({ status: 'done', progress: 4, total: 4, result: { ready: 3, failed: 1 } });
    const list = (await call(t.app, s, 'GET', `${F}/candidate/list?marketplace=de`)).data;
    const by = Object.fromEntries(list.list.map((c: { asin: string }) => [c.asin, c]));
    expect(by.B0FOLLOW01).toMatchObject({
      status: 'ready',
      title: 'Bambus Schneidebrett B0FOLLOW01',
      brand: 'HOLZI',
      product_type: 'HAIRBAND',
      currency: 'EUR',
      offer_count: 2,
      fba_offers: 1,
      fbm_offers: 1,
      buybox_price: 2000,
      buybox_seller: 'AOWNER000001',
      restriction: 'none',
      risk_flags: [],
      // 5 % below the Buy Box.
      suggested_price: 1900,
    });
    expect(by.B0FOLLOW02.risk_flags).toEqual(['sensitive_brand', 'few_sellers']);
    expect(by.B0GATED001).toMatchObject({ restriction: 'APPROVAL_REQUIRED' });
    expect(by.B0GATED001.risk_flags).toEqual(expect.arrayContaining(['registered_brand', 'restricted']));
    expect(by.ZZZZZZZZZZ).toMatchObject({ status: 'failed' });
    expect(by.ZZZZZZZZZZ.error).toContain('未找到');
    // A cost floors the suggested price: 18.00 x 1.2 = 21.60 is above 19.00.
    expect((await call(t.app, s, 'POST', `${F}/candidate/cost`, { id: by.B0FOLLOW01.id, cost: 1800 })).status).toBe(
      200,
    );
    const again = (await call(t.app, s, 'GET', `${F}/candidate/list?asin=B0FOLLOW01`)).data.list[0];
    expect(again.suggested_price).toBe(2160);
    await call(t.app, s, 'POST', `${F}/candidate/cost`, { id: by.B0FOLLOW01.id, cost: null });
  });

  it('pushes candidates as offer-only listings, lists them, checks the Buy Box, reprices, pauses and stops', async () => {
    const cands = (await call(t.app, s, 'GET', `${F}/candidate/list?marketplace=de`)).data.list as {
      id: number;
      asin: string;
    }[];
    const ids = cands.filter((c) => c.asin.startsWith('B0FOLLOW') || c.asin === 'B0GATED001').map((c) => c.id);
    const push = await call(t.app, s, 'POST', `${F}/push`, { ids, shop_id: shopId, quantity: 5 });
    // The gated ASIN is skipped: the shop needs approval first.
    expect(push).toMatchObject({ status: 200, data: { queued: 2, skipped: 1 } });
    const job = await waitJob(s, push.data.job_id);
    expect(job).toMatchObject({ status: 'done', result: { active: 2, failed: 0 } });
    const queue = (await call(t.app, s, 'GET', `${F}/queue/list`)).data;
    expect(queue.list.map((o: { status: string }) => o.status)).toEqual(['active', 'active']);
    const seller = (
      await t.db.selectFrom('shops').select('seller_id').where('id', '=', shopId).executeTakeFirstOrThrow()
    ).seller_id!;
    const offers = sb().sim.market.offers(DE, 'B0FOLLOW01');
    expect(offers.find((o) => o.sellerId === seller)).toMatchObject({ price: 19, fba: false });

    const twice = await call(t.app, s, 'POST', `${F}/push`, { ids, shop_id: shopId, quantity: 5 });
    expect(twice).toMatchObject({ http: 400, msg: '所选商品已在该店铺跟卖' });

    const products = (await call(t.app, s, 'GET', `${F}/offer/list?asin=B0FOLLOW01`)).data.list;
    expect(products).toHaveLength(1);
    const offer = products[0];
    expect(offer).toMatchObject({
      shop_name: '沙箱店',
      price: 1900,
      quantity: 5,
      status: 'active',
      fulfillment: 'FBM',
    });

    // A cheaper follower takes the Buy Box; repricing follows it down to its minimum.
    sb().sim.market.addOffer(DE, 'B0FOLLOW01', { sellerId: 'ACHEAP000003', price: 18.5, shipping: 0, fba: false });
    const rp = await call(t.app, s, 'POST', `${F}/offer/reprice`, {
      id: offer.id,
      version: offer.version,
      enabled: true,
      min: 1800,
      max: 2500,
    });
    expect(rp.status, rp.msg).toBe(200);
    const check = await call(t.app, s, 'POST', `${F}/offer/check`, { ids: [offer.id] });
    // (A scheduled repricing run may have come first: then this check finds nothing to change.)
    expect(await waitJob(s, check.data.job_id)).toMatchObject({ status: 'done', result: { checked: 1 } });
    const checked = (await call(t.app, s, 'GET', `${F}/offer/list?asin=B0FOLLOW01`)).data.list[0];
    expect(checked).toMatchObject({ seller_count: 4 });
    if (checked.buybox_seller === 'ACHEAP000003')
      expect(checked).toMatchObject({ buybox_price: 1850, holds_buybox: false });
    expect(checked.price).toBe(1849);
    expect(sb().sim.market.buyBox(DE, 'B0FOLLOW01')?.sellerId).toBe(seller);

    const stale = await call(t.app, s, 'POST', `${F}/offer/update`, {
      id: offer.id,
      version: offer.version,
      price: 1700,
    });
    expect(stale.http).toBe(409);
    const paused = await call(t.app, s, 'POST', `${F}/offer/update`, {
      id: offer.id,
      version: checked.version,
      quantity: 0,
    });
    expect(paused.status, paused.msg).toBe(200);
    expect(
      sb()
        .sim.market.offers(DE, 'B0FOLLOW01')
        .some((o) => o.sellerId === seller),
    ).toBe(false);
    const list = (await call(t.app, s, 'GET', `${F}/offer/list?asin=B0FOLLOW01`)).data.list[0];
    expect(list).toMatchObject({ status: 'paused', quantity: 0 });
    const stop = await call(t.app, s, 'POST', `${F}/offer/stop`, { id: offer.id, version: list.version });
    expect(stop.status, stop.msg).toBe(200);
    expect((await call(t.app, s, 'GET', `${F}/offer/list?asin=B0FOLLOW01`)).data.total).toBe(0);
    const log = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('tenant_id', '=', admin.id)
      .where('action', 'like', 'follow.%')
      .execute();
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['follow.push', 'follow.offerReprice', 'follow.offerUpdate', 'follow.offerStop']),
    );
  });

  it('Amazon refusing an offer keeps its issues in the queue, and a retry submits it again', async () => {
    const c = await lookedUp(s, shopId, 'B0BADTYPE1', { over: { productType: 'NOSUCHTYPE' } });
    const push = await call(t.app, s, 'POST', `${F}/push`, { ids: [c.id], shop_id: shopId, quantity: 1 });
    expect(await waitJob(s, push.data.job_id)).toMatchObject({ result: { active: 0, failed: 1 } });
    const [item] = (await call(t.app, s, 'GET', `${F}/queue/list?asin=B0BADTYPE1`)).data.list;
    expect(item).toMatchObject({ status: 'failed', error: '亚马逊拒绝了该跟卖,请查看问题后重试' });
    expect(item.issues[0]).toMatchObject({ code: '90003', severity: 'ERROR' });
    expect((await call(t.app, s, 'POST', `${F}/queue/retry`, { ids: [item.id] })).data).toMatchObject({ queued: 1 });
    const onlyFailed = await call(t.app, s, 'POST', `${F}/queue/retry`, { ids: [item.id] });
    expect(onlyFailed.http).toBe(400);
  });

  it('two people pushing the same candidate at once make one offer', async () => {
    const c = await lookedUp(s, shopId, 'B0RACE0001');
    const other = await signIn(t.app, admin.account, TEST_PASSWORD);
    const both = await Promise.all([
      call(t.app, s, 'POST', `${F}/push`, { ids: [c.id], shop_id: shopId, quantity: 1 }),
      call(t.app, other, 'POST', `${F}/push`, { ids: [c.id], shop_id: shopId, quantity: 1 }),
    ]);
    expect(both.map((r) => r.http).sort()).toEqual([200, 400]);
    const rows = await t.db.selectFrom('follow_offers').select('id').where('asin', '=', 'B0RACE0001').execute();
    expect(rows).toHaveLength(1);
  });
  it('adds ASINs from a .txt, .csv or .xlsx file, each checked as a pasted one', async () => {
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const imp = (name: string, content: string) =>
      call(t.app, s, 'POST', `${F}/candidate/import`, { marketplace: 'de', shop_id: shopId, file: { name, content } });
    const txt = await imp('asins.txt', b64('ASIN\nB0FILETXT1\r\nb0filetxt2, B0FILETXT1\n'));
    expect(txt).toMatchObject({ status: 200, data: { added: 2, existing: 0 } });
    await waitJob(s, txt.data.job_id);
    // The column headed ASIN of a CSV (quoted cells, a BOM), not the titles beside it.
    const csv = await imp('list.csv', b64('\uFEFFtitle,asin\n"Board, oak",B0FILECSV1\nTray,B0FILECSV2\n'));
    expect(csv).toMatchObject({ status: 200, data: { added: 2 } });
    await waitJob(s, csv.data.job_id);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('ASINs');
    sheet.addRow(['ASIN', '备注']);
    sheet.addRow(['B0FILEXLS1', '木板']);
    sheet.addRow(['B0FILEXLS2', '']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const x = await imp('list.xlsx', xlsx);
    expect(x).toMatchObject({ status: 200, data: { added: 2 } });
    await waitJob(s, x.data.job_id);
    const pool = (await call(t.app, s, 'GET', `${F}/candidate/list?pageSize=100`)).data.list.map(
      (c: { asin: string }) => c.asin,
    );
    expect(pool).toEqual(
      expect.arrayContaining(['B0FILETXT1', 'B0FILETXT2', 'B0FILECSV1', 'B0FILECSV2', 'B0FILEXLS1', 'B0FILEXLS2']),
    );
    expect(await imp('empty.csv', b64('asin\n'))).toMatchObject({ http: 400, msg: '文件中没有ASIN' });
    expect(await imp('a.pdf', b64('x'))).toMatchObject({ http: 400, msg: '只支持 .txt、.csv 或 .xlsx 文件' });
    expect(await imp('fake.xlsx', b64('not a zip'))).toMatchObject({ http: 400, msg: '文件不是有效的xlsx文件' });
    const noFile = await call(t.app, s, 'POST', `${F}/candidate/import`, { marketplace: 'de', shop_id: shopId });
    expect(noFile).toMatchObject({ http: 400, msg: '请选择文件' });
  });

  it('searches the catalog by keyword and by category; Amazon selling itself is flagged', async () => {
    sb().sim.market.putProduct(product('B0SEARCH01', { title: 'Eichen Servierbrett', classificationId: '4711' }));
    sb().sim.market.putProduct(product('B0SEARCH02', { title: 'Eichen Tablett', classificationId: '4712' }));
    sb().sim.market.setOffers(DE, 'B0SEARCH01', [
      { sellerId: DE, price: 15, shipping: 0, fba: true },
      { sellerId: 'AOTHER00002', price: 16, shipping: 0, fba: false },
    ]);
    const search = (body: object) =>
      call(t.app, s, 'POST', `${F}/candidate/search`, { marketplace: 'de', shop_id: shopId, ...body });
    const byWord = await search({ keyword: 'eichen' });
    expect(byWord.status, byWord.msg).toBe(200);
    expect(byWord.data.list.map((h: { asin: string }) => h.asin).sort()).toEqual(['B0SEARCH01', 'B0SEARCH02']);
    expect(byWord.data.list.find((h: { asin: string }) => h.asin === 'B0SEARCH01')).toMatchObject({
      title: 'Eichen Servierbrett',
      brand: 'HOLZI',
      product_type: 'HAIRBAND',
      category_id: '4711',
    });
    const byCategory = await search({ classification_id: '4711' });
    expect(byCategory.data.list.map((h: { asin: string }) => h.asin)).toEqual(['B0SEARCH01']);
    expect((await search({ classification_id: 'abc' })).msg).toBe('分类ID必须为数字');
    expect((await search({})).msg).toBe('请填写关键词或分类ID');

    const added = await call(t.app, s, 'POST', `${F}/candidate/add`, {
      marketplace: 'de',
      shop_id: shopId,
      asins: ['B0SEARCH01'],
    });
    await waitJob(s, added.data.job_id);
    const [c] = (await call(t.app, s, 'GET', `${F}/candidate/list?asin=B0SEARCH01`)).data.list;
    expect(c).toMatchObject({ amazon_sells: true, buybox_seller: DE, offer_count: 2 });
    expect(c.risk_flags).toContain('amazon_sells');

    const cost = await call(t.app, s, 'POST', `${F}/candidate/cost`, { id: c.id, cost: 1000 });
    expect(cost.status, cost.msg).toBe(200);
    const logged = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('tenant_id', '=', admin.id)
      .where('action', '=', 'follow.candidateCost')
      .where('target_id', '=', String(c.id))
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('a single ASIN is read with getItemOffers: known ones are looked up, unknown ones fail with the reason', async () => {
    const one = await call(t.app, s, 'POST', `${F}/candidate/add`, {
      marketplace: 'de',
      shop_id: shopId,
      asins: 'ZZZZZZZZZY',
    });
    expect(await waitJob(s, one.data.job_id)).toMatchObject({ status: 'done', result: { ready: 0, failed: 1 } });
    const [c] = (await call(t.app, s, 'GET', `${F}/candidate/list?asin=ZZZZZZZZZY`)).data.list;
    expect(c).toMatchObject({ status: 'failed' });
    expect(c.error).toContain('未找到');
  });

  it('a long lookup reports progress and the time left from its start', async () => {
    const asins = Array.from({ length: 60 }, (_, i) => `B0ETAZ${String(i).padStart(4, '0')}`);
    const added = await call(t.app, s, 'POST', `${F}/candidate/add`, { marketplace: 'de', shop_id: shopId, asins });
    expect(added.status, added.msg).toBe(200);
    const seen: { progress: number; total: number; eta: number }[] = [];
    for (let i = 0; i < 2000; i++) {
      const row = await t.db
        .selectFrom('jobs')
        .select(['status', 'progress', 'total', 'result'])
        .where('id', '=', added.data.job_id)
        .executeTakeFirstOrThrow();
      if (row.status === 'running' && row.result)
        seen.push({ progress: row.progress, total: row.total ?? 0, eta: (row.result as { eta_ms: number }).eta_ms });
      if (row.status === 'done' || row.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const mid = seen.filter((x) => x.progress < x.total);
    expect(mid.some((x) => x.progress < 30)).toBe(true);
    expect(mid.every((x) => x.total === 60)).toBe(true);
    // The rest needs time at the shop's rates: an estimate, not 0, while most are still to do.
    expect(mid.filter((x) => x.progress < 30).every((x) => x.eta > 0)).toBe(true);
    expect(new Set(mid.map((x) => x.progress)).size).toBeGreaterThan(3);
  });

  it('the scheduled repricing follows the Buy Box by itself, within min and max', async () => {
    const c = await lookedUp(s, shopId, 'B0REPRICE1', { price: 20 });
    const push = await call(t.app, s, 'POST', `${F}/push`, { ids: [c.id], shop_id: shopId, quantity: 3 });
    expect(await waitJob(s, push.data.job_id)).toMatchObject({ result: { active: 1 } });
    const offerOf = async () => (await call(t.app, s, 'GET', `${F}/offer/list?asin=B0REPRICE1`)).data.list[0];
    const o = await offerOf();
    const rp = await call(t.app, s, 'POST', `${F}/offer/reprice`, {
      id: o.id,
      version: o.version,
      enabled: true,
      min: 1700,
      max: 2500,
    });
    expect(rp.status, rp.msg).toBe(200);
    const seller = (
      await t.db.selectFrom('shops').select('seller_id').where('id', '=', shopId).executeTakeFirstOrThrow()
    ).seller_id!;

    sb().sim.market.addOffer(DE, 'B0REPRICE1', { sellerId: 'ACHEAP000009', price: 18, shipping: 0, fba: false });
    const run = await repriceDue(t.deps);
    expect(run.failed).toBe(0);
    expect(await offerOf()).toMatchObject({ price: 1799, buybox_seller: 'ACHEAP000009', holds_buybox: false });
    expect(
      sb()
        .sim.market.offers(DE, 'B0REPRICE1')
        .find((x) => x.sellerId === seller)?.price,
    ).toBe(17.99);

    // Checked a moment ago: not read again until its interval passed.
    sb().sim.market.addOffer(DE, 'B0REPRICE1', { sellerId: 'ACHEAP000009', price: 15, shipping: 0, fba: false });
    await repriceDue(t.deps);
    expect((await offerOf()).price).toBe(1799);
    // Later the cheaper follower is followed down to the minimum, never under it.
    await repriceDue(t.deps, { now: new Date(Date.now() + 11 * 60_000) });
    expect((await offerOf()).price).toBe(1700);
    expect(
      sb()
        .sim.market.offers(DE, 'B0REPRICE1')
        .find((x) => x.sellerId === seller)?.price,
    ).toBe(17);
  });
});
