// Orders (订单处理, 配货, 订单首页): a sandbox shop's orders synced, one purchased, received in 配货 and ready to ship.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { routeUrl } from './support/frame';
import { bindSandboxShop } from './support/sandbox-shop';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('orders', () => {
  it('syncs the sandbox shop, purchases an item with its tracking number, receives it in 配货: ready to ship', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const api = new ApiClient(env().baseUrl);
    await api.login(seller.account, seller.password);
    const shopId = await bindSandboxShop(api, '订单沙箱店');
    const made = await api.call<{ ids: string[] }>('POST', '/__test__/sandbox-orders', { shop_id: shopId, count: 2 });
    expect(made.status, made.msg).toBe(200);
    const orderId = made.data.ids[0]!;

    const s = await signedInPage(browser, seller.account, seller.password, '#/order/list');
    page = s.page;
    const p = s.page;
    await p.getByTestId('order-sync').click();
    // Two orders updated by this sync, or none when the scheduled sync (every 5 minutes) came
    // first: 同步订单 waits for a run that is on the shop, so the orders are in either way.
    await p.getByText(/同步完成:[02] 个订单有更新/).waitFor({ timeout: 30_000 });
    await p.getByTestId('order-tabs').getByText('未发货 (2)').waitFor();

    await p
      .getByRole('row', { name: new RegExp(orderId) })
      .getByTestId('order-id')
      .click();
    const detail = p.getByTestId('order-detail');
    await detail.getByText('沙箱商品').waitFor();
    await detail.getByRole('button', { name: '采购' }).click();
    const form = p.getByTestId('purchase-form');
    await form.getByLabel('供应商', { exact: true }).fill('1688测试店');
    await p.getByTestId('purchase-paid').fill('30.50');
    await p.getByTestId('purchase-tracking').fill('SF1234567890');
    await p.getByRole('button', { name: '保存采购' }).click();
    await detail.getByTestId('item-express').getByText('待收货').waitFor();
    await detail.getByText(/30\.50 CNY 1688测试店 SF1234567890/).waitFor();

    // 配货: the warehouse scans the parcel's tracking number, checks the item in, weighs and
    // measures the parcel and marks the order ready to ship.
    // Close the detail first: the list page stays alive in its tab and an open drawer keeps the focus.
    await p.locator('.ant-drawer-close').click();
    await detail.waitFor({ state: 'hidden' });
    await p.goto(routeUrl('/order/distribution'));
    const scan = p.getByPlaceholder('扫描或输入国内快递单号 / 订单号');
    await scan.fill('SF1234567890');
    await scan.press('Enter');
    const card = p.getByTestId('distribution-order');
    await card.getByText(`订单 ${orderId}`).waitFor();
    await card.getByText('还有 1 件商品未到齐').waitFor();
    // The buyer corrects the tracking number meanwhile (待收货 -> 待发货 -> 待收货): the card's
    // version is stale, 确认收货 is refused and the failure stays on the row, also after a reload
    // (kept by the server, issue 29 §2), until the receipt succeeds.
    const scanned = await api.call<{ list: { items: { id: number; version: number }[] }[] }>(
      'POST',
      '/order/distribution/scan',
      { code: 'SF1234567890' },
    );
    const item = scanned.data.list[0]!.items[0]!;
    const back = await api.call<{ version: number }>('POST', '/order/express', {
      item_id: item.id,
      version: item.version,
      to: '1',
    });
    expect(back.status, back.msg).toBe(200);
    const again = await api.call('POST', '/order/express', {
      item_id: item.id,
      version: back.data.version,
      to: '2',
      tracking_no: 'SF1234567890',
    });
    expect(again.status, again.msg).toBe(200);
    const receive = async () => {
      await card.getByRole('button', { name: '确认收货' }).click();
      await p.locator('.ant-popconfirm').getByRole('button', { name: '确认', exact: true }).click();
    };
    await receive();
    const failure = card.getByTestId(`receive-error-${item.id}`);
    await failure.waitFor();
    await p.reload();
    await scan.fill('SF1234567890');
    await scan.press('Enter');
    await failure.waitFor();
    const reason = await failure.textContent();
    expect(reason).toContain('数据已被他人修改');
    // The order's drawer in 订单处理 shows the same kept refusal on the item's line (one component),
    // and a receipt there deals with it: gone from the drawer and, after a new scan, from 配货.
    await p.goto(routeUrl('/order/list'));
    await p
      .getByRole('row', { name: new RegExp(orderId) })
      .getByTestId('order-id')
      .click();
    const drawerFailure = detail.getByTestId(`item-receive-error-${item.id}`);
    await drawerFailure.waitFor();
    expect(await drawerFailure.textContent()).toBe(reason);
    await detail.getByTestId('item-receive').click();
    await p.locator('.ant-popconfirm').getByRole('button', { name: '确认收货' }).click();
    await detail.getByTestId('item-express').getByText('已收货').waitFor();
    await drawerFailure.waitFor({ state: 'detached' });
    await p.locator('.ant-drawer-close').click();
    await detail.waitFor({ state: 'hidden' });
    await p.goto(routeUrl('/order/distribution'));
    await scan.fill('SF1234567890');
    await scan.press('Enter');
    await card.getByTestId('distribution-item-express').getByText('已收货').waitFor();
    expect(await failure.count()).toBe(0);
    await card.getByLabel('重量(g)').fill('850');
    await card.getByLabel('长(cm)').fill('30');
    await card.getByLabel('宽(cm)').fill('20');
    await card.getByLabel('高(cm)').fill('12');
    await card.getByRole('button', { name: '完成配货' }).click();
    await card.getByTestId('distribution-parcel').getByText('包裹:850 g,30×20×12 cm').waitFor();
    await card.getByText('已配货(待发货)').waitFor();
    await p.getByTestId('distribution-tabs').getByText('已配货(待发货)').click();
    await p.getByTestId('distribution-list').getByText(orderId).waitFor();

    // Stock-up: a product received into stock fills the other order's item, which is then in.
    await p.goto(routeUrl('/order/stock/product'));
    await p.getByRole('button', { name: '新增备货商品' }).click();
    await p.getByTestId('stock-form').getByLabel('SKU').fill('STOCK-E2E');
    await p.getByTestId('stock-form').getByLabel('名称').fill('备货测试品');
    await p.getByRole('button', { name: /^保\s?存$/ }).click();
    const stockRow = p.getByTestId('stock-list').getByRole('row', { name: /STOCK-E2E/ });
    await stockRow.getByRole('button', { name: /^入\s?库$/ }).click();
    await p.getByTestId('stock-move-form').getByLabel('数量').fill('1');
    await p.getByRole('button', { name: '确认入库' }).click();
    await stockRow.getByRole('cell', { name: '1', exact: true }).waitFor();

    const otherId = made.data.ids[1]!;
    await p.goto(routeUrl('/order/list'));
    await p
      .getByRole('row', { name: new RegExp(otherId) })
      .getByTestId('order-id')
      .click();
    await p.locator('.ant-drawer-title').getByText(`订单 ${otherId}`).waitFor();
    await detail.getByRole('button', { name: '库存出库' }).click();
    await p.getByTestId('stock-fill-select').click();
    await p.locator('.ant-select-item-option').filter({ hasText: 'STOCK-E2E' }).click();
    await p.getByRole('button', { name: '确认出库' }).click();
    await detail.getByTestId('order-express').getByText('已收货').waitFor();
    await detail.getByText(/从备货库存出库 1 件\(SKU STOCK-E2E\)/).waitFor();
    await p.locator('.ant-drawer-close').click();
    await p.goto(routeUrl('/order/stock/stockOutLog'));
    await p.getByTestId('stock-log').getByText(otherId, { exact: true }).waitFor();

    // 销量统计: the two synced orders counted by ASIN; 订单导出: the sheet downloads at once (few
    // orders); 手工单: the second view of 订单处理 opens its form.
    await p.goto(routeUrl('/order/asinSales'));
    await p.getByTestId('sales-table').getByRole('row').nth(1).waitFor();
    await p.locator('.ant-statistic').filter({ hasText: '订单数' }).getByText('2', { exact: true }).waitFor();
    await p.goto(routeUrl('/order/export'));
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('order-export-submit').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await p.goto(routeUrl('/order/list'));
    await p.getByText('手工单', { exact: true }).click();
    await p.getByTestId('manual-new').click();
    await p.getByTestId('manual-form').waitFor();

    await p.goto(routeUrl('/order/index'));
    await p.getByTestId('order-counts').getByText('商品已收货').waitFor();
    await p.getByTestId('order-syncs').getByText('订单沙箱店').first().waitFor();
  }, 120_000);

  it('1688采购: connects the seller own 1688 buyer account on the simulator authorize page (docs/ali1688.md)', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/platform/ali1688');
    page = s.page;
    const p = s.page;
    await p.getByTestId('ali1688-state').getByText('未连接').waitFor();
    await p.getByRole('button', { name: '连接1688账号' }).click();
    // The simulator's authorize page (ALI1688=demo), then 1688's redirect back to the console.
    await p.getByRole('button', { name: '同意授权' }).click();
    await p.getByTestId('ali1688-state').getByText('已连接').waitFor();
    await p
      .getByTestId('ali1688-connection')
      .getByText(/sim-buyer/)
      .waitFor();
    await p.getByRole('button', { name: '断开' }).click();
    await p.locator('.ant-popconfirm').getByRole('button', { name: '断开' }).click();
    await p.getByTestId('ali1688-state').getByText('未连接').waitFor();
  }, 60_000);

  it("a manual order's typed amount is read by the shared money parser before anything is sent (issue 27 §5b)", async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/order/list');
    page = s.page;
    const p = s.page;
    await p.getByText('手工单', { exact: true }).click();
    await p.getByTestId('manual-new').click();
    await p.getByTestId('manual-form').waitFor();
    // "10,50" is 金额格式不正确 on the screen and 确定 sends nothing; "1,000.50" is accepted.
    const manual = p.getByRole('dialog', { name: '新建手工单' });
    const saves: string[] = [];
    p.on('request', (r) => {
      if (r.url().includes('/order/manual/save')) saves.push(r.url());
    });
    await manual.getByLabel('金额(元)').fill('10,50');
    await manual.getByText('金额格式不正确').waitFor();
    await manual.getByRole('button', { name: /确\s*定/ }).click();
    await manual.getByText('金额格式不正确').waitFor();
    expect(saves).toEqual([]);
    await manual.getByLabel('金额(元)').fill('1,000.50');
    await expect.poll(() => manual.getByText('金额格式不正确').count()).toBe(0);
  });
});
