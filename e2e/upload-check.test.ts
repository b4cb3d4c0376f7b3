// The check before sending (issue 28 §2): the 上传到亚马逊 dialog checks the selection per product
// x marketplace once shop and marketplaces are chosen, holds the pair that would fail (with 去修改
// to the field) and 发送就绪的 sends the rest; the editor's 上架检查 shows the same per marketplace
// and reads it again after a save.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createChild, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { NAV, routeUrl } from './support/frame';
import { pane } from './support/goods-library';
import { startImageHost } from './support/image-host';
import { bindSandboxShop } from './support/sandbox-shop';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

const RUN = Date.now().toString(36).toUpperCase();
const QUEUE = { timeout: 60_000, interval: 500 } as const;
let imageHost: Awaited<ReturnType<typeof startImageHost>> | undefined;
let imageUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  imageHost = await startImageHost();
  imageUrl = imageHost.url('cup.png');
});
afterAll(async () => {
  await browser?.close();
  await imageHost?.close();
});

/** A HOME product with German texts and price; `germanTitle` '' leaves the German title out. */
async function product(api: ApiClient, sku: string, germanTitle: string): Promise<number> {
  const r = await api.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
    goodsData: {
      baseInfo: { sku, brand_name: 'ACME', vendor: 'ACME', quantity: 5 },
      commonData: {
        descs: [
          {
            key: 'de',
            title: germanTitle,
            bullet_points: ['Punkt eins', 'Punkt zwei'],
            product_description: 'Beschreibung',
          },
        ],
      },
      priceTable: [{ country_code: 'de', price: 1999 }],
      images: [{ url: imageUrl }],
      template: { product_type: 'HOME', marketplace: 'de' },
      extraAttrs: { style: [{ value: 'Modern' }], item_type_keyword: [{ value: 'vases' }] },
    },
  });
  expect(r.status, r.msg).toBe(200);
  return r.data.id;
}

