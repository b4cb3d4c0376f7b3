import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createChild } from './support/api-client';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { confirmPop } from './support/goods-library';
import { clickInPopup } from './support/popup';

let browser: Browser;
let admin: ApiClient;
let page: Page | undefined;
screenshotOnFailure(() => page);

/** A 64x64 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAeElEQVR4nO3PQQkAMAzAwAqrfyZrIvY4BoEIuMzZ/brhgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAseuzfrAS2gdd8fAAAAAElFTkSuQmCC',
  'base64',
);

/** A valid EAN-13 (GS1 check digit) from 12 digits. */
function ean13(body12: string): string {
  const sum = [...body12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body12 + ((10 - (sum % 10)) % 10);
}

const SKU = `E2E${Date.now().toString(36).toUpperCase()}`;
let goodsId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminClient();
  // The admin is not EAN-exempt: the two variations take codes from the pool, so import some first.
  const base = String(Date.now()).slice(-9);
  const codes = [0, 1, 2, 3].map((i) => ean13(`400${base.slice(0, 8)}${i}`));
  const env = await admin.call('POST', '/goods/ean/import', { text: codes.join('\n') });
  expect(env.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

async function pane(p: Page, name: string) {
  await p.getByRole('tab', { name, exact: true }).click();
}

describe('product editor', () => {
  it('creates a product with three languages, prices, two variations and an image; reopens it', async () => {
    const s = await signedInPage(browser, 'admin', env().adminPassword, '#/goods/admin/create');
    page = s.page;
    const p = s.page;
    // An empty product is not saved: the reason shows on the SKU field until a SKU is typed.
    const skuHelp = p.locator('.ant-form-item', { has: p.getByTestId('base-sku') }).locator('.ant-form-item-explain');
    await p.getByTestId('editor-save').click();
    await expect.poll(() => skuHelp.textContent()).toBe('请至少填写一种语言的标题或SKU');
    await p.getByTestId('base-sku').fill(SKU);
    await expect.poll(() => skuHelp.count()).toBe(0);
    await p.getByTestId('base-cost').fill('12.5');

    await pane(p, '文本');
    for (const [label, key, title] of [
      ['英语', 'en', `Cotton mug ${SKU}`],
      ['法语', 'fr', 'Tasse en coton'],
      ['德语', 'de', 'Baumwollbecher'],
    ] as const) {
      await p.getByRole('tab', { name: label, exact: true }).click();
      await p.getByTestId(`title-${key}`).fill(title);
      await p.getByTestId(`bullet-${key}-0`).fill(`${title} bullet`);
      await p.getByTestId(`desc-${key}`).fill(`${title} description`);
    }

    await pane(p, '价格');
    await p.getByTestId('price-us').fill('19.99');
    await p.getByTestId('price-ja').fill('2500');

    await pane(p, '变体');
    await p.getByTestId('variation-switch').click();
    await p.getByTestId('variation-theme').fill('Color');
    await p.getByTestId('variation-attr-0').fill('颜色');
    const values = p.getByTestId('variation-values-0').locator('input');
    await values.fill('红');
    await values.press('Enter');
    await values.fill('蓝');
    await values.press('Enter');
    await p.getByTestId('variation-generate').click();
    await expect.poll(() => p.locator('[data-testid^=variation-row-]').count()).toBe(2);
    await p.getByTestId('variation-qty-0').fill('5');

    await pane(p, '图片');
    await p.getByTestId('image-input').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => p.getByTestId('image-cell').count()).toBe(1);
    // 64 px: Amazon refuses it as a main image, so the upload says so and the picture is tagged.
    await p.locator('.ant-message', { hasText: '图片仅64×64像素,长边小于500像素,亚马逊不接受作为主图' }).waitFor();
    expect(await p.getByTestId('image-small').count()).toBe(1);

    // The red variation gets the uploaded picture, chosen from the product's images.
    await pane(p, '变体');
    await p.getByTestId('variation-images-0').click();
    await clickInPopup(p.getByTestId('variation-image-picker-0').getByTestId('variation-image-option'));
    await expect.poll(() => p.getByTestId('variation-images-0').locator('img').count()).toBe(1);
    expect(await p.getByTestId('variation-images-1').locator('img').count()).toBe(0);

    await expect.poll(() => p.getByTestId('editor-dirty').count()).toBe(1);
    await p.getByTestId('editor-save').click();
    await expect.poll(() => p.url(), { timeout: 15_000 }).toMatch(/#\/goods\/admin\/update\/\d+/);
    goodsId = Number(/update\/(\d+)/.exec(p.url())?.[1]);
    expect(goodsId).toBeGreaterThan(0);
    // The create tab was replaced by the update tab.
    await expect
      .poll(() => p.locator('[data-testid=tab-bar] .tab-label').allTextContents())
      .toEqual(['首页', '编辑商品']);

    // Reopen: a fresh page load shows what was saved, with EANs assigned by the server.
    await p.reload();
    await pane(p, '文本');
    await p.getByRole('tab', { name: '英语', exact: true }).click();
    expect(await p.getByTestId('title-en').inputValue()).toBe(`Cotton mug ${SKU}`);
    await pane(p, '价格');
    expect(await p.getByTestId('price-us').inputValue()).toBe('19.99');
    expect(await p.getByTestId('price-ja').inputValue()).toBe('2500');
    await pane(p, '变体');
    await expect.poll(() => p.locator('[data-testid^=variation-row-]').count()).toBe(2);
    expect(await p.locator('.var-ean').first().textContent()).toMatch(/^\d{13}$/);
    await pane(p, '图片');
    await expect.poll(() => p.getByTestId('image-cell').count()).toBe(1);
    await expect.poll(() => p.getByTestId('variation-images-0').locator('img').count()).toBe(1);
    const saved = await admin.call<{
      goodsData: {
        images: { url: string }[];
        parentageTable: { children: { sku: string; quantity?: number; images: string[] }[] };
      };
    }>('GET', `/amazon-user/getProduct?id=${goodsId}`);
    const children = saved.data.goodsData.parentageTable.children;
    // Generated SKUs are ASCII (pinyin of the values), issue 13 §1.
    expect(children.map((c) => c.sku)).toEqual([`${SKU}-HONG`, `${SKU}-LAN`]);
    expect(children[0]?.quantity).toBe(5);
    expect(children.map((c) => c.images)).toEqual([[saved.data.goodsData.images[0]?.url], []]);

    // The EAN pool open in another tab, then a third variation saved in the editor: its EAN
    // shows at once with the count in the message, and the pool's tab shows fresh counts.
    const go = (hash: string) =>
      p.evaluate((h) => {
        location.hash = h;
      }, hash);
    const poolCounts = () => p.locator('[data-page="/goods/ean-table"] [data-testid=ean-counts]').textContent();
    await go('#/goods/ean-table');
    await expect.poll(poolCounts).toMatch(/已使用 \d+/);
    const usedBefore = Number(/已使用 (\d+)/.exec((await poolCounts()) ?? '')?.[1]);
    await go(`#/goods/admin/update/${goodsId}`);
    await pane(p, '变体');
    await values.fill('绿');
    await values.press('Enter');
    await p.getByTestId('variation-generate').click();
    await expect.poll(() => p.locator('[data-testid^=variation-row-]').count()).toBe(3);
    await p.getByTestId('editor-save').click();
    await p.locator('.ant-message', { hasText: '保存成功,已分配1个EAN' }).waitFor();
    await expect.poll(() => p.getByTestId('variation-ean-2').textContent()).toMatch(/^\d{13}$/);
    await go('#/goods/ean-table');
    await expect.poll(poolCounts).toContain(`已使用 ${usedBefore + 1}`);
    await s.context.close();
  });

  it('refuses a stale save from a second session with a clear message and a reload action', async () => {
    const pw = env().adminPassword;
    const hash = `#/goods/admin/update/${goodsId}`;
    const a = await signedInPage(browser, 'admin', pw, hash);
    const b = await signedInPage(browser, 'admin', pw, hash);
    page = b.page;
    for (const s of [a, b]) {
      await pane(s.page, '文本');
      await s.page.getByRole('tab', { name: '英语', exact: true }).click();
    }
    await a.page.getByTestId('title-en').fill(`Edited by A ${SKU}`);
    await a.page.getByTestId('editor-save').click();
    await a.page.getByText('保存成功').waitFor();
    await b.page.getByTestId('title-en').fill('Edited by B');
    await b.page.getByTestId('editor-save').click();
    const stale = b.page.getByTestId('editor-stale');
    await stale.waitFor();
    expect(await stale.textContent()).toContain('数据已被他人修改,请刷新后重试');
    const now = await admin.call<{ goodsData: { commonData: { descs: { key: string; title: string }[] } } }>(
      'GET',
      `/amazon-user/getProduct?id=${goodsId}`,
    );
    expect(now.data.goodsData.commonData.descs.find((d) => d.key === 'en')?.title).toBe(`Edited by A ${SKU}`);
    // Reload takes the other session's version; B can then save.
    await b.page.getByTestId('editor-reload').click();
    await expect.poll(() => b.page.getByTestId('editor-stale').count()).toBe(0);
    await pane(b.page, '文本');
    await b.page.getByRole('tab', { name: '英语', exact: true }).click();
    expect(await b.page.getByTestId('title-en').inputValue()).toBe(`Edited by A ${SKU}`);
    await a.context.close();
    await b.context.close();
  });

  it('names a text over its hard limit by language before saving, and sends nothing', async () => {
    const s = await signedInPage(browser, 'admin', env().adminPassword, `#/goods/admin/update/${goodsId}`);
    page = s.page;
    const p = s.page;
    const before = await admin.call<{ version: number }>('GET', `/amazon-user/getProduct?id=${goodsId}`);
    await pane(p, '文本');
    await p.getByRole('tab', { name: '德语', exact: true }).click();
    await p.getByTestId('title-de').fill('B'.repeat(205));
    await p.getByTestId('editor-save').click();
    await p.getByText('德语标题超出上限(205/200个字符),请缩短后再保存').waitFor();
    const after = await admin.call<{ version: number }>('GET', `/amazon-user/getProduct?id=${goodsId}`);
    expect(after.data.version).toBe(before.data.version);
    await p.getByTestId('title-de').fill('Baumwollbecher');
    await p.getByTestId('editor-save').click();
    await p.getByText('保存成功').waitFor();
    await s.context.close();
  });

  it('batch edits a filtered selection from the list and exports it', async () => {
    const pw = env().adminPassword;
    // A second product with the same SKU prefix, so the filter matches two.
    const second = await admin.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
      goodsData: { baseInfo: { sku: `${SKU}-B` }, commonData: { descs: [{ key: 'en', title: `Second ${SKU}` }] } },
    });
    expect(second.status).toBe(200);
    const s = await signedInPage(browser, 'admin', pw, '#/goods/admin/list');
    page = s.page;
    const p = s.page;
    await p.getByTestId('goods-filter-keyword').fill(SKU);
    await p.getByTestId('goods-filter-submit').click();
    await expect.poll(() => p.locator('[data-testid=goods-table] tbody tr.ant-table-row').count()).toBe(2);
    await p.locator('[data-testid=goods-table] thead .ant-checkbox-input').check();
    expect(await p.getByTestId('goods-selected-count').textContent()).toBe('已选2个');
    // The admin tag set has no batch copy (spec section 6); the server refuses it too.
    expect(await p.getByRole('button', { name: '批量复制' }).count()).toBe(0);

    await p.getByTestId('goods-batch-edit').click();
    const dialog = p.locator('.ant-modal', { hasText: '批量编辑' });
    await dialog.getByLabel('品牌名').fill('E2EBRAND');
    await clickInPopup(dialog.getByRole('button', { name: '确定修改' }));
    await p.getByText('已修改2个商品').waitFor();
    for (const id of [goodsId, second.data.id]) {
      const g = await admin.call<{ goodsData: { baseInfo: { brand_name?: string } } }>(
        'GET',
        `/amazon-user/getProduct?id=${id}`,
      );
      expect(g.data.goodsData.baseInfo.brand_name).toBe('E2EBRAND');
    }

    const download = p.waitForEvent('download');
    await p.getByTestId('goods-export').click();
    await clickInPopup(p.getByRole('menuitem', { name: '导出选中的2个商品' }));
    // The export dialog: choose the columns (remembered per user), then export.
    const exportDialog = p.locator('.ant-modal', { hasText: '将导出2个商品' });
    await exportDialog.getByTestId('export-column-bullets_en').check();
    await exportDialog.getByTestId('export-submit').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const kept = await admin.call<{ columns: string[] }>('GET', '/amazon-user/exportColumns');
    expect(kept.data.columns).toContain('bullets_en');
    await s.context.close();
  });
  it('a worker batch copies the selection: both copies appear in the list', async () => {
    const worker = await createChild(admin, 2);
    const s = await signedInPage(browser, worker.account, worker.password, '#/goods/admin/list');
    page = s.page;
    const p = s.page;
    await p.getByTestId('goods-filter-keyword').fill(SKU);
    await p.getByTestId('goods-filter-submit').click();
    await expect.poll(() => p.locator('[data-testid=goods-table] tbody tr.ant-table-row').count()).toBe(2);
    await p.locator('[data-testid=goods-table] thead .ant-checkbox-input').check();
    await p.getByRole('button', { name: '批量复制' }).click();
    await confirmPop(p);
    await p.getByText('已复制2个商品').waitFor();
    await expect.poll(() => p.locator('[data-testid=goods-table] tbody tr.ant-table-row').count()).toBe(4);
    await s.context.close();
  });

  it('files the product under an own category in the editor, filters the list by it and its creator, shows it in the preview', async () => {
    const pw = env().adminPassword;
    const tag = SKU.slice(-6);
    const top = await admin.call<{ id: number }>('POST', '/goods/category/create', { name: `服装${tag}` });
    const leaf = await admin.call<{ id: number }>('POST', '/goods/category/create', {
      name: `T恤${tag}`,
      parent_id: top.data.id,
    });
    expect(leaf.status).toBe(200);
    const s = await signedInPage(browser, 'admin', pw, `#/goods/admin/update/${goodsId}`);
    page = s.page;
    const p = s.page;
    await p.getByTestId('base-category').click();
    await p.keyboard.type(`T恤${tag}`);
    await clickInPopup(p.locator('.ant-select-tree-node-content-wrapper', { hasText: `T恤${tag}` }));
    await expect.poll(() => p.getByTestId('base-category').textContent()).toContain(`服装${tag} / T恤${tag}`);
    await p.getByTestId('editor-save').click();
    await p.getByText('保存成功').waitFor();
    const saved = await admin.call<{ goodsData: { baseInfo: { category_id: number | null } } }>(
      'GET',
      `/amazon-user/getProduct?id=${goodsId}`,
    );
    expect(saved.data.goodsData.baseInfo.category_id).toBe(leaf.data.id);

    const list = await signedInPage(browser, 'admin', pw, '#/goods/admin/list');
    page = list.page;
    const l = list.page;
    await l.getByTestId('goods-filter-category').click();
    await l.keyboard.type(`T恤${tag}`);
    await clickInPopup(l.locator('.ant-select-tree-node-content-wrapper', { hasText: `T恤${tag}` }));
    await l.getByTestId('goods-filter-creator').click();
    await clickInPopup(l.locator('.ant-select-item-option', { hasText: '(主账号)' }));
    await l.getByTestId('goods-filter-submit').click();
    await expect.poll(() => l.locator('[data-testid=goods-table] tbody tr.ant-table-row').count()).toBe(1);
    expect(await l.locator('[data-testid=goods-table] tbody tr.ant-table-row').textContent()).toContain(SKU);

    await l.goto(`${env().baseUrl}/#/goods/admin/view/${goodsId}`);
    await l.getByText(`服装${tag} / T恤${tag}`).waitFor();
    // Only the prices that are set, with their currency; the red variation shows its picture.
    const view = l.locator(`[data-page="/goods/admin/view/${goodsId}"]`);
    await view.getByText('19.99 USD').waitFor();
    await view.getByText('2500 JPY').waitFor();
    expect(await view.getByRole('cell', { name: '法国', exact: true }).count()).toBe(0);
    const red = view.getByRole('row').filter({ hasText: `${SKU}-HONG` });
    expect(await red.locator('img').count()).toBe(1);
    await s.context.close();
    await list.context.close();
  });
});
