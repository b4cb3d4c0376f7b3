// The product home page (商品首页): figures of a new seller's library.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('goods home page', () => {
  it('shows a new seller’s counts, what is still missing, today’s bar and the newest product', async () => {
    const seller = createMainAccount(env().dataDir, 4);
    const s = await signedInPage(browser, seller.account, seller.password, '#/goods/index');
    page = s.page;
    const p = s.page;
    const tag = Date.now().toString(36);
    const made = await s.api.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
      goodsData: {
        baseInfo: { sku: `IDX-${tag}` },
        commonData: { descs: [{ key: 'en', title: `Index mug ${tag}` }] },
        parentageTable: {
          theme: 'Color',
          attrs: ['color'],
          children: [{ sku: `IDX-${tag}-R`, values: { color: 'Red' } }],
        },
      },
    });
    expect(made.status).toBe(200);
    // The page was opened before the product existed: a tab refresh shows the new figures.
    await p.reload();
    const root = p.getByTestId('goods-overview');
    await root.waitFor();
    await expect.poll(() => root.getByTestId('goods-overview-all').textContent()).toContain('1');
    expect(await root.getByTestId('goods-overview-willAudit').textContent()).toContain('1');
    expect(await root.getByTestId('goods-overview-recycled').textContent()).toContain('0');
    const missing = root.getByTestId('goods-overview-incomplete');
    expect(await missing.textContent()).toContain('没有图片1个');
    expect(await missing.textContent()).toContain('有变体未分配EAN1个');
    expect(await missing.textContent()).toContain('EAN库: 空闲 0 / 已使用 0');
    expect(await root.getByTestId('goods-overview-chart').textContent()).toContain('1');
    // A count opens the list filtered by it, and the list's form shows the filter.
    await root.getByTestId('goods-overview-lack-image').click();
    await p.waitForURL('**/#/goods/admin/list');
    const list = p.locator('[data-page="/goods/admin/list"]');
    await expect.poll(() => list.locator('[data-testid=goods-table] tbody tr.ant-table-row').count()).toBe(1);
    expect(await list.locator('[data-testid=goods-table] tbody tr.ant-table-row').textContent()).toContain(
      `IDX-${tag}`,
    );
    expect(await list.getByTestId('goods-filter-lack').textContent()).toContain('没有图片');
    await p.getByRole('tab', { name: '商品首页' }).click();
    await root.getByTestId('goods-overview-willAudit').click();
    await p.waitForURL('**/#/goods/admin/list');
    await expect.poll(() => list.locator('.ant-tabs-tab-active').textContent()).toContain('待审核');
    expect(await list.getByTestId('goods-filter-lack').textContent()).not.toContain('没有图片');

    await p.getByRole('tab', { name: '商品首页' }).click();
    await root.getByTestId('goods-overview-recent').getByText(`Index mug ${tag}`).click();
    await p.waitForURL(`**/#/goods/admin/update/${made.data.id}`);
    await s.context.close();
  });
});
