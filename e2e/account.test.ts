import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  type ApiClient as Client,
  createChild,
  createMainAccount,
  uniqueAccount,
} from './support/api-client';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { hashPath } from './support/frame';
import { clickInPopup } from './support/popup';

let browser: Browser;
let admin: Client;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminClient();
});
afterAll(async () => {
  await browser?.close();
});

async function openUserMenu(p: Page, item: string) {
  await p.getByTestId('user-menu').click();
  await clickInPopup(p.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: item }));
}

async function accountInfoLabels(account: string, password: string) {
  const s = await signedInPage(browser, account, password);
  page = s.page;
  await openUserMenu(s.page, '账号信息');
  const form = s.page.getByTestId('account-info-form');
  await form.waitFor();
  const labels = (await form.locator('.ant-form-item-label label').allTextContents()).map((t) => t.trim());
  return { ...s, labels, form };
}

describe('account info dialog', () => {
  it('company admin (auth 0): no brand fields, sub-account count and monitor fields', async () => {
    const { labels, context, form } = await accountInfoLabels('admin', env().adminPassword);
    expect(labels).toEqual(
      expect.arrayContaining(['账号', '手机号', '邮箱', '到期时间', '子账号数量', '监控数量上限', '使用物流']),
    );
    expect(labels).not.toContain('品牌名');
    expect(labels).not.toContain('免EAN/UPC');
    // Read-only fields are shown but disabled.
    expect(await form.locator('#account').isDisabled()).toBe(true);
    expect(await form.locator('#phone').isDisabled()).toBe(true);
    expect(await form.locator('#max_child').isDisabled()).toBe(true);
    await context.close();
  });

  it('worker (auth 2): brand fields and worker switches, no sub-account count or monitor fields; saves', async () => {
    const worker = await createChild(admin, 2);
    const { labels, context, form, page: p } = await accountInfoLabels(worker.account, worker.password);
    expect(labels).toEqual(
      expect.arrayContaining(['品牌名', '制造商', '制造商编号', 'DSA责任方邮箱', '免EAN/UPC', '随机五点描述']),
    );
    expect(labels).not.toContain('子账号数量');
    expect(labels).not.toContain('监控数量上限');

    await form.locator('#email').fill('not-an-email');
    await form.locator('#manufactuer_id').fill('12ab');
    await form.locator('#brand_name').fill('acme');
    await clickInPopup(p.getByRole('button', { name: '保存' }));
    await form.getByText('邮箱格式不正确').waitFor();
    await form.getByText('只能填写数字').waitFor();
    await form.getByText('建议使用大写字母').waitFor();

    await form.locator('#email').fill('  worker@example.com ');
    await form.locator('#manufactuer_id').fill('12345');
    await form.locator('#brand_name').fill(' ACME ');
    await form.locator('#vendor').fill('ACME CO');
    await form.locator('#user_name').fill('业务员甲');
    const sent = p.waitForRequest((r) => r.url().includes('updateUserAccount'));
    await clickInPopup(p.getByRole('button', { name: '保存' }));
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    await p.getByText('修改成功,重新登陆账号即可生效').waitFor();
    expect(body).toMatchObject({ email: 'worker@example.com', brand_name: 'ACME', manufactuer_id: '12345' });
    for (const ro of ['id', 'account', 'phone', 'end_time', 'max_child', 'limit_monitor_len', 'is_suit_express']) {
      expect(body).not.toHaveProperty(ro);
    }
    await context.close();
  });

  it('personal admin (auth 4): brand fields, monitor fields and worker switches, no sub-account count', async () => {
    const main = createMainAccount(env().dataDir, 4);
    const { labels, context } = await accountInfoLabels(main.account, main.password);
    expect(labels).toEqual(expect.arrayContaining(['品牌名', '监控数量上限', '使用物流', '免EAN/UPC']));
    expect(labels).not.toContain('子账号数量');
    await context.close();
  });

  it('trader (auth 5): neither brand fields nor monitor fields nor worker switches', async () => {
    const main = createMainAccount(env().dataDir, 5);
    const { labels, context } = await accountInfoLabels(main.account, main.password);
    for (const l of ['品牌名', '子账号数量', '监控数量上限', '免EAN/UPC']) expect(labels).not.toContain(l);
    expect(labels).toContain('邮箱');
    await context.close();
  });
});

