import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildGoods, buildTenant, TEST_PASSWORD } from './factories.js';
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
    expect(header.slice(0, 4)).toEqual(['ID', 'SKU', '标题(英文)', '标题(中文)']);
    const row = sheet.getRow(2);
    const col = (name: string) => row.getCell(header.indexOf(name) + 1).value;
    expect(col('SKU')).toBe('EX-1');
    expect(col('标题(中文)')).toBe('导出');
    expect(col('审核状态')).toBe('待审核');
    expect(col('美国价格(USD)')).toBe('12.99');
    expect(col('日本价格(JPY)')).toBe('1980');
    expect(col('法国价格(EUR)')).toBe('');

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
    const started = await call(t.app, s, 'POST', '/PDD/amazon-user/exportSelectTableData', { filter: {} });
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
    expect((await sheetOf(file.rawPayload)).rowCount).toBe(1206);

    const other = await buildTenant(t.db);
    const so = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await call(t.app, so, 'GET', `/PDD/amazon-user/exportJob?id=${id}`)).http).toBe(404);
    expect((await call(t.app, so, 'GET', `/PDD/amazon-user/exportJob/download?id=${id}`)).http).toBe(404);
    expect((await call(t.app, s, 'GET', '/PDD/amazon-user/exportJob?id=nope')).msg).toBe('任务ID不合法');
  }, 60_000);
});
