// 出库单 (issue 30 §2): a seller with stock in an overseas warehouse creates a manual outbound at
// 创建出库单; the operator picks, packs and ships it at 出库单列表 (仓库作业); the seller sees the
// outbound shipped and its fee in 财务管理.

import { describe, it } from 'vitest';
import { adminClient, env, signedInPage } from './support/browser';
import { pane } from './support/goods-library';
import { germanWarehouse, OUTBOUND_FEES } from './support/overseas';
import { clickInPopup, pickOption } from './support/popup';
import { browserSuite, ok, sellerPage } from './support/suite';

const suite = browserSuite();

describe('overseas outbound', () => {
  it('a seller creates an outbound at the screen, the warehouse ships it, the fee is in 财务管理', async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const op = await adminClient();
    // The operator's warehouse: handling 3.00, 0.50 a unit, delivery 8.00 (fen in the API).
    const wh = await germanWarehouse(op, `OB-${tag}`, `出库仓${tag}`, OUTBOUND_FEES);

    // The seller: a SKU, 5 units received at the warehouse through an inbound order, money to pay.
    const s = await sellerPage(suite, '#/overseas/outbound/add');
    const sku = ok(
      await s.api.call<{ id: number }>('POST', '/overseas/sku/save', { sku: `OBS-${tag}`, title: `出库杯子${tag}` }),
    );
    const inbound = ok(
      await s.api.call<{ id: number }>('POST', '/overseas/inbound/save', {
        warehouse_id: wh.id,
        shipping_method: 'express',
        boxes: [{ lines: [{ stock_id: sku.id, quantity: 5 }] }],
      }),
    );
    ok(await s.api.call('POST', '/overseas/inbound/ship', { id: inbound.id, carrier: 'DHL', tracking_no: `IN${tag}` }));
    ok(await op.call('POST', '/overseas/inbound/arrive', { id: inbound.id }));
    const detail = ok(
      await op.call<{ box_list: { id: number; lines: { id: number }[] }[] }>('POST', '/overseas/inbound/detail', {
        id: inbound.id,
      }),
    );
    const box = detail.box_list[0]!;
    ok(
      await op.call('POST', '/overseas/inbound/receive', {
        id: inbound.id,
        boxes: [{ box_id: box.id, lines: [{ line_id: box.lines[0]!.id, counted: 5 }] }],
      }),
    );
    ok(
      await op.call('POST', '/finance/adjust', {
        uid: s.uid,
        kind: 'credit',
        amount: 100_000,
        reason: 'e2e',
        idem_key: `e2e-outbound-${tag}`,
      }),
    );

    // 创建出库单: warehouse, recipient, 2 units of the SKU (its available count is shown).
    await s.page.reload();
    const add = pane(s.page, '/overseas/outbound/add');
    await pickOption(s.page, '仓库', `OB-${tag}`);
    await add.getByTestId('recipient-name').fill('Max Mustermann');
    await add.getByTestId('recipient-country').fill('DE');
    await add.getByTestId('recipient-line1').fill('Hauptstraße 1');
    await add.getByTestId('recipient-city').fill('Berlin');
    await add.getByTestId('recipient-postal').fill('10115');
    await add.getByTestId('outbound-sku').click();
    await clickInPopup(
      s.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: `OBS-${tag} 出库杯子${tag}(可用 5)`,
      }),
    );
    await add.getByTestId('outbound-qty').fill('2');
    await add.getByTestId('outbound-submit').click();
    const mine = pane(s.page, '/overseas/outbound/list');
    const row = mine.locator('tr', { hasText: `OB-${tag}` });
    await row.getByText('已创建').waitFor();
    const number = (await row.textContent())!.match(/OB\d{12}/)![0];

    // The warehouse (the operator) picks, packs and ships it.
    const w = await signedInPage(
      suite.browser,
      'admin',
      env().adminPassword,
      '#/overseas/outbound/list?scope=warehouse',
    );
    suite.page = w.page;
    const queue = pane(w.page, '/overseas/outbound/list?scope=warehouse');
    const job = queue.locator('tr', { hasText: number });
    await job.getByTestId('outbound-pick').click();
    await job.getByTestId('outbound-pack').click();
    await job.getByTestId('outbound-ship').click();
    await w.page.getByTestId('outbound-tracking').fill(`DHL${tag}`);
    await clickInPopup(w.page.getByTestId('outbound-ship-ok'));
    await job.getByText('已发货').waitFor();
    await job.getByText('12.00 CNY').waitFor(); // 3.00 + 2 × 0.50 + 8.00
    await w.context.close();

    // The seller sees it shipped, and the fees in 财务管理.
    suite.page = s.page;
    await s.page.goto(`${env().baseUrl}/#/member/user/spend`);
    const spend = pane(s.page, '/member/user/spend');
    await spend.getByText(`海外仓出库单 ${number} 操作费`).waitFor();
    await spend.getByText(`海外仓出库单 ${number} 本地派送费`).waitFor();
    await s.context.close();
  }, 180_000);
});
