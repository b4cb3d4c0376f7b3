// A new seller's first day, at the screens, on the defaults of `npm start` (its own server: no
// time scale, no loopback fetches, no translation provider, no test hooks).
// Issue 28 §6, the first listing: from an empty library, a product with one picture, no
// variations, English text only, sent to the UK and Germany. The upload dialog's check holds
// Germany for its missing German text and sends the UK, which goes live with an EAN from the
// pool within two minutes; the German text copied from the English one, Germany is sent and goes
// live; the queue list reads 全部成功.
// Issue 29 "done when", the first order: a test order of that listing, bought, received and
// packed, shipped on a sample channel that is there from the start after a top-up to the
// operator's payee account, and the fee in the statement against its order.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createMainAccount } from './support/api-client';
import { launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { NAV } from './support/frame';
import { pane, randomEan13 } from './support/goods-library';
import { type OwnServer, startDefaultServer } from './support/own-server';
import { clickInPopup } from './support/popup';

let browser: Browser;
let server: OwnServer;
let page: Page | undefined;
screenshotOnFailure(() => page);
/** What the first test leaves for the second: the seller, its sandbox shop and live product. */
let firstDay: { seller: ReturnType<typeof createMainAccount>; shop: string; goodsId: number } | undefined;

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

    // 首页: the getting-started checklist of a new tenant (the sample channel is there from the
    // start); its first step opens 店铺管理.
    await p.getByTestId('home-checklist').waitFor();
    const step = (key: string) => p.getByTestId(`home-step-${key}`).getAttribute('data-done');
    expect(await step('shop')).toBe('no');
    expect(await step('channel')).toBe('yes');
    expect(await step('live')).toBe('no');
    await p.getByTestId('home-step-shop').locator('a').click();
    await p.waitForURL(/#\/order\/shop/);

    // 店铺管理: bind the sandbox shop (Europe) through the simulator's consent page.
    const shop = `首店${RUN}`;
    await p.goto(route('/order/shop'));
    await p.getByRole('button', { name: '绑定店铺' }).click();
    await p.getByTestId('bind-shop-form').getByLabel('店铺名称').fill(shop);
    await p.getByRole('button', { name: '前往亚马逊授权' }).click();
    await p.waitForURL(/\/PDD\/amazon-sandbox\/consent\?/);
    await p.locator('#authorize').click();
    await p.getByText(`店铺「${shop}」授权成功`).waitFor();
    // The checklist ticks the shop from the shop's row.
    await p.goto(route('/index'));
    await p.getByTestId('home-refresh').click();
    await expect.poll(() => step('shop'), NAV).toBe('yes');

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
    firstDay = { seller, shop, goodsId };
    await s.context.close();
  }, 420_000);
  it('makes a test order, buys and packs it, tops up to the shown payee account, ships it on a sample channel, sees the fee against the order', async () => {
    expect(firstDay, 'the first listing test left no live product').toBeDefined();
    const { seller, shop } = firstDay!;

    // The operator sets where tenants pay (物流充值 › 收款账户).
    const op = await signedInPage(browser, 'admin', server.adminPassword, '#/member/user/adminExpressLog', {
      baseUrl: server.baseUrl,
    });
    page = op.page;
    const o = op.page;
    await o.getByRole('tab', { name: '收款账户' }).click();
    const payees = o.getByTestId('payee-accounts');
    const bankNo = `6214${Date.now()}`;
    await payees.getByTestId('payee-add').click();
    const payeeForm = o.getByTestId('payee-form');
    await payeeForm.getByLabel('开户银行').fill('招商银行');
    await payeeForm.getByLabel('户名').fill('平台科技有限公司');
    await payeeForm.getByLabel('银行账号').fill(bankNo);
    await o
      .locator('.ant-modal')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await payees.getByText(bankNo).waitFor();

    const s = await signedInPage(browser, seller.account, seller.password, '#/order/shop', {
      baseUrl: server.baseUrl,
    });
    page = s.page;
    const p = s.page;

    // 店铺管理 › 生成测试订单: one paid, seller-fulfilled order of the UK listing, synced at once.
    await p
      .getByRole('row', { name: new RegExp(shop) })
      .getByTestId('shop-test-orders')
      .click();
    const dialog = p.getByTestId('test-order-dialog');
    await dialog.getByTestId('test-order-listings').click();
    await clickInPopup(
      p
        .locator('.ant-select-item-option')
        .filter({ hasText: `英国 · Ceramic vase ${RUN}` })
        .first(),
    );
    await dialog.getByTestId('test-order-count').fill('1');
    await dialog.getByRole('button', { name: /生\s?成/ }).click();
    await p.getByText('测试订单已同步到订单处理').waitFor({ timeout: 60_000 });

    // The order (the sandbox also makes orders of its own: take a seller-fulfilled, unshipped one).
    const api = new ApiClient(server.baseUrl);
    await api.login(seller.account, seller.password);
    const listed = await api.call<{ list: { id: number; amazon_order_id: string }[] }>('POST', '/order/list', {
      status: 'Unshipped',
      fulfillment_channel: '1',
    });
    expect(listed.status, listed.msg).toBe(200);
    const order = listed.data.list[0]!;
    expect(order, 'no unshipped seller-fulfilled order').toBeDefined();

    // 订单处理: Chinese status and marketplace, the listing's title on the line; bought with its tracking number.
    await p.goto(route(`/order/list?keyword=${order.amazon_order_id}`));
    const row = p.getByRole('row', { name: new RegExp(order.amazon_order_id) });
    await row.getByText('未发货').first().waitFor();
    expect(await row.textContent()).not.toContain('Unshipped');
    await row.getByTestId('order-id').click();
    const detail = p.getByTestId('order-detail');
    await detail.getByText(`${shop} / 英国`).waitFor();
    await detail.getByText(`Ceramic vase ${RUN}`).first().waitFor();
    await detail.getByRole('button', { name: '采购', exact: true }).click();
    const tracking = `SF${Date.now()}`;
    await p.getByTestId('purchase-form').getByLabel('供应商', { exact: true }).fill('1688花瓶厂');
    await p.getByTestId('purchase-paid').fill('25.00');
    await p.getByTestId('purchase-tracking').fill(tracking);
    await p.getByRole('button', { name: '保存采购' }).click();
    await detail.getByTestId('item-express').getByText('待收货').waitFor();
    await p.locator('.ant-drawer-close').click();
    await detail.waitFor({ state: 'hidden' });

    // 配货: scanned, received (after its confirmation), weighed and packed.
    await p.goto(route('/order/distribution'));
    const scan = p.getByPlaceholder('扫描或输入国内快递单号 / 订单号');
    await scan.fill(tracking);
    await scan.press('Enter');
    const card = p.getByTestId('distribution-order');
    await card.getByRole('button', { name: '确认收货' }).click();
    await p.locator('.ant-popconfirm').getByRole('button', { name: '确认', exact: true }).click();
    await card.getByTestId('distribution-item-express').getByText('已收货').waitFor();
    await card.getByLabel('重量(g)').fill('400');
    await card.getByLabel('长(cm)').fill('20');
    await card.getByLabel('宽(cm)').fill('15');
    await card.getByLabel('高(cm)').fill('15');
    await card.getByRole('button', { name: '完成配货' }).click();
    await card.getByText('已配货(待发货)').waitFor();

    // 运费审核 opens on 待提交, where the parcel waits; submitted on a sample channel of the installation.
    await p.goto(route('/order/intercept'));
    await p.getByRole('tab', { name: /待提交/, selected: true }).waitFor();
    const ready = p.getByTestId('ready-table').locator('tr', { hasText: '400 g' });
    await ready.getByRole('button', { name: '提交包裹' }).click();
    await p
      .getByTestId('ready-quotes')
      .getByText(/示例·云途全球专线挂号\(普货\).*运费 ¥/)
      .click();
    await p.getByRole('button', { name: '提交', exact: true }).click();
    // The balance is 0: held. 审核通过 warns and offers 去充值.
    await p.getByText('包裹已提交,被运费审核拦截').waitFor();
    await p.getByRole('tab', { name: /待审核/ }).click();
    const held = p.locator('tr', { hasText: '余额不足' });
    await held.getByRole('button', { name: '审核通过' }).click();
    await p.getByTestId('balance-warning').waitFor();
    await p.locator('.ant-modal').getByRole('link', { name: '去充值' }).click();

    // 提交充值 says where to pay: the operator's bank account, above the form.
    await p.getByTestId('payee-accounts').getByText(bankNo).waitFor();
    const topup = p.getByTestId('topup-form');
    await topup.getByLabel('充值金额(元)').fill('200');
    await topup.getByLabel('充值方式').click();
    await clickInPopup(p.locator('.ant-select-dropdown').getByText('银行转账', { exact: true }));
    await topup.getByLabel('付款人').fill('李四');
    await topup.getByLabel('转账单号').fill(`TX${RUN}`);
    await topup.getByLabel('转账时间').click();
    await p.locator('.ant-picker-dropdown').getByText('此刻').click();
    const proof = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    await topup.locator('input[type=file]').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: proof });
    await p.getByTestId('proof-thumb').waitFor();
    await topup.getByRole('button', { name: '提交充值' }).click();
    await p.getByText('提交成功,请等待审核').waitFor();

    // The operator approves it.
    page = o;
    await o.reload();
    const review = o.getByTestId('topup-table').locator('tr', { hasText: seller.account });
    await review.getByTestId('approve-topup').click();
    await o
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await review.waitFor({ state: 'detached' });
    await op.context.close();

    // Approved, waybill created, shipped (after its confirmation).
    page = p;
    await p.goto(route('/order/intercept'));
    await p.getByRole('tab', { name: /待审核/ }).click();
    await held.getByRole('button', { name: '审核通过' }).click();
    await held.waitFor({ state: 'detached' });
    await p.getByRole('tab', { name: /已通过/ }).click();
    await p.getByRole('button', { name: '创建运单' }).click();
    await p.getByText('已建运单').waitFor();
    await p.getByRole('tab', { name: /运单/ }).click();
    const waybill = p.locator('tr', { hasText: /SIM\d+CN/ });
    await waybill.getByRole('button', { name: '发货' }).click();
    await p.locator('.ant-popconfirm').getByRole('button', { name: '确认发货' }).click();
    await waybill.getByText('已发货').waitFor();

    // 财务明细: the freight is charged against the order, and its link opens the order.
    await p.goto(route('/member/user/spend'));
    // The freight and its service fee: both name the order.
    const fee = p.getByTestId('entries-table').locator('tr', { hasText: '物流费' }).first();
    await fee.getByText(order.amazon_order_id).waitFor();
    await fee.getByRole('link', { name: order.amazon_order_id }).click();
    await p
      .getByRole('row', { name: new RegExp(order.amazon_order_id) })
      .getByTestId('order-id')
      .waitFor();

    // 首页: every step done (shop, channel, top-up, live listing, shipped waybill): no checklist;
    // 今日订单 counts the test order and opens 订单处理 on today's orders.
    await p.goto(route('/index'));
    await p.getByTestId('home-refresh').click();
    await p.getByTestId('home-figures').waitFor();
    await expect.poll(() => p.getByTestId('home-checklist').count(), NAV).toBe(0);
    const today = p.getByTestId('home-orders-today');
    expect(await today.getAttribute('data-link')).toBe('yes');
    const todayCount = Number((await today.locator('.ant-statistic-content-value').textContent())?.replace(/\D/g, ''));
    expect(todayCount).toBeGreaterThanOrEqual(1);
    await today.click();
    await p.waitForURL(/#\/order\/list\?since=\d+/);
    // Its own tab (pane) of 订单处理, the date filter set to today's start.
    const listPane = pane(p, new URL(p.url()).hash.slice(1));
    const since = listPane.getByTestId('order-filter').locator('.ant-picker-input input').first();
    await expect.poll(() => since.inputValue(), NAV).toMatch(/\d{4}-\d{2}-\d{2}/);
    await s.context.close();
  }, 300_000);
});
