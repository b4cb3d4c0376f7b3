// Money on day one (issue 29 §3): 提交充值 shows where to send the money (the operator's 收款账户,
// a WeChat QR image), 充值金额 carries its required star, 财务首页 has one card per figure and an
// empty chart says 暂无数据.

import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { routeUrl } from './support/frame';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('finance: money on day one', () => {
  it('the operator sets payee accounts, the seller sees them on 提交充值; one card per figure, an empty chart says 暂无数据', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/member/index');
    page = s.page;
    const p = s.page;
    // 财务首页 of a new seller: the warning level is a card of its own, the chart says 暂无数据.
    const warningCard = p.getByTestId('balance-warning-card');
    await warningCard.getByTestId('warning-input').waitFor();
    await warningCard.getByText('余额预警').first().waitFor();
    expect(await p.getByTestId('balance-credit').locator('..').getByTestId('warning-input').count()).toBe(0);
    await p.getByTestId('chart-empty').locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    expect(await p.getByTestId('balance-chart').count()).toBe(0);

    // 提交充值 before any payee account: it says so; 充值金额 carries the required star.
    await p.goto(routeUrl('/member/user/topup-add'));
    const amountItem = p.locator('.ant-form-item', { has: p.getByTestId('topup-amount') });
    await amountItem.locator('label.ant-form-item-required').waitFor();
    const hadAccounts = await p.getByTestId('payee-accounts').locator('[data-testid^="payee-account-"]').count();
    if (hadAccounts === 0) await p.getByTestId('payee-none').getByText('平台尚未设置收款账户,请联系客服').waitFor();

    // The operator adds a bank account and a WeChat QR on 物流充值 › 收款账户.
    const op = await signedInPage(browser, 'admin', env().adminPassword, '#/member/user/adminExpressLog');
    page = op.page;
    const o = op.page;
    await o.getByRole('tab', { name: '收款账户' }).click();
    const tab = o.getByTestId('payee-accounts');
    const bankNo = `6214${Date.now()}`;
    await tab.getByTestId('payee-add').click();
    const form = o.getByTestId('payee-form');
    await form.getByLabel('开户银行').fill('招商银行');
    await form.getByLabel('户名').fill('平台科技有限公司');
    await form.getByLabel('银行账号').fill(bankNo);
    await o
      .locator('.ant-modal')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await o.getByText('保存成功').first().waitFor();
    await tab.getByText(bankNo).waitFor();

    await tab.getByTestId('payee-add').click();
    await form.locator('.ant-select').first().click();
    await o.locator('.ant-select-item-option[title="微信支付"]').click();
    await form.getByLabel('收款人').fill('平台财务微信');
    const qr = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#2a2' } })
      .png()
      .toBuffer();
    await form.locator('input[type=file]').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: qr });
    await o.getByTestId('payee-qr-thumb').waitFor();
    await o
      .locator('.ant-modal')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await tab.getByText('平台财务微信').waitFor();
    await op.context.close();

    // The seller sees both, the QR image loaded, before the form.
    page = p;
    await p.reload();
    const accounts = p.getByTestId('payee-accounts');
    await accounts.getByText(bankNo).waitFor();
    const wechat = accounts.locator('[data-testid^="payee-account-"]', { hasText: '平台财务微信' }).last();
    const img = wechat.locator('img').first();
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await p.getByTestId('payee-none').count()).toBe(0);
    // The accounts come before the form.
    const accountsBox = await accounts.boundingBox();
    const formBox = await p.getByTestId('topup-form').boundingBox();
    expect(accountsBox!.y).toBeLessThan(formBox!.y);
  }, 180_000);
});
