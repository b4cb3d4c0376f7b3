// The collection plugin end to end (issue 31 §5, docs/plugin.md): the built extension loaded in
// Chromium, saved 1688, Tmall and Amazon product pages served from loopback under their real host
// names (Chromium's host resolver maps detail.1688.com, detail.tmall.com and www.amazon.com to the
// fixture servers, so
// the extension's own content-script matches apply; www.amazon.com is HSTS-preloaded, so it is
// served over TLS with a certificate made for the run), the token made on 采集插件下载, and the
// collected products in 商品列表 with type 采集 and their pictures in the console's file store.
import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error the build script is plain ESM JavaScript
import { buildExtensionIfStale } from '../scripts/extension-build.mjs';
import { ApiClient, createMainAccount } from './support/api-client';
import { env, screenshotOnFailure } from './support/browser';
import { PNG_64 } from './support/image-host';

const FIXTURES = path.resolve(import.meta.dirname, '../apps/extension/test/fixtures');
const UNPACKED = path.resolve(import.meta.dirname, '../apps/extension/dist/unpacked');
const PAGES: Record<string, string> = {
  'detail.1688.com': '1688-offer.html',
  'www.amazon.com': 'amazon-dp.html',
  'detail.tmall.com': 'tmall-item.html',
};
const NAV = { timeout: 20_000 };

let fixtures: Server;
let tlsFixtures: Server;
let cdn = '';
let context: BrowserContext;
let page: Page | undefined;
/** The console's tab, loaded once (the other tab holds the popup and the product pages). */
let consoleTab: Page;
let extensionId = '';
let api: ApiClient;
let seller: { account: string; password: string };
const ids: number[] = [];

screenshotOnFailure(() => page);