describe('upload: check before sending', () => {
  it('holds the pair that would fail with 去修改, sends the ready one, and the editor shows readiness again after the fix', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const admin = new ApiClient(env().baseUrl);
    await admin.login(seller.account, seller.password);
    const shop = `检查沙箱店${RUN}`;
    await bindSandboxShop(admin, shop);
    // A worker uploads; its products carry no EAN, it declares the exemption.
    const worker = await createChild(admin, 2);
    const api = new ApiClient(env().baseUrl);
    await api.login(worker.account, worker.password);
    const exempt = await api.call('POST', '/amazon-user/updateUserAccount', {
      user_name: '检查员',
      email: 'checker@example.com',
      brand_name: 'ACME',
      vendor: 'ACME',
      manufactuer_id: '1001',
      is_not_use_ean: 1,
    });
    expect(exempt.status, exempt.msg).toBe(200);
    const ready = await product(api, `CK${RUN}A`, `Vase CK${RUN}A`);
    const held = await product(api, `CK${RUN}B`, '');

    const s = await signedInPage(browser, worker.account, worker.password, '#/index');
    page = s.page;
    const p = s.page;
    await p.goto(routeUrl('/goods/admin/list'));
    const list = pane(p, '/goods/admin/list');
    await list.getByTestId(`goods-edit-${held}`).waitFor();
    await list.getByTestId('goods-table').locator('thead .ant-checkbox-input').check();
    await expect.poll(() => list.getByTestId('goods-selected-count').textContent(), NAV).toBe('已选2个');
    await list.getByTestId('goods-upload').click();
    const form = p.getByTestId('upload-form');
    await form.getByTestId('upload-shop').getByText(shop).waitFor();
    await form.getByRole('checkbox', { name: '德国' }).check();

    // The check: one row per product x marketplace; the product without a German title is held with 去修改.
    const check = p.getByTestId('upload-check');
    const okRow = check.getByTestId(`upload-check-${ready}-de`);
    const badRow = check.getByTestId(`upload-check-${held}-de`);
    await expect.poll(() => okRow.textContent(), NAV).toContain('可上传');
    expect(await badRow.textContent()).toContain('缺少该站点语言的标题');
    expect(await badRow.textContent()).toContain('德语页签 / 标题');
    expect(await badRow.getByTestId('upload-check-fix').first().getAttribute('href')).toContain(
      `/goods/admin/update/${held}?field=title&lang=de`,
    );
    const send = p.getByTestId('upload-submit');
    expect(await send.textContent()).toContain('发送就绪的 (1)');
    await send.click();
    const created = p.getByTestId('upload-created');
    await created.waitFor();
    expect(await created.textContent()).toMatch(/已创建上传队列 #\d+: 1个商品, 1个站点条目, 暂缓1个商品站点/);
    const queueId = Number(/#(\d+)/.exec((await created.textContent()) ?? '')?.[1]);
    await expect
      .poll(async () => (await api.call<{ status: string }>('GET', `/upload/queue?id=${queueId}`)).data.status, QUEUE)
      .toBe('done');
    const items = await api.call<{ list: { goods_id: number; status: string }[] }>(
      'GET',
      `/upload/queueItems?queue_id=${queueId}`,
    );
    expect(items.data.list.map((i) => [i.goods_id, i.status])).toEqual([[ready, 'live']]);

    // The held product's editor: 上架检查 says Germany is not ready; the dialog's 去修改 opens the German title.
    await p.goto(routeUrl(`/goods/admin/update/${held}`));
    const editor = pane(p, `/goods/admin/update/${held}`);
    const readiness = editor.getByTestId('editor-readiness');
    await expect.poll(() => readiness.getByTestId('editor-readiness-de').getAttribute('data-ready'), NAV).toBe('no');
    // A change typed, not saved yet, before the dialog opens.
    await editor.getByTestId('base-sku').fill(`CK${RUN}HELD`);
    await editor.getByTestId('editor-upload').click();
    await form.getByTestId('upload-shop').getByText(shop).waitFor();
    await form.getByRole('checkbox', { name: '德国' }).check();
    const only = p.getByTestId(`upload-check-${held}-de`);
    await only.getByTestId('upload-check-fix').first().waitFor();
    // Nothing is ready: the send is disabled and says why.
    await p.getByTestId('upload-none-ready').waitFor();
    expect(await send.isDisabled()).toBe(true);
    // 去修改 in the dialog opened from this editor opens the field in place, in the same tab,
    // where the unsaved input still is (no second editor of the product).
    await only.getByTestId('upload-check-fix').first().click();
    await expect.poll(() => p.getByTestId('upload-form').count(), NAV).toBe(0);
    expect(decodeURIComponent(new URL(p.url()).hash.slice(1))).toBe(`/goods/admin/update/${held}`);
    expect(await p.locator(`[data-page^="/goods/admin/update/${held}"]`).count()).toBe(1);
    const opened = editor;
    const title = opened.getByTestId('title-de');
    await expect.poll(() => title.evaluate((el) => el === document.activeElement), NAV).toBe(true);
    await title.fill(`Vase CK${RUN}B`);
    await opened.getByTestId('editor-save').click();
    await expect.poll(() => opened.getByTestId('editor-dirty').count(), NAV).toBe(0);
    // One save kept both: the SKU typed before 去修改 and the title typed after it.
    const saved = await api.call<{
      goodsData: { baseInfo: { sku: string }; commonData: { descs: { key: string; title: string }[] } };
    }>('GET', `/amazon-user/getProduct?id=${held}`);
    expect(saved.data.goodsData.baseInfo.sku).toBe(`CK${RUN}HELD`);
    // Read again after the save: Germany is ready now.
    await expect.poll(() => opened.getByTestId('editor-readiness-de').getAttribute('data-ready'), NAV).toBe('yes');
    await s.context.close();
  }, 120_000);
});
