// Issue 28 §6: a new seller's first listing, at the screens, on the defaults of `npm start` (its
// own server: no time scale, no loopback fetches, no translation provider). From an empty
// library: a product with one picture, no variations, English text only, sent to the UK and
// Germany. The upload dialog's check holds Germany for its missing German text and sends the
// UK, which goes live with an EAN from the pool within two minutes; the German text copied from
// the English one, Germany is sent and goes live; the queue list reads 全部成功.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount } from './support/api-client';
import { launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { NAV } from './support/frame';
import { pane, randomEan13 } from './support/goods-library';
import { type OwnServer, startDefaultServer } from './support/own-server';
import { clickInPopup } from './support/popup';

let browser: Browser;
let server: OwnServer;
let page: Page | undefined;
screenshotOnFailure(() => page);

const RUN = Date.now().toString(36).toUpperCase();
/** Two minutes, the promise for a new seller's first listing. */
const FIRST_LIVE_MS = 120_000;

/** A 600x600 blue PNG: above Amazon's 500 px minimum for a main image. */
function picture(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startDefaultServer()]);
}, 150_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const route = (path: string) => `${server.baseUrl}/#${path}`;

/** Picks an option of an antd Select (with search) by typing its label. */
async function choose(p: Page, select: ReturnType<Page['getByTestId']>, text: string) {
  await select.click();
  await p.keyboard.type(text);
  await clickInPopup(
    p
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text })
      .first(),
  );
}