beforeAll(async () => {
  await buildExtensionIfStale();
  // Product pages by Host header; their picture addresses point at this server's /cdn/ (the
  // console downloads them over loopback, which the shared e2e server allows).
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/cdn/')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_64);
    const file = PAGES[(req.headers.host ?? '').split(':')[0] ?? ''];
    if (!file) return void res.writeHead(404).end();
    const html = fs
      .readFileSync(path.join(FIXTURES, file), 'utf8')
      .replace(/(?:https:)?\/\/(cbu01\.alicdn\.com|img\.alicdn\.com|m\.media-amazon\.com)\//g, `${cdn}/cdn/$1/`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  };
  // A committed test-only certificate (e2e/fixtures/plugin-tls): no openssl needed on the machine.
  const tls = path.join(import.meta.dirname, 'fixtures/plugin-tls');
  fixtures = createServer(serve);
  tlsFixtures = createTlsServer(
    { key: fs.readFileSync(path.join(tls, 'key.pem')), cert: fs.readFileSync(path.join(tls, 'cert.pem')) },
    serve,
  );
  await new Promise<void>((ok) => fixtures.listen(0, '127.0.0.1', ok));
  await new Promise<void>((ok) => tlsFixtures.listen(0, '127.0.0.1', ok));
  const port = (fixtures.address() as AddressInfo).port;
  const tlsPort = (tlsFixtures.address() as AddressInfo).port;
  cdn = `http://127.0.0.1:${port}`;
  context = await chromium.launchPersistentContext('', {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    args: [
      '--headless=new',
      `--disable-extensions-except=${UNPACKED}`,
      `--load-extension=${UNPACKED}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable',
      '--ignore-certificate-errors',
      `--host-resolver-rules=MAP detail.1688.com 127.0.0.1:${port}, MAP www.amazon.com 127.0.0.1:${tlsPort}, MAP detail.tmall.com 127.0.0.1:${tlsPort}`,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', NAV));
  extensionId = new URL(worker.url()).host;
  seller = createMainAccount(env().dataDir, 0);
  api = new ApiClient(env().baseUrl);
  await api.login(seller.account, seller.password);
  await api.toBrowser(context);
});

afterAll(async () => {
  await context?.close();
  for (const srv of [fixtures, tlsFixtures]) await new Promise<void>((ok) => (srv ? srv.close(() => ok()) : ok()));
});

describe('collection plugin', () => {
  it('采集插件下载 serves the zip, makes a token shown once, and the popup keeps it', async () => {
    const { baseUrl } = env();
    consoleTab = await context.newPage();
    page = consoleTab;
    await consoleTab.goto(`${baseUrl}/#/index/down-gather`);
    const root = consoleTab.locator('[data-page="/index/down-gather"]');
    await expect.poll(() => root.getByTestId('gather-facts').textContent(), NAV).toContain('1.0.1');
    const href = await root.getByTestId('gather-download').getAttribute('href');
    const zip = await consoleTab.request.get(`${baseUrl}${href}`);
    expect(zip.status()).toBe(200);
    expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
    // The manifest names the icons the build drew (toolbar and extensions page).
    const manifest = JSON.parse(fs.readFileSync(path.join(UNPACKED, 'manifest.json'), 'utf8'));
    expect(Object.keys(manifest.icons)).toEqual(['16', '32', '48', '128']);
    for (const file of Object.values(manifest.icons) as string[])
      expect(fs.readFileSync(path.join(UNPACKED, file)).subarray(1, 4).toString()).toBe('PNG');
    expect(await root.getByTestId('gather-token-state').textContent()).toContain('尚未生成');
    await root.getByTestId('gather-token-create').click();
    const token = (await root.getByTestId('gather-token-full').textContent())?.trim() ?? '';
    expect(token).toMatch(/^sgcg_/);
    expect(await root.getByTestId('gather-console-url').textContent()).toContain(baseUrl);

    page = await context.newPage();
    const p = page;
    await p.goto(`chrome-extension://${extensionId}/popup.html`);
    await p.locator('#console-url').fill(`${baseUrl}/#/index/down-gather`);
    await p.locator('#token').fill('wrong');
    await p.locator('#save').click();
    expect(await p.locator('#msg').textContent()).toContain('采集令牌格式不正确');
    await p.locator('#token').fill(token);
    await p.locator('#save').click();
    await expect.poll(() => p.locator('#msg').textContent(), NAV).toBe('已保存');
    expect(await p.locator('#console-url').inputValue()).toBe(baseUrl);
    // A second popup load shows the saved state by the token's last four characters.
    await p.reload();
    await expect.poll(() => p.locator('#state').textContent(), NAV).toBe(`已设置,令牌尾号 ${token.slice(-4)}`);
  });

  it('collects a 1688, an Amazon and a Tmall page with the 采集 button; again says 已采集', async () => {
    const p = page!;
    for (const url of [
      'http://detail.1688.com/offer/681234567890.html?spm=a26',
      'https://www.amazon.com/HydroPeak/dp/B0TESTBLK1',
    ]) {
      await p.goto(url);
      await p.locator('[data-sgc="collect"]').click();
      const result = p.locator('[data-sgc="result"]');
      await expect.poll(() => result.getAttribute('data-kind'), NAV).toBe('ok');
      expect(await result.textContent()).toContain('采集成功');
      const link = (await result.locator('[data-sgc="link"]').getAttribute('href')) ?? '';
      expect(link).toMatch(new RegExp(`^${env().baseUrl}/#/goods/admin/update/\\d+$`));
      ids.push(Number(link.split('/').pop()));
    }
    // Tmall: the page state gives each SKU its own price and stock; the description's pictures follow.
    await p.goto('https://detail.tmall.com/item.htm?id=7302');
    await p.locator('[data-sgc="collect"]').click();
    await expect.poll(() => p.locator('[data-sgc="result"]').getAttribute('data-kind'), NAV).toBe('ok');
    const tmallLink = (await p.locator('[data-sgc="result"] [data-sgc="link"]').getAttribute('href')) ?? '';
    const product = await api.call<{
      goodsData: {
        images: unknown[];
        parentageTable: { children: { values: Record<string, string>; price?: number; quantity?: number }[] };
      };
    }>('GET', `/amazon-user/getProduct?id=${tmallLink.split('/').pop()}`);
    expect(product.status, product.msg).toBe(200);
    expect(product.data.goodsData.images).toHaveLength(4);
    const children = product.data.goodsData.parentageTable.children;
    expect(children.map((c) => [c.values, c.price])).toEqual([
      [{ 颜色分类: '白色', 尺码: 'M' }, 6900],
      [{ 颜色分类: '白色', 尺码: 'XL' }, 7900],
      [{ 颜色分类: '黑色', 尺码: 'M' }, 7100],
      [{ 颜色分类: '黑色', 尺码: 'XL' }, 7900],
    ]);
    expect(children[3]?.quantity).toBe(0);
    await p.goto('http://detail.1688.com/offer/681234567890.html#again');
    await p.locator('[data-sgc="collect"]').click();
    await expect.poll(() => p.locator('[data-sgc="result"]').textContent(), NAV).toContain('已采集过该商品');
  });

  it('商品列表 shows the collected products as 采集 with their stored pictures', async () => {
    const p = consoleTab;
    page = p;
    // The console's tab moves within the app (no reload): the list loads its rows now.
    await p.evaluate(() => {
      window.location.hash = '#/goods/admin/list';
    });
    const table = p.locator('[data-page="/goods/admin/list"]').getByTestId('goods-table');
    for (const [id, title] of [
      [ids[0], '加厚304不锈钢保温杯'],
      [ids[1], 'Insulated Water Bottle 32 oz'],
    ] as const) {
      const row = table.locator('tr.ant-table-row', { has: p.getByTestId(`goods-edit-${id}`) });
      await row.waitFor(NAV);
      expect(await row.textContent()).toContain(title);
      expect(await row.textContent()).toContain('采集');
      const thumb = row.locator('img.goods-thumb');
      expect(await thumb.getAttribute('src')).toMatch(/^\/PDD\/files\//);
      await expect.poll(() => thumb.evaluate((i) => (i as HTMLImageElement).naturalWidth), NAV).toBeGreaterThan(0);
    }
  });
});
