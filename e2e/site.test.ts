import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createMainAccount } from './support/api-client';
import { env, signedInPage } from './support/browser';
import { pane } from './support/goods-library';
import { clickInPopup } from './support/popup';
import { cards, hreflangs, libraryProduct, orderIn, rowTexts, uploadPng } from './support/site';
import { browserSuite } from './support/suite';

// The own site's whole path in a browser (issue 33 §3, docs/site.md): a seller builds a site in the
// console — 基础设置, 站点分类, SEO设置, 站点商品 from three library products, 可视化装修 — and
// publishes it; a visitor's fresh context reads it in English and German, fills a cart from both,
// pays in the loopback payment simulator; the seller finds the order in 订单处理, view 独立站.
// The steps share one seller, one console page and one site; each step needs the ones before it.
const suite = browserSuite();
const run = Date.now().toString(36);
const slug = `e2e-site-${run}`;
const SITE = 'E2E Site Shop';
const PRODUCTS = [
  { en: `Lamp ${run}`, de: `Lampe ${run}`, cents: 1999, price: '19.99 EUR' },
  { en: `Mug ${run}`, de: `Becher ${run}`, cents: 2000, price: '20.00 EUR' },
  { en: `Rug ${run}`, de: `Teppich ${run}`, cents: 2001, price: '20.01 EUR' },
];
let seller: ApiClient;
let account: { account: string; password: string };
/** The seller's console page, signed in once and used by every building step. */
let con: Page;
let orderNo = '';

type Node = { slug: string; children: Node[] };

beforeAll(async () => {
  const { baseUrl, dataDir } = env();
  account = createMainAccount(dataDir, 0);
  seller = new ApiClient(baseUrl);
  await seller.login(account.account, account.password);
  const image = await uploadPng(seller);
  for (const [i, p] of PRODUCTS.entries()) {
    await libraryProduct(seller, { sku: `ST-${run}-${i}`, en: p.en, de: p.de, cents: p.cents, image });
  }
  const s = await signedInPage(suite.browser, account.account, account.password, '#/build-site/basic');
  con = s.page;
});

/** Opens a console screen in the seller's page (a new kept-alive tab). */
async function open(hash: string) {
  suite.page = con;
  await con.goto(`${env().baseUrl}/#${hash}`);
}

