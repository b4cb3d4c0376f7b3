// The upload pipeline (issue 14 §6 browser scenario): bind the sandbox shop, upload three
// products (one without a German title) to Germany and France, watch the queue finish, open
// the error feed, fix the field in the editor, re-submit until everything is live.
import { editorField } from '@console/shared/schemas/upload';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldTarget } from '../apps/web/src/features/goods/goods-editor/field-target';
import { ApiClient, createChild, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { NAV, routeUrl } from './support/frame';
import { confirmPop, pane } from './support/goods-library';
import { startImageHost } from './support/image-host';
import { clickInPopup } from './support/popup';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

/** The simulator finishes a small queue in seconds; a busy CI machine gets more. */
const QUEUE = { timeout: 60_000, interval: 500 } as const;
const RUN = Date.now().toString(36).toUpperCase();

/**
 * The products' image, served as a public image host would (Amazon downloads every listing
 * image; the console's own /files need a session). FETCH_ALLOW_LOOPBACK lets the sandbox reach it.
 */
let imageHost: Awaited<ReturnType<typeof startImageHost>> | undefined;
let imageUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  imageHost = await startImageHost();
  imageUrl = imageHost.url('vase.png');
});
afterAll(async () => {
  await browser?.close();
  await imageHost?.close();
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
      // The 64 px picture's size is not declared: the check before sending (500 px minimum) skips it.
      images: [{ url: imageUrl }],
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

/** An EAN-13 with its check digit. */
function ean13(body12: string): string {
  const sum = [...body12].reduce((n, d, i) => n + Number(d) * (i % 2 ? 3 : 1), 0);
  return body12 + ((10 - (sum % 10)) % 10);
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
    // The check before sending holds the German pair of the bad product; 全部加入队列 queues it
    // anyway, so it is stopped in the queue and shows in the error feed (e2e/upload-check.test.ts
    // sends the ready ones only).
    await p.getByTestId(`upload-check-${bad}-de`).getByText('去修改').first().waitFor();
    await p.getByTestId('upload-submit-all').click();
    const created = p.getByTestId('upload-created');
    await created.waitFor();
    // The product without a German title fails the pre-send check in Germany: nothing of it is sent there.
    const text = (await created.textContent()) ?? '';
    expect(text).toMatch(/已创建上传队列 #\d+: 3个商品, 6个站点条目, 其中1个未通过检查/);
    const queueId = Number(/#(\d+)/.exec(text)?.[1]);
    await created.getByText('查看上传记录').click();

    // 上传记录 polls until the queue is finished: five live, the German one of the bad product
    // stopped by the console's check (not Amazon's refusal); the queue ends 部分失败.
    const q = queueRow(p, queueId);
    await expect.poll(q.status, QUEUE).toBe('部分失败');
    expect(await q.figures()).toBe('等待发送 0处理中 0已上架 5未通过检查 1');

    // 查看条目: the refused item, and from it the product's error feed.
    await q.list.getByTestId(`queue-items-${queueId}`).click();
    const drawer = p.getByTestId('queue-items');
    await drawer.getByTestId('items-status').click();
    await clickInPopup(p.locator('.ant-select-item-option', { hasText: '未通过检查' }));
    const row = drawer.getByTestId('items-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => row.count(), NAV).toBe(1);
    await row.getByRole('link').click();

    // 错误日志: the German item's issue in Chinese and in Amazon's words, with the editor field.
    const feedPath = `/goods/amazon/error_feed/${queueId}/${bad}`;
    const feed = pane(p, feedPath);
    const de = feed.getByTestId('feed-item-de');
    await de.waitFor();
    expect(await de.textContent()).toContain('标题');
    expect(await feed.getByTestId('feed-item-fr').textContent()).toContain('已上架');
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
    await expect.poll(q.figures, QUEUE).toBe('等待发送 0处理中 0已上架 6');
    await expect.poll(q.status, QUEUE).toBe('全部成功');

    // 编辑上传队列: a French price fixed in place and re-submitted goes live again.
    await q.list.getByTestId(`queue-edit-${queueId}`).click();
    const edit = pane(p, `/goods/amazon/edit/${queueId}`);
    const price = edit.getByTestId(`edit-price-${ids[0]}-fr`);
    await price.fill('24.5');
    await edit.getByTestId('edit-resubmit').click();
    await p.getByText('已重新提交: 1个商品, 2个站点条目').waitFor();
    await p.goto(routeUrl('/goods/amazon/queue'));
    await expect.poll(q.status, QUEUE).toBe('全部成功');
    expect(await q.figures()).toBe('等待发送 0处理中 0已上架 6');

    // The ledger in the product list and the editor: every product live in both marketplaces.
    await p.goto(routeUrl('/goods/admin/list'));
    await expect.poll(() => list.getByTestId('listing-tag').filter({ hasText: '已上架' }).count(), QUEUE).toBe(6);
    await p.goto(routeUrl(`/goods/admin/update/${bad}`));
    await expect
      .poll(() => pane(p, `/goods/admin/update/${bad}`).getByTestId('listing-panel').textContent(), NAV)
      .toContain('已上架');
    // 从亚马逊删除 one of its listings from the editor's panel: the row says 已删除.
    const panel = pane(p, `/goods/admin/update/${bad}`).getByTestId('listing-panel');
    await panel.getByRole('button', { name: '删除' }).first().click();
    await p.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await p.getByText(/已从亚马逊删除 /).waitFor();
    await expect.poll(() => panel.textContent(), NAV).toContain('已删除');
    await s.context.close();
  }, 180_000);

  it('去修改 of the error feed lands on a visible field: a missing EAN, no product type, an Amazon code the console does not know', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/index');
    page = s.page;
    const p = s.page;
    await bindSandboxShop(p, `去修改沙箱店${RUN}`);
    const shopId = (await s.api.call<{ list: { shop_id: number }[] }>('GET', '/upload/targets')).data.list[0]!.shop_id;
    /** A HOME product with German texts and price (its EAN from the pool, when it has codes); `template` false: no product type. */
    const product = async (sku: string, o: { template?: boolean } = {}) => {
      const r = await s.api.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
        goodsData: {
          baseInfo: { sku, brand_name: 'ACME', vendor: 'ACME', quantity: 9 },
          commonData: { descs: [desc('de', `Vase ${sku}`)] },
          priceTable: [{ country_code: 'de', price: 1999 }],
          // The size the product says its image has (the check before sending wants 1000 px for zoom).
          images: [{ url: imageUrl, width: 1200, height: 1200 }],
          ...(o.template === false
            ? {}
            : {
                template: { product_type: 'HOME', marketplace: 'de' },
                extraAttrs: { style: [{ value: 'Modern' }], item_type_keyword: [{ value: 'vases' }] },
              }),
        },
      });
      expect(r.status, r.msg).toBe(200);
      return r.data.id;
    };
    // The new seller's EAN pool is empty: the first product is saved without an EAN.
    const noEan = await product(`FXE${RUN}`);
    const base = String(Date.now()).slice(-8);
    const codes = [1, 2].map((i) => ean13(`401${base}${i}`));
    const pool = await s.api.call('POST', '/goods/ean/import', { text: codes.join('\n') });
    expect(pool.status, pool.msg).toBe(200);
    const noType = await product(`FXT${RUN}`, { template: false });
    const oddSku = `FXU${RUN}`;
    const odd = await product(oddSku);
    // The sandbox Amazon answers this SKU with a code the console has never seen.
    const hook = await s.api.call('POST', '/__test__/sandbox-listing-issue', {
      sku: oddSku,
      code: '77777',
      message: 'The listing violates a marketplace policy the console does not know.',
    });
    expect(hook.status, hook.msg).toBe(200);
    const created = await s.api.call<{ queue_id: number }>('POST', '/upload/create', {
      shop_id: shopId,
      marketplaces: ['de'],
      upload_type: 'good',
      ids: [noEan, noType, odd],
    });
    expect(created.status, created.msg).toBe(200);
    const queueId = created.data.queue_id;
    await expect
      .poll(async () => (await s.api.call<{ status: string }>('GET', `/upload/queue?id=${queueId}`)).data.status, QUEUE)
      .not.toMatch(/^(pending|running)$/);

    /** Opens the product's error feed, checks its German issue and follows 去修改; answers the editor pane. */
    const fix = async (goodsId: number, expected: { origin: RegExp; message?: string; field: string }) => {
      await p.goto(routeUrl(`/goods/amazon/error_feed/${queueId}/${goodsId}`));
      const item = pane(p, `/goods/amazon/error_feed/${queueId}/${goodsId}`).getByTestId('feed-item-de');
      await item.waitFor();
      expect(await item.getByTestId('issue-origin').first().textContent()).toMatch(expected.origin);
      if (expected.message)
        expect(await item.getByTestId('issue-message').first().textContent()).toContain(expected.message);
      await item.getByTestId('issue-fix-link').first().click();
      await p.waitForURL(new RegExp(`/goods/admin/update/${goodsId}\\?field=${expected.field}`));
      // The editor's tab is the whole address (path and query).
      return pane(p, decodeURIComponent(new URL(p.url()).hash.slice(1)));
    };

    // No EAN on a product without variations: 基础信息's 产品ID, focused (the console's own check, not Amazon's words).
    const single = await fix(noEan, { origin: /^控制台检查 \[C006\]/, field: 'ean' });
    const productId = single.locator('#product_id');
    await expect.poll(() => productId.isVisible(), NAV).toBe(true);
    await expect.poll(() => productId.evaluate((el) => el === document.activeElement), NAV).toBe(true);

    // No product type: the product type picker of 扩展属性.
    const untyped = await fix(noType, { origin: /^控制台检查 \[C001\]/, field: 'product_type' });
    await expect.poll(() => untyped.getByTestId('attr-product-type').isVisible(), NAV).toBe(true);

    // A code the console does not know: said in Chinese, Amazon's words beside it, the 扩展属性 pane opens.
    const unknown = await fix(odd, {
      origin: /^亚马逊原文 \[77777\]: The listing violates/,
      message: '亚马逊返回了控制台无法识别的问题',
      field: 'attribute',
    });
    await expect.poll(() => unknown.getByTestId('attributes-form').isVisible(), NAV).toBe(true);
    await s.api.call('POST', '/__test__/sandbox-listing-issue', { sku: oddSku, code: '', message: '-', remove: true });

    // 重新提交本商品 on its error feed asks first (it cannot be undone), then sends the item again: it goes live.
    const oddFeed = `/goods/amazon/error_feed/${queueId}/${odd}`;
    await p.goto(routeUrl(oddFeed));
    await pane(p, oddFeed).getByTestId('feed-item-de').waitFor();
    await pane(p, oddFeed).getByTestId('feed-retry').click();
    const pop = p.locator('.ant-popover:not(.ant-popover-hidden)');
    await expect.poll(() => pop.textContent(), NAV).toContain('提交后无法撤回');
    await clickInPopup(pop.getByRole('button', { name: '重新提交' }));
    await p.getByText('已重新提交1个条目').waitFor();
    await expect
      .poll(async () => (await s.api.call<{ status: string }>('GET', `/upload/queue?id=${queueId}`)).data.status, QUEUE)
      .not.toMatch(/^(pending|running)$/);
    await p.goto(routeUrl(oddFeed));
    await expect.poll(() => pane(p, oddFeed).getByTestId('feed-item-de').textContent(), NAV).toContain('已上架');

    // Every kind of field a link can name lands on a visible element of a single product's editor.
    const links = [
      'field=title&lang=de',
      'field=bullet_points&lang=de',
      'field=product_description&lang=de',
      'field=search_terms&lang=de',
      'field=price&country=de',
      'field=quantity',
      'field=sku',
      'field=base&attr=brand',
      'field=ean',
      'field=variation',
      'field=images',
      // An optional attribute (material) is shown when a link names it.
      'field=attribute&attr=material',
      'field=attribute',
      'field=product_type',
      'field=listing',
    ];
    // Every kind of the shared editorField is among them.
    expect(new Set(links.map((q) => new URLSearchParams(q).get('field')))).toEqual(
      new Set(editorField.shape.kind.options),
    );
    for (const q of links) {
      const path = `/goods/admin/update/${noEan}?${q}`;
      await p.goto(routeUrl(path));
      const target = fieldTarget(new URLSearchParams(q), { hasVariations: false })!;
      const editor = pane(p, path);
      await expect.poll(() => editor.locator(target.selector).first().isVisible(), { ...NAV, message: q }).toBe(true);
    }
    await s.context.close();
  }, 240_000);
});
