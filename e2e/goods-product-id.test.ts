import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';

/**
 * Issue 28 §1 and §3 in the editor: a product without variations shows its 产品ID (EAN/UPC)
 * in 基础信息, gets a code of the pool on save (or at once with 从EAN池分配), and the 库存 the
 * editor shows for a new product is the one saved, marked as the random default.
 */

let browser: Browser;
let admin: ApiClient;
let page: Page | undefined;
screenshotOnFailure(() => page);

/** A valid EAN-13 (GS1 check digit) from 12 digits. */
function ean13(body12: string): string {
  const sum = [...body12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body12 + ((10 - (sum % 10)) % 10);
}

const SKU = `PID${Date.now().toString(36).toUpperCase()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminClient();
  // The admin is not EAN-exempt: codes come from its pool.
  const base = String(Date.now()).slice(-9);
  const codes = [0, 1, 2].map((i) => ean13(`401${base.slice(0, 8)}${i}`));
  const r = await admin.call('POST', '/goods/ean/import', { text: codes.join('\n') });
  expect(r.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

/** The stored product's base info, as getProduct answers it. */
type Stored = { goodsData: { baseInfo: { quantity?: number; product_id?: string; sku?: string } } };
const getProduct = async (id: number) => (await admin.call<Stored>('GET', `/amazon-user/getProduct?id=${id}`)).data;

describe('产品ID and 库存 of a new product in the editor', () => {
  it('a save gives the product an EAN of the pool and shows it; the shown 库存 is the saved one', async () => {
    const s = await signedInPage(browser, 'admin', env().adminPassword, '#/goods/admin/create');
    page = s.page;
    const p = s.page;
    const quantityItem = p.locator('.ant-form-item', { has: p.getByTestId('base-quantity') });
    await expect
      .poll(() => quantityItem.locator('.ant-form-item-explain').textContent())
      .toMatch(/^随机默认值\(\d+-\d+\),可修改$/);
    const shown = Number(await p.locator('#quantity').inputValue());
    expect(shown).toBeGreaterThan(0);
    const pidItem = p.locator('.ant-form-item', { has: p.getByTestId('base-product-id') }).first();
    await expect
      .poll(() => pidItem.locator('.ant-form-item-explain').first().textContent())
      .toBe('保存时自动从EAN库分配');
    await p.getByTestId('base-sku').fill(SKU);
    await p.getByTestId('editor-save').click();
    await p.locator('.ant-message', { hasText: '保存成功,已分配1个EAN' }).waitFor();
    await p.waitForURL(/#\/goods\/admin\/update\/\d+/);
    const id = Number(/update\/(\d+)/.exec(p.url())?.[1]);
    await expect.poll(() => p.locator('[data-page] #product_id').last().inputValue()).toMatch(/^\d{13}$/);
    const stored = await getProduct(id);
    expect(stored.goodsData.baseInfo.quantity).toBe(shown);
    expect(await p.locator('[data-page] #product_id').last().inputValue()).toBe(stored.goodsData.baseInfo.product_id);
    await s.context.close();
  });

  it('从EAN池分配 replaces an ASIN at once; the editor saves on without a stale refusal', async () => {
    const created = await admin.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
      goodsData: { baseInfo: { sku: `${SKU}-B`, product_id: 'B0E2ETEST1' }, commonData: { descs: [] } },
    });
    expect(created.status).toBe(200);
    const id = created.data.id;
    const s = await signedInPage(browser, 'admin', env().adminPassword, `#/goods/admin/update/${id}`);
    page = s.page;
    const p = s.page;
    const input = p.locator(`[data-page="/goods/admin/update/${id}"] #product_id`);
    await expect.poll(() => input.inputValue()).toBe('B0E2ETEST1');
    await p.getByTestId('base-product-id-assign').click();
    await p.locator('.ant-message', { hasText: '已从EAN库分配' }).waitFor();
    await expect.poll(() => input.inputValue()).toMatch(/^\d{13}$/);
    const code = await input.inputValue();
    expect((await getProduct(id)).goodsData.baseInfo.product_id).toBe(code);
    await expect.poll(() => p.getByTestId('base-product-id-assign').isDisabled()).toBe(true);
    // The editor moved on to the version the button wrote: a save goes through.
    await p.getByTestId('base-sku').fill(`${SKU}-B2`);
    await p.getByTestId('editor-save').click();
    await p.locator('.ant-message', { hasText: '保存成功' }).waitFor();
    const after = await getProduct(id);
    expect(after.goodsData.baseInfo).toMatchObject({ sku: `${SKU}-B2`, product_id: code });
    await s.context.close();
  });
});
