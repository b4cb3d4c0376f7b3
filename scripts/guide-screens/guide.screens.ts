// The screenshots of 使用说明 (apps/web/src/features/platform/how-use/images/), taken from this
// console with data: a new seller account, a bound sandbox shop, a synced test order. Run with
// `npm run guide:screens`; each picture is shrunk to WebP so that all stay well under 600 KB.
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMainAccount } from '../../e2e/support/api-client';
import { anonymousPage, env, launchBrowser, signedInPage } from '../../e2e/support/browser';
import { routeUrl } from '../../e2e/support/frame';
import { pane } from '../../e2e/support/goods-library';
import { bindSandboxShop, syncOrdersNow } from '../../e2e/support/sandbox-shop';

const OUT = resolve(import.meta.dirname, '../../apps/web/src/features/platform/how-use/images');
/** Total size the pictures must stay under (the page loads them all). */
const BUDGET = 600 * 1024;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(OUT, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** The visible window as WebP, 1000 px wide. */
async function save(p: Page, name: string) {
  // Fonts and images settled, no spinner left.
  await p.waitForLoadState('networkidle');
  await p
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  const png = await p.screenshot();
  const webp = await sharp(png).resize({ width: 1000 }).webp({ quality: 50 }).toBuffer();
  writeFileSync(join(OUT, `${name}.webp`), webp);
}

it('takes the guide screenshots', async () => {
  const login = await anonymousPage(browser);
  await login.page
    .getByRole('button', { name: /登\s*录/ })
    .first()
    .waitFor();
  await save(login.page, 'login');
  await login.context.close();

  const seller = createMainAccount(env().dataDir, 0);
  const s = await signedInPage(browser, seller.account, seller.password, '#/index');
  const p = s.page;
  await p.getByTestId('home-checklist').waitFor();
  await save(p, 'home');

  const shopId = await bindSandboxShop(s.api, '示例沙箱店');
  await p.goto(routeUrl('/order/shop'));
  await p.getByTestId('shop-table').getByText('示例沙箱店').waitFor();
  await save(p, 'shops');

  await p.goto(routeUrl('/goods/admin/create'));
  await p.getByTestId('base-sku').fill('VASE001');
  await p.locator('#brand_name').fill('ACME');
  await save(p, 'goods');

  await p.goto(routeUrl('/goods/amazon/queue'));
  await pane(p, '/goods/amazon/queue').waitFor();
  await save(p, 'upload');

  const made = await s.api.call('POST', '/__test__/sandbox-orders', { shop_id: shopId, count: 2 });
  expect(made.status, made.msg).toBe(200);
  await syncOrdersNow(s.api, shopId);
  await p.goto(routeUrl('/order/list'));
  await pane(p, '/order/list').locator('.ant-table-row').first().waitFor();
  await save(p, 'orders');

  await p.goto(routeUrl('/order/distribution'));
  await pane(p, '/order/distribution').waitFor();
  await save(p, 'distribution');

  await p.goto(routeUrl('/member/user/topup-add'));
  await p.getByTestId('topup-form').waitFor();
  await save(p, 'topup');

  await p.goto(routeUrl('/platform/index'));
  await p.getByTestId('platform-card-translate').waitFor();
  await save(p, 'platform');
  await s.context.close();

  const total = readdirSync(OUT).reduce((n, f) => n + statSync(join(OUT, f)).size, 0);
  console.log(`guide screenshots: ${(total / 1024).toFixed(0)} KB in ${OUT}`);
  expect(total).toBeLessThan(BUDGET);
});
