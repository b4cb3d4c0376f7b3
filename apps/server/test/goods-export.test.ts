import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertCategory } from '../src/modules/goods-library/category.repository.js';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';

const t = useTestApp();

async function sheetOf(buffer: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

describe('exportSelectTableData', () => {
  it('a small selection downloads at once as .xlsx with one row per product', async () => {
    const main = await buildTenant(t.db);
    const a = await buildGoods(t.db, main, {
      baseInfo: { sku: 'EX-1' },
      commonData: {
        descs: [
          { key: 'en', title: 'Export me' },
          { key: 'zh-CN', title: '导出' },
        ],
      },
      priceTable: [
        { country_code: 'us', price: 1299 },
        { country_code: 'ja', price: 1980 },
      ],
    });
    await buildGoods(t.db, main);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/PDD/amazon-user/exportSelectTableData',
      cookies: s.cookies,
      headers: s.headers,
      payload: { ids: String(a.id) },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['商品ID', 'SKU', '标题(中文)', '标题(英文)']);
    const row = sheet.getRow(2);
    const col = (name: string) => row.getCell(header.indexOf(name) + 1).value;
    expect(col('SKU')).toBe('EX-1');
    expect(col('标题(中文)')).toBe('导出');
    expect(col('审核状态')).toBe('待审核');
    // Prices are number cells Excel can sum (issue 13 §2); an unset price is an empty cell.
    expect(col('美国价格(USD)')).toBe(12.99);
    expect(col('日本价格(JPY)')).toBe(1980);
    expect(col('法国价格(EUR)')).toBeNull();

    const byFilter = await t.app.inject({
      method: 'POST',
      url: '/PDD/amazon-user/exportSelectTableData',
      cookies: s.cookies,
      headers: s.headers,
      payload: { filter: {} },
    });
    expect((await sheetOf(byFilter.rawPayload)).rowCount).toBe(3);
    expect((await call(t.app, s, 'POST', '/PDD/amazon-user/exportSelectTableData', { filter: { type: 8 } })).msg).toBe(
      '没有可导出的商品',
    );
  });

  it('a large selection becomes a job with progress, then downloads; other tenants cannot see it', async () => {
    const main = await buildTenant(t.db);
    await sql`
      insert into goods (tenant_id, creator_id, sku, descs)
      select ${main.id}, ${main.id}, 'BULK-' || g, jsonb_build_object('en', jsonb_build_object('title', 'Bulk ' || g))
      from generate_series(1, 1205) g`.execute(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const started = await call(t.app, s, 'POST', '/PDD/amazon-user/exportSelectTableData', {
      filter: {},
      columns: ['sku', 'title_en'],
    });
    expect(started.msg).toBe('导出任务已创建,完成后可下载');
    expect(started.data.total).toBe(1205);
    const id = started.data.job_id;
    let job = (await call(t.app, s, 'GET', `/PDD/amazon-user/exportJob?id=${id}`)).data;
    const until = Date.now() + 30_000;
    while (job.status !== 'done' && job.status !== 'failed' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 300));
      job = (await call(t.app, s, 'GET', `/PDD/amazon-user/exportJob?id=${id}`)).data;
    }
    expect(job).toMatchObject({ status: 'done', progress: 1205, total: 1205 });
    const file = await t.app.inject({
      method: 'GET',
      url: `/PDD/amazon-user/exportJob/download?id=${id}`,
      cookies: s.cookies,
    });
    expect(file.headers['content-disposition']).toContain('.xlsx');
    const big = await sheetOf(file.rawPayload);
    expect(big.rowCount).toBe(1206);
    // The job writes the columns chosen when it was started.
    expect((big.getRow(1).values as string[]).slice(1)).toEqual(['SKU', '标题(英文)']);

    const other = await buildTenant(t.db);
    const so = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await call(t.app, so, 'GET', `/PDD/amazon-user/exportJob?id=${id}`)).http).toBe(404);
    expect((await call(t.app, so, 'GET', `/PDD/amazon-user/exportJob/download?id=${id}`)).http).toBe(404);
    expect((await call(t.app, s, 'GET', '/PDD/amazon-user/exportJob?id=nope')).msg).toBe('任务ID不合法');
  }, 60_000);
});

/** Posts an export as a session and returns the first sheet (fails when the answer is not a workbook). */
async function exportSheet(s: Awaited<ReturnType<typeof signIn>>, payload: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/PDD/amazon-user/exportSelectTableData',
    cookies: s.cookies,
    headers: { ...s.headers, host: 'console.example.com' },
    payload,
  });
  expect(res.headers['content-type'], res.body.slice(0, 200)).toContain('spreadsheetml');
  const sheet = await sheetOf(res.rawPayload);
  const header = (sheet.getRow(1).values as string[]).slice(1);
  const cell = (row: number, name: string) => {
    expect(header, `column ${name}`).toContain(name);
    return sheet.getRow(row).getCell(header.indexOf(name) + 1);
  };
  return { sheet, header, cell };
}