describe('own site: built in the console, bought from by a visitor', () => {
  it('基础设置: name, preview address, euro, English and German, contact, published', async () => {
    await open('/build-site/basic');
    const p = con;
    const form = p.getByTestId('site-basic-form');
    await form.waitFor();
    await p.getByTestId('site-name').fill(SITE);
    await p.getByTestId('site-slug').fill(slug);
    await p.getByTestId('site-currency').click();
    await p.keyboard.type('EUR');
    await clickInPopup(
      p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: 'EUR 欧元',
      }),
    );
    // The new site's languages are English and Chinese: Chinese out, German in.
    const languages = p.getByTestId('site-languages');
    await languages
      .locator('.ant-select-selection-item', { hasText: '中文' })
      .locator('.ant-select-selection-item-remove')
      .click();
    await languages.click();
    await clickInPopup(
      p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: 'Deutsch',
      }),
    );
    await p.keyboard.press('Escape');
    expect(await languages.locator('.ant-select-selection-item-content').allTextContents()).toEqual([
      '英语 (English)',
      '德语 (Deutsch)',
    ]);
    await form.getByLabel('邮箱').fill('shop@example.com');
    const published = p.getByTestId('site-published');
    if ((await published.getAttribute('aria-checked')) !== 'true') await published.click();
    await p.getByTestId('site-save').click();
    await p.getByText('保存成功').waitFor();
    await expect
      .poll(() => p.getByTestId('site-preview-link').textContent(), { timeout: 15_000 })
      .toBe(`${env().baseUrl}/s/${slug}/`);
  });

  it('站点分类: two categories named per language, one dragged under the other; SEO设置: a home title template kept across a reload', async () => {
    await open('/build-site/category');
    const p = con;
    for (const [en, de] of [
      ['E2E Kitchen', 'E2E Küche'],
      ['E2E Cups', ''],
    ]) {
      await p.getByTestId('site-category-add').click();
      const drawer = p.getByTestId('site-category-drawer');
      await p.getByTestId('site-category-name-en').fill(en!);
      if (de) {
        await drawer.getByRole('tab', { name: '德语' }).click();
        await p.getByTestId('site-category-name-de').fill(de);
      }
      await p.getByTestId('site-category-save').click();
      await expect.poll(() => drawer.isVisible()).toBe(false);
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

    await open('/build-site/seo');
    const title = p.getByTestId('seo-title-home-en');
    await title.fill('{site} – E2E home');
    await expect.poll(() => p.getByTestId('seo-preview-home-en').innerText()).toContain(`${SITE} – E2E home`);
    await p.getByTestId('seo-save').click();
    await expect
      .poll(async () => (await seller.call<{ version: number }>('GET', '/site/seo/get')).data.version)
      .toBe(1);
    await p.reload();
    await expect
      .poll(() => p.getByTestId('seo-title-home-en').inputValue(), { timeout: 15_000 })
      .toBe('{site} – E2E home');
  });

  it('站点商品: imports the three library products (prices in euro), publishes them, lists them as published', async () => {
    await open('/build-site/goods/list');
    const p = con;
    const root = pane(p, '/build-site/goods/list');
    await root.getByTestId('open-import').click();
    const dialog = p.locator('.ant-modal', { hasText: '从商品库导入' });
    const search = dialog.getByTestId('import-keyword').getByRole('searchbox');
    await search.fill(run);
    await search.press('Enter');
    const picker = dialog.getByTestId('import-table');
    await picker.locator('tr', { hasText: PRODUCTS[2]!.en }).waitFor();
    expect(await picker.locator('tbody tr.ant-table-row').count()).toBe(3);
    await picker.locator('thead .ant-checkbox-input').check();
    await dialog.getByRole('button', { name: '导入 3 个' }).click();
    await p.getByText('已导入 3 个商品').waitFor();

    const table = root.getByTestId('site-goods-table');
    for (const { en, price } of PRODUCTS) {
      const row = table.locator('tr', { hasText: en });
      await row.getByText(price).waitFor();
      await row.getByText('未发布').waitFor();
    }
    await table.locator('thead .ant-checkbox-input').check();
    await root.getByTestId('publish-selected').click();
    await p.getByText('已发布 3 个商品').waitFor();
    for (const { en } of PRODUCTS) await table.locator('tr', { hasText: en }).getByText('已发布').waitFor();
    expect(await table.getByText('未发布').count()).toBe(0);
  });

  it('可视化装修: a product grid, a banner and a rich text; drags with the preview following, undoes, publishes', async () => {
    await open('/build-site/visual');
    const p = con;
    const add = async (name: string) => {
      await p.getByRole('button', { name: '添加模块' }).click();
      await clickInPopup(p.getByRole('menuitem', { name }));
    };
    const panel = p.getByTestId('block-panel');
    const heading = panel.getByRole('textbox', { name: '标题', exact: true });
    await add('商品网格');
    await heading.fill('E2E Picks');
    await panel.getByRole('tab', { name: '德语' }).click();
    await heading.fill('E2E Auswahl');
    await panel.getByRole('combobox', { name: '商品', exact: true }).click();
    for (const { en } of PRODUCTS) {
      await clickInPopup(
        p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: en }),
      );
    }
    await p.keyboard.press('Escape');
    await add('横幅');
    await heading.fill('E2E Banner');
    await add('图文');
    await panel.getByRole('textbox').fill('## E2E Text');

    const rows = p.getByTestId('block-row');
    const types = () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    const preview = p.getByTestId('visual-preview');
    const previewOrder = async () =>
      orderIn(await preview.getAttribute('srcdoc'), ['E2E Banner', 'E2E Picks', 'E2E Text', PRODUCTS[0]!.en]);
    expect(await types()).toEqual(['product_grid', 'banner', 'rich_text']);
    await expect
      .poll(previewOrder, { timeout: 15_000 })
      .toEqual(['E2E Picks', PRODUCTS[0]!.en, 'E2E Banner', 'E2E Text']);

    // Drag the banner onto the grid: it moves first, and the preview follows.
    await rows.nth(1).dragTo(rows.nth(0));
    expect(await types()).toEqual(['banner', 'product_grid', 'rich_text']);
    await expect
      .poll(previewOrder, { timeout: 15_000 })
      .toEqual(['E2E Banner', 'E2E Picks', PRODUCTS[0]!.en, 'E2E Text']);
    // Drag the rich text to the top, then 撤销 takes that move back.
    await rows.nth(2).dragTo(rows.nth(0));
    expect(await types()).toEqual(['rich_text', 'banner', 'product_grid']);
    await expect
      .poll(previewOrder, { timeout: 15_000 })
      .toEqual(['E2E Text', 'E2E Banner', 'E2E Picks', PRODUCTS[0]!.en]);
    await p.getByRole('button', { name: '撤销' }).click();
    expect(await types()).toEqual(['banner', 'product_grid', 'rich_text']);
    await expect
      .poll(previewOrder, { timeout: 15_000 })
      .toEqual(['E2E Banner', 'E2E Picks', PRODUCTS[0]!.en, 'E2E Text']);

    await p.getByRole('button', { name: '发布' }).click();
    await expect.poll(() => p.getByTestId('visual-published').textContent(), { timeout: 15_000 }).toMatch(/^已发布/);
  });

  it('storefront: a fresh context reads the home page in English and German (texts, hreflang, euro prices)', async () => {
    const visitor = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      expect(await visitor.cookies()).toEqual([]);
      const v = await visitor.newPage();
      suite.page = v;
      const base = `/s/${slug}`;
      const alternates = [`en=${base}/en/`, `de=${base}/de/`, `x-default=${base}/en/`];

      const res = await v.goto(`${env().baseUrl}${base}/en/`);
      expect(res?.status()).toBe(200);
      expect(await v.locator('html').getAttribute('lang')).toBe('en');
      expect(await v.title()).toBe(`${SITE} – E2E home`);
      expect(await hreflangs(v)).toEqual(alternates);
      expect(await v.locator('main h2').allTextContents()).toEqual(['E2E Banner', 'E2E Picks']);
      expect(await v.locator('main h3').first().textContent()).toBe('E2E Text');
      expect(orderIn(await v.content(), ['E2E Text', 'E2E Banner', 'E2E Picks'])).toEqual([
        'E2E Banner',
        'E2E Picks',
        'E2E Text',
      ]);
      expect(await cards(v)).toEqual(PRODUCTS.map((x) => `${x.en} ${x.price}`));
      expect(await v.locator('nav.cats a').allTextContents()).toEqual(['E2E Kitchen']);
      expect(await v.locator('footer').textContent()).toContain('shop@example.com');

      await v.goto(`${env().baseUrl}${base}/de/`);
      expect(await v.locator('html').getAttribute('lang')).toBe('de');
      expect(await v.title()).toBe(SITE); // no German template: the site's name
      expect(await hreflangs(v)).toEqual(alternates);
      // The banner has no German text: the default language's is shown.
      expect(await v.locator('main h2').allTextContents()).toEqual(['E2E Banner', 'E2E Auswahl']);
      expect(await cards(v)).toEqual(PRODUCTS.map((x) => `${x.de} ${x.price}`));
      expect(await v.locator('nav.cats a').allTextContents()).toEqual(['E2E Küche']);
    } finally {
      await visitor.close();
    }
  });

  it('cart and checkout: a product from each language in one cart, paid in the simulator, thanked in German', async () => {
    const { baseUrl } = env();
    const visitor = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
    try {
      const v = await visitor.newPage();
      suite.page = v;
      const [lamp, , rug] = PRODUCTS;
      await v.goto(`${baseUrl}/s/${slug}/en/`);
      await v.locator('main .blk-card a', { hasText: lamp!.en }).click();
      await v.getByRole('heading', { level: 1, name: lamp!.en }).waitFor();
      await v.locator('form.add-to-cart input[name=qty]').fill('2');
      await v.getByRole('button', { name: 'Add to cart' }).click();
      await v.locator('tr.cart-line').waitFor();

      await v.goto(`${baseUrl}/s/${slug}/de/`);
      await v.locator('main .blk-card a', { hasText: rug!.de }).click();
      await v.getByRole('heading', { level: 1, name: rug!.de }).waitFor();
      await v.getByRole('button', { name: 'In den Warenkorb' }).click();
      const lines = v.locator('tr.cart-line');
      await expect.poll(() => lines.count(), { timeout: 15_000 }).toBe(2);
      // The form's query is gone: a reload does not add the lines again.
      expect(new URL(v.url()).pathname).toBe(`/s/${slug}/de/cart`);
      expect(new URL(v.url()).search).toBe('');
      await v.reload();
      await expect.poll(() => lines.count(), { timeout: 15_000 }).toBe(2);
      expect(await rowTexts(lines)).toEqual([
        `${lamp!.de} | 19.99 EUR | 39.98 EUR | Entfernen`,
        `${rug!.de} | 20.01 EUR | 20.01 EUR | Entfernen`,
      ]);
      expect(
        await lines.locator('input[type=number]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
      ).toEqual(['2', '1']);
      expect(await v.locator('.cart-total').textContent()).toBe('59.99 EUR');

      await v.locator('input[name=name]').fill('Eva Buyer');
      await v.locator('input[name=email]').fill('eva@example.com');
      await v.locator('input[name=address1]').fill('Main Street 1');
      await v.locator('input[name=city]').fill('Berlin');
      await v.locator('input[name=postcode]').fill('10115');
      await v.locator('select[name=country]').selectOption('DE');
      await v.getByRole('button', { name: 'Jetzt bezahlen' }).click();

      // The simulator's page (another origin), then back to the shop.
      await v.getByRole('button', { name: '支付 Pay' }).click();
      await v.getByRole('heading', { name: 'Vielen Dank für Ihre Bestellung!' }).waitFor();
      orderNo = (await v.locator('.order-no').textContent()) ?? '';
      expect(orderNo).toMatch(/^S\d{6}[0-9A-Z]{6}$/);
      expect(await v.locator('.order-status').textContent()).toBe('Bezahlt');
      // The paid order emptied the cart (one cart for the site's languages).
      await v.goto(`${baseUrl}/s/${slug}/en/cart`);
      await v.locator('.cart-empty:not([hidden])').waitFor();
    } finally {
      await visitor.close();
    }
  });

  it('订单处理, view 独立站: the seller sees the paid order with its buyer and total', async () => {
    expect(orderNo).not.toBe('');
    await open('/order/list');
    const p = con;
    await p.getByText('独立站', { exact: true }).click();
    const row = p.getByTestId('site-orders').locator('tr', { hasText: orderNo });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('已付款');
    expect(text).toContain('Eva Buyer');
    expect(text).toContain('59.99 EUR');
  });
});
