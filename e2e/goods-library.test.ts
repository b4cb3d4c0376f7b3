import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { tabTitles } from './support/frame';
import { confirmPop, pane, randomEan13, shot } from './support/goods-library';
import { clickInPopup, motionSettled } from './support/popup';

let browser: Browser;
let admin: ApiClient;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminClient();
});
afterAll(async () => {
  await browser?.close();
});

/** The admin's console opened at a goods screen. */
async function openAsAdmin(hash: string) {
  const s = await signedInPage(browser, 'admin', env().adminPassword, hash);
  page = s.page;
  return s;
}

describe('EAN table', () => {
  it('imports by paste (one invalid line) and by CSV and xlsx file with the report, deletes a free code, shows a used code with its product', async () => {
    const { page: p, context } = await openAsAdmin('#/goods/ean-table');
    const [a, b] = [randomEan13(), randomEan13()];
    await p.getByRole('button', { name: '导入EAN' }).click();
    await p.getByTestId('ean-import-text').fill(`${a}\n12345\n${b}\n${a}`);
    await clickInPopup(p.getByTestId('ean-import-submit'));
    const report = p.getByTestId('ean-import-report');
    await report.getByText('导入完成: 新增 2 个,重复 1 个,无效 1 个').waitFor();
    // Invalid lines come first, with the line number and the server's reason.
    const firstRow = report.locator('.ant-table-tbody tr').first();
    const cells = await firstRow.locator('td').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['2', '12345', '无效']);
    expect(cells[3]).toMatch(/^位数不正确\(5位\)/);
    const second = await report.locator('.ant-table-tbody tr').nth(1).locator('td').allTextContents();
    expect(second).toEqual(['4', a, '重复', '导入内容中重复']);
    await shot(p, 'ean-report');
    await clickInPopup(p.getByRole('button', { name: '完成' }));

    // Both codes are listed as free; the counter shows them.
    const table = pane(p, '/goods/ean-table').locator('.ant-table-tbody');
    await table.locator('tr', { hasText: a }).getByText('空闲').waitFor();
    await table.locator('tr', { hasText: b }).waitFor();
    expect(await p.getByTestId('ean-counts').textContent()).toMatch(/空闲 \d+ \/ 已使用 \d+/);

    // Delete one selected free code.
    await table.locator('tr', { hasText: a }).locator('.ant-checkbox-input').check();
    await p.getByRole('button', { name: '删除选中' }).click();
    await confirmPop(p);
    await p.getByText('已删除 1 个EAN码').waitFor();
    await table.locator('tr', { hasText: a }).waitFor({ state: 'detached' });
    await table.locator('tr', { hasText: b }).waitFor();
    const left = await admin.call<{ list: { code: string }[] }>('GET', `/goods/ean/list?keyword=${a}`);
    expect(left.data.list).toEqual([]);

    // A CSV file is read in the browser and sent as base64; its header row is skipped.
    const c = randomEan13();
    const wrong = `${c.slice(0, 12)}${(Number(c[12]) + 1) % 10}`;
    await p.getByRole('button', { name: '导入EAN' }).click();
    await clickInPopup(p.getByRole('tab', { name: '文件' }));
    await p.locator('.ant-modal input[type=file]').setInputFiles({
      name: 'codes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`EAN\n${c}\n"${wrong}"\n`),
    });
    await p.locator('.ant-modal .ant-upload-list').getByText('codes.csv').waitFor();
    await clickInPopup(p.getByTestId('ean-import-submit'));
    await report.getByText('导入完成: 新增 1 个,重复 0 个,无效 1 个').waitFor();
    const bad = await report.locator('.ant-table-tbody tr').first().locator('td').allTextContents();
    expect(bad).toEqual(['3', wrong, '无效', `校验位错误,应为${c[12]}`]);
    await clickInPopup(p.getByRole('button', { name: '完成' }));
    await table.locator('tr', { hasText: c }).getByText('空闲').waitFor();

    // An .xlsx file: numeric cells are read as whole numbers (the server parses the workbook).
    const x = randomEan13();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('EAN');
    sheet.addRow(['EAN']);
    sheet.addRow([Number(x)]);
    sheet.addRow(['12345678']);
    await p.getByRole('button', { name: '导入EAN' }).click();
    await clickInPopup(p.getByRole('tab', { name: '文件' }));
    await p.locator('.ant-modal input[type=file]').setInputFiles({
      name: 'codes.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await clickInPopup(p.getByTestId('ean-import-submit'));
    await report.getByText('导入完成: 新增 1 个,重复 0 个,无效 1 个').waitFor();
    expect((await report.locator('.ant-table-tbody tr').first().locator('td').allTextContents()).slice(0, 3)).toEqual([
      '3',
      '12345678',
      '无效',
    ]);
    await clickInPopup(p.getByRole('button', { name: '完成' }));
    await table.locator('tr', { hasText: x }).getByText('空闲').waitFor();

    // A product saved with a variation takes a free code; the used filter shows it with its product.
    const sku = `EAN-${Date.now().toString(36)}`;
    const saved = await admin.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
      goodsData: {
        baseInfo: { sku },
        parentageTable: { theme: 'Color', attrs: ['color'], children: [{ sku: `${sku}-R`, values: { color: 'Red' } }] },
      },
    });
    expect(saved.status).toBe(200);
    const product = await admin.call<{ goodsData: { parentageTable: { children: { ean?: string }[] } } }>(
      'GET',
      `/amazon-user/getProduct?id=${saved.data.id}`,
    );
    const used = product.data.goodsData.parentageTable.children[0]?.ean ?? '';
    expect(used).toMatch(/^\d{13}$/);
    const root = pane(p, '/goods/ean-table');
    await root.getByTestId('ean-status').click();
    await clickInPopup(p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('已使用'));
    await root.getByRole('button', { name: '查询' }).click();
    const usedRow = table.locator('tr', { hasText: used });
    await usedRow.getByText('已使用').waitFor();
    expect(await usedRow.locator('.ant-checkbox-input').isDisabled()).toBe(true);
    await table.locator('tr', { hasText: c }).waitFor({ state: 'detached' });
    // The link names the product id and the variation SKU the code was given to.
    await usedRow.getByRole('link', { name: `#${saved.data.id} ${sku}-R`, exact: true }).click();
    await p.waitForURL(`**/#/goods/admin/update/${saved.data.id}`);
    await context.close();
  });
});

