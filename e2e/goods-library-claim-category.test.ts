// Goods libraries, part 2: claim and own categories (part 1: goods-library.test.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createMainAccount } from './support/api-client';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { confirmPop, pane, shot } from './support/goods-library';
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

/** The admin's console opened at a goods screen. */
async function openAsAdmin(hash: string) {
  const s = await signedInPage(browser, 'admin', env().adminPassword, hash);
  page = s.page;
  return s;
}

describe('claim', () => {
  it("claims a product the platform published; the row then shows 已认领 and opens the tenant's copy", async () => {
    const tag = Date.now().toString(36);
    // The platform operator (admin, uid 1) creates and publishes a product.
    const created = await admin.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
      goodsData: {
        baseInfo: { sku: `CLM-${tag}` },
        commonData: { descs: [{ key: 'en', title: `Claimable hat ${tag}` }] },
        priceTable: [
          { country_code: 'us', price: 1299 },
          { country_code: 'ja', price: 1980 },
        ],
      },
    });
    expect(created.status).toBe(200);
    // It publishes it from its product list (the 认领发布 menu is only there for its accounts).
    const op = await openAsAdmin('#/goods/admin/list');
    await op.page.getByTestId('goods-filter-keyword').fill(`CLM-${tag}`);
    await op.page.getByTestId('goods-filter-submit').click();
    const own = op.page.locator('[data-testid=goods-table] tbody tr.ant-table-row', { hasText: `CLM-${tag}` });
    await own.locator('.ant-checkbox-input').check();
    await op.page.getByTestId('goods-claim-publish').click();
    await clickInPopup(op.page.getByRole('menuitem', { name: '发布到认领商品' }));
    await op.page.getByText('已发布1个商品到认领商品').waitFor();
    await own.getByTestId('goods-claimable').waitFor();
    await op.context.close();

    // Another tenant claims it through the screen.
    const seller = createMainAccount(env().dataDir, 4);
    const s = await signedInPage(browser, seller.account, seller.password, '#/goods/claim');
    page = s.page;
    const root = pane(s.page, '/goods/claim');
    await root.getByPlaceholder('标题 / SKU').fill(tag);
    await root.getByRole('button', { name: '查询' }).click();
    const row = root.locator('.ant-table-tbody tr.ant-table-row', { hasText: `CLM-${tag}` });
    await row.getByText(`Claimable hat ${tag}`).waitFor();
    await row.getByText('美国 12.99 USD').waitFor();
    await row.getByText('日本 1980 JPY').waitFor();
    await row.getByRole('button', { name: '认领' }).click();
    await s.page.getByText('认领成功,已复制到商品列表').waitFor();
    await row.getByText('已认领').waitFor();
    await shot(s.page, 'claim');

    const listed = await s.api.call<{ list: { id: number; claimed_goods_id: number | null }[] }>(
      'GET',
      `/claim/list?keyword=${tag}`,
    );
    const copyId = listed.data.list[0]?.claimed_goods_id ?? 0;
    expect(copyId).toBeGreaterThan(0);
    expect(copyId).not.toBe(created.data.id);
    // A second claim is refused by the server; the screen no longer offers it.
    expect((await s.api.call('POST', '/claim/claimGoods', { id: created.data.id })).status).toBe(409);
    expect(await row.getByRole('button', { name: '认领' }).count()).toBe(0);

    await row.getByRole('link', { name: '查看' }).click();
    await s.page.waitForURL(`**/#/goods/admin/update/${copyId}`);
    const copy = await s.api.call<{ goodsData: { baseInfo: { sku: string } } }>(
      'GET',
      `/amazon-user/getProduct?id=${copyId}`,
    );
    expect(copy.status).toBe(200);
    expect(copy.data.goodsData.baseInfo.sku).toBe(`CLM-${tag}`);
    // The seller's own list has no 认领发布: only the platform operator publishes.
    await s.page.goto(`${env().baseUrl}/#/goods/admin/list`);
    await s.page.getByTestId('goods-batch-bar').getByText('导出').waitFor();
    expect(await s.page.getByTestId('goods-claim-publish').count()).toBe(0);
    await s.context.close();
  });
});

