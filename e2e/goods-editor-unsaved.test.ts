import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { hashPath, NAV, openRoute, tabContextCommand, tabDropdownCommand, tabOf, tabTitles } from './support/frame';
import { clickInPopup } from './support/popup';

let browser: Browser;
let admin: ApiClient;
let page: Page;
screenshotOnFailure(() => page);

const SKU = `UNS${Date.now().toString(36).toUpperCase()}`;
let idA = 0;
let idB = 0;
const editorPath = (id: number) => `/goods/admin/update/${id}`;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminClient();
  for (const suffix of ['A', 'B']) {
    const r = await admin.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
      goodsData: { baseInfo: { sku: `${SKU}-${suffix}` }, commonData: { descs: [{ key: 'en', title: suffix }] } },
    });
    expect(r.status).toBe(200);
    if (suffix === 'A') idA = r.data.id;
    else idB = r.data.id;
  }
  ({ page } = await signedInPage(browser, 'admin', env().adminPassword));
  await page.getByTestId('tab-bar').waitFor();
});
afterAll(async () => {
  await browser?.close();
});

/** The SKU input of the visible editor. */
const skuInput = () => page.locator('.keep-alive-pane:visible [data-testid=base-sku]');

async function openEditor(id: number) {
  await openRoute(page, editorPath(id), '编辑商品');
  await skuInput().waitFor();
}

async function typeSku(text: string) {
  await skuInput().fill(text);
  await page.locator('.keep-alive-pane:visible [data-testid=editor-dirty]').waitFor();
}

const confirmDialog = () => page.locator('.ant-modal-confirm', { hasText: '有未保存的修改' });

/** Answers the open confirmation (the last button is OK, the first Cancel) and waits for it to go. */
async function answer(ok: boolean) {
  const buttons = confirmDialog().locator('.ant-modal-confirm-btns button');
  await clickInPopup(ok ? buttons.last() : buttons.first());
  await expect.poll(() => confirmDialog().count(), NAV).toBe(0);
}

async function closeActiveTab() {
  await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
}