describe('export contents (issue 13 §2)', () => {
  it('writes typed cells: numbers with formats, dates, the product type label, one row per variation', async () => {
    const main = await buildTenant(t.db);
    const top = await insertCategory(t.db, { tenant_id: main.id, parent_id: 0, name: '家居', sort: 0 });
    const leaf = await insertCategory(t.db, { tenant_id: main.id, parent_id: top.id, name: '收纳', sort: 0 });
    const withVariations = await buildGoods(t.db, main, {
      baseInfo: { sku: 'BOX-1', brand_name: 'Acme', category_id: leaf.id, quantity: 40, cost_price: 1250 },
      commonData: {
        descs: [
          { key: 'en', title: 'Storage box', bullet_points: ['Strong', 'Light'], search_terms: 'box storage' },
          { key: 'zh-CN', title: '收纳盒' },
        ],
      },
      priceTable: [
        { country_code: 'us', price: 1999 },
        { country_code: 'ja', price: 2980 },
      ],
      images: [{ url: '/PDD/files/t1/2026/11/main.png' }, { url: 'https://img.example.com/b.jpg' }],
      parentageTable: {
        theme: 'Color',
        attrs: ['颜色'],
        children: [
          { sku: 'BOX-1-RED', values: { 颜色: '红色' }, ean: '4006381333931', quantity: 7, price: 1599, images: [] },
          { sku: 'BOX-1-BLUE', values: { 颜色: '蓝色' }, quantity: 9, images: ['/PDD/files/t1/blue.png'] },
        ],
      },
    });
    const plain = await buildGoods(t.db, main, { baseInfo: { sku: 'PLAIN-1', type: 0 } });
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const all = [
      'id',
      'sku',
      'type',
      'brand',
      'category',
      'stock',
      'cost',
      'prices',
      'variation_sku',
      'variation_values',
      'ean',
      'variation_price',
      'bullets_en',
      'search_terms_en',
      'main_image',
      'images',
      'variation_images',
      'created_at',
    ];
    const { sheet, cell } = await exportSheet(s, { ids: `${withVariations.id},${plain.id}`, columns: all });
    // Newest first: the plain product, then one row per variation of the other.
    expect(sheet.rowCount).toBe(4);
    expect(cell(2, 'SKU').value).toBe('PLAIN-1');
    expect(cell(2, '类型').value).toBe('未分类');
    expect(cell(2, '变体SKU').value).toBeNull();
    expect(cell(2, '成本价(CNY)').value).toBe(1);

    for (const row of [3, 4]) {
      expect(cell(row, '商品ID').value).toBe(withVariations.id);
      expect(cell(row, 'SKU').value).toBe('BOX-1');
      expect(cell(row, '品牌').value).toBe('Acme');
      expect(cell(row, '分类').value).toBe('家居 / 收纳');
      expect(cell(row, '五点描述(英文)').value).toBe('Strong\nLight');
      expect(cell(row, '搜索词(英文)').value).toBe('box storage');
      expect(cell(row, '主图链接').value).toBe('http://console.example.com/PDD/files/t1/2026/11/main.png');
      expect(cell(row, '附图链接').value).toBe('https://img.example.com/b.jpg');
      const usd = cell(row, '美国价格(USD)');
      expect(usd.type).toBe(ExcelJS.ValueType.Number);
      expect(usd.value).toBe(19.99);
      expect(usd.numFmt).toBe('0.00');
      const jpy = cell(row, '日本价格(JPY)');
      expect(jpy.value).toBe(2980);
      expect(jpy.numFmt).toBe('0');
      const cost = cell(row, '成本价(CNY)');
      expect(cost.value).toBe(12.5);
      expect(cost.numFmt).toBe('0.00');
      const created = cell(row, '创建时间');
      expect(created.type).toBe(ExcelJS.ValueType.Date);
      expect(created.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    }
    expect(cell(3, '变体SKU').value).toBe('BOX-1-RED');
    expect(cell(3, '变体属性').value).toBe('颜色: 红色');
    expect(cell(3, 'EAN').value).toBe('4006381333931');
    expect(cell(3, '库存').value).toBe(7);
    expect(cell(3, '变体价格(CNY)').value).toBe(15.99);
    expect(cell(4, '变体SKU').value).toBe('BOX-1-BLUE');
    expect(cell(4, '库存').value).toBe(9);
    expect(cell(4, '变体图片链接').value).toBe('http://console.example.com/PDD/files/t1/blue.png');
    // Beijing wall-clock time of the row's creation (Excel dates carry no zone).
    const createdAt = (
      await t.db.selectFrom('goods').select('created_at').where('id', '=', withVariations.id).executeTakeFirstOrThrow()
    ).created_at;
    const shown = cell(3, '创建时间').value as Date;
    expect(shown.getTime() - createdAt.getTime()).toBeGreaterThan(8 * 3600_000 - 1000);
    expect(shown.getTime() - createdAt.getTime()).toBeLessThanOrEqual(8 * 3600_000);
  });

  it('remembers the chosen columns per user; refuses unknown or no columns', async () => {
    const main = await buildTenant(t.db);
    const colleague = await buildUser(t.db, main, { auth: 2 });
    const g = await buildGoods(t.db, main, { baseInfo: { sku: 'COL-1' } });
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const sc = await signIn(t.app, colleague.account, TEST_PASSWORD);
    const defaults = (await call(t.app, s, 'GET', '/PDD/amazon-user/exportColumns')).data.columns;
    expect(defaults).toContain('sku');
    expect(defaults).not.toContain('bullets_en');

    // Sent in any order, written in sheet order, remembered for the next export without columns.
    const chosen = await exportSheet(s, { ids: String(g.id), columns: ['prices', 'sku'] });
    expect(chosen.header[0]).toBe('SKU');
    expect(chosen.header.slice(1)).toContain('美国价格(USD)');
    expect((await call(t.app, s, 'GET', '/PDD/amazon-user/exportColumns')).data.columns).toEqual(['sku', 'prices']);
    expect((await exportSheet(s, { ids: String(g.id) })).header).toEqual(chosen.header);
    // Per user: a colleague of the same tenant still has the defaults.
    expect((await call(t.app, sc, 'GET', '/PDD/amazon-user/exportColumns')).data.columns).toEqual(defaults);

    const bad = await call(t.app, s, 'POST', '/PDD/amazon-user/exportSelectTableData', {
      ids: String(g.id),
      columns: ['sku', 'password_hash'],
    });
    expect([bad.http, bad.msg]).toEqual([400, '导出列不合法']);
    const none = await call(t.app, s, 'POST', '/PDD/amazon-user/exportSelectTableData', {
      ids: String(g.id),
      columns: [],
    });
    expect([none.http, none.msg]).toEqual([400, '请至少选择一列']);
    // A refused request changes nothing that was remembered.
    expect((await call(t.app, s, 'GET', '/PDD/amazon-user/exportColumns')).data.columns).toEqual(['sku', 'prices']);
  });

  it('two exports with different columns at once both succeed; one choice is remembered', async () => {
    const main = await buildTenant(t.db);
    const g = await buildGoods(t.db, main);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const [a, b] = await Promise.all([
      exportSheet(s, { ids: String(g.id), columns: ['sku'] }),
      exportSheet(s, { ids: String(g.id), columns: ['id', 'brand'] }),
    ]);
    expect(a.header).toEqual(['SKU']);
    expect(b.header).toEqual(['商品ID', '品牌']);
    const kept = (await call(t.app, s, 'GET', '/PDD/amazon-user/exportColumns')).data.columns;
    expect([['sku'], ['id', 'brand']]).toContainEqual(kept);
  });

  it('buyers and traders may neither export nor read the columns; another tenant exports nothing of ours', async () => {
    const main = await buildTenant(t.db);
    const g = await buildGoods(t.db, main);
    const buyer = await buildUser(t.db, main, { auth: 3 });
    const sb = await signIn(t.app, buyer.account, TEST_PASSWORD);
    expect((await call(t.app, sb, 'GET', '/PDD/amazon-user/exportColumns')).http).toBe(403);
    expect((await call(t.app, sb, 'POST', '/PDD/amazon-user/exportSelectTableData', { ids: String(g.id) })).http).toBe(
      403,
    );
    const trader = await buildTenant(t.db, { auth: 5 });
    const st = await signIn(t.app, trader.account, TEST_PASSWORD);
    expect((await call(t.app, st, 'GET', '/PDD/amazon-user/exportColumns')).http).toBe(403);
    const other = await buildTenant(t.db);
    const so = await signIn(t.app, other.account, TEST_PASSWORD);
    const theirs = await call(t.app, so, 'POST', '/PDD/amazon-user/exportSelectTableData', { ids: String(g.id) });
    expect(theirs.msg).toBe('没有可导出的商品');
  });
});
