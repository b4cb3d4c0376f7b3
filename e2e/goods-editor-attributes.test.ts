import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createMainAccount } from './support/api-client';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { NAV } from './support/frame';
import { clickInPopup } from './support/popup';
import { bindSandboxShop } from './support/sandbox-shop';

let browser: Browser;
let admin: ApiClient;
let page: Page | undefined;
screenshotOnFailure(() => page);

const SKU = `ATT${Date.now().toString(36).toUpperCase()}`;
let goodsId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminClient();
  const r = await admin.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
    goodsData: { baseInfo: { sku: SKU }, commonData: { descs: [{ key: 'en', title: `Hairband ${SKU}` }] } },
  });
  expect(r.status).toBe(200);
  goodsId = r.data.id;
});
afterAll(async () => {
  await browser?.close();
});

/** Where to look for the form: the page, or one kept-alive tab pane when several editors are mounted. */
type Root = Page | Locator;
/** A field of the attribute form by its path (`item_weight[0].value`). */
const attrField = (p: Root, path: string) => p.locator(`[data-testid="attr-${path}"]`);
const attrError = (p: Root, path: string) => p.locator(`[data-testid="attr-error-${path}"]`);
/** The text input of a field, whether the test id sits on the input or on its select wrapper. */
const attrInput = (p: Root, path: string) => attrField(p, path).locator('xpath=descendant-or-self::input').first();
/** Options of the open select/auto-complete dropdown. */
const openOptions = (p: Page) =>
  p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

/** Picks an option of an antd Select (with search) by typing its label. */
async function choose(p: Page, select: Locator, text: string) {
  await select.click();
  await p.keyboard.type(text);
  const option = p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
    hasText: text,
  });
  await clickInPopup(option.first());
  await expect.poll(() => p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count(), NAV).toBe(0);
}

async function openAttributes(p: Root) {
  await p.getByRole('tab', { name: '扩展属性', exact: true }).click();
  await p.getByTestId('attributes-form').waitFor();
}

/** The stored product's editor with its attribute pane open, once `field` has rendered. */
async function openStoredAttributes(field: string) {
  const s = await signedInPage(browser, 'admin', env().adminPassword, `#/goods/admin/update/${goodsId}`);
  page = s.page;
  await s.page.getByTestId('base-sku').waitFor();
  await openAttributes(s.page);
  await attrField(s.page, field).waitFor();
  return s;
}

const DIMENSIONS = {
  length: { value: 20, unit: 'centimeters' },
  width: { value: 4.5, unit: 'centimeters' },
  height: { value: 1, unit: 'centimeters' },
};

