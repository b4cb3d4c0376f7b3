// Finance (issue 16): a top-up with a proof image, approved by the operator, shows in the balance
// and the statement, which exports to .xlsx.

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

describe('finance', () => {
  it('submits a top-up with a proof image, the operator approves it, the balance and the entry follow, the statement exports', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/member/user/topup-add');
    page = s.page;
    const p = s.page;
    const form = p.getByTestId('topup-form');
    await form.getByLabel('充值金额(元)').fill('500.25');
    await form.getByLabel('充值方式').click();
    await p.locator('.ant-select-dropdown').getByText('银行转账', { exact: true }).click();
    await form.getByLabel('付款人').fill('张三');
    await form.getByLabel('转账单号').fill('TX20261125');
    await form.getByLabel('转账时间').click();
    await p.locator('.ant-picker-dropdown').getByText('此刻').click();
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    await form.locator('input[type=file]').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: png });
    await p.getByTestId('proof-thumb').waitFor();
    await form.getByRole('button', { name: '提交充值' }).click();
    await p.getByText('提交成功,请等待审核').waitFor();
    const pending = p.getByTestId('topup-table').locator('tr', { hasText: 'TX20261125' });
    await pending.getByText('待审核').waitFor();

    // The platform operator (the first admin) approves it on 物流充值.
    const op = await signedInPage(browser, 'admin', env().adminPassword, '#/member/user/adminExpressLog');
    page = op.page;
    const row = op.page.getByTestId('topup-table').locator('tr', { hasText: seller.account });
    await row.getByText('¥500.25').waitFor();
    await row.getByTestId('approve-topup').click();
    await op.page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await op.page.getByText('审核通过').first().waitFor();
    // The review list shows pending top-ups: the approved one leaves it.
    await row.waitFor({ state: 'detached' });
    await op.context.close();

    // The seller sees the balance and the entry, and exports the statement.
    page = p;
    await p.goto(routeUrl('/member/index'));
    await p.getByTestId('balance-available').getByText('¥500.25').waitFor();
    // The 30-day chart is drawn by ECharts (a canvas inside the chart's box), one point a day.
    const chart = p.getByTestId('balance-chart');
    await chart.locator('canvas').first().waitFor();
    expect(await chart.getAttribute('data-points')).toBe('30');
    await p.goto(routeUrl('/member/user/spend'));
    const entry = p.getByTestId('entries-table').locator('tr', { hasText: '物流充值' });
    await entry.getByText('+¥500.25').waitFor();
    const download = p.waitForEvent('download');
    await p.getByTestId('export-entries').click();
    expect((await download).suggestedFilename()).toBe('财务明细.xlsx');
  });
});
