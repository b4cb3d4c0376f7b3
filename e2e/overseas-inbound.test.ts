// 入库单 (issue 30 §2): a seller creates an inbound of 2 boxes at 创建入库单 and ships it; the
// warehouse (the operator) marks it arrived and receives it with one box short; the seller sees
// the difference, acknowledges it, and 库存流水 shows the receipt.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount } from './support/api-client';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { pane } from './support/goods-library';
import { clickInPopup, pickOption } from './support/popup';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ok = <T>(r: { status: number; msg: string; data: T }) => {
  expect(r.status, r.msg).toBe(200);
  return r.data;
};

/** Picks a SKU in the inbound form's SKU select by its text. */
async function pickSku(p: Page, testId: string, text: string) {
  await p.getByTestId(testId).click();
  await clickInPopup(
    p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }),
  );
}

describe('overseas inbound', () => {
  it('a seller ships 2 boxes, the warehouse receives one short, the seller acknowledges and sees the receipt', async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const op = await adminClient();
    ok(
      await op.call('POST', '/overseas/warehouse/save', {
        code: `IB-${tag}`,
        name: `入库仓${tag}`,
        country: 'DE',
        carriers: ['DHL'],
        handling_fee_minor: 0,
        unit_fee_minor: 0,
        delivery_fee_minor: 0,
        storage_fee_cbm_day_minor: 0,
      }),
    );

    // The seller: two SKUs, then 创建入库单 with box 1 (10 of A) and box 2 (6 of B).
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/overseas/inbound/add');
    page = s.page;
    for (const [sku, title] of [
      [`IBA-${tag}`, `收纳盒A${tag}`],
      [`IBB-${tag}`, `收纳盒B${tag}`],
    ])
      ok(await s.api.call('POST', '/overseas/sku/save', { sku, title }));
    await s.page.reload();
    const add = pane(s.page, '/overseas/inbound/add');
    await pickOption(s.page, '目的仓库', `IB-${tag}`);
    await pickSku(s.page, 'inbound-sku-1-1', `IBA-${tag}`);
    await add.getByTestId('inbound-qty-1-1').fill('10');
    await add.getByTestId('inbound-add-box').click();
    await pickSku(s.page, 'inbound-sku-2-1', `IBB-${tag}`);
    await add.getByTestId('inbound-qty-2-1').fill('6');
    await add.getByTestId('inbound-save').click();

    // The list opens the new draft: 发货 with a tracking number.
    await s.page.getByTestId('inbound-detail-status').getByText('草稿').waitFor();
    const title = await s.page.locator('.ant-drawer-title').textContent();
    const number = title!.match(/IB\d{8}-\d{4}/)![0];
    await s.page.getByTestId('inbound-ship').click();
    await s.page.getByTestId('inbound-ship-tracking').fill(`TRK${tag}`);
    await clickInPopup(s.page.getByTestId('inbound-ship-ok'));
    await s.page.getByTestId('inbound-detail-status').getByText('已发货').waitFor();

    // The warehouse finds it by tracking number: 到仓, then 收货 with box 2 short by 2.
    const w = await signedInPage(browser, 'admin', env().adminPassword, '#/overseas/inbound/list');
    page = w.page;
    const queue = pane(w.page, '/overseas/inbound/list');
    await queue.getByTestId('inbound-search').locator('input').fill(`TRK${tag}`);
    await queue.getByTestId('inbound-search').locator('input').press('Enter');
    await queue.locator('tr', { hasText: number }).getByText(seller.account).click();
    await w.page.getByTestId('inbound-arrive').click();
    await w.page.getByTestId('inbound-detail-status').getByText('已到仓').waitFor();
    await w.page.getByTestId('inbound-receive').click();
    await w.page.getByTestId(`receive-counted-2-IBB-${tag}`).fill('4');
    await clickInPopup(w.page.getByTestId('inbound-receive-ok'));
    await w.page.getByTestId('inbound-detail-status').getByText('已关闭(有差异)').waitFor();
    await w.context.close();

    // The seller sees the short box and acknowledges the difference.
    page = s.page;
    await s.page.goto(`${env().baseUrl}/#/overseas/inbound/list`);
    await s.page.reload();
    const mine = pane(s.page, '/overseas/inbound/list');
    const row = mine.locator('tr', { hasText: number });
    await row.getByText('差异待确认').waitFor();
    await row.click();
    const box2 = s.page.getByTestId('inbound-detail-box-2');
    await box2.getByTestId('inbound-line-difference').getByText('短少').waitFor();
    await s.page.getByTestId('inbound-acknowledge').click();
    await clickInPopup(s.page.locator('.ant-popconfirm .ant-btn-primary'));
    await s.page.getByText('差异已确认').waitFor();

    // 库存流水 shows both receipts of the inbound (10 of A, 4 of B).
    await s.page.goto(`${env().baseUrl}/#/overseas/inventory/flow`);
    await s.page.reload();
    const flow = pane(s.page, '/overseas/inventory/flow').getByTestId('inventory-flow');
    await flow
      .locator('tr', { hasText: `IBB-${tag}` })
      .getByText(`入库单 ${number}`)
      .waitFor();
    const receipt = flow.locator('tr', { hasText: `IBA-${tag}` });
    await receipt.getByText('入库单收货').waitFor();
    expect(await receipt.textContent()).toContain(`入库单 ${number}`);
    await s.context.close();
  }, 180_000);
});