describe('unsaved changes in an editor tab', () => {
  it('closing a dirty editor tab asks: cancel keeps the input, confirm closes and drops it', async () => {
    await openEditor(idA);
    await typeSku(`${SKU}-typed`);
    await closeActiveTab();
    await confirmDialog().waitFor();
    expect(await confirmDialog().locator('.ant-modal-confirm-title').textContent()).toBe('有未保存的修改,确定关闭吗?');
    expect(await confirmDialog().getByTestId('discard-confirm').textContent()).toContain(`编辑商品 #${idA}`);
    await answer(false);
    expect(await tabOf(page, editorPath(idA)).count()).toBe(1);
    expect(hashPath(page)).toBe(editorPath(idA));
    expect(await skuInput().inputValue()).toBe(`${SKU}-typed`);

    await closeActiveTab();
    await answer(true);
    await expect.poll(() => tabOf(page, editorPath(idA)).count(), NAV).toBe(0);
    expect(hashPath(page)).not.toBe(editorPath(idA));
    // Reopened, the editor shows the stored product again.
    await openEditor(idA);
    expect(await skuInput().inputValue()).toBe(`${SKU}-A`);
  });

  it('refreshing a dirty editor tab asks; confirm reloads the stored product', async () => {
    await openEditor(idA);
    await typeSku(`${SKU}-refresh`);
    await tabDropdownCommand(page, '刷新');
    await confirmDialog().waitFor();
    expect(await confirmDialog().locator('.ant-modal-confirm-title').textContent()).toBe('有未保存的修改,确定刷新吗?');
    await answer(false);
    expect(await skuInput().inputValue()).toBe(`${SKU}-refresh`);
    await tabDropdownCommand(page, '刷新');
    await answer(true);
    await expect.poll(() => skuInput().inputValue(), NAV).toBe(`${SKU}-A`);
    expect(await page.locator('.keep-alive-pane:visible [data-testid=editor-dirty]').count()).toBe(0);
  });

  it('close-others lists every dirty editor it would drop and only closes on confirm', async () => {
    await tabContextCommand(page, '/index', '全部关闭');
    await openEditor(idA);
    await typeSku(`${SKU}-dirty-A`);
    await openEditor(idB);
    await typeSku(`${SKU}-dirty-B`);
    await openRoute(page, '/goods/admin/list', '商品列表');
    await tabContextCommand(page, '/goods/admin/list', '关闭其它');
    await confirmDialog().waitFor();
    const items = confirmDialog().locator('[data-testid=discard-confirm] li');
    expect(await items.allTextContents()).toEqual([`编辑商品 #${idA}`, `编辑商品 #${idB}`]);
    await answer(false);
    expect(await tabTitles(page)).toEqual(['首页', '编辑商品', '编辑商品', '商品列表']);
    // The kept editors still hold what was typed.
    await tabOf(page, editorPath(idB)).click();
    await expect.poll(() => skuInput().inputValue(), NAV).toBe(`${SKU}-dirty-B`);

    await tabContextCommand(page, '/goods/admin/list', '关闭其它');
    await answer(true);
    await expect.poll(() => tabTitles(page), NAV).toEqual(['首页', '商品列表']);
    await expect.poll(() => hashPath(page), NAV).toBe('/goods/admin/list');
  });

  it('a clean editor closes without asking (close button and middle click)', async () => {
    await openEditor(idB);
    await closeActiveTab();
    await expect.poll(() => tabOf(page, editorPath(idB)).count(), NAV).toBe(0);
    expect(await confirmDialog().count()).toBe(0);

    await openEditor(idA);
    await openRoute(page, '/goods/admin/list', '商品列表');
    await tabOf(page, editorPath(idA)).click({ button: 'middle' });
    await expect.poll(() => tabOf(page, editorPath(idA)).count(), NAV).toBe(0);
    expect(await confirmDialog().count()).toBe(0);
  });

  it('middle click on a dirty editor tab asks too', async () => {
    await openEditor(idA);
    await typeSku(`${SKU}-middle`);
    await tabOf(page, editorPath(idA)).click({ button: 'middle' });
    await confirmDialog().waitFor();
    await answer(false);
    expect(await tabOf(page, editorPath(idA)).count()).toBe(1);
  });

  it('previous/next opens the neighbour in its own tab without asking; the dirty editor keeps its input', async () => {
    // Still dirty from the last test.
    await openEditor(idA);
    expect(await skuInput().inputValue()).toBe(`${SKU}-middle`);
    const before = (await tabTitles(page)).length;
    // Whichever neighbour exists in the default list order.
    const prev = await admin.call<{ id: number } | null>('GET', `/amazon-user/getProductPreviewId?id=${idA}`);
    const next = await admin.call<{ id: number } | null>('GET', `/amazon-user/getProductNextId?id=${idA}`);
    const target = prev.data?.id ?? next.data?.id;
    expect(target).toBeGreaterThan(0);
    const button = prev.data?.id ? /上一个/ : /下一个/;
    await page.locator('.keep-alive-pane:visible').getByRole('button', { name: button }).click();
    await expect.poll(() => hashPath(page), NAV).toBe(editorPath(target!));
    expect(await confirmDialog().count()).toBe(0);
    await expect.poll(async () => (await tabTitles(page)).length, NAV).toBe(before + 1);
    await tabOf(page, editorPath(idA)).click();
    await expect.poll(() => skuInput().inputValue(), NAV).toBe(`${SKU}-middle`);
  });

  it('signing out with a dirty editor names it first; cancel keeps the session and the input', async () => {
    // Still dirty from the last test.
    await page.getByTestId('user-menu').click();
    await clickInPopup(
      page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: '退出登录' }),
    );
    await confirmDialog().getByText(`编辑商品 #${idA}`).waitFor();
    await answer(false);
    expect(await page.locator('.ant-modal-confirm', { hasText: '确定要执行注销操作吗?' }).count()).toBe(0);
    expect(await skuInput().inputValue()).toBe(`${SKU}-middle`);
    expect((await admin.call('POST', '/amazon-user/getUserInfo')).status).toBe(200);
  });
});
