// The upload pipeline (issue 14 §6 browser scenario): bind the sandbox shop, upload three
// products (one without a German title) to Germany and France, watch the queue finish, open
// the error feed, fix the field in the editor, re-submit until everything is live.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createChild, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { NAV, routeUrl } from './support/frame';
import { confirmPop, pane } from './support/goods-library';
import { clickInPopup } from './support/popup';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

/** The simulator finishes a small queue in seconds; a busy CI machine gets more. */
const QUEUE = { timeout: 60_000, interval: 500 } as const;
const RUN = Date.now().toString(36).toUpperCase();
/** A 64x64 red PNG (the listings' main image; the sandbox checks that its link answers with an image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAeElEQVR4nO3PQQkAMAzAwAqrfyZrIvY4BoEIuMzZ/brhgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAseuzfrAS2gdd8fAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * The products' image, served as a public image host would (Amazon downloads every listing
 * image; the console's own /files need a session). FETCH_ALLOW_LOOPBACK lets the sandbox reach it.
 */
let imageHost: Server;
let imageUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  imageHost = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
  await new Promise<void>((ok) => imageHost.listen(0, '127.0.0.1', ok));
  imageUrl = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}/vase.png`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((ok) => imageHost?.close(ok));
});

/** Texts of one language of a product (HOME needs title, bullets and a description). */
function desc(key: string, title: string) {
  return {
    key,
    title,
    bullet_points: [`${key} bullet one`, `${key} bullet two`],
    product_description: `${key} description`,
  };
}

/** A HOME product (offered in de, fr and en) with German and French texts and prices; `noGermanTitle` leaves de's title out. */
async function createProduct(api: ApiClient, n: number, noGermanTitle = false): Promise<number> {
  const sku = `UP${RUN}${n}`;
  const r = await api.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
    goodsData: {
      baseInfo: { sku, brand_name: 'ACME', vendor: 'ACME', quantity: 20 },
      commonData: {
        descs: [desc('de', noGermanTitle ? '' : `Vase ${sku}`), desc('fr', `Vase ${sku} FR`)],
      },
      priceTable: [
        { country_code: 'de', price: 1999 },
        { country_code: 'fr', price: 2099 },
      ],
      images: [{ url: imageUrl, width: 64, height: 64 }],
      template: { product_type: 'HOME', marketplace: 'de' },
      extraAttrs: {
        style: [{ value: 'Modern' }],
        country_of_origin: [{ value: 'CN' }],
        item_type_keyword: [{ value: 'vases' }],
        supplier_declared_dg_hz_regulation: [{ value: 'not_applicable' }],
      },
    },
  });
  expect(r.status, r.msg).toBe(200);
  return r.data.id;
}

/** Binds a sandbox shop through 店铺管理 and the simulator's consent page (as e2e/shop.test.ts). */
async function bindSandboxShop(p: Page, name: string) {
  await p.goto(routeUrl('/order/shop'));
  await p.getByRole('button', { name: '绑定店铺' }).click();
  await p.getByTestId('bind-shop-form').getByLabel('店铺名称').fill(name);
  await p.getByRole('button', { name: '前往亚马逊授权' }).click();
  await p.waitForURL(/\/PDD\/amazon-sandbox\/consent\?/);
  await p.locator('#authorize').click();
  await p.getByText(`店铺「${name}」授权成功`).waitFor();
}

/** The queue's status tag and figures on 上传记录. */
function queueRow(p: Page, queueId: number) {
  const list = pane(p, '/goods/amazon/queue');
  return {
    status: () => list.getByTestId(`queue-status-${queueId}`).textContent(),
    figures: () => list.getByTestId(`queue-figures-${queueId}`).textContent(),
    list,
  };
}

describe('upload to Amazon', () => {
  it('uploads three products to two marketplaces, fixes the rejected one from the error feed and re-submits until all are live', async () => {
    // The company admin binds the sandbox shop (shop.manage); a worker of the company uploads.
    const seller = createMainAccount(env().dataDir, 0);
    const owner = await signedInPage(browser, seller.account, seller.password, '#/index');
    page = owner.page;
    const shop = `上传沙箱店${RUN}`;
    await bindSandboxShop(owner.page, shop);
    await owner.context.close();
    const worker = await createChild(owner.api, 2);
    const api = new ApiClient(env().baseUrl);
    await api.login(worker.account, worker.password);
    // The worker's products carry no EAN: it declares the exemption (a worker-only switch).
    const exempt = await api.call('POST', '/amazon-user/updateUserAccount', {
      user_name: '上传员',
      email: 'uploader@example.com',
      brand_name: 'ACME',
      vendor: 'ACME',
      manufactuer_id: '1001',
      is_not_use_ean: 1,
    });
    expect(exempt.status, exempt.msg).toBe(200);
    const ids = [await createProduct(api, 1), await createProduct(api, 2), await createProduct(api, 3, true)];
    const bad = ids[2] as number;
    const s = await signedInPage(browser, worker.account, worker.password, '#/index');
    page = s.page;
    const p = s.page;

    // 上传到亚马逊 from the product list: the three selected rows, Germany and France.
    await p.goto(routeUrl('/goods/admin/list'));
    const list = pane(p, '/goods/admin/list');
    await list.getByTestId(`goods-edit-${bad}`).waitFor();
    await list.getByTestId('goods-table').locator('thead .ant-checkbox-input').check();
    await expect.poll(() => list.getByTestId('goods-selected-count').textContent(), NAV).toBe('已选3个');
    await list.getByTestId('goods-upload').click();
    const form = p.getByTestId('upload-form');
    // The worker's only shop is chosen already.
    await form.getByTestId('upload-shop').getByText(shop).waitFor();
    await form.getByText('沙箱店铺:商品上传到本地亚马逊模拟器').waitFor();
    await form.getByRole('checkbox', { name: '德国' }).check();
    await form.getByRole('checkbox', { name: '法国' }).check();
    await p.getByTestId('upload-submit').click();
    const created = p.getByTestId('upload-created');
    await created.waitFor();
    // The product without a German title fails the pre-send check in Germany: nothing of it is sent there.
    const text = (await created.textContent()) ?? '';
    expect(text).toMatch(/已创建上传队列 #\d+: 3个商品, 6个站点条目, 其中1个未通过校验/);
    const queueId = Number(/#(\d+)/.exec(text)?.[1]);
    await created.getByText('查看上传记录').click();

    // 上传记录 polls until the queue is finished: five accepted (live), the German one of the bad product refused.
    const q = queueRow(p, queueId);
    await expect.poll(q.status, QUEUE).toBe('已完成');
    expect(await q.figures()).toBe('等待 0已发送 0已接受 5被拒绝 1');

    // 查看条目: the refused item, and from it the product's error feed.
    await q.list.getByTestId(`queue-items-${queueId}`).click();
    const drawer = p.getByTestId('queue-items');
    await drawer.getByTestId('items-status').click();
    await clickInPopup(p.locator('.ant-select-item-option', { hasText: '校验未通过' }));
    const row = drawer.getByTestId('items-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => row.count(), NAV).toBe(1);
    await row.getByRole('link').click();

    // 错误日志: the German item's issue in Chinese and in Amazon's words, with the editor field.
    const feedPath = `/goods/amazon/error_feed/${queueId}/${bad}`;
    const feed = pane(p, feedPath);
    const de = feed.getByTestId('feed-item-de');
    await de.waitFor();
    expect(await de.textContent()).toContain('标题');
    expect(await feed.getByTestId('feed-item-fr').textContent()).toContain('已上线');
    await de.getByTestId('issue-fix-link').first().click();

    // The editor opens on the German title, focused; fix it and save.
    await p.waitForURL(new RegExp(`/goods/admin/update/${bad}\\?field=title&lang=de`));
    const title = p.getByTestId('title-de');
    await expect.poll(() => title.evaluate((el) => el === document.activeElement), NAV).toBe(true);
    await title.fill(`Vase UP${RUN}3`);
    await p.getByTestId('editor-save').click();
    await expect.poll(() => p.getByTestId('editor-dirty').count(), NAV).toBe(0);

    // 重试失败 on 上传记录: the fixed item is mapped again from the product and sent; all six end live.
    await p.goto(routeUrl('/goods/amazon/queue'));
    await q.list.getByTestId(`queue-retry-${queueId}`).click();
    await confirmPop(p);
    await p.getByText('已重新提交1个条目').waitFor();
    await expect.poll(q.figures, QUEUE).toBe('等待 0已发送 0已接受 6被拒绝 0');
    await expect.poll(q.status, QUEUE).toBe('已完成');

    // 编辑上传队列: a French price fixed in place and re-submitted goes live again.
    await q.list.getByTestId(`queue-edit-${queueId}`).click();
    const edit = pane(p, `/goods/amazon/edit/${queueId}`);
    const price = edit.getByTestId(`edit-price-${ids[0]}-fr`);
    await price.fill('24.5');
    await edit.getByTestId('edit-resubmit').click();
    await p.getByText('已重新提交: 1个商品, 2个站点条目').waitFor();
    await p.goto(routeUrl('/goods/amazon/queue'));
    await expect.poll(q.status, QUEUE).toBe('已完成');
    expect(await q.figures()).toBe('等待 0已发送 0已接受 6被拒绝 0');

    // The ledger in the product list and the editor: every product live in both marketplaces.
    await p.goto(routeUrl('/goods/admin/list'));
    await expect.poll(() => list.getByTestId('listing-tag').filter({ hasText: '在售' }).count(), QUEUE).toBe(6);
    await p.goto(routeUrl(`/goods/admin/update/${bad}`));
    await expect
      .poll(() => pane(p, `/goods/admin/update/${bad}`).getByTestId('listing-panel').textContent(), NAV)
      .toContain('在售');
    // 从亚马逊删除 one of its listings from the editor's panel: the row says 已删除.
    const panel = pane(p, `/goods/admin/update/${bad}`).getByTestId('listing-panel');
    await panel.getByRole('button', { name: '删除' }).first().click();
    await p.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await p.getByText(/已从亚马逊删除 /).waitFor();
    await expect.poll(() => panel.textContent(), NAV).toContain('已删除');
    await s.context.close();
  }, 180_000);
});
