// 头程发货 (issue 30 §3): a seller with a sandbox shop and China stock creates a first-leg
// shipment at /fba/first_trip, plans it through the sandbox Amazon (split recorded), prints FNSKU
// labels (a barcode decoded from the PDF) and carton labels, and ships it out of the China stock.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeCode128, openPdf, renderPage } from '../apps/server/test/support/label-pdf-check';
import { createMainAccount } from './support/api-client';
import { downloadBytes, env, signedInPage } from './support/browser';
import { pane } from './support/goods-library';
import { clickInPopup } from './support/popup';
import { bindSandboxShop } from './support/sandbox-shop';
import { browserSuite, ok, pickByTestId as pick } from './support/suite';

const suite = browserSuite();

/** Clicks a button that downloads a file; answers the file's bytes. */
async function downloaded(p: Page, testId: string): Promise<Buffer> {
  const download = p.waitForEvent('download');
  await p.getByTestId(testId).click();
  const d = await download;
  return downloadBytes(d);
}

/**
 * 待选择分仓: the second (not the recommended first) placement option confirmed in its dialog;
 * 待选择承运: Amazon's partnered carrier. Answers the centre chosen.
 */
async function choosePlacementAndCarrier(p: Page): Promise<string> {
  await p.getByTestId('fba-detail-status').getByText('待选择分仓').waitFor({ timeout: 60_000 });
  const rows = p.getByTestId('fba-placement-choice').locator('tbody tr.ant-table-row');
  expect(await rows.count()).toBe(2);
  const second = rows.nth(1);
  expect(await second.textContent()).toContain('EUR');
  const fc = (await second.locator('td').nth(2).textContent())!.split(':')[0]!.trim();
  await second.locator('.ant-radio-input').check();
  await p.getByTestId('fba-placement-confirm').click();
  await clickInPopup(p.locator('.ant-modal-confirm').getByRole('button', { name: '确认分仓' }));
  await p.getByTestId('fba-detail-status').getByText('待选择承运').waitFor({ timeout: 60_000 });
  await p.getByTestId('fba-transport-option-partnered').click();
  await p.getByTestId('fba-transport-confirm').click();
  await clickInPopup(p.locator('.ant-modal-confirm').getByRole('button', { name: '确认运输方案' }));
  return fc;
}

