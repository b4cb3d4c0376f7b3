// Screens of the product library as a new user meets them (issue 13 §4): one calendar for a
// user abroad, a list that fits 1440 px with a column chooser, popovers inside the screen,
// dated exchange rates where prices are computed.
import { formatInZone } from '@console/shared/constants/time-zone';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { NAV } from './support/frame';
import { clickInPopup } from './support/popup';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

const seller = { account: '', password: '' };
const TAG = Date.now().toString(36).toUpperCase();
let goodsId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  Object.assign(seller, createMainAccount(env().dataDir, 4));
});
afterAll(async () => {
  await browser?.close();
});

describe('product library screens', () => {
  it('a browser in UTC sees the tenant’s China calendar: row times and chart days agree; totals say what they count', async () => {
    const s = await signedInPage(browser, seller.account, seller.password, '#/goods/index', { timezoneId: 'UTC' });
    page = s.page;
    const p = s.page;
    const made = await s.api.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
      goodsData: {
        baseInfo: { sku: `SCR-${TAG}` },
        commonData: { descs: [{ key: 'en', title: `Screen box ${TAG}` }] },
        // Many pictures: the variation picker at its widest.
        images: Array.from({ length: 20 }, (_, i) => ({ url: `/PDD/files/none/p${i}.png` })),
        parentageTable: {
          theme: 'SizeColor',
          attrs: ['color', 'size'],
          children: [
            { sku: `SCR-${TAG}-R-L`, values: { color: 'Red', size: 'Large' } },
            { sku: `SCR-${TAG}-B-L`, values: { color: 'Blue', size: 'Large' } },
          ],
        },
      },
    });
    expect(made.status).toBe(200);
    goodsId = made.data.id;
    const listed = await s.api.call<{ list: { id: number; created_at: number }[] }>(
      'GET',
      '/amazon-user/productList?page=1&pageSize=20',
    );
    const created = new Date((listed.data.list.find((r) => r.id === goodsId)?.created_at ?? 0) * 1000);
    await p.reload();
    const root = p.getByTestId('goods-overview');
    await root.waitFor();
    // The row shows China time (the browser's own zone is UTC, 8 hours behind).
    await expect
      .poll(() => root.getByTestId('goods-overview-recent').first().textContent(), NAV)
      .toContain(formatInZone(created, 'Asia/Shanghai'));
    // The chart's last day is today in China, and its total says what it counts.
    expect(await root.locator('.goods-overview-bar-day').last().textContent()).toBe(
      formatInZone(new Date(), 'Asia/Shanghai').slice(5, 10),
    );
    expect(await root.getByTestId('goods-overview-chart-total').textContent()).toBe('共1个(不含回收站,北京时间)');
    expect(await root.getByTestId('goods-overview-all').textContent()).toContain('商品总数(不含回收站)1');
    await s.context.close();
  });

  it('the product list fits 1440 px with the columns users need; other columns come from the chooser, remembered', async () => {
    const s = await signedInPage(browser, seller.account, seller.password, '#/goods/admin/list');
    page = s.page;
    const p = s.page;
    const list = p.locator('[data-page="/goods/admin/list"]');
    const table = list.getByTestId('goods-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const headers = () => table.locator('thead th').allTextContents();
    for (const h of ['标题 / SKU', '价格·美国', '变体', '创建人', '创建 / 更新', '操作'])
      expect(await headers()).toContain(h);
    expect(await headers()).not.toContain('价格·德国');
    const fits = () =>
      table.evaluate((el) => {
        const box = el.querySelector('.ant-table-content, .ant-table-body') as HTMLElement;
        return box.scrollWidth <= box.clientWidth;
      });
    expect(await fits()).toBe(true);

    await list.getByTestId('column-chooser-button-goods-list').click();
    await clickInPopup(p.getByTestId('column-choice-price_de'));
    await expect.poll(headers, NAV).toContain('价格·德国');
    await clickInPopup(p.getByTestId('column-choice-creator_name'));
    await expect.poll(headers, NAV).not.toContain('创建人');
    // Remembered for this user after a reload.
    await p.reload();
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await headers()).toContain('价格·德国');
    expect(await headers()).not.toContain('创建人');
    await list.getByTestId('column-chooser-button-goods-list').click();
    await clickInPopup(p.getByTestId('column-chooser-goods-list').getByText('恢复默认'));
    await expect.poll(headers, NAV).toContain('创建人');
    expect(await headers()).not.toContain('价格·德国');
    expect(await fits()).toBe(true);
    await s.context.close();
  });

  it('the variation picture popover stays inside the screen; computed prices show the rates’ date and age', async () => {
    const s = await signedInPage(browser, seller.account, seller.password, `#/goods/admin/update/${goodsId}`);
    page = s.page;
    const p = s.page;
    await p.getByTestId('base-sku').waitFor();
    await p.getByRole('tab', { name: '变体', exact: true }).click();
    await p.getByTestId('variation-images-0').click();
    const picker = p.getByTestId('variation-image-picker-0');
    await picker.waitFor();
    const box = await p.locator('.ant-popover', { has: picker }).boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1440);
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    await p.keyboard.press('Escape');

    // The shipped default rates are dated more than 30 days ago: computing prices says so.
    await p.getByRole('tab', { name: '价格', exact: true }).click();
    await p.getByTestId('price-compute').click();
    const stale = p.getByTestId('rates-stale');
    await stale.waitFor();
    expect(await stale.textContent()).toMatch(/默认汇率日期为 \d{4}-\d{2}-\d{2},已超过30天/);
    expect(await stale.textContent()).toContain('美国');
    await s.context.close();
  });
});