describe('a new seller on a default install', () => {
  it('gets a product live in the UK on the first try, and in Germany once its German text is there', async () => {
    const seller = createMainAccount(server.dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/index', { baseUrl: server.baseUrl });
    page = s.page;
    const p = s.page;

    // 店铺管理: bind the sandbox shop (Europe) through the simulator's consent page.
    const shop = `首店${RUN}`;
    await p.goto(route('/order/shop'));
    await p.getByRole('button', { name: '绑定店铺' }).click();
    await p.getByTestId('bind-shop-form').getByLabel('店铺名称').fill(shop);
    await p.getByRole('button', { name: '前往亚马逊授权' }).click();
    await p.waitForURL(/\/PDD\/amazon-sandbox\/consent\?/);
    await p.locator('#authorize').click();
    await p.getByText(`店铺「${shop}」授权成功`).waitFor();

    // EAN表: three codes into the pool.
    await p.goto(route('/goods/ean-table'));
    await pane(p, '/goods/ean-table').getByRole('button', { name: /导入/ }).click();
    const pool = [randomEan13(), randomEan13(), randomEan13()];
    await p.getByTestId('ean-import-text').fill(pool.join('\n'));
    await clickInPopup(p.getByTestId('ean-import-submit'));
    await p.getByTestId('ean-import-report').waitFor();
    await p.keyboard.press('Escape');

    // 创建商品 from nothing: SKU, brand, English texts, UK and German prices, one picture, HOME with its attributes.
    await p.goto(route('/goods/admin/create'));
    await p.getByTestId('base-sku').fill(`FIRST${RUN}`);
    await p.locator('#brand_name').fill('ACME');
    await p.getByRole('tab', { name: '文本', exact: true }).click();
    await p.getByRole('tab', { name: '英语', exact: true }).click();
    await p.getByTestId('title-en').fill(`Ceramic vase ${RUN}`);
    await p.getByTestId('bullet-en-0').fill('Hand-glazed ceramic');
    await p.getByTestId('bullet-en-1').fill('20 cm tall');
    await p.getByTestId('desc-en').fill('A hand-glazed ceramic vase for fresh or dried flowers.');
    await p.getByRole('tab', { name: '价格', exact: true }).click();
    await p.getByTestId('price-en').fill('19.99');
    await p.getByTestId('price-de').fill('22.99');
    await p.getByRole('tab', { name: '图片', exact: true }).click();
    await p
      .getByTestId('image-input')
      .setInputFiles({ name: 'vase.png', mimeType: 'image/png', buffer: await picture() });
    await expect.poll(() => p.getByTestId('image-cell').count(), NAV).toBe(1);
    await p.getByRole('tab', { name: '扩展属性', exact: true }).click();
    await choose(p, p.getByTestId('attr-product-type'), '(HOME)');
    await p.locator('[data-testid="attr-style[0].value"]').waitFor();
    await p
      .locator('[data-testid="attr-style[0].value"] >> xpath=descendant-or-self::*[self::input or self::textarea]')
      .first()
      .fill('Modern');
    await p
      .locator(
        '[data-testid="attr-item_type_keyword[0].value"] >> xpath=descendant-or-self::*[self::input or self::textarea]',
      )
      .first()
      .fill('vases');
    await p.getByTestId('editor-save').click();
    // Saved with its EAN, and no false alarm: what the listing fills from the product is not "missing".
    const savedNote = p.locator('.ant-message', { hasText: '保存成功' }).first();
    await savedNote.waitFor();
    expect(await savedNote.textContent()).toContain('已分配1个EAN');
    expect(await savedNote.textContent()).not.toContain('必填属性');
    await expect.poll(() => p.url(), { timeout: 15_000 }).toMatch(/#\/goods\/admin\/update\/\d+/);
    const goodsId = Number(/update\/(\d+)/.exec(p.url())?.[1]);
    const editor = pane(p, `/goods/admin/update/${goodsId}`);

    // Saved without variations: the product got an EAN from the pool, shown in 基础信息.
    await editor.getByRole('tab', { name: '基础信息', exact: true }).click();
    await expect.poll(() => editor.getByTestId('base-product-id').inputValue(), NAV).toMatch(/^\d{13}$/);
    expect(pool).toContain(await editor.getByTestId('base-product-id').inputValue());

    // 上传到亚马逊: the check holds Germany (no German text) and sends the UK.
    await editor.getByTestId('editor-upload').click();
    const form = p.getByTestId('upload-form');
    await form.getByTestId('upload-shop').getByText(shop).waitFor();
    await form.getByRole('checkbox', { name: '英国' }).check();
    await form.getByRole('checkbox', { name: '德国' }).check();
    const check = p.getByTestId('upload-check');
    await expect.poll(() => check.getByTestId(`upload-check-${goodsId}-en`).textContent(), NAV).toContain('可上传');
    const de = check.getByTestId(`upload-check-${goodsId}-de`);
    await expect.poll(() => de.textContent(), NAV).toContain('德语');
    expect(await de.textContent()).toContain('复制');
    const sentAt = Date.now();
    await p.getByTestId('upload-submit').click();
    const created = p.getByTestId('upload-created');
    await created.waitFor();
    const firstQueue = Number(/#(\d+)/.exec((await created.textContent()) ?? '')?.[1]);
    await created.getByText('查看上传记录').click();

    // 上传记录: the UK listing is live within two minutes of the click; the queue reads 全部成功.
    const list = pane(p, '/goods/amazon/queue');
    await expect
      .poll(() => list.getByTestId(`queue-status-${firstQueue}`).textContent(), {
        timeout: FIRST_LIVE_MS,
        interval: 500,
      })
      .toBe('全部成功');
    const liveAfter = Date.now() - sentAt;
    expect(liveAfter).toBeLessThan(FIRST_LIVE_MS);
    console.log(`first listing live ${(liveAfter / 1000).toFixed(1)} s after 开始上传`);

    // The German text copied from the English one, saved, and Germany sent: live too.
    await p.goto(route(`/goods/admin/update/${goodsId}`));
    await editor.getByRole('tab', { name: '文本', exact: true }).click();
    await editor.getByRole('tab', { name: '英语', exact: true }).click();
    await editor.getByRole('button', { name: '复制到其他语言' }).click();
    const dialog = p.locator('.ant-modal', { hasText: '复制到其他语言' });
    await dialog.getByRole('checkbox', { name: '德语' }).check();
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await editor.getByRole('tab', { name: '德语', exact: true }).click();
    await expect.poll(() => editor.getByTestId('title-de').inputValue(), NAV).toBe(`Ceramic vase ${RUN}`);
    await p.getByTestId('editor-save').click();
    await expect.poll(() => p.getByTestId('editor-dirty').count(), NAV).toBe(0);
    await editor.getByTestId('editor-upload').click();
    await form.getByTestId('upload-shop').getByText(shop).waitFor();
    await form.getByRole('checkbox', { name: '德国' }).check();
    await expect.poll(() => check.getByTestId(`upload-check-${goodsId}-de`).textContent(), NAV).toContain('可上传');
    await p.getByTestId('upload-submit').click();
    await created.waitFor();
    const secondQueue = Number(/#(\d+)/.exec((await created.textContent()) ?? '')?.[1]);
    await created.getByText('查看上传记录').click();
    await expect
      .poll(() => list.getByTestId(`queue-status-${secondQueue}`).textContent(), {
        timeout: FIRST_LIVE_MS,
        interval: 500,
      })
      .toBe('全部成功');
    expect(await list.getByTestId(`queue-status-${firstQueue}`).textContent()).toBe('全部成功');

    // The editor's listing panel: live in both marketplaces.
    await p.goto(route(`/goods/admin/update/${goodsId}`));
    const panel = editor.getByTestId('listing-panel');
    await expect.poll(async () => ((await panel.textContent()) ?? '').match(/已上架/g)?.length ?? 0, NAV).toBe(2);
    expect(await panel.textContent()).toContain('英国');
    expect(await panel.textContent()).toContain('德国');
    await s.context.close();
  }, 420_000);
});