describe('session', () => {
  it('a password change signs the user out without confirmation', async () => {
    const worker = await createChild(admin, 2);
    const s = await signedInPage(browser, worker.account, worker.password);
    page = s.page;
    await openUserMenu(s.page, '修改密码');
    const form = s.page.getByTestId('password-form');
    await form.locator('#passwordOld').fill(worker.password);
    await form.locator('#password').fill('new-Pass-123');
    await form.locator('#passwordAgain').fill('new-Pass-124');
    await clickInPopup(s.page.getByRole('button', { name: '确定' }));
    await form.getByText('两次密码输入不一致').waitFor();
    await form.locator('#passwordAgain').fill('new-Pass-123');
    await clickInPopup(s.page.getByRole('button', { name: '确定' }));
    await s.page.waitForURL(/#\/login$/);
    await new ApiClient(env().baseUrl).login(worker.account, 'new-Pass-123');
    await s.context.close();
  });

  it("a revoked session shows the '授权过期' dialog; confirming goes to sign-in", async () => {
    const worker = await createChild(admin, 2);
    const s = await signedInPage(browser, worker.account, worker.password);
    page = s.page;
    await s.page.getByTestId('tab-bar').waitFor();
    await s.api.call('POST', '/amazon-user/loginOut');
    await openUserMenu(s.page, '账号信息');
    const dialog = s.page.locator('.ant-modal-confirm', { hasText: '授权过期' });
    await dialog.waitFor();
    // Only one dialog even if several calls fail.
    expect(await s.page.locator('.ant-modal-confirm').count()).toBe(1);
    await clickInPopup(dialog.getByRole('button', { name: '重新登录' }));
    await s.page.waitForURL(/#\/login$/);
    await s.context.close();
  });

  it("sign out asks '确定要执行注销操作吗?' and revokes the session", async () => {
    const worker = await createChild(admin, 2);
    const s = await signedInPage(browser, worker.account, worker.password);
    page = s.page;
    await openUserMenu(s.page, '退出登录');
    const dialog = s.page.locator('.ant-modal-confirm', { hasText: '确定要执行注销操作吗?' });
    expect(await dialog.locator('.ant-modal-confirm-title').textContent()).toBe('提示');
    await clickInPopup(dialog.getByRole('button', { name: '确定' }));
    await s.page.waitForURL(/#\/login$/);
    const after = await s.api.call('POST', '/amazon-user/getUserInfo');
    expect(after.status).toBe(401);
    await s.context.close();
  });
});

describe('switch account', () => {
  it('a shared phone offers nothing; 关联账号 with the password links, and 切换账号 switches both ways', async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    const first = createMainAccount(env().dataDir, 4, 'main-Pass-1', phone);
    const second = createMainAccount(env().dataDir, 4, 'main-Pass-2', phone);
    const s = await signedInPage(browser, first.account, first.password);
    page = s.page;
    const menu = s.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');

    // The same phone alone does not put the other account in the switch list (issue 27 §1).
    await s.page.getByTestId('user-menu').click();
    await menu.getByRole('menuitem', { name: '关联账号' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: '切换账号' }).count()).toBe(0);
    await clickInPopup(menu.getByRole('menuitem', { name: '关联账号' }));
    const linkDialog = s.page.locator('.ant-modal', { hasText: '关联账号' });
    const form = linkDialog.getByTestId('link-account-form');
    await form.locator('#account').fill(second.account);
    await form.locator('#password').fill('not-the-password');
    await clickInPopup(linkDialog.getByRole('button', { name: /^关\s*联$/ }));
    await linkDialog.getByTestId('link-error').getByText('账号或密码错误').waitFor();
    await form.locator('#password').fill(second.password);
    await clickInPopup(linkDialog.getByRole('button', { name: /^关\s*联$/ }));
    await linkDialog
      .getByTestId('linked-accounts')
      .locator('.ant-list-item-meta-title', { hasText: second.account })
      .waitFor();
    await clickInPopup(linkDialog.locator('.ant-modal-footer').getByRole('button', { name: /^关\s*闭$/ }));

    await switchTo(s.page, second.account);
    await s.context.close();

    // The link is symmetric: the second account switches back to the first.
    const back = await signedInPage(browser, second.account, second.password);
    page = back.page;
    await switchTo(back.page, first.account);

    // Unlinking (either side) removes 切换账号 again.
    await back.page.getByTestId('user-menu').click();
    const backMenu = back.page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await clickInPopup(backMenu.getByRole('menuitem', { name: '关联账号' }));
    const dialog = back.page.locator('.ant-modal', { hasText: '关联账号' });
    await clickInPopup(
      dialog.locator('.ant-list-item', { hasText: second.account }).getByRole('button', { name: '解除关联' }),
    );
    await clickInPopup(back.page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }));
    await dialog.getByText('暂无关联账号').waitFor();
    await clickInPopup(dialog.locator('.ant-modal-footer').getByRole('button', { name: /^关\s*闭$/ }));
    await back.page.getByTestId('user-menu').click();
    await backMenu.getByRole('menuitem', { name: '修改密码' }).waitFor();
    expect(await backMenu.getByRole('menuitem', { name: '切换账号' }).count()).toBe(0);
    await back.context.close();

    const single = await signedInPage(browser, 'admin', env().adminPassword);
    page = single.page;
    await single.page.getByTestId('user-menu').click();
    await single.page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
      .getByRole('menuitem', { name: '修改密码' })
      .waitFor();
    expect(await single.page.getByRole('menuitem', { name: '切换账号' }).count()).toBe(0);
    await single.context.close();
  }, 150_000);
});