describe('FBA first leg', () => {
  it('plans a shipment, prints FNSKU labels that scan and carton labels, and ships it from China stock', async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const res = await fetch(`${env().baseUrl}/PDD/__test__/sandbox-fba`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation_factor: 0, require_listings: false }),
    });
    expect(res.status).toBe(200);
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(suite.browser, seller.account, seller.password, '#/fba/first_trip');
    suite.page = s.page;
    const p = s.page;
    await bindSandboxShop(s.api, `头程店${tag}`);
    const sku = `FT-${tag}`;
    const stock = ok(await s.api.call<{ id: number }>('POST', '/order/stock/save', { sku, title: `收纳盒 ${tag}` }));
    ok(await s.api.call('POST', '/order/stock/in', { stock_id: stock.id, quantity: 30 }));
    await p.reload();

    await p.getByTestId('fba-shipment-create').click();
    await pick(p, 'fba-shipment-shop', `头程店${tag}`);
    await pick(p, 'fba-shipment-marketplace', '德国');
    for (const [k, v] of [
      ['name', 'Shenzhen Warehouse'],
      ['addressLine1', 'No. 8 Keji Road'],
      ['city', 'Shenzhen'],
      ['postalCode', '518000'],
      ['phoneNumber', '+8675512345678'],
    ])
      await p.getByTestId(`fba-address-${k}`).fill(v!);
    await p.getByTestId('fba-shipment-sku').click();
    await p.keyboard.type(sku);
    await clickInPopup(
      p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: '国内可用 30',
      }),
    );
    for (const [k, v] of [
      ['quantity', '12'],
      ['per_box', '6'],
      ['length_mm', '400'],
      ['width_mm', '300'],
      ['height_mm', '200'],
      ['weight_g', '5000'],
    ])
      await p.getByTestId(`fba-line-${k}`).fill(v!);
    await p.getByTestId('fba-shipment-save').click();

    // The detail drawer opens on the draft: 开始计划, then the job walks to 待发货.
    await p.getByTestId('fba-detail-status').getByText('草稿').waitFor();
    await p.getByTestId('fba-start').click();
    const fc = await choosePlacementAndCarrier(p);
    await p.getByTestId('fba-detail-status').getByText('待发货').waitFor({ timeout: 60_000 });
    const fcRows = p.getByTestId('fba-detail-fcs').locator('tbody tr.ant-table-row');
    expect(await fcRows.count()).toBe(1);
    expect(await fcRows.first().textContent()).toContain(fc);
    expect(await fcRows.first().textContent()).toContain('亚马逊合作承运商');
    await p.getByTestId('fba-detail-cost').getByText('合作承运商报价').waitFor();
    const fnsku = (await p
      .getByTestId('fba-detail-items')
      .locator('tbody tr.ant-table-row td')
      .nth(2)
      .textContent())!.trim();
    expect(fnsku).toMatch(/^X00/);

    // FNSKU labels on 60x30 thermal labels: 12 pages, the first one's barcode scans as the FNSKU.
    await pick(p, 'fba-label-layout', '热敏 60×30mm');
    const labels = await downloaded(p, 'fba-print-fnsku');
    const doc = await openPdf(labels);
    expect(doc.numPages).toBe(12);
    expect(decodeCode128(await renderPage(doc, 1, 6))).toBe(fnsku);
    const cartons = await downloaded(p, 'fba-print-carton');
    expect((await openPdf(cartons)).numPages).toBe(2);

    // 发货: China stock goes from 30 to 18.
    await p.getByTestId('fba-ship').click();
    await p.getByTestId('fba-ship-carrier').fill('DHL');
    await p.getByTestId('fba-ship-tracking').fill(`TRK${tag}`);
    // The partnered quote (CNY) is the default cost; this seller has no balance, so none is charged here.
    expect(Number(await p.getByTestId('fba-ship-cost').inputValue())).toBeGreaterThan(0);
    await p.getByTestId('fba-ship-cost').fill('');
    await clickInPopup(p.getByTestId('fba-ship-ok'));
    await p.getByTestId('fba-detail-status').getByText('已发货').waitFor();
    const list = ok(
      await s.api.call<{ list: { sku: string; quantity: number }[] }>('POST', '/order/stock/list', { keyword: sku }),
    );
    expect(list.list.find((r) => r.sku === sku)?.quantity).toBe(18);
  }, 180_000);
});

describe('FBA stock', () => {
  it('同步FBA库存 at 库存列表 brings the stock Amazon holds (亚马逊FBA · 德国) with its breakdown', async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(suite.browser, seller.account, seller.password, '#/overseas/inventory/list');
    suite.page = s.page;
    const shopId = await bindSandboxShop(s.api, `FBA库存店${tag}`);
    const msku = `FS-${tag}`;
    // The sandbox Amazon holds 7 sellable and 1 unsellable unit of an MSKU the console has never seen.
    const res = await fetch(`${env().baseUrl}/PDD/__test__/sandbox-fba`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fba_stock: { shop_id: shopId, marketplace: 'de', msku, fulfillable: 7, unfulfillable: 1 },
      }),
    });
    expect(res.status).toBe(200);
    await s.page.reload();
    const stock = pane(s.page, '/overseas/inventory/list');
    await stock.getByTestId('fba-stock-sync').click();
    const result = stock.getByTestId('fba-stock-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toContain('新建 1 个SKU');
    await stock.getByTestId('inventory-search').locator('input').fill(msku);
    await stock.getByTestId('inventory-search').locator('input').press('Enter');
    const row = stock.getByTestId('inventory-list').locator('tr.ant-table-row', { hasText: msku });
    await row.getByText('亚马逊FBA · 德国').waitFor();
    expect(await row.locator('td').allTextContents()).toContain('8');
    await row.locator('.ant-table-row-expand-icon').click();
    const breakdown = stock.getByTestId('fba-breakdown').locator('tr.ant-table-row', { hasText: msku });
    await breakdown.waitFor();
    const cells = await breakdown.locator('td').allTextContents();
    // 店铺, MSKU, FNSKU, 可售 7, 预留 0, 不可售 1, 在库合计 8.
    expect(cells.slice(3, 7)).toEqual(['7', '0', '1', '8']);
  }, 90_000);
});
