import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionUrl, findRunningEmbedded } from '../apps/server/src/db/embedded';
import { ApiClient, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { createSite } from './support/site';

// The own site's cart and checkout in a browser (docs/site.md "Cart and checkout"): a visitor's
// fresh context adds a product through the cart address, checks out, pays in the loopback payment
// simulator and sees the thank-you page; the seller then finds the order as 独立站.
let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);
let seller: ApiClient;
let account: { account: string; password: string };
let productId = 0;
const slug = `e2e-pay-${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const { baseUrl, dataDir } = env();
  account = createMainAccount(dataDir, 0);
  seller = new ApiClient(baseUrl);
  await seller.login(account.account, account.password);
  await createSite(seller, { name: 'E2E Pay Shop', slug });
  // The product as the builder would have published it (rows of the site's own tenant).
  const conn = await findRunningEmbedded(dataDir);
  const client = new pg.Client({ connectionString: connectionUrl(conn!) });
  await client.connect();
  try {
    const r = await client.query(
      `insert into site_products (tenant_id, site_id, slug, texts, price, published, published_at)
       select tenant_id, id, 'mug', $2, 12.50, true, now() from sites where slug = $1 returning id`,
      [slug, JSON.stringify({ en: { title: 'Blue mug', description: '', bullets: [] } })],
    );
    productId = Number(r.rows[0].id);
  } finally {
    await client.end();
  }
});
afterAll(async () => {
  await browser?.close();
});

describe('own site checkout', () => {
  it('adds through the cart address, checks out, pays in the simulator, thanks; the seller sees it as 独立站', async () => {
    const { baseUrl } = env();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    page = await context.newPage();
    await page.goto(`${baseUrl}/s/${slug}/en/cart?add=${productId}&sku=&qty=2`);
    const line = page.locator('tr.cart-line');
    await line.waitFor();
    expect(await line.locator('td').first().textContent()).toBe('Blue mug');
    expect(await page.locator('.cart-total').textContent()).toBe('25.00 EUR');
    // The query is gone: a reload does not add the line again.
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await line.waitFor();
    expect(await line.locator('input[type=number]').inputValue()).toBe('2');

    await page.locator('input[name=name]').fill('Eva Buyer');
    await page.locator('input[name=email]').fill('eva@example.com');
    await page.locator('input[name=address1]').fill('Main Street 1');
    await page.locator('input[name=city]').fill('Berlin');
    await page.locator('input[name=postcode]').fill('10115');
    await page.locator('select[name=country]').selectOption('DE');
    await page.getByRole('button', { name: 'Pay now' }).click();

    // The simulator's page (another origin), then back to the shop.
    await page.getByRole('button', { name: '支付 Pay' }).click();
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    const orderNo = (await page.locator('.order-no').textContent()) ?? '';
    expect(orderNo).toMatch(/^S\d{6}[0-9A-Z]{6}$/);
    expect(await page.locator('.order-status').textContent()).toBe('Paid');
    // The paid order emptied the cart.
    await page.goto(`${baseUrl}/s/${slug}/en/cart`);
    await page.locator('.cart-empty:not([hidden])').waitFor();
    await context.close();

    // The seller's 订单处理, view 独立站: the order with its source, state and buyer.
    const s = await signedInPage(browser, account.account, account.password, '#/order/list');
    page = s.page;
    await s.page.getByText('独立站', { exact: true }).click();
    const row = s.page.getByTestId('site-orders').locator('tr', { hasText: orderNo });
    await row.waitFor();
    expect(await row.textContent()).toContain('已付款');
    expect(await row.textContent()).toContain('Eva Buyer');
    expect(await row.textContent()).toContain('25.00 EUR');
    await s.context.close();
  });
});