/** Opens 切换账号 from the user menu and switches to `account`; waits for the header to show it. */
async function switchTo(p: Page, account: string) {
  await p.getByTestId('user-menu').click();
  const menu = p.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await clickInPopup(menu.getByRole('menuitem', { name: '切换账号' }));
  const dialog = p.locator('.ant-modal', { hasText: '切换账号' });
  await dialog.getByText('当前账号').waitFor();
  await clickInPopup(dialog.locator('.ant-list-item', { hasText: account }).getByRole('button', { name: '切换' }));
  await expect.poll(() => p.getByTestId('header-account').textContent(), { timeout: 15_000 }).toBe(account);
}

describe('system screens', () => {
  it('account management creates a child account and lists it; workers have no access', async () => {
    const s = await signedInPage(browser, 'admin', env().adminPassword, '#/system/admin/member');
    page = s.page;
    const account = uniqueAccount('ui');
    await s.page.getByRole('button', { name: '新增子账号' }).click();
    const form = s.page.getByTestId('member-form');
    await form.locator('#account').fill(account);
    await form.locator('#password').fill('ui-Pass-123');
    await form.locator('#user_name').fill('界面创建');
    // Issue 13 §5: what the child may do with products, chosen on the same form.
    await form.getByTestId('member-goods-scope').click();
    await clickInPopup(s.page.locator('.ant-select-item-option', { hasText: '仅本人商品' }));
    await form.getByTestId('member-library-perms').getByText('商品分类', { exact: true }).click();
    await clickInPopup(s.page.locator('.ant-modal').getByRole('button', { name: '保存' }));
    await s.page.getByText('创建成功').waitFor();
    const row = s.page.locator('.ant-table-row', { hasText: account });
    await row.waitFor();
    expect(await row.textContent()).toContain('仅本人商品');
    await s.context.close();

    // The new child reads the category tree without the buttons it may not use.
    const c = await signedInPage(browser, account, 'ui-Pass-123', '#/goods/category');
    page = c.page;
    await c.page.getByTestId('read-only-notice').waitFor();
    expect(await c.page.getByRole('button', { name: '添加顶级分类' }).count()).toBe(0);
    await c.context.close();

    const worker = await createChild(admin, 2);
    const w = await signedInPage(browser, worker.account, worker.password, '#/system/admin/member');
    page = w.page;
    await w.page.getByTestId('no-access').waitFor();
    expect(hashPath(w.page)).toBe('/system/admin/member');
    await w.context.close();
  });

  it('the operation log reads as sentences, filters by action, and shows the codes one click away', async () => {
    const s = await signedInPage(browser, 'admin', env().adminPassword, '#/system/admin/opera-log');
    page = s.page;
    await s.page.locator('.ant-table-row').first().waitFor();
    await s.page.getByTestId('opera-action').click();
    await s.page.keyboard.type('创建子账号');
    await s.page.keyboard.press('Enter');
    const req = s.page.waitForResponse((r) => r.url().includes('/opera-log/list') && r.url().includes('action='));
    await s.page.getByRole('button', { name: '查询' }).click();
    await req;
    const actions = await s.page.locator('.ant-table-row td:nth-child(4)').allTextContents();
    expect(actions.length).toBeGreaterThan(0);
    expect(new Set(actions)).toEqual(new Set(['创建子账号']));
    const first = s.page.locator('.ant-table-row').first();
    expect(await first.getByTestId('opera-text').textContent()).toMatch(/ 创建了子账号「.+」\(账号 /);
    await first.locator('.ant-table-row-expand-icon').click();
    const detail = s.page.getByTestId('opera-detail').first();
    await detail.getByText('account.child.create').waitFor();
    await s.context.close();
  });
});
