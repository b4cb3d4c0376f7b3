import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';

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

/** A random valid EAN-13 (GS1 check digit), unique enough for one run. */
function randomEan13(): string {
  const body = `20${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** The admin's console opened at a goods screen. */
async function openAsAdmin(hash: string) {
  const s = await signedInPage(browser, 'admin', env().adminPassword, hash);
  page = s.page;
  return s;
}

/** The kept-alive pane of one page (hidden panes of other tabs stay mounted). */
function pane(p: Page, fullPath: string) {
  return p.locator(`.keep-alive-pane[data-page="${fullPath}"]`);
}

/** Clicks 确定 in the open popconfirm. */
async function confirmPop(p: Page) {
  await p
    .locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons')
    .getByRole('button', { name: '确定' })
    .click();
}

describe('EAN table', () => {
  it('imports pasted codes with one invalid line, shows the report, lists and deletes a free code', async () => {
    const { page: p, context } = await openAsAdmin('#/goods/ean-table');
    const [a, b] = [randomEan13(), randomEan13()];
    await p.getByRole('button', { name: '导入EAN' }).click();
    await p.getByTestId('ean-import-text').fill(`${a}\n12345\n${b}\n${a}`);
    await p.getByTestId('ean-import-submit').click();
    const report = p.getByTestId('ean-import-report');
    await report.getByText('导入完成: 新增 2 个,重复 1 个,无效 1 个').waitFor();
    // Invalid lines come first, with the line number and the server's reason.
    const firstRow = report.locator('.ant-table-tbody tr').first();
    const cells = await firstRow.locator('td').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['2', '12345', '无效']);
    expect(cells[3]).toMatch(/^位数不正确\(5位\)/);
    const second = await report.locator('.ant-table-tbody tr').nth(1).locator('td').allTextContents();
    expect(second).toEqual(['4', a, '重复', '导入内容中重复']);
    await p.getByRole('button', { name: '完成' }).click();

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