describe('bullet-point library', () => {
  it('creates a set in two languages, edits it, sees a stale save refused, reloads, saves and deletes it', async () => {
    const { page: p, context } = await openAsAdmin('#/goods/pointsManage');
    const name = `五点${Date.now().toString(36)}`;
    await pane(p, '/goods/pointsManage').getByRole('button', { name: '添加五点描述' }).click();
    const add = pane(p, '/goods/addPoints');
    await add.locator('#name').fill(name);
    await add.getByTestId('points-tab-en').click();
    await add.getByTestId('bullet-en-0').fill('Soft cotton');
    await add.getByTestId('bullet-en-1').fill('Machine washable');
    await add.getByTestId('points-tab-de').click();
    await add.getByTestId('bullet-de-0').fill('Weiche Baumwolle');
    // The tab shows how many bullets a language has.
    await add.getByTestId('points-tab-en').getByText('英语 (2)').waitFor();
    await add.getByRole('button', { name: '保存' }).click();
    await p.getByText('添加成功').waitFor();

    // Back on the list: the new set with its languages.
    const list = pane(p, '/goods/pointsManage');
    const row = list.locator('.ant-table-tbody tr', { hasText: name });
    await row.getByText('英语 2').waitFor();
    await row.getByText('德语 1').waitFor();
    // The add tab closed itself; the list tab is active.
    expect(await tabTitles(p)).toEqual(['首页', '五点描述库']);
    const stored = await admin.call<{ list: { id: number; version: number }[] }>(
      'GET',
      `/goods/points/list?keyword=${encodeURIComponent(name)}`,
    );
    const { id } = stored.data.list[0] ?? { id: 0 };
    expect(id).toBeGreaterThan(0);

    await row.getByRole('button', { name: '编辑' }).click();
    const edit = pane(p, `/goods/editPoints/${id}`);
    await edit.getByText('版本 1').waitFor();
    expect(await edit.getByTestId('bullet-en-1').inputValue()).toBe('Machine washable');
    // Someone else saves version 2 meanwhile.
    const other = await admin.call('POST', '/goods/points/update', {
      id,
      version: 1,
      points: { en: ['Changed elsewhere'] },
    });
    expect(other.status).toBe(200);
    await edit.getByTestId('bullet-en-1').fill('Dryer safe');
    await edit.getByRole('button', { name: '保存' }).click();
    const alert = edit.getByTestId('points-save-error');
    await alert.getByText('数据已被他人修改,请刷新后重试').waitFor();
    await alert.getByText(/版本 2/).waitFor();
    await shot(p, 'points-stale');
    await alert.getByRole('button', { name: '重新加载' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await edit.getByTestId('bullet-en-0').inputValue()).toBe('Changed elsewhere');
    expect(await edit.getByTestId('bullet-en-1').inputValue()).toBe('');
    await edit.getByTestId('bullet-en-1').fill('Dryer safe');
    await edit.getByRole('button', { name: '保存' }).click();
    await p.getByText('修改成功').waitFor();
    await edit.getByText('版本 3').waitFor();
    const saved = await admin.call<{ points: Record<string, string[]> }>('GET', `/goods/points/get?id=${id}`);
    expect(saved.data.points.en).toEqual(['Changed elsewhere', 'Dryer safe']);

    // Delete from the list with confirmation.
    await p.evaluate(() => {
      location.hash = '#/goods/pointsManage';
    });
    await row.getByRole('button', { name: '删除' }).click();
    await confirmPop(p);
    await p.getByText('已删除 1 条').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await admin.call('GET', `/goods/points/get?id=${id}`)).status).toBe(404);
    await context.close();
  });
});

