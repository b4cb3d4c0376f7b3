import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import {
  hashPath,
  NAV,
  openRoute,
  routeUrl,
  tabContextCommand,
  tabDropdownCommand,
  tabOf,
  tabTitles,
} from './support/frame';
import { clickInPopup } from './support/popup';

let browser: Browser;
let page: Page;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await signedInPage(browser, 'admin', env().adminPassword));
  await page.getByTestId('tab-bar').waitFor();
});
afterAll(async () => {
  await browser?.close();
});

async function openFour() {
  await openRoute(page, '/order/list', '订单处理');
  await openRoute(page, '/order/shop', '店铺管理');
  await openRoute(page, '/member/index', '财务首页');
  await openRoute(page, '/system/admin/opera-log', '操作日志');
}

describe('tab workspace', () => {
  it('opens each navigation as a tab titled from route meta, home first', async () => {
    await openFour();
    expect(await tabTitles(page)).toEqual(['首页', '订单处理', '店铺管理', '财务首页', '操作日志']);
    // Re-visiting an open page does not add a tab.
    await openRoute(page, '/order/shop', '店铺管理');
    expect((await tabTitles(page)).length).toBe(5);
    expect(await page.title()).toContain('店铺管理');
  });

  it('closing the current tab moves to the next one, or the previous one if it was last', async () => {
    await openRoute(page, '/order/shop', '店铺管理');
    await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await expect.poll(() => hashPath(page), NAV).toBe('/member/index');
    await openRoute(page, '/system/admin/opera-log', '操作日志');
    await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await expect.poll(() => hashPath(page), NAV).toBe('/member/index');
    expect(await tabTitles(page)).toEqual(['首页', '订单处理', '财务首页']);
    // The home tab has no close button.
    expect(await page.locator('.ant-tabs-tab').first().locator('.ant-tabs-tab-remove').count()).toBe(0);
  });

  it('closes left, right and others from the right-click menu', async () => {
    await tabContextCommand(page, '/index', '全部关闭');
    await expect.poll(() => hashPath(page), NAV).toBe('/index');
    await openFour();
    await tabContextCommand(page, '/order/shop', '关闭左侧');
    await expect.poll(() => tabTitles(page), NAV).toEqual(['首页', '店铺管理', '财务首页', '操作日志']);
    // The current tab (操作日志) was not closed, so the page stays.
    expect(hashPath(page)).toBe('/system/admin/opera-log');
    await tabContextCommand(page, '/order/shop', '关闭右侧');
    await expect.poll(() => tabTitles(page), NAV).toEqual(['首页', '店铺管理']);
    await expect.poll(() => hashPath(page), NAV).toBe('/order/shop');
    await openFour();
    await tabContextCommand(page, '/member/index', '关闭其它');
    await expect.poll(() => tabTitles(page), NAV).toEqual(['首页', '财务首页']);
    await expect.poll(() => hashPath(page), NAV).toBe('/member/index');
  });

  it('the home tab offers only close-all, which goes home', async () => {
    await openFour();
    await tabOf(page, '/index').click({ button: 'right' });
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await expect.poll(() => menu.getByRole('menuitem').allTextContents(), NAV).toEqual(['全部关闭']);
    await clickInPopup(menu.getByRole('menuitem', { name: '全部关闭' }));
    await expect.poll(() => hashPath(page), NAV).toBe('/index');
    await expect.poll(() => tabTitles(page), NAV).toEqual(['首页']);
  });

  it('the dropdown acts on the current tab', async () => {
    await openFour();
    await openRoute(page, '/order/shop', '店铺管理');
    await tabDropdownCommand(page, '关闭其它');
    await expect.poll(() => tabTitles(page), NAV).toEqual(['首页', '店铺管理']);
    await tabDropdownCommand(page, '全部关闭');
    await expect.poll(() => hashPath(page), NAV).toBe('/index');
  });

  it('keeps a cached page alive across tab switches and drops its state on refresh', async () => {
    await openRoute(page, '/system/admin/opera-log', '操作日志');
    const input = page.locator(
      '[data-page="/system/admin/opera-log"] [data-testid=opera-log-filter] input[placeholder="用户ID"]',
    );
    await input.fill('4242');
    await tabOf(page, '/index').click();
    await expect.poll(() => hashPath(page), NAV).toBe('/index');
    await tabOf(page, '/system/admin/opera-log').click();
    await expect.poll(() => hashPath(page), NAV).toBe('/system/admin/opera-log');
    expect(await input.inputValue()).toBe('4242');
    // Also through a menu navigation to another page and back.
    await openRoute(page, '/order/list', '订单处理');
    await openRoute(page, '/system/admin/opera-log', '操作日志');
    expect(await input.inputValue()).toBe('4242');
    await tabContextCommand(page, '/system/admin/opera-log', '刷新');
    await expect.poll(() => hashPath(page), NAV).toBe('/system/admin/opera-log');
    await expect.poll(() => input.inputValue(), NAV).toBe('');
  });

  it('a cached page keeps its scroll position across tab switches', async () => {
    await page.setViewportSize({ width: 1440, height: 480 });
    await openRoute(page, '/index', '首页');
    const scroller = page.locator('[data-page="/index"] [data-testid=page-container]');
    const canScroll = await scroller.evaluate((el) => el.scrollHeight - el.clientHeight);
    expect(canScroll).toBeGreaterThan(150);
    await scroller.evaluate((el) => {
      el.scrollTop = 150;
      el.dispatchEvent(new Event('scroll'));
    });
    await openRoute(page, '/order/list', '订单处理');
    // The scroll event of the last scroll can arrive after the switch (it is sent with the next
    // frame): the hidden page reads scrollTop 0 then, which must not become the saved position.
    await scroller.evaluate((el) => el.dispatchEvent(new Event('scroll')));
    await openRoute(page, '/index', '首页');
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop), NAV).toBe(150);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('closing a tab forgets its kept state', async () => {
    await openRoute(page, '/system/admin/opera-log', '操作日志');
    const input = page.locator(
      '[data-page="/system/admin/opera-log"] [data-testid=opera-log-filter] input[placeholder="用户ID"]',
    );
    await input.fill('4343');
    await tabContextCommand(page, '/system/admin/opera-log', '关闭其它');
    await tabContextCommand(page, '/index', '全部关闭');
    await openRoute(page, '/system/admin/opera-log', '操作日志');
    expect(await input.inputValue()).toBe('');
  });

  it('on load, restored tabs are closed unless the route is index', async () => {
    await openFour();
    await page.goto(routeUrl('/order/shop'));
    await page.reload();
    await page.locator('.ant-tabs-tab-active .tab-label', { hasText: '店铺管理' }).waitFor();
    expect(await tabTitles(page)).toEqual(['首页', '店铺管理']);
    await openRoute(page, '/order/list', '订单处理');
    await page.goto(routeUrl('/index'));
    await page.reload();
    await page.locator('.ant-tabs-tab-active [data-tab="/index"]').waitFor();
    expect(await tabTitles(page)).toEqual(['首页', '店铺管理', '订单处理']);
  });
});
