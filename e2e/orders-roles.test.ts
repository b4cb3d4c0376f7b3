// Orders by role (issue 17 audit): a buyer's 订单 menu has no 配货; an FBA order offers no purchase;
// a purchase's tracking number is withdrawn from the detail (the undo step of express status).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createChild, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { bindSandboxShop, syncOrdersNow } from './support/sandbox-shop';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('orders by role', () => {
  it('a buyer: no 配货 in the menu, no purchase of an FBA order, purchases and withdraws a tracking number', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const api = new ApiClient(env().baseUrl);
    await api.login(seller.account, seller.password);
    const shopId = await bindSandboxShop(api, '角色沙箱店');
    const own = await api.call<{ ids: string[] }>('POST', '/__test__/sandbox-orders', { shop_id: shopId, count: 1 });
    expect(own.status, own.msg).toBe(200);
    const fba = await api.call<{ ids: string[] }>('POST', '/__test__/sandbox-orders', {
      shop_id: shopId,
      count: 1,
      channel: 'AFN',
    });
    expect(fba.status, fba.msg).toBe(200);
    await syncOrdersNow(api);
    const buyer = await createChild(api, 3);

    const s = await signedInPage(browser, buyer.account, buyer.password, '#/order/list');
    page = s.page;
    const p = s.page;
    const side = p.locator('.side-menu');
    await side.getByText('订单处理', { exact: true }).waitFor();
    expect(await side.getByText('配货', { exact: true }).count()).toBe(0);
    expect(await side.getByText('店铺管理', { exact: true }).count()).toBe(0);

    // The FBA order: Amazon ships it, nothing to purchase.
    const row = (id: string) => p.getByRole('row', { name: new RegExp(id) });
    await row(fba.data.ids[0]!).getByText('无需采购').waitFor();
    await row(fba.data.ids[0]!).getByTestId('order-id').click();
    const detail = p.getByTestId('order-detail');
    await detail.getByText('亚马逊配送,无需采购').waitFor();
    expect(await detail.getByRole('button', { name: '采购', exact: true }).count()).toBe(0);
    await p.locator('.ant-drawer-close').click();
    await detail.waitFor({ state: 'hidden' });

    // The seller-fulfilled order: purchased with its tracking number, then the number withdrawn.
    await row(own.data.ids[0]!).getByTestId('order-id').click();
    await detail.getByRole('button', { name: '采购', exact: true }).click();
    await p.getByTestId('purchase-form').getByLabel('供应商', { exact: true }).fill('义乌小店');
    await p.getByTestId('purchase-paid').fill('18.00');
    await p.getByTestId('purchase-tracking').fill('YT777000111');
    await p.getByRole('button', { name: '保存采购' }).click();
    await detail.getByTestId('item-express').getByText('待收货').waitFor();
    // A buyer purchases but does not receive parcels (the warehouse's 确认收货).
    expect(await detail.getByRole('button', { name: '确认收货' }).count()).toBe(0);
    await detail.getByRole('button', { name: '撤回快递单号' }).click();
    await p
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^确\s?定$/ })
      .click();
    await detail.getByTestId('item-express').getByText('待发货').waitFor();
    await detail.getByText(/待收货 → 待发货\(撤回快递单号\)/).waitFor();
  });
});
