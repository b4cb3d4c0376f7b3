// Customs (issue 18 §3): the operator sets the platform IOSS number and checks a declaration,
// records a production and sales unit (the credit code's check digit is checked as typed) and
// adds an HS code.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { routeUrl } from './support/frame';
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

describe('customs', () => {
  it('IOSS number and check, a unit record with its credit code, an HS code', async () => {
    const s = await signedInPage(browser, 'admin', env().adminPassword, '#/order/order_customs_info');
    page = s.page;
    const p = s.page;
    const root = pane(p, '/order/order_customs_info');

    // The operator's IOSS number, then a declaration of exactly EUR 150.00 to Germany.
    const ioss = root.getByTestId('ioss-card');
    await ioss.getByTestId('ioss-number').fill('IM2760000001');
    await ioss.getByRole('button', { name: '保存' }).click();
    await p.getByText('修改成功').waitFor();
    await ioss.getByTestId('ioss-value').fill('150.00');
    await ioss.getByRole('button', { name: '检查' }).click();
    await ioss.getByTestId('ioss-result').getByText('适用IOSS', { exact: false }).waitFor();
    await ioss.getByTestId('ioss-value').fill('150.01');
    await ioss.getByRole('button', { name: '检查' }).click();
    await ioss.getByTestId('ioss-result').getByText('货值超过150欧元', { exact: false }).waitFor();

    // A unit record: a wrong check character is refused in the form, the right one saves.
    const tag = Date.now().toString(36);
    await root.getByRole('button', { name: '添加产销单位' }).click();
    const dialog = p.locator('.ant-modal:has([data-testid=customs-unit-form])');
    const form = dialog.getByTestId('customs-unit-form');
    await form.getByLabel('单位名称').fill(`示例贸易${tag}`);
    await form.getByLabel('统一社会信用代码').fill('91440300708461136X');
    await form.getByLabel('地址').fill('广东省深圳市南山区');
    await form.getByLabel('联系人').fill('张三');
    await form.getByLabel('联系电话').fill('13800138000');
    const ok = () => clickInPopup(dialog.locator('.ant-modal-footer').getByRole('button', { name: '确定' }));
    await ok();
    await dialog.getByText('统一社会信用代码校验位不正确').waitFor();
    await form.getByLabel('统一社会信用代码').fill('91440300708461136T');
    await ok();
    const row = root.locator('tr', { hasText: `示例贸易${tag}` });
    await row.getByText('91440300708461136T').waitFor();

    // An HS code typed with dots, listed in the same form.
    await p.goto(routeUrl('/order/hs-code'));
    const hs = pane(p, '/order/hs-code');
    await hs.getByRole('button', { name: '添加海关编码' }).click();
    const hsDialog = p.locator('.ant-modal:has([data-testid=hs-code-form])');
    const hsForm = hsDialog.getByTestId('hs-code-form');
    await hsForm.getByLabel('HS编码').fill('6109.10.00.00');
    await hsForm.getByLabel('中文申报品名').fill(`棉制T恤${tag}`);
    await hsForm.getByLabel('英文申报品名').fill('Cotton T-shirt');
    await clickInPopup(hsDialog.locator('.ant-modal-footer').getByRole('button', { name: '确定' }));
    await hs
      .locator('tr', { hasText: `棉制T恤${tag}` })
      .getByText('6109.10.00.00')
      .waitFor();
  });
});
