import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createChild } from './support/api-client';
import { adminClient, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { hashPath, NAV } from './support/frame';
import { clickInPopup } from './support/popup';

let browser: Browser;
let admin: ApiClient;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminClient();
});
afterAll(async () => {
  await browser?.close();
});

async function userPage(auth = 2) {
  const child = await createChild(admin, auth);
  const session = await signedInPage(browser, child.account, child.password);
  page = session.page;
  await session.page.getByTestId('tab-bar').waitFor();
  return { ...session, child };
}

const siderWidth = (p: Page) => p.getByTestId('sider').evaluate((el) => Math.round(el.getBoundingClientRect().width));

describe('personal settings', () => {
  it('theme and text size survive a reload and belong to the user', async () => {
    const a = await userPage();
    const p = a.page;
    expect(await p.evaluate(() => document.documentElement.dataset.theme)).toBe('line');
    await p.getByTestId('open-theme').click();
    const dialog = p.locator('.ant-modal', { hasText: '主题' });
    await dialog.locator('[data-theme-name=line]').getByText('已激活').waitFor();
    await clickInPopup(dialog.locator('[data-theme-name=star]').getByRole('button', { name: '使用' }));
    await dialog.locator('[data-theme-name=star]').getByText('已激活').waitFor();
    // Page transition is persisted per user (default off); greyscale is a session switch.
    await clickInPopup(dialog.getByTestId('transition'));
    await clickInPopup(dialog.getByTestId('greyscale'));
    await expect.poll(() => p.evaluate(() => document.documentElement.classList.contains('greyscale')), NAV).toBe(true);
    await p.keyboard.press('Escape');

    await p.getByRole('button', { name: '字号' }).click();
    await clickInPopup(p.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: '最小' }));
    await p.getByText('操作成功').waitFor();
    await expect.poll(() => hashPath(p), NAV).toBe('/index');
    expect(await p.evaluate(() => document.documentElement.dataset.size)).toBe('mini');

    await p.reload();
    await p.getByTestId('tab-bar').waitFor();
    expect(await p.evaluate(() => document.documentElement.dataset.theme)).toBe('star');
    expect(await p.evaluate(() => document.documentElement.dataset.size)).toBe('mini');
    const key = await p.evaluate((uid) => localStorage.getItem(`dqzs-1.0.1-user-${uid}`), a.uid);
    expect(JSON.parse(key ?? '{}')).toMatchObject({ theme: { active: 'star', transition: true }, size: 'mini' });
    expect(await p.evaluate(() => document.documentElement.classList.contains('greyscale'))).toBe(false);
    await p.getByTestId('open-theme').click();
    expect(await p.getByTestId('transition').getAttribute('aria-checked')).toBe('true');
    await p.keyboard.press('Escape');

    // Another user in the same browser profile keeps the defaults.
    const b = await createChild(admin, 2);
    await a.context.clearCookies();
    const other = await signedInPage(browser, b.account, b.password);
    page = other.page;
    await other.page.getByTestId('tab-bar').waitFor();
    expect(await other.page.evaluate(() => document.documentElement.dataset.theme)).toBe('line');
    expect(await other.page.evaluate(() => document.documentElement.dataset.size)).toBe('default');
    await a.context.close();
    await other.context.close();
  });

  it('the side menu collapse (150/65 px) is remembered per user', async () => {
    const a = await userPage();
    expect(await siderWidth(a.page)).toBe(150);
    await a.page.getByTestId('menu-toggle').click();
    await expect.poll(() => siderWidth(a.page), NAV).toBe(65);
    await a.page.reload();
    await a.page.getByTestId('tab-bar').waitFor();
    expect(await siderWidth(a.page)).toBe(65);
    await a.context.close();

    const b = await userPage();
    expect(await siderWidth(b.page)).toBe(150);
    await b.context.close();
  });

  it('the search panel lists leaf pages, is keyboard navigable and closes on Esc', async () => {
    const { page: p, context } = await userPage(2);
    await p.getByTestId('open-search').click();
    const panel = p.getByTestId('search-panel');
    await panel.waitFor();
    const titles = await panel.locator('.search-result-title').allTextContents();
    expect(titles).toContain('商品 / 商品列表');
    expect(titles.every((t) => t.includes(' / '))).toBe(true);
    await p.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await p.getByTestId('open-search').click();
    await p.keyboard.type('订单');
    const first = await panel.locator('.search-result-title').first().textContent();
    expect(first).toBe('订单 / 订单首页');
    await p.keyboard.press('ArrowDown');
    const second = await panel.locator('.search-result.is-active .search-result-title').textContent();
    expect(second).toBe('订单 / 店铺管理');
    await p.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => hashPath(p), NAV).toBe('/order/shop');
    await context.close();
  });

  it('the footer clocks show the time of each zone and tick', async () => {
    const { page: p, context } = await userPage(2);
    const clocks = p.locator('.world-clock');
    expect(await clocks.count()).toBe(6);
    expect(await p.locator('.world-clock-name').allTextContents()).toEqual([
      '北京',
      '美东',
      '美西',
      '英国',
      '欧洲',
      '日本',
    ]);
    const parse = (s: string) => {
      const m = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s.trim());
      if (!m) throw new Error(`bad clock text ${s}`);
      return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
    };
    const zoneNow = (tz: string) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: tz,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(new Date())
          .map((x) => [x.type, x.value]),
      );
      return Date.UTC(
        Number(parts.year),
        Number(parts.month) - 1,
        Number(parts.day),
        Number(parts.hour),
        Number(parts.minute),
        Number(parts.second),
      );
    };
    for (let i = 0; i < 6; i++) {
      const clock = clocks.nth(i);
      const zone = (await clock.getAttribute('data-zone')) ?? '';
      const shown = parse((await clock.locator('.world-clock-time').textContent()) ?? '');
      expect(Math.abs(shown - zoneNow(zone))).toBeLessThanOrEqual(3000);
    }
    const before = await clocks.first().locator('.world-clock-time').textContent();
    await expect
      .poll(() => clocks.first().locator('.world-clock-time').textContent(), { timeout: 3000 })
      .not.toBe(before);
    expect(await p.getByText(/Copyright 2019-2025/).count()).toBe(1);
    await context.close();
  });

  it('menu rules: the top menu opens the first child, and goods routes open the goods section', async () => {
    const { page: p, context } = await userPage(2);
    await p.getByTestId('top-menu').getByRole('button', { name: '订单' }).click();
    await expect.poll(() => hashPath(p), NAV).toBe('/order/index');
    await p.evaluate(() => {
      location.hash = '#/goods/admin/update/123';
    });
    await p.locator('.side-menu .ant-menu-submenu-open', { hasText: '商品' }).waitFor();
    await context.close();
  });
});