describe('extra attributes form (HAIRBAND, Amazon product type definition)', () => {
  it('fills dimensions and weight with units and repeatable values; inline errors; saved as the server validates; reopens intact', async () => {
    const s = await signedInPage(browser, 'admin', env().adminPassword, `#/goods/admin/update/${goodsId}`);
    page = s.page;
    const p = s.page;
    await p.getByTestId('base-sku').waitFor();
    await openAttributes(p);
    // Amazon.com explicitly: the picker opens on the marketplace of the account's shops, which
    // other files of the run may have bound for admin.
    await choose(p, p.getByTestId('attr-marketplace'), '美国');
    await choose(p, p.getByTestId('attr-product-type'), 'HAIRBAND');
    // Required attributes show at once, with the required marker.
    await p.getByTestId('attr-row-bullet_point').waitFor();
    await expect
      .poll(() => p.getByTestId('attr-row-bullet_point').locator('.ant-form-item-required').count(), NAV)
      .toBe(1);
    // Title, brand, description: the listing fills them from the product; its value and source are shown.
    await expect.poll(() => p.getByTestId('attr-source-value-item_name').textContent(), NAV).toBe(`Hairband ${SKU}`);
    expect(await p.getByTestId('attr-source-item_name').textContent()).toContain(
      '由商品的「标题」自动填写(英语页签修改)',
    );
    expect(await p.getByTestId('attr-source-brand').textContent()).toContain('商品尚未填写');

    // Nested object of value + unit pairs.
    await choose(p, p.getByTestId('attr-add-attribute'), 'item_package_dimensions');
    for (const side of ['length', 'width', 'height'] as const) {
      await attrField(p, `item_package_dimensions[0].${side}.value`).fill(String(DIMENSIONS[side].value));
      if (side === 'length') {
        // A started side without its unit, and the other sides missing, are flagged inline.
        await expect
          .poll(() => attrError(p, 'item_package_dimensions[0].length.unit').textContent(), NAV)
          .toBe('请选择包装长度单位');
      }
      await choose(p, attrField(p, `item_package_dimensions[0].${side}.unit`), '厘米');
    }
    await expect.poll(() => p.locator('[data-testid^="attr-error-item_package_dimensions"]').count(), NAV).toBe(0);

    // Value + unit, with a bad value first.
    await choose(p, p.getByTestId('attr-add-attribute'), 'item_weight');
    await attrField(p, 'item_weight[0].value').fill('-1');
    await expect.poll(() => attrError(p, 'item_weight[0].value').textContent(), NAV).toBe('商品重量不能小于0');
    await attrField(p, 'item_weight[0].value').fill('0.25');
    await choose(p, attrField(p, 'item_weight[0].unit'), '千克');
    await expect.poll(() => attrError(p, 'item_weight[0].value').count(), NAV).toBe(0);

    // A price with cents (multipleOf 0.01) and a text over its limit.
    await choose(p, p.getByTestId('attr-add-attribute'), 'list_price');
    await attrField(p, 'list_price[0].value').fill('19.99');
    await attrField(p, 'item_name[0].value').fill('x'.repeat(201));
    await expect.poll(() => attrError(p, 'item_name[0].value').textContent(), NAV).toBe('商品名称不能超过200个字符');
    await attrField(p, 'item_name[0].value').fill(`Soft hairband ${SKU}`);

    // Repeatable values: bullet points (up to 10), add three, remove the middle one.
    await attrField(p, 'bullet_point[0].value').fill('Soft fabric');
    await p.getByTestId('attr-add-bullet_point').click();
    await attrField(p, 'bullet_point[1].value').fill('to be removed');
    await p.getByTestId('attr-add-bullet_point').click();
    await attrField(p, 'bullet_point[2].value').fill('Elastic band');
    await p.getByTestId('attr-remove-bullet_point[1]').click();
    await expect.poll(() => attrField(p, 'bullet_point[1].value').inputValue(), NAV).toBe('Elastic band');
    await expect
      .poll(() => p.getByTestId('attr-list-bullet_point').locator('.attr-list-count').textContent(), NAV)
      .toBe('2 / 10');
    // An added empty row is not saved.
    await p.getByTestId('attr-add-bullet_point').click();

    // Closed choice and a boolean.
    await choose(p, p.getByTestId('attr-add-attribute'), 'target_gender');
    await choose(p, attrField(p, 'target_gender[0].value'), '女性');
    await choose(p, p.getByTestId('attr-add-attribute'), 'batteries_required');
    await choose(p, attrField(p, 'batteries_required[0].value'), '没有');

    await p.getByTestId('editor-save').click();
    await p.locator('.ant-message', { hasText: /保存成功|已保存/ }).waitFor();

    // The server accepted exactly the Amazon attribute arrays.
    const saved = await admin.call<{ goodsData: { template: unknown; extraAttrs: Record<string, unknown> } }>(
      'GET',
      `/amazon-user/getProduct?id=${goodsId}`,
    );
    expect(saved.data.goodsData.template).toEqual({ product_type: 'HAIRBAND', marketplace: 'us' });
    expect(saved.data.goodsData.extraAttrs).toEqual({
      item_name: [{ value: `Soft hairband ${SKU}` }],
      bullet_point: [{ value: 'Soft fabric' }, { value: 'Elastic band' }],
      item_package_dimensions: [DIMENSIONS],
      item_weight: [{ value: 0.25, unit: 'kilograms' }],
      list_price: [{ value: 19.99, currency: 'USD' }],
      target_gender: [{ value: 'female' }],
      batteries_required: [{ value: false }],
    });

    // Reopen in a fresh page: every value is back in its field.
    await p.reload();
    await p.getByTestId('base-sku').waitFor();
    await openAttributes(p);
    await attrField(p, 'item_package_dimensions[0].length.value').waitFor();
    expect(await attrField(p, 'item_package_dimensions[0].length.value').inputValue()).toBe('20');
    expect(await attrField(p, 'item_package_dimensions[0].width.value').inputValue()).toBe('4.5');
    expect(await attrField(p, 'item_package_dimensions[0].height.unit').textContent()).toContain('厘米');
    expect(await attrField(p, 'item_weight[0].value').inputValue()).toBe('0.25');
    expect(await attrField(p, 'item_weight[0].unit').textContent()).toContain('千克');
    expect(await attrField(p, 'list_price[0].value').inputValue()).toBe('19.99');
    expect(await attrField(p, 'bullet_point[0].value').inputValue()).toBe('Soft fabric');
    expect(await attrField(p, 'bullet_point[1].value').inputValue()).toBe('Elastic band');
    expect(await attrField(p, 'bullet_point[2].value').count()).toBe(0);
    expect(await attrField(p, 'target_gender[0].value').textContent()).toContain('女性');
    expect(await attrField(p, 'batteries_required[0].value').textContent()).toContain('没有');
    expect(await p.getByTestId('editor-dirty').count()).toBe(0);
    await s.context.close();
  });

  it("the server's refusal of a value shows at its field", async () => {
    const s = await openStoredAttributes('item_weight[0].value');
    const p = s.page;
    // A weight without its unit: flagged while typing, and refused by the server's schema check on save.
    await choose(p, p.getByTestId('attr-add-attribute'), 'item_package_weight');
    await attrField(p, 'item_package_weight[0].value').fill('1');
    await expect.poll(() => attrError(p, 'item_package_weight[0].unit').textContent(), NAV).toBe('请选择包装重量单位');
    await p.getByTestId('editor-save').click();
    await expect
      .poll(() => attrError(p, 'item_package_weight[0]').textContent(), NAV)
      .toMatch(/缺少必填项: 包装重量单位$/);
    // Nothing was stored.
    const stored = await admin.call<{ goodsData: { extraAttrs: Record<string, unknown> } }>(
      'GET',
      `/amazon-user/getProduct?id=${goodsId}`,
    );
    expect(stored.data.goodsData.extraAttrs.item_package_weight).toBeUndefined();
    await s.context.close();
  });

  it('switching the marketplace keeps the values and follows its fixed fields; a type not offered there is not applied', async () => {
    const s = await openStoredAttributes('list_price[0].value');
    const p = s.page;
    await choose(p, p.getByTestId('attr-marketplace'), '德国');
    await expect.poll(() => p.getByTestId('editor-dirty').count(), NAV).toBe(1);
    await expect.poll(() => attrField(p, 'list_price[0].value').inputValue(), NAV).toBe('19.99');
    await p.getByTestId('editor-save').click();
    await p.locator('.ant-message', { hasText: /保存成功|已保存/ }).waitFor();
    const saved = await admin.call<{ goodsData: { template: unknown; extraAttrs: Record<string, unknown> } }>(
      'GET',
      `/amazon-user/getProduct?id=${goodsId}`,
    );
    expect(saved.data.goodsData.template).toEqual({ product_type: 'HAIRBAND', marketplace: 'de' });
    expect(saved.data.goodsData.extraAttrs.list_price).toEqual([{ value: 19.99, currency: 'EUR' }]);

    await choose(p, p.getByTestId('attr-marketplace'), '日本');
    await p.locator('.ant-message', { hasText: '产品类型 HAIRBAND 在日本站点不可用' }).waitFor();
    await expect
      .poll(() => p.getByTestId('attributes-form').textContent(), NAV)
      .toContain('当前模板仍为 HAIRBAND(德国)');
    await expect.poll(() => p.getByTestId('editor-dirty').count(), NAV).toBe(0);
    await s.context.close();
  });

  it('a hidden field with several allowed values is offered under 更多属性; numbers offer suggested values and accept any valid number', async () => {
    const s = await openStoredAttributes('list_price[0].value');
    const p = s.page;

    // purchasable_offer.audience is hidden in the schema but may be B2B or ALL: collapsed, not dropped.
    await choose(p, p.getByTestId('attr-add-attribute'), 'purchasable_offer');
    const more = p.getByTestId('attr-advanced-purchasable_offer[0]');
    await more.waitFor();
    expect(await more.textContent()).toContain('更多属性');
    expect(await attrField(p, 'purchasable_offer[0].audience').count()).toBe(0);
    // Its currency (hidden, one value) is never shown.
    expect(await attrField(p, 'purchasable_offer[0].currency').count()).toBe(0);
    await more.click();
    await choose(p, attrField(p, 'purchasable_offer[0].audience'), '在亚马逊上出售');
    await choose(p, attrField(p, 'purchasable_offer[0].audience'), '亚马逊企业购');
    await attrInput(p, 'purchasable_offer[0].our_price[0].schedule[0].value_with_tax').fill('12.5');

    // number_of_items: anyOf of a free integer and the enum 1..6, 12 -> suggestions, any valid integer.
    await choose(p, p.getByTestId('attr-add-attribute'), 'number_of_items');
    const count = attrInput(p, 'number_of_items[0].value');
    await count.click();
    await expect.poll(() => openOptions(p).allTextContents(), NAV).toEqual(['1', '2', '3', '4', '5', '6', '12']);
    await clickInPopup(openOptions(p).filter({ hasText: /^12$/ }));
    await expect.poll(() => count.inputValue(), NAV).toBe('12');
    for (const [typed, message] of [
      ['-1', '产品数量不能小于0'],
      ['2.5', '产品数量必须是整数'],
      ['abc', '产品数量应为数字'],
    ] as const) {
      await count.fill(typed);
      await expect.poll(() => attrError(p, 'number_of_items[0].value').textContent(), NAV).toBe(message);
    }
    await count.fill('7');
    await expect.poll(() => attrError(p, 'number_of_items[0].value').count(), NAV).toBe(0);
    // Examples are suggestions too (marked 示例), e.g. the list price's; the typed price stays.
    await attrInput(p, 'list_price[0].value').fill('');
    await expect.poll(() => openOptions(p).allTextContents(), NAV).toEqual(['67 (示例)']);
    await attrInput(p, 'list_price[0].value').fill('19.999');
    await expect.poll(() => attrError(p, 'list_price[0].value').textContent(), NAV).toBe('不含税价目表最多2位小数');
    await attrInput(p, 'list_price[0].value').fill('19.99');
    await expect.poll(() => attrError(p, 'list_price[0].value').count(), NAV).toBe(0);

    await p.getByTestId('editor-save').click();
    await p.locator('.ant-message', { hasText: /保存成功|已保存/ }).waitFor();
    const saved = await admin.call<{ goodsData: { extraAttrs: Record<string, unknown> } }>(
      'GET',
      `/amazon-user/getProduct?id=${goodsId}`,
    );
    // The German copy (the previous test moved the product there): currency EUR, filled in.
    expect(saved.data.goodsData.extraAttrs.purchasable_offer).toEqual([
      { audience: 'B2B', currency: 'EUR', our_price: [{ schedule: [{ value_with_tax: 12.5 }] }] },
    ]);
    expect(saved.data.goodsData.extraAttrs.number_of_items).toEqual([{ value: 7 }]);
    expect(saved.data.goodsData.extraAttrs.list_price).toEqual([{ value: 19.99, currency: 'EUR' }]);

    // Reopened: the chosen audience shows at once (filled), read-only now (editable: false, saved).
    await p.reload();
    await p.getByTestId('base-sku').waitFor();
    await openAttributes(p);
    await attrField(p, 'purchasable_offer[0].audience').waitFor();
    expect(await attrField(p, 'purchasable_offer[0].audience').textContent()).toContain('亚马逊企业购 (B2B)');
    expect(await attrInput(p, 'purchasable_offer[0].audience').isDisabled()).toBe(true);
    expect(await attrInput(p, 'number_of_items[0].value').inputValue()).toBe('7');
    await s.context.close();
  });

  it('editable: false fields: a new product fills them; once saved they are read-only and stay as saved', async () => {
    const sku = `${SKU}L`;
    const s = await signedInPage(browser, 'admin', env().adminPassword, '#/goods/admin/create');
    page = s.page;
    const p = s.page;
    await p.getByTestId('base-sku').fill(sku);
    await openAttributes(p);
    await choose(p, p.getByTestId('attr-product-type'), 'HAIRBAND');
    const brand = attrInput(p, 'brand[0].value');
    await brand.waitFor();
    // The row shows the lock; on a new product the field takes its first value.
    expect(await p.getByTestId('attr-row-brand').locator('.attr-lock').count()).toBe(1);
    expect(await brand.isDisabled()).toBe(false);
    await brand.fill(`Brand ${sku}`);
    await attrInput(p, 'item_name[0].value').fill(`Locked hairband ${sku}`);
    // A locked value + unit pair (fc_shelf_life: both parts editable: false).
    await choose(p, p.getByTestId('attr-add-attribute'), 'fc_shelf_life');
    await attrInput(p, 'fc_shelf_life[0].value').fill('180');
    await choose(p, attrField(p, 'fc_shelf_life[0].unit'), '日');
    await p.getByTestId('editor-save').click();
    await expect.poll(() => p.url(), { timeout: 15_000 }).toMatch(/#\/goods\/admin\/update\/\d+/);
    const id = Number(/update\/(\d+)/.exec(p.url())?.[1]);

    // The URL moves at once, the update editor renders later (the create editor, locked values
    // included, stays on screen until then): work in the update tab's pane, once the create tab
    // has closed (it does when the update editor has loaded).
    const update = p.locator(`[data-page="/goods/admin/update/${id}"]`);
    await update.getByTestId('base-sku').waitFor();
    await p.locator('[data-page="/goods/admin/create"]').waitFor({ state: 'detached' });

    // The update editor: the saved locked values are shown, disabled; other fields stay editable.
    await openAttributes(update);
    await attrInput(update, 'brand[0].value').waitFor();
    await expect.poll(() => attrInput(update, 'brand[0].value').inputValue(), NAV).toBe(`Brand ${sku}`);
    await expect.poll(() => attrInput(update, 'brand[0].value').isDisabled(), NAV).toBe(true);
    await expect.poll(() => attrInput(update, 'fc_shelf_life[0].value').isDisabled(), NAV).toBe(true);
    await expect.poll(() => attrInput(update, 'fc_shelf_life[0].value').inputValue(), NAV).toBe('180');
    await expect.poll(() => attrInput(update, 'fc_shelf_life[0].unit').isDisabled(), NAV).toBe(true);
    await expect.poll(() => attrInput(update, 'item_name[0].value').isDisabled(), NAV).toBe(false);
    await attrInput(update, 'item_name[0].value').fill(`Renamed hairband ${sku}`);
    await update.getByTestId('editor-dirty').waitFor();
    await update.getByTestId('editor-save').click();
    // Not the toast: the create's 保存成功 may still be showing. The save is done when the input is clean.
    await update.getByTestId('editor-dirty').waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(
        async () =>
          (
            await admin.call<{ goodsData: { extraAttrs: Record<string, unknown> } }>(
              'GET',
              `/amazon-user/getProduct?id=${id}`,
            )
          ).data.goodsData.extraAttrs,
        NAV,
      )
      .toMatchObject({
        brand: [{ value: `Brand ${sku}` }],
        fc_shelf_life: [{ value: 180, unit: 'days' }],
        item_name: [{ value: `Renamed hairband ${sku}` }],
      });
    await s.context.close();
  });
});

describe('the product type picker follows the shops (issue 28 §4)', () => {
  it("says the offline list is partial without a shop; with a sandbox shop in Europe it opens on 英国 and finds a type only Amazon's full list has", async () => {
    // A new seller of its own: no shop yet.
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/goods/admin/create');
    page = s.page;
    const p = s.page;
    await p.getByTestId('base-sku').waitFor();
    await openAttributes(p);
    // No shop: Amazon.com, and the list says it is the partial offline one and where to get the whole one.
    await expect.poll(() => p.getByTestId('attr-marketplace').textContent(), NAV).toBe('美国');
    const note = p.getByTestId('attr-type-source');
    await expect.poll(() => note.textContent(), NAV).toContain('当前为离线列表');
    expect(await note.textContent()).toContain('店铺管理');
    expect(await note.getByRole('link', { name: '店铺管理' }).getAttribute('href')).toContain('/order/shop');
    // 发夹 (HAIR_CLIP) is not among the offline templates.
    await p.getByTestId('attr-product-type').click();
    await p.keyboard.type('发夹');
    await p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-empty').waitFor();
    expect(await openOptions(p).count()).toBe(0);
    await p.keyboard.press('Escape');
    await s.context.close();

    // A sandbox shop in Europe: the picker opens on the UK and searches Amazon's whole list.
    await bindSandboxShop(s.api, `欧洲店${seller.account}`);
    const again = await signedInPage(browser, seller.account, seller.password, '#/goods/admin/create');
    page = again.page;
    const q = again.page;
    await q.getByTestId('base-sku').waitFor();
    await openAttributes(q);
    await expect.poll(() => q.getByTestId('attr-marketplace').textContent(), NAV).toBe('英国(有店铺)');
    await expect
      .poll(() => q.getByTestId('attr-type-source').textContent(), NAV)
      .toContain(`亚马逊英国站点的全部产品类型(通过店铺「欧洲店${seller.account}」读取)`);
    await choose(q, q.getByTestId('attr-product-type'), '发夹');
    await q.getByTestId('attr-row-item_name').waitFor();
    // Amazon's definition, not an offline template; the marketplace stays the UK's.
    expect(await q.getByTestId('attr-offline-template').count()).toBe(0);
    expect(await q.getByTestId('attr-product-type').textContent()).toContain('HAIR_CLIP');
    // The attribute item_type_keyword is named apart from the product type picked above.
    expect(await q.getByTestId('attr-row-item_type_keyword').textContent()).toContain('商品类型关键词');
    await again.context.close();
  });
});
