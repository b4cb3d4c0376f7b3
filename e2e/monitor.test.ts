// ASIN monitor and follow-sale removal (跟卖监控, 跟卖移除): watch an own-brand ASIN of the sandbox
// shop, a hijacker arrives at the sandbox Amazon (alert and removal case), leaves (case closed).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { routeUrl } from './support/frame';
import { pickOption } from './support/popup';
import { sandboxMarket } from './support/sandbox-shop';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('ASIN monitor', () => {
  it('watches an ASIN, sees a hijacker as an alert and a removal case, and the case closes when it leaves', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/order/shop');
    page = s.page;
    const p = s.page;
    // 跟卖提醒 on: follow-sale alerts reach the header's message badge.
    const saved = await s.api.call('POST', '/amazon-user/updateUserAccount', {
      user_name: '监控测试',
      email: 'monitor-e2e@example.com',
      follow_sale_remind: 1,
    });
    expect(saved.status, saved.msg).toBe(200);
    await p.getByRole('button', { name: '绑定店铺' }).click();
    await p.getByTestId('bind-shop-form').getByLabel('店铺名称').fill('监控沙箱店');
    await p.getByRole('button', { name: '前往亚马逊授权' }).click();
    await p.waitForURL(/\/PDD\/amazon-sandbox\/consent\?/);
    await p.locator('#authorize').click();
    await p.getByText('店铺「监控沙箱店」授权成功').waitFor();

    const asin = 'B0E2EMONI1';
    await sandboxMarket({
      marketplace: 'en',
      asin,
      product: { title: 'Oak board', brand: 'OAKLY' },
      seller: 'ABRANDE2E001',
      price: 2000,
    });

    // A follower gone from the offers closes its case at the next check.
    await p.goto(routeUrl('/monitor/monitor-bridge/list'));
    await p.getByLabel('移除确认时间').fill('0');
    await p.getByRole('button', { name: '保存设置' }).click();
    await p.getByText('操作成功').first().waitFor();

    await p.goto(routeUrl('/monitor/monitor-asin/list'));
    await p.getByRole('button', { name: '添加监控' }).click();
    await pickOption(p, '店铺', '监控沙箱店(沙箱)');
    await pickOption(p, '站点', '英国');
    await p.getByLabel('ASIN', { exact: true }).fill(asin);
    await p.getByText('自有品牌(有人跟卖时自动建立跟卖移除案件)').click();
    await p.getByRole('button', { name: /确\s?定|OK/ }).click();
    await p.getByText('已添加1个,已在监控0个').waitFor();
    await p.getByTestId('monitor-limit').getByText('本账号已监控 1 / 上限 100').waitFor();

    const table = p.getByTestId('monitor-asin-table');
    const row = table.locator('tr', { hasText: asin });
    // Priority and band can be changed after adding.
    await p.getByTestId(`monitor-edit-${asin}`).click();
    const edit = p.locator('.ant-modal', { hasText: `编辑监控 ${asin}` });
    await edit.getByLabel('价格上限').fill('99999');
    await edit.getByRole('button', { name: /确\s?定|OK/ }).click();
    await p.getByText('修改成功').first().waitFor();
    const check = async () => {
      await row.getByRole('checkbox').check();
      await p.getByRole('button', { name: '立即检查' }).click();
      await p.getByText('已检查1个').last().waitFor();
    };
    await check();
    await row.getByText('20.00 GBP').waitFor();
    await row.getByText('Oak board').waitFor();

    // A hijacker undercuts: an alert, the Buy Box, and a removal case.
    await sandboxMarket({ marketplace: 'en', asin, seller: 'AHIJACKE2E09', price: 1500 });
    await check();
    await row.getByText('AHIJACKE2E09').waitFor();
    await row.getByText(/^提醒 \d+$/).waitFor();
    await row.getByText(/^被跟卖 \d+$/).waitFor();
    await p.getByTestId(`monitor-asin-${asin}`).click();
    await p.getByText('新卖家跟卖').first().waitFor();
    // An alert is closed on the screen (it leaves the open count).
    const drawer = p.locator('.ant-drawer', { hasText: '当前报价' });
    const handleCount = await drawer.getByRole('button', { name: '标记已处理' }).count();
    await drawer.getByRole('button', { name: '标记已处理' }).first().click();
    await drawer.getByText('已处理', { exact: true }).first().waitFor();
    expect(await drawer.getByRole('button', { name: '标记已处理' }).count()).toBe(handleCount - 1);
    await p.keyboard.press('Escape');

    // The header's bell counts the alert and lists it in its drop-down.
    await p.reload();
    const bell = p.getByTestId('message-bell');
    const count = bell.locator('sup.ant-badge-count');
    await count.waitFor();
    expect(Number(await count.getAttribute('title'))).toBeGreaterThanOrEqual(1);
    await bell.click();
    await p.getByTestId('message-dropdown').getByText(`ASIN ${asin} 新卖家跟卖`).waitFor();
    await p.keyboard.press('Escape');

    await p.goto(routeUrl('/monitor/monitor-bridge/list'));
    const cases = p.getByTestId('monitor-case-table');
    await cases.getByTestId('case-status-AHIJACKE2E09').getByText('待处理').waitFor();
    await cases.getByTestId('case-AHIJACKE2E09').click();
    await p
      .getByText(/卖家ID AHIJACKE2E09/)
      .first()
      .waitFor();
    await p.keyboard.press('Escape');

    // The hijacker leaves: the next check closes its case as removed.
    await sandboxMarket({ marketplace: 'en', asin, seller: 'AHIJACKE2E09', remove: true });
    await p.goto(routeUrl('/monitor/monitor-asin/list'));
    await check();
    await p.goto(routeUrl('/monitor/monitor-bridge/list'));
    await cases.getByTestId('case-status-AHIJACKE2E09').getByText('已移除').waitFor();
    // As long as the follow-selling walk (e2e/follow.test.ts): a busy machine needs more than the default 60 s.
  }, 180_000);
});
