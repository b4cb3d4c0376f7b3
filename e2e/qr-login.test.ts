import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChild } from './support/api-client';
import { adminClient, anonymousPage, env, launchBrowser, screenshotOnFailure } from './support/browser';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('QR sign-in', () => {
  it('a phone-sized signed-in window confirms the code; the desktop signs in (sign-in first if needed)', async () => {
    const admin = await adminClient();
    const child = await createChild(admin, 2);

    const desktop = await anonymousPage(browser);
    page = desktop.page;
    const qrAnswer = desktop.page.waitForResponse((r) => r.url().includes('/getQrLoginCode'));
    await desktop.page.getByRole('tab', { name: '扫码登录' }).click();
    const { data } = (await (await qrAnswer).json()) as { data: { code: string; url: string } };
    await desktop.page.getByAltText('登录二维码').waitFor();
    expect(data.url).toContain(`#/qr-confirm?code=${data.code}`);

    // The phone is not signed in yet: it signs in first and comes back to the confirmation.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    page = p;
    await p.goto(`${env().baseUrl}/#/qr-confirm?code=${data.code}`);
    await p.waitForURL(/#\/login$/);
    await p.getByPlaceholder('账号').fill(child.account);
    await p.getByPlaceholder('密码').fill(child.password);
    await p.getByRole('button', { name: '登录' }).click();
    await p.waitForURL(/#\/qr-confirm\?code=/);
    await p.getByTestId('qr-confirm').getByText(child.account).waitFor();
    // Fits the phone: no horizontal scrolling.
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await p.getByRole('button', { name: '确认登录' }).click();
    await p.getByText('已确认登录').waitFor();

    page = desktop.page;
    await desktop.page.waitForURL(/#\/index$/, { timeout: 15_000 });
    expect(await desktop.page.getByTestId('header-account').textContent()).toBe(child.account);
    await phone.close();
    await desktop.context.close();
  });

  it('an expired or used code shows the refresh overlay', async () => {
    const desktop = await anonymousPage(browser);
    page = desktop.page;
    await desktop.page.route('**/getScanQrRes*', (route) =>
      route.fulfill({ json: { status: 400, msg: '二维码已失效', data: null } }),
    );
    await desktop.page.getByRole('tab', { name: '扫码登录' }).click();
    await desktop.page.getByText('二维码已失效').waitFor();
    // '二维码已失效' is never shown as an error toast (spec section 8).
    expect(await desktop.page.locator('.ant-message-error').count()).toBe(0);
    await desktop.page.unroute('**/getScanQrRes*');
    const again = desktop.page.waitForResponse((r) => r.url().includes('/getQrLoginCode'));
    await desktop.page.getByRole('button', { name: '刷新二维码' }).click();
    await again;
    await desktop.page.getByText('二维码已失效').waitFor({ state: 'detached' });
    await desktop.context.close();
  });
});
