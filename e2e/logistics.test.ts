// Logistics (issue 18): an order stopped by 运费审核 is approved, gets a waybill, its label is
// printed (the PDF holds the tracking number), it ships, the fee is in the statement and the
// order is Shipped once Amazon (the simulator) has the confirmation; then a problem parcel (问题件)
// is reported on it and moved one step.
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createMainAccount } from './support/api-client';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { routeUrl } from './support/frame';
import { bindSandboxShop } from './support/sandbox-shop';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The text of a PDF's deflated streams, hex strings decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    try {
      parts.push(zlib.inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1'));
    } catch {
      // not deflated
    }
  }
  const text = parts.join('\n');
  return (
    text + [...text.matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('')
  );
}

async function until<T>(what: string, f: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('logistics', () => {
  it('reviews an intercepted order, creates a waybill, prints the label, ships: fee in the statement, order Shipped', async () => {
    const op = await adminClient();
    const ch = await op.call<{ id: number }>('POST', '/logistics/channel/create', {
      name: `E2E专线${Date.now() % 100000}`,
      carrier_code: 'Yanwen',
      countries: ['DE', 'FR', 'IT', 'ES', 'GB', 'US', 'NL', 'SE', 'PL', 'BE'],
      first_weight_g: 100,
      first_price: 2000,
      step_weight_g: 100,
      step_price: 500,
      service_fee: 300,
    });
    expect(ch.status, ch.msg).toBe(200);

    const seller = createMainAccount(env().dataDir, 0);
    const api = new ApiClient(env().baseUrl);
    const login = await api.login(seller.account, seller.password);
    const shopId = await bindSandboxShop(api, '物流沙箱店');
    const made = await api.call<{ ids: string[] }>('POST', '/__test__/sandbox-orders', { shop_id: shopId, count: 1 });
    expect(made.status, made.msg).toBe(200);
    const sync = await api.call<{ job_id: string }>('POST', '/order/sync', { shop_id: shopId });
    await until('the sync', async () => {
      const j = await api.call<{ status: string }>('GET', `/jobs/get?id=${sync.data.job_id}`);
      return j.data.status === 'done';
    });
    const list = await api.call<{ list: { id: number }[] }>('POST', '/order/list', {});
    const orderId = list.data.list[0]!.id;
    const detail = await api.call<{ items: { id: number; version: number }[] }>('POST', '/order/detail', {
      id: orderId,
    });
    for (const item of detail.data.items) {
      const p = await api.call<{ version: number }>('POST', '/order/purchase', {
        item_id: item.id,
        version: item.version,
        paid: '10.00',
        quantity: 1,
      });
      expect(p.status, p.msg).toBe(200);
      const shipped = await api.call<{ version: number }>('POST', '/order/express', {
        item_id: item.id,
        version: p.data.version,
        to: '2',
        tracking_no: 'SF1',
      });
      const got = await api.call('POST', '/order/express', {
        item_id: item.id,
        version: shipped.data.version,
        to: '3',
      });
      expect(got.status, got.msg).toBe(200);
    }
    // Balance 0: the parcel stops in 运费审核 (余额不足); then the operator credits the balance.
    const sub = await api.call<{ review_status: string }>('POST', '/logistics/parcel/submit', {
      order_id: orderId,
      channel_id: ch.data.id,
      weight_g: 250,
      length_mm: 100,
      width_mm: 100,
      height_mm: 50,
    });
    expect(sub.data.review_status, sub.msg).toBe('held');
    const credit = await op.call('POST', '/finance/adjust', {
      uid: login.uid,
      kind: 'credit',
      amount: 100_000,
      reason: 'e2e',
    });
    expect(credit.status, credit.msg).toBe(200);

    const s = await signedInPage(browser, seller.account, seller.password, '#/order/intercept');
    page = s.page;
    const p = s.page;
    const held = p.locator('tr', { hasText: '余额不足' });
    await held.getByRole('button', { name: '审核通过' }).click();
    await held.waitFor({ state: 'detached' });
    await p.getByRole('tab', { name: '已通过' }).click();
    await p.getByRole('button', { name: '创建运单' }).click();
    await p.getByText('已建运单').waitFor();
    await p.getByRole('tab', { name: '运单' }).click();
    const row = p.locator('tr', { hasText: /SIM\d+CN/ });
    const tracking = (await row.textContent())!.match(/SIM\d+CN/)![0];
    const href = await row.getByRole('link', { name: '打印面单' }).getAttribute('href');
    const pdf = await p.request.get(new URL(href!, env().baseUrl).toString());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdfText(await pdf.body())).toContain(tracking);
    await row.getByRole('button', { name: '发货' }).click();
    await row.getByText('已发货').waitFor();

    await p.goto(routeUrl('/member/user/spend'));
    await p.getByTestId('entries-table').locator('tr', { hasText: '物流费' }).getByText('-¥30.00').waitFor();
    await until('the order Shipped', async () => {
      const d = await api.call<{ status: string }>('POST', '/order/detail', { id: orderId });
      return d.data.status === 'Shipped';
    });

    // 问题件 (issue 18 §4): the shipped parcel is reported as 待物流查询 and stepped once in the drawer.
    await p.goto(routeUrl('/index/problem_package'));
    await p.getByRole('button', { name: '登记问题件' }).click();
    const dialog = p.locator('.ant-modal', { hasText: '提交登记' });
    await dialog.getByPlaceholder('跟踪号/运单号/订单号').fill(tracking);
    await dialog.getByRole('button', { name: '查找运单' }).click();
    await dialog.locator('label', { hasText: tracking }).click();
    await dialog.locator('label', { hasText: '待物流查询' }).click();
    await dialog.getByRole('button', { name: '提交登记' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const problem = p.locator('tr', { hasText: tracking });
    await problem.getByText('待物流查询').waitFor();
    await problem.getByRole('button', { name: '详情' }).click();
    const drawer = p.locator('.ant-drawer', { hasText: '问题件 #' });
    // Only the seller's legal steps from 5 are offered (not the warehouse's 3/6/7, not 10).
    await drawer.getByRole('button', { name: '改为待员工处理' }).waitFor();
    expect(await drawer.getByRole('button', { name: '改为丢件待赔偿' }).count()).toBe(0);
    expect(await drawer.getByRole('button', { name: '改为空包未发' }).count()).toBe(0);
    await drawer.getByRole('button', { name: '改为待员工处理' }).click();
    await drawer.getByTestId('problem-history').getByText('「待物流查询」→「待员工处理」').waitFor();
    await problem.getByText('待员工处理').waitFor();
  });
});
