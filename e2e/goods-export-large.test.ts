import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { clickInPopup } from './support/popup';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

/** More than SYNC_EXPORT_LIMIT (1,000), so the export becomes a job with progress. */
const PRODUCTS = 1001;
let owner: { account: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  // A tenant of its own, so the filter matches exactly these products.
  owner = createMainAccount(env().dataDir, 0);
  const api = new ApiClient(env().baseUrl);
  await api.login(owner.account, owner.password);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < PRODUCTS) {
        const i = next++;
        const r = await api.call('POST', '/amazon-user/insertGoods_v2', {
          goodsData: { baseInfo: { sku: `BIG-${i}` }, commonData: { descs: [{ key: 'en', title: `Bulk item ${i}` }] } },
        });
        if (r.status !== 200) throw new Error(`insertGoods_v2 ${i}: ${r.msg}`);
      }
    }),
  );
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

describe('large export', () => {
  it('exports everything the filter matches as a job with a progress dialog, then downloads it', async () => {
    const s = await signedInPage(browser, owner.account, owner.password, '#/goods/admin/list');
    page = s.page;
    const p = s.page;
    await p.getByTestId('goods-export').click();
    // Nothing selected: only the filter scope is offered.
    const selectedItem = p.getByRole('menuitem', { name: '导出选中的0个商品' });
    await selectedItem.waitFor();
    expect(await selectedItem.getAttribute('aria-disabled')).toBe('true');
    const download = p.waitForEvent('download', { timeout: 60_000 });
    await clickInPopup(p.getByRole('menuitem', { name: `导出全部筛选结果(${PRODUCTS}个)` }));
    await p
      .locator('.ant-modal', { hasText: `将导出${PRODUCTS}个商品` })
      .getByTestId('export-submit')
      .click();

    const dialog = p.locator('.ant-modal', { hasText: '导出商品' });
    await dialog.waitFor();
    await dialog.getByText(new RegExp(`正在导出 \\d+ / ${PRODUCTS}|导出完成`)).waitFor();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    await dialog.getByText('导出完成,已开始下载').waitFor();
    expect(await dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await clickInPopup(dialog.getByRole('button', { name: '完成' }));
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await s.context.close();
  });
});