describe('sensitive words', () => {
  it('bulk adds words for all languages, finds them by language, highlights hits in the check box, deletes', async () => {
    const { page: p, context } = await openAsAdmin('#/goods/admin/infringement/list');
    const tag = Date.now().toString(36);
    const [w1, w2] = [`brandx${tag}`, `禁词${tag}`];
    const root = pane(p, '/goods/admin/infringement/list');
    await root.getByRole('button', { name: '批量添加' }).click();
    const dialog = p.locator('.ant-modal', { hasText: '批量添加敏感词' });
    await dialog.getByText('所有语言').waitFor();
    await dialog.getByTestId('sensitive-add-words').fill(`${w1}\n${w2}\n${w1.toUpperCase()}`);
    await clickInPopup(dialog.getByRole('button', { name: '添加' }));
    await p.getByText('添加成功: 新增 2 个,重复 1 个已忽略').waitFor();

    // Filter by language 所有语言 and keyword.
    await root.getByTestId('sensitive-filter').locator('.ant-select').click();
    await clickInPopup(p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('所有语言'));
    await root.getByTestId('sensitive-filter').getByPlaceholder('敏感词').fill(tag);
    await root.getByRole('button', { name: '查询' }).click();
    const rows = root.locator('.ant-table-tbody tr.ant-table-row');
    await rows.filter({ hasText: w1 }).waitFor();
    await rows.filter({ hasText: w2 }).waitFor();
    expect(await rows.count()).toBe(2);

    // The check box highlights the hits at the server's offsets.
    const check = root.getByTestId('sensitive-check');
    const text = `Great ${w1.toUpperCase()}-style hat, not ${w1}s`;
    await check.getByTestId('sensitive-check-text').fill(text);
    await check.getByRole('button', { name: '检测' }).click();
    const result = check.getByTestId('sensitive-check-result');
    await result.locator('mark').first().waitFor();
    expect(await result.locator('mark').allTextContents()).toEqual([w1.toUpperCase()]);
    expect(await result.textContent()).toBe(text);
    await check.getByText(`发现 1 处敏感词: ${w1}`).waitFor();
    await shot(p, 'sensitive');

    // Delete both selected words.
    await root.locator('.ant-table-thead .ant-checkbox-input').check();
    await root.getByRole('button', { name: '删除选中' }).click();
    await confirmPop(p);
    await p.getByText('已删除 2 个敏感词').waitFor();
    await rows.filter({ hasText: w1 }).waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('search-terms library', () => {
  it('offers only the 8 countries, counts UTF-8 bytes, adds terms, filters by country, saves an edit and refuses a stale one', async () => {
    const { page: p, context } = await openAsAdmin('#/goods/addSearchTerms');
    const add = pane(p, '/goods/addSearchTerms');
    const name = `搜索词${Date.now().toString(36)}`;
    await add.getByTestId('search-terms-country').click();
    const dropdown = p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    // The US is listed but cannot be chosen; Germany can.
    await expect
      .poll(() => dropdown.locator('.ant-select-item-option-disabled').allTextContents())
      .toContain('美国(不支持)');
    // antd's virtual list may render the option at its edge: bring it into view before clicking.
    await motionSettled(dropdown.getByTitle('美国(不支持)'));
    await dropdown.getByTitle('美国(不支持)').scrollIntoViewIfNeeded();
    await dropdown.getByTitle('美国(不支持)').click({ force: true });
    expect(await add.getByTestId('search-terms-country').textContent()).not.toContain('美国');
    await clickInPopup(dropdown.getByTitle('德国'));
    await add.locator('#name').fill(name);
    // 83 Chinese characters are 249 bytes: at the limit; one more is over.
    await add.getByTestId('search-terms-text').fill('词'.repeat(84));
    await add.getByText('252 / 249 字节').waitFor();
    await add.getByRole('button', { name: '保存' }).click();
    await add.getByText('搜索词不能超过249字节(UTF-8)').waitFor();
    await add.getByTestId('search-terms-text').fill('mütze winter warm');
    await add.getByText('18 / 249 字节').waitFor();
    await shot(p, 'search-terms-add');
    await add.getByRole('button', { name: '保存' }).click();
    await p.getByText('添加成功').waitFor();

    // The list, filtered by country.
    const list = pane(p, '/goods/search-terms');
    await list.getByTestId('search-terms-filter').locator('.ant-select').click();
    await clickInPopup(p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('德国'));
    await list.getByRole('button', { name: '查询' }).click();
    const row = list.locator('.ant-table-tbody tr', { hasText: name });
    await row.getByText('18 / 249').waitFor();
    await row.getByText('德国').waitFor();
    await list.getByTestId('search-terms-filter').locator('.ant-select').click();
    await clickInPopup(p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('法国'));
    await list.getByRole('button', { name: '查询' }).click();
    await row.waitFor({ state: 'detached' });

    // Open the edit route of the new entry and save a new version.
    const found = await admin.call<{ list: { id: number }[] }>(
      'GET',
      `/goods/search-terms/list?keyword=${encodeURIComponent(name)}`,
    );
    const id = found.data.list[0]?.id ?? 0;
    await p.evaluate((i) => {
      location.hash = `#/goods/editSearchTerms/${i}`;
    }, id);
    const edit = pane(p, `/goods/editSearchTerms/${id}`);
    await edit.getByText('版本 1').waitFor();
    await edit.getByTestId('search-terms-text').fill('mütze winter');
    await edit.getByRole('button', { name: '保存' }).click();
    await p.getByText('修改成功').waitFor();
    await edit.getByText('版本 2').waitFor();
    const saved = await admin.call<{ terms: string; bytes: number }>('GET', `/goods/search-terms/get?id=${id}`);
    expect(saved.data).toMatchObject({ terms: 'mütze winter', bytes: 13 });

    // Someone else saves version 3 meanwhile: this form's save is refused, nothing is merged.
    const other = await admin.call('POST', '/goods/search-terms/update', {
      id,
      version: 2,
      terms: 'changed elsewhere',
    });
    expect(other.status).toBe(200);
    await edit.getByTestId('search-terms-text').fill('mütze rot');
    await edit.getByRole('button', { name: '保存' }).click();
    const alert = edit.getByTestId('search-terms-save-error');
    await alert.getByText('数据已被他人修改,请刷新后重试').waitFor();
    await alert.getByText(/版本 3/).waitFor();
    await alert.getByRole('button', { name: '重新加载' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await edit.getByTestId('search-terms-text').inputValue()).toBe('changed elsewhere');
    await edit.getByTestId('search-terms-text').fill('mütze rot');
    await edit.getByRole('button', { name: '保存' }).click();
    await edit.getByText('版本 4').waitFor();
    const after = await admin.call<{ terms: string }>('GET', `/goods/search-terms/get?id=${id}`);
    expect(after.data.terms).toBe('mütze rot');

    // Closing the tab with unsaved input asks first; a saved form closes without asking.
    await edit.getByTestId('search-terms-text').fill('mütze blau');
    await p.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    const ask = p.locator('.ant-modal-confirm', { hasText: '有未保存的修改' });
    await ask.waitFor();
    await clickInPopup(ask.locator('.ant-modal-confirm-btns button').first());
    await ask.waitFor({ state: 'detached' });
    expect(await edit.getByTestId('search-terms-text').inputValue()).toBe('mütze blau');
    await edit.getByTestId('search-terms-text').fill('mütze rot');
    await p.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await edit.waitFor({ state: 'detached' });
    expect(await ask.count()).toBe(0);
    // The server refuses a country outside the 8 as well.
    const us = await admin.call('POST', '/goods/search-terms/create', { country: 'us', name: 'x', terms: 'y' });
    expect(us.status).toBe(400);
    await context.close();
  });
});
