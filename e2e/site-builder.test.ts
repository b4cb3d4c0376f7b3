import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { pane } from './support/goods-library';
import { createSite } from './support/site';

// 站点商品 in a browser (docs/site.md "Products"): three library products (made through the API)
// are imported into a US-dollar site through 从商品库导入, published from the list, and shown there.
let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);
let account: { account: string; password: string };
const run = Date.now().toString(36);

/** Uploads a small PNG through `POST /files/upload` with the client's session; its `/PDD/files/...` url. */
async function uploadPng(api: ApiClient): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c60' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
  const csrf = [...api.cookies.values()].find((c) => c.name.endsWith('-uuid'))?.value ?? '';
  const cookie = [...api.cookies.values()].map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await fetch(`${api.baseUrl}/PDD/files/upload`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrf },
    body: form,
  });
  const env = (await res.json()) as { status: number; msg: string; data: { url: string } };
  expect(env.status, env.msg).toBe(200);
  return env.data.url;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { baseUrl, dataDir } = env();
  account = createMainAccount(dataDir, 0);
  const seller = new ApiClient(baseUrl);
  await seller.login(account.account, account.password);
  await createSite(seller, { name: 'E2E Goods Shop', slug: `e2e-goods-${run}`, currency: 'USD' });
  const image = await uploadPng(seller);
  for (const [i, name] of ['Lamp', 'Vase', 'Rug'].entries()) {
    const made = await seller.call('POST', '/amazon-user/insertGoods_v2', {
      goodsData: {
        baseInfo: { sku: `SB-${run}-${i}` },
        commonData: { descs: [{ key: 'en', title: `${name} ${run}` }] },
        priceTable: [{ country_code: 'us', price: 1999 + i }],
        images: [{ url: image }],
      },
    });
    expect(made.status, made.msg).toBe(200);
  }
});
afterAll(async () => {
  await browser?.close();
});

describe('site products', () => {
  it('imports three library products, publishes them and lists them as published', async () => {
    const s = await signedInPage(browser, account.account, account.password, '#/build-site/goods/list');
    page = s.page;
    const p = s.page;
    const root = pane(p, '/build-site/goods/list');

    await root.getByTestId('open-import').click();
    const dialog = p.locator('.ant-modal', { hasText: '从商品库导入' });
    const search = dialog.getByTestId('import-keyword').getByRole('searchbox');
    await search.fill(run);
    await search.press('Enter');
    const picker = dialog.getByTestId('import-table');
    await picker.locator('tr', { hasText: `Rug ${run}` }).waitFor();
    expect(await picker.locator('tbody tr.ant-table-row').count()).toBe(3);
    await picker.locator('thead .ant-checkbox-input').check();
    await dialog.getByRole('button', { name: '导入 3 个' }).click();
    await p.getByText('已导入 3 个商品').waitFor();

    const table = root.getByTestId('site-goods-table');
    for (const [name, price] of [
      ['Lamp', '19.99 USD'],
      ['Vase', '20.00 USD'],
      ['Rug', '20.01 USD'],
    ]) {
      const row = table.locator('tr', { hasText: `${name} ${run}` });
      await row.getByText(price!).waitFor();
      await row.getByText('未发布').waitFor();
    }
    await table.locator('thead .ant-checkbox-input').check();
    await root.getByTestId('publish-selected').click();
    await p.getByText('已发布 3 个商品').waitFor();
    for (const name of ['Lamp', 'Vase', 'Rug']) {
      await table
        .locator('tr', { hasText: `${name} ${run}` })
        .getByText('已发布')
        .waitFor();
    }
    expect(await table.getByText('未发布').count()).toBe(0);
  });
});