describe('own categories', () => {
  it('adds a top category and a child, renames, refuses to delete a parent, moves by parent select and by drag, deletes', async () => {
    const { page: p, context } = await openAsAdmin('#/goods/category');
    const tag = Date.now().toString(36);
    const [top, child, renamed] = [`服装${tag}`, `上衣${tag}`, `T恤${tag}`];
    const root = pane(p, '/goods/category');
    const dialog = p.locator('.ant-modal:has([data-testid=category-form])');
    const ok = () => clickInPopup(dialog.locator('.ant-modal-footer').getByRole('button', { name: '确定' }));

    await root.getByRole('button', { name: '添加顶级分类' }).click();
    await dialog.getByTestId('category-name').fill(top);
    await ok();
    await root.getByTestId(`category-${top}`).waitFor();

    await root.getByTestId(`category-${top}`).getByRole('button', { name: '添加子分类' }).click();
    await dialog.getByText(`在「${top}」下添加分类`).waitFor();
    await dialog.getByTestId('category-name').fill(child);
    await ok();
    await root.getByTestId(`category-${child}`).waitFor();

    await root.getByTestId(`category-${child}`).getByRole('button', { name: '重命名' }).click();
    await dialog.getByTestId('category-name').fill(renamed);
    await ok();
    await root.getByTestId(`category-${renamed}`).waitFor();
    await root.getByTestId(`category-${child}`).waitFor({ state: 'detached' });

    // The server refuses to delete a category with children; the screen says why.
    await root.getByTestId(`category-${top}`).getByRole('button', { name: '删除' }).click();
    await confirmPop(p);
    const refusal = p.locator('.ant-modal-confirm', { hasText: `无法删除「${top}」` });
    await refusal.getByText('该分类下还有1个子分类,请先删除或移走子分类').waitFor();
    await shot(p, 'category-refusal');
    await clickInPopup(refusal.getByRole('button', { name: '知道了' }));
    await refusal.waitFor({ state: 'detached' });

    // Move the child to the top level with the parent select.
    await root.getByTestId(`category-${renamed}`).getByRole('button', { name: '移动' }).click();
    await clickInPopup(dialog.getByTestId('category-parent'));
    await clickInPopup(p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('顶级分类'));
    await ok();
    await p.getByText('移动成功').waitFor();
    const tree = await admin.call<{ id: number; name: string; parent_id: number }[]>('GET', '/goods/category/tree');
    expect(tree.data.find((n) => n.name === renamed)?.parent_id).toBe(0);

    // Drag it back onto the former parent: it becomes its child again.
    const treeRoot = root.getByTestId('category-tree');
    // rc-tree nests when the pointer ends in the lower half of the target, right of where the drag started.
    const target = treeRoot.locator('.ant-tree-treenode', { hasText: top });
    const height = (await target.boundingBox())?.height ?? 30;
    await treeRoot.locator('.ant-tree-treenode', { hasText: renamed }).dragTo(target, {
      sourcePosition: { x: 40, y: height / 2 },
      targetPosition: { x: 140, y: height * 0.7 },
    });
    await expect
      .poll(async () => {
        const t = await admin.call<{ name: string; children: { name: string }[] }[]>('GET', '/goods/category/tree');
        return t.data.find((n) => n.name === top)?.children.map((c) => c.name);
      })
      .toEqual([renamed]);

    for (const name of [renamed, top]) {
      await root.getByTestId(`category-${name}`).getByRole('button', { name: '删除' }).click();
      await confirmPop(p);
      await root.getByTestId(`category-${name}`).waitFor({ state: 'detached' });
    }
    await context.close();
  });
});
