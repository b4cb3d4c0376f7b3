// Shops (店铺管理, 授权中心): binding a sandbox shop through the whole authorization workflow.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { routeUrl } from './support/frame';

let browser: Browser;
let page: Page | undefined;
/** The seller whose sandbox shop the first test bound. */
let bound: { account: string; password: string } | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('shops', () => {
  it('binds a sandbox shop through the consent page, checks its authorization and lists it in 授权中心', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/order/shop');
    page = s.page;
    const p = s.page;
    await p.getByRole('button', { name: '绑定店铺' }).click();
    const form = p.getByTestId('bind-shop-form');
    // Without SPAPI_* settings only sandbox shops bind, and the dialog says why.
    await form.getByText('尚未配置亚马逊开发者应用,目前只能绑定沙箱店铺').waitFor();
    expect(await form.getByRole('checkbox').isChecked()).toBe(true);
    expect(await form.getByRole('checkbox').isDisabled()).toBe(true);
    await form.getByLabel('店铺名称').fill('欧洲沙箱店');
    await p.getByRole('button', { name: '前往亚马逊授权' }).click();

    // The consent page (the simulator's, served by the console), then back to 店铺管理.
    await p.waitForURL(/\/PDD\/amazon-sandbox\/consent\?/);
    await p.getByText('这是本地亚马逊模拟器').waitFor();
    await p.locator('#authorize').click();
    await p.getByText('店铺「欧洲沙箱店」授权成功').waitFor();
    // The code never reached the address, and its cookie is gone once used.
    expect(p.url()).not.toContain('spapi_oauth_code');
    expect((await s.context.cookies()).some((c) => c.name === 'shop_auth')).toBe(false);
    expect(await p.getByTestId('tab-bar').getByText('店铺管理', { exact: true }).count()).toBe(1);
    const row = p.getByTestId('shop-table').locator('tr', { hasText: '欧洲沙箱店' });
    await row.getByText('沙箱店铺', { exact: true }).waitFor();
    expect(await row.count()).toBe(1);
    await row.getByText('已授权').waitFor();
    await row.getByText('英国', { exact: true }).waitFor();
    expect(await row.getByTestId('shop-marketplaces').textContent()).not.toContain('美国');

    await row.getByRole('button', { name: '检测授权' }).click();
    await p.getByText('店铺「欧洲沙箱店」授权正常,站点已同步').waitFor();

    await p.goto(routeUrl('/platform/family'));
    const family = p.getByTestId('shop-table').locator('tr', { hasText: '欧洲沙箱店' });
    await family.getByText('已授权').waitFor();

    bound = seller;
  });

  it('shows the bound shop as connected on 平台首页, and a chapter of 使用说明 with its screenshot', async () => {
    expect(bound, 'the shop of the first test').toBeDefined();
    const s = await signedInPage(browser, bound!.account, bound!.password, '#/platform/index');
    page = s.page;
    const p = s.page;
    // 平台首页: the shop's line reads 已连接 (sandbox, its marketplace) and opens 店铺管理.
    const line = p.getByTestId('platform-card-shops').getByTestId('platform-shop').filter({ hasText: '欧洲沙箱店' });
    await line.getByText('已连接', { exact: true }).waitFor();
    await line.getByText('沙箱店铺', { exact: true }).waitFor();
    await line.getByTestId('platform-action').click();
    await p.waitForURL(/#\/order\/shop$/);

    // 使用说明: the table of contents scrolls to a chapter (the address stays), whose screenshot loads.
    await p.goto(routeUrl('/platform/howUse'));
    await p.getByTestId('guide-toc').getByText('绑定沙箱店铺', { exact: true }).click();
    const chapter = p.locator('[data-chapter="guide-shop"]');
    const img = chapter.locator('figure img').first();
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0)), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(p.url()).toMatch(/#\/platform\/howUse$/);
  });
});
