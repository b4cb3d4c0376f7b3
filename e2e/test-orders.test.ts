// 生成测试订单 (issue 29 §1): on 店铺管理 a sandbox shop's admin makes paid orders for a live listing;
// the shop's sync brings them into 订单处理, with Chinese statuses and marketplaces, and the
// orders beyond the listing's stock are flagged 超卖 on the order and on 订单首页.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { activePane, routeUrl } from './support/frame';
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

describe('test orders', () => {
  it('a sandbox shop makes paid test orders on 店铺管理 and they are synced into 订单处理', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const api = new ApiClient(env().baseUrl);
    await api.login(seller.account, seller.password);
    const shopId = await bindSandboxShop(api, '测试订单店');
    // A live listing in the sandbox (and one order of it).
    const made = await api.call<{ ids: string[] }>('POST', '/__test__/sandbox-orders', { shop_id: shopId, count: 1 });
    expect(made.status, made.msg).toBe(200);

    const s = await signedInPage(browser, seller.account, seller.password, '#/order/shop');
    page = s.page;
    const p = s.page;
    await p
      .getByRole('row', { name: /测试订单店/ })
      .getByTestId('shop-test-orders')
      .click();
    const dialog = p.getByTestId('test-order-dialog');
    await dialog.getByTestId('test-order-listings').click();
    await p.locator('.ant-select-item-option').filter({ hasText: 'SANDBOX-' }).first().click();
    await dialog.getByTestId('test-order-count').fill('3');
    await dialog.getByRole('button', { name: /生\s?成/ }).click();
    await p.getByText('测试订单已同步到订单处理').waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'hidden' });

    await p.goto(routeUrl('/order/list'));
    // The hook's order and the three test orders, all paid (未发货), none 待付款.
    await p.getByTestId('order-tabs').getByText('未发货 (4)').waitFor();
    await p.getByTestId('order-tabs').getByText('待付款 (0)').waitFor();
    // Chinese status and marketplace from the shared tables, no English status beside them.
    await p.getByTestId('order-id').first().click();
    const detail = p.getByTestId('order-detail');
    await detail.getByText('未发货', { exact: true }).waitFor();
    expect(await detail.locator('.ant-descriptions').getByText('Unshipped').count()).toBe(0);
    await detail.getByText(/^测试订单店 \/ [\u4e00-\u9fa5]+$/).waitFor();
    await detail.getByText(/运费\(预估\)/).waitFor();
    await p.locator('.ant-drawer-close').click();
    await detail.waitFor({ state: 'hidden' });

    // 订单首页: the 超卖 card (none beyond stock: the console knows no stock of this listing)
    // opens 订单处理 filtered to oversold orders.
    await p.goto(routeUrl('/order/index'));
    const card = p.getByTestId('order-home-oversold');
    await card.getByText('超卖订单').waitFor();
    await card.click();
    // The card opens its own tab (`/order/list?oversold=1`); the first 订单处理 stays open, hidden.
    const pane = activePane(p);
    await pane
      .locator('[data-testid="order-oversold-filter"]:checked, [data-testid="order-oversold-filter"] input:checked')
      .first()
      .waitFor({ state: 'attached' });
    await pane.getByTestId('order-tabs').getByText('全部 (0)').waitFor();
    // The hidden first tab keeps its own query: its list is not filtered to 超卖.
    const first = p.locator('.keep-alive-pane[data-page="/order/list"]');
    expect(await first.getByTestId('order-tabs').getByText('全部 (4)').count()).toBe(1);
  });

  it('卖家绩效: 刷新 reads the sandbox shop account health (figures, risk); 卖家反馈 opens', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const api = new ApiClient(env().baseUrl);
    await api.login(seller.account, seller.password);
    const shopId = await bindSandboxShop(api, '绩效店');
    const made = await api.call<{ ids: string[] }>('POST', '/__test__/sandbox-orders', { shop_id: shopId, count: 2 });
    expect(made.status, made.msg).toBe(200);
    // Amazon ships both orders; the first is refunded (its buyer leaves 1 star).
    const shipped = await api.call<{ shipped: number }>('POST', '/__test__/sandbox-feedback', {
      shop_id: shopId,
      refund: 1,
    });
    expect(shipped.data.shipped).toBe(2);

    const s = await signedInPage(browser, seller.account, seller.password, '#/platform/reports/sellerPerformance/list');
    page = s.page;
    const p = s.page;
    await p.getByText('还没有绩效数据,点击刷新从亚马逊获取').first().waitFor();
    await p.getByTestId('reports-refresh').click();
    // The first card is the shop's first marketplace, where the test orders were placed.
    const metrics = p.getByTestId('performance-metrics').first();
    await metrics.getByText('订单缺陷率(卖家自配送)').waitFor({ timeout: 30_000 });
    await metrics.getByText('50.00%').waitFor();
    await p.getByTestId('performance-card').getByText('有风险').first().waitFor();
    expect(await p.getByTestId('reports-last-fetched').textContent()).not.toContain('尚未获取');

    // 卖家反馈 opens with its filters and counts. Its rows are checked by the API test
    // (apps/server/test/platform/seller-reports.test.ts): this sandbox shop has 14 marketplaces,
    // and a second round of 14 reports waits on getReportDocument's quota (1 a minute).
    await p.goto(routeUrl('/platform/reports/sellerFeedback/list'));
    const pane = activePane(p);
    await pane.getByTestId('feedback-table').waitFor();
    await pane
      .getByTestId('feedback-counts')
      .getByText(/1 星 0/)
      .waitFor();
  });
});
