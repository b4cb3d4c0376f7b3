// 消息记录 (issue 31 §2): the operator sends a notice to one tenant from the screen's form; the
// seller's header badge counts it, the drop-down opens the records screen, the source filter
// narrows the list, and 全部标为已读 clears the unread count and the badge.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { activePane, routeUrl } from './support/frame';
import { pickOption } from './support/popup';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('消息记录', () => {
  it('a notice arrives, the badge counts it, the records screen filters it and marks all read', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/index');
    const title = `系统维护通知 ${seller.account}`;

    // The operator (uid 1, internal) sends it to the seller's tenant from the screen's form.
    const op = await signedInPage(browser, 'admin', env().adminPassword, '#/index/message-send');
    page = op.page;
    await op.page.getByTestId('notice-open').click();
    const dialog = op.page.getByRole('dialog', { name: '发送通知' });
    await dialog.getByLabel('标题').fill(title);
    await dialog.getByLabel('内容').fill('今晚 22:00 至 23:00 维护');
    await dialog.getByText('指定租户').click();
    await dialog.getByLabel('租户ID(主账号ID)').fill(String(s.uid));
    await dialog.getByRole('button', { name: /^发\s?送$/ }).click();
    await op.page.getByText('已发送给 1 个租户').waitFor();
    await op.context.close();

    page = s.page;
    const p = s.page;
    await p.reload();
    const count = p.getByTestId('message-bell').locator('sup.ant-badge-count');
    await count.waitFor();
    expect(Number(await count.getAttribute('title'))).toBeGreaterThanOrEqual(1);
    await p.getByTestId('message-bell').click();
    await p.getByTestId('message-dropdown').getByText(title).waitFor();
    await p.getByTestId('message-all').click();
    await p.waitForURL(/#\/index\/message-send/);
    await p.keyboard.press('Escape');

    const table = p.locator('.ant-table');
    await table.getByText(title).waitFor();
    await table.getByText('未读', { exact: true }).first().waitFor();
    await pickOption(p, '消息来源', '财务');
    await table.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await pickOption(p, '消息来源', '系统公告');
    await table.getByText(title).waitFor();

    await p.getByTestId('message-read-all').click();
    await p.getByTestId('message-unread').getByText('未读 0 条').waitFor();
    await table.getByText('已读', { exact: true }).first().waitFor();
    await pickOption(p, '阅读状态', '未读');
    await table.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await p.goto(routeUrl('/index'));
    await p.getByTestId('message-bell').waitFor();
    await count.waitFor({ state: 'detached' });
    // A link with ?source= (首页's cards) opens the records filtered: 系统公告 holds the notice.
    await p.goto(routeUrl('/index/message-send?source=notice'));
    await activePane(p).locator('.ant-table').getByText(title).waitFor();
    await activePane(p).getByText('系统公告', { exact: true }).first().waitFor();
    await p.goto(routeUrl('/index/message-send?source=finance'));
    await activePane(p).locator('.ant-table .ant-empty-description', { hasText: '暂无数据' }).waitFor();
    // About 30 s alone; a machine shared by several test runs needs far more (as e2e/monitor.test.ts).
  }, 180_000);
});
