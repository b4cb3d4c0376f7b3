import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { createSite } from './support/site';

// 站点分类 and SEO设置 in a browser (docs/site.md "Categories", "SEO"): two categories made in the
// drawer, one dragged under the other, a SEO title template saved and still there after a reload.
let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);
let seller: ApiClient;
let account: { account: string; password: string };
const slug = `e2e-cat-${Date.now().toString(36)}`;

type Node = { slug: string; children: Node[] };

beforeAll(async () => {
  browser = await launchBrowser();
  const { baseUrl, dataDir } = env();
  account = createMainAccount(dataDir, 0);
  seller = new ApiClient(baseUrl);
  await seller.login(account.account, account.password);
  await createSite(seller, { name: 'E2E Category Shop', slug });
});
afterAll(async () => {
  await browser?.close();
});

describe('site categories and SEO settings', () => {
  it('creates two categories, drags one under the other, saves a SEO title template that survives a reload', async () => {
    const s = await signedInPage(browser, account.account, account.password, '#/build-site/category');
    page = s.page;
    const p = s.page;
    for (const name of ['E2E Kitchen', 'E2E Cups']) {
      await p.getByTestId('site-category-add').click();
      await p.getByTestId('site-category-name-en').fill(name);
      await p.getByTestId('site-category-save').click();
      await expect.poll(() => p.getByTestId('site-category-drawer').isVisible()).toBe(false);
    }
    const kitchen = p.getByTestId('site-category-e2e-kitchen');
    const cups = p.getByTestId('site-category-e2e-cups');
    await cups.waitFor();
    // antd's tree nodes are the HTML5 draggables; a drop below a node and one indent to the right
    // of where the drag started puts it inside that node (rc-tree's drop level).
    const nodeOf = (l: typeof cups) => p.locator('.ant-tree-treenode', { has: l });
    const box = (await nodeOf(kitchen).boundingBox())!;
    await nodeOf(cups).dragTo(nodeOf(kitchen), {
      sourcePosition: { x: 20, y: 8 },
      targetPosition: { x: 80, y: Math.round(box.height * 0.8) },
    });
    const tree = async () => (await seller.call<{ tree: Node[] }>('GET', '/site/category/list')).data.tree;
    await expect
      .poll(async () => (await tree()).map((n) => `${n.slug}[${n.children.map((c) => c.slug).join(',')}]`).join(' '), {
        timeout: 15_000,
      })
      .toBe('e2e-kitchen[e2e-cups]');

    await p.goto(`${env().baseUrl}/#/build-site/seo`);
    const title = p.getByTestId('seo-title-home-en');
    await title.fill('{site} – E2E home');
    await expect.poll(() => p.getByTestId('seo-preview-home-en').innerText()).toContain('E2E Category Shop – E2E home');
    await p.getByTestId('seo-save').click();
    await expect
      .poll(async () => (await seller.call<{ version: number }>('GET', '/site/seo/get')).data.version)
      .toBe(1);
    await p.reload();
    await expect
      .poll(() => p.getByTestId('seo-title-home-en').inputValue(), { timeout: 15_000 })
      .toBe('{site} – E2E home');
  });
});
