// 海外仓 (issue 30 §2): the operator creates a warehouse at 仓库设置; a seller (another tenant)
// adds a SKU at 添加SKU and sees it in SKU列表.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { pane } from './support/goods-library';
import { clickInPopup } from './support/popup';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('overseas warehouse SKUs', () => {
  it('the operator creates a warehouse; a seller adds a SKU and finds it in the list', async () => {
    const tag = Date.now().toString(36).toUpperCase();

    // The operator (uid 1, internal) defines a warehouse with a fee typed in 元.
    const op = await signedInPage(browser, 'admin', env().adminPassword, '#/overseas/warehouse');
    page = op.page;
    const wh = pane(op.page, '/overseas/warehouse');
    await wh.getByTestId('warehouse-add').click();
    const drawer = op.page.locator('.ant-drawer:has([data-testid=warehouse-form])');
    await drawer.getByTestId('warehouse-code').fill(`DE-${tag}`);
    await drawer.getByTestId('warehouse-name').fill(`柏林仓${tag}`);
    await drawer.getByTestId('warehouse-handling_fee_minor').fill('5.5');
    await clickInPopup(drawer.getByTestId('warehouse-save'));
    const row = wh.locator('tr', { hasText: `DE-${tag}` });
    await row.getByText('操作费(每单): 5.50 CNY').waitFor();
    await op.context.close();

    // A seller of another tenant: no 仓库设置 for it; it adds a SKU at 添加SKU.
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/overseas/sku/add');
    page = s.page;
    const menu = await s.api.call<{ url: string }[]>('POST', '/amazon-user/menuList', {});
    expect(JSON.stringify(menu.data)).not.toContain('/overseas/warehouse');
    const add = pane(s.page, '/overseas/sku/add');
    const form = add.getByTestId('sku-form');
    await form.getByTestId('sku-sku').fill(`OS-${tag}`);
    await form.getByTestId('sku-title').fill(`蓝色杯子${tag}`);
    await form.getByTestId('sku-name-en').fill('Blue cup');
    await form.getByTestId('sku-weight').fill('320');
    await form.getByTestId('sku-length_cm').fill('10.5');
    await form.getByTestId('sku-width_cm').fill('8');
    await form.getByTestId('sku-height_cm').fill('12');
    await form.getByTestId('sku-declared').fill('9.99');
    await add.getByTestId('sku-save').click();

    const list = pane(s.page, '/overseas/sku/list');
    const skuRow = list.locator('tr', { hasText: `OS-${tag}` });
    await skuRow.getByText(`蓝色杯子${tag}`).waitFor();
    await skuRow.getByText('320 g / 10.5×8.0×12.0 cm').waitFor();
    await skuRow.getByText('9.99 USD').waitFor();
    await s.context.close();
  }, 150_000);
});
