import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createChild, createMainAccount } from './support/api-client';
import { adminClient, anonymousPage, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { hashPath, NAV, openRoute } from './support/frame';
import { pane } from './support/goods-library';
import { clickInPopup } from './support/popup';

// Issue 29 §6 "The frame": page addresses without the #, a session ended elsewhere, dialogs
// that belong to their tab.

let browser: Browser;
let page: Page | undefined;
let admin: ApiClient;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminClient();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Records, in the order they first appear, what the page shows: the 授权过期 dialog, the
 * frame (side menu, tab bar) and the no-access page. Installed before any script of the page
 * runs, also after a reload.
 */
function recordFirstSights() {
  const w = window as unknown as { __seen: string[] };
  w.__seen = [];
  const mark = (name: string) => {
    if (!w.__seen.includes(name)) w.__seen.push(name);
  };
  new MutationObserver(() => {
    const text = document.body?.textContent ?? '';
    if (text.includes('无权访问')) mark('no-access');
    if (document.querySelector('[data-testid=sider], [data-testid=tab-bar]')) mark('frame');
    if (document.querySelector('.ant-modal-confirm') && text.includes('授权过期')) mark('expired');
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const seen = (p: Page) => p.evaluate(() => (window as unknown as { __seen: string[] }).__seen);

describe('addresses without the #', () => {
  it('/login typed without # ends on the sign-in screen', async () => {
    const s = await anonymousPage(browser, '');
    page = s.page;
    await s.page.goto(`${env().baseUrl}/login`);
    await s.page.getByTestId('password-login').waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/');
    expect(hashPath(s.page)).toBe('/login');
    // The API keeps its JSON 404, also for a browser.
    const api = await s.page.evaluate(async () => {
      const r = await fetch('/PDD/order/shop', { headers: { accept: 'text/html' } });
      return { status: r.status, body: await r.json() };
    });
    expect(api).toEqual({ status: 404, body: { status: 404, msg: '接口不存在', data: null } });
    await s.context.close();
  });

  it('a page address with a query opens that page of the console, query kept', async () => {
    const s = await signedInPage(browser, 'admin', env().adminPassword);
    page = s.page;
    await s.page.getByTestId('tab-bar').waitFor();
    await s.page.goto(`${env().baseUrl}/order/shop?from=mail`);
    await expect.poll(() => hashPath(s.page), NAV).toBe('/order/shop?from=mail');
    await s.page.locator('.ant-tabs-tab-active [data-tab="/order/shop?from=mail"]').waitFor();
    await s.context.close();
  });
});

describe('a session ended elsewhere', () => {
  it('on reload: 授权过期 is the first thing shown, never an empty frame or 无权访问; 重新登录 goes to sign-in', async () => {
    const worker = await createChild(admin, 2);
    const s = await signedInPage(browser, worker.account, worker.password);
    page = s.page;
    await s.page.getByTestId('sider').locator('.ant-menu-item, .ant-menu-submenu').first().waitFor();
    // Signed out elsewhere: the session the browser holds is revoked on the server.
    await s.api.call('POST', '/amazon-user/loginOut');
    await s.context.addInitScript(recordFirstSights);
    await s.page.reload();
    const dialog = s.page.locator('.ant-modal-confirm', { hasText: '授权过期' });
    await dialog.waitFor();
    expect(await seen(s.page)).toEqual(['expired']);
    await clickInPopup(dialog.getByRole('button', { name: '重新登录' }));
    await s.page.getByTestId('password-login').waitFor();
    expect(hashPath(s.page)).toBe('/login');
    expect(await seen(s.page)).not.toContain('no-access');
    await s.context.close();
  });

  it('after a password change elsewhere, 取消 also leads to sign-in without showing the frame', async () => {
    const worker = await createChild(admin, 2);
    const s = await signedInPage(browser, worker.account, worker.password, '#/order/shop');
    page = s.page;
    await s.page.getByTestId('tab-bar').waitFor();
    await s.api.call('POST', '/amazon-user/updateUserPassword', {
      passwordOld: worker.password,
      password: 'new-Pass-456',
      passwordAgain: 'new-Pass-456',
    });
    await s.context.addInitScript(recordFirstSights);
    await s.page.reload();
    const dialog = s.page.locator('.ant-modal-confirm', { hasText: '授权过期' });
    await dialog.waitFor();
    await clickInPopup(dialog.getByRole('button', { name: '取消' }));
    await s.page.getByTestId('password-login').waitFor();
    expect(await seen(s.page)).toEqual(['expired']);
    await s.context.close();
  });

  it('while the frame is open: navigating shows 授权过期 and the menu stays, no 无权访问', async () => {
    const worker = await createChild(admin, 2);
    const s = await signedInPage(browser, worker.account, worker.password);
    page = s.page;
    const menu = s.page.getByTestId('sider').locator('.ant-menu-item, .ant-menu-submenu');
    await menu.first().waitFor();
    await s.page.evaluate(recordFirstSights);
    await s.api.call('POST', '/amazon-user/loginOut');
    await s.page.evaluate(() => {
      location.hash = '#/order/shop';
    });
    await s.page.locator('.ant-modal-confirm', { hasText: '授权过期' }).waitFor();
    expect(await seen(s.page)).not.toContain('no-access');
    // The menu is not emptied (the user is not dropped before the answer).
    expect(await menu.count()).toBeGreaterThan(0);
    await s.context.close();
  });
});

describe('dialogs belong to their tab', () => {
  it('the translation dialog of an editor tab hides on another tab and shows again on return', async () => {
    const owner = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, owner.account, owner.password);
    page = s.page;
    const p = s.page;
    await p.getByTestId('tab-bar').waitFor();
    await openRoute(p, '/goods/admin/create', '创建商品');
    const editor = pane(p, '/goods/admin/create');
    await editor.getByTestId('translate-all').waitFor();
    await editor.getByTestId('translate-all').click();
    const dialog = p.locator('.ant-modal', { hasText: '一键翻译所有语言' });
    await dialog.waitFor();

    // Another tab (the dialog's mask covers the tab bar; the browser's back button does not
    // care): the home page. The dialog is not shown over it and its mask takes no clicks.
    await p.goBack();
    await expect.poll(() => hashPath(p), NAV).toBe('/index');
    await p.locator('.ant-tabs-tab-active [data-tab="/index"]').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await p.locator('.ant-modal-wrap:visible, .ant-modal-mask:visible').count()).toBe(0);

    // Back on the editor's tab the dialog is there again, as it was.
    await p.locator('[data-testid=tab-bar] [data-tab="/goods/admin/create"]').click();
    await p.locator('.ant-tabs-tab-active [data-tab="/goods/admin/create"]').waitFor();
    await expect.poll(() => hashPath(p), NAV).toBe('/goods/admin/create');
    await dialog.waitFor({ state: 'visible' });
    await clickInPopup(dialog.getByRole('button', { name: '取消' }));
    await dialog.waitFor({ state: 'hidden' });
    await s.context.close();
  });
});
