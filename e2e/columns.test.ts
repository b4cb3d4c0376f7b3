// List screens at 1440x900 (issue 29 §4): with some rows on each, no table's last column is
// cut (its header ends inside the table and the window, its cells do not clip their content).
// The check is e2e/support/columns.ts, for any other test to reuse.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createMainAccount } from './support/api-client';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { cutColumns, expectNoCutColumns } from './support/columns';
import { routeUrl } from './support/frame';
import { bindSandboxShop, syncOrdersNow } from './support/sandbox-shop';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

const RUN = Date.now().toString(36).toUpperCase().slice(-5);
/** How long a screen may take to show its table the first time (its code loads). */
const LOAD = { timeout: 30_000 } as const;

/** A title long enough to run into the next column when it is not cut. */
const LONG = 'Walnut serving tray with handles, extra large, hand finished, food safe oil, gift box included';

async function market(body: Record<string, unknown>) {
  const res = await fetch(`${env().baseUrl}/PDD/__test__/sandbox-market`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** Waits for a job to end (the set-up runs outside a test: no expect.poll). */
async function waitJob(api: ApiClient, id: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = await api.call<{ status: string }>('GET', `/jobs/get?id=${id}`);
    if (job.data?.status === 'done' || job.data?.status === 'failed') return;
    if (Date.now() > deadline) throw new Error(`job ${id} did not end: ${JSON.stringify(job.data)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the column check', () => {
  it('finds a last column past the table, a clipped cell, and passes a column fixed on the right', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const q = await ctx.newPage();
    const table = (id: string, fixed: boolean, cell: string) => `
      <div data-testid="${id}" class="ant-table-wrapper"><div class="ant-table"><div class="ant-table-container"
        style="width:500px;overflow:auto"><table style="width:900px;table-layout:fixed"><thead><tr>
        <th style="width:450px">标题</th><th class="${fixed ? 'ant-table-cell-fix-right' : ''}"
        style="width:450px;${fixed ? 'position:sticky;right:0;background:#fff' : ''}">状态</th></tr></thead>
        <tbody><tr class="ant-table-row"><td>x</td><td class="${fixed ? 'ant-table-cell-fix-right' : ''}"
        style="overflow:hidden;white-space:nowrap;${fixed ? 'position:sticky;right:0' : ''}">${cell}</td></tr></tbody>
        </table></div></div></div>`;
    await q.setContent(`<body style="margin:0">${table('cut', false, 'ok')}</body>`);
    expect(await cutColumns(q)).toMatchObject([{ table: 'cut', column: '状态' }]);
    // Fixed on the right the header stays inside the table; a cell that clips its text still counts.
    await q.setContent(`<body style="margin:0">${table('fixed', true, 'ok')}</body>`);
    expect(await cutColumns(q)).toEqual([]);
    await q.setContent(`<body style="margin:0">${table('clipped', true, '已完成'.repeat(60))}</body>`);
    expect((await cutColumns(q))[0]?.problem).toMatch(/单元格内容被截断/);
    await ctx.close();
  });
});

describe('list columns at 1440x900', () => {
  let p: Page;
  let api: ApiClient;

  beforeAll(async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/index');
    p = s.page;
    page = p;
    api = s.api;
    expect(await p.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([1440, 900]);
    const shopId = await bindSandboxShop(api, `列宽沙箱店${RUN}`);

    // Follow-selling: two candidates with long titles, one pushed (queue and follow list rows).
    const asins = [`B0COL${RUN}`.slice(0, 10).padEnd(10, '1'), `B0CM${RUN}`.slice(0, 10).padEnd(10, '2')];
    for (const asin of asins)
      await market({
        marketplace: 'en',
        asin,
        product: { title: LONG, brand: 'WOODLY' },
        seller: 'AOWNERCOL01',
        price: 25,
      });
    const added = await api.call<{ job_id: string }>('POST', '/follow/candidate/add', {
      marketplace: 'en',
      shop_id: shopId,
      asins: [...asins, 'ZZZZZZZZZ7'],
    });
    expect(added.status, added.msg).toBe(200);
    await waitJob(api, added.data.job_id);
    const cands = await api.call<{ list: { id: number; asin: string }[] }>('GET', '/follow/candidate/list');
    const pushed = await api.call<{ job_id: string }>('POST', '/follow/push', {
      ids: cands.data.list.filter((c) => asins.includes(c.asin)).map((c) => c.id),
      shop_id: shopId,
      quantity: 5,
    });
    expect(pushed.status, pushed.msg).toBe(200);
    await waitJob(api, pushed.data.job_id);

    // A product with a long title, sent to the sandbox shop (an upload queue with items).
    const goods = await api.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
      goodsData: {
        baseInfo: { sku: `COL-${RUN}`, brand_name: 'ACME', vendor: 'ACME', quantity: 9 },
        commonData: { descs: [{ key: 'de', title: `${LONG} ${RUN}` }] },
        priceTable: [{ country_code: 'de', price: 1999 }],
      },
    });
    expect(goods.status, goods.msg).toBe(200);
    const queue = await api.call<{ queue_id: number }>('POST', '/upload/create', {
      shop_id: shopId,
      marketplaces: ['de'],
      upload_type: 'good',
      ids: [goods.data.id],
    });
    expect(queue.status, queue.msg).toBe(200);

    // Orders of the sandbox shop.
    const made = await api.call('POST', '/__test__/sandbox-orders', { shop_id: shopId, count: 2 });
    expect(made.status, made.msg).toBe(200);
    await syncOrdersNow(api, shopId);

    // A statement entry: the platform operator credits the account.
    const admin = await adminClient();
    const credit = await admin.call('POST', '/finance/adjust', {
      uid: s.uid,
      kind: 'credit',
      amount: 12_345,
      reason: '列宽测试加款',
      idem_key: `col-${RUN}`,
    });
    expect(credit.status, credit.msg).toBe(200);
  }, 180_000);

  /**
   * Opens a route and waits for its table (by test id, or the first visible one) to show a row
   * (`rows`), or just the table.
   */
  async function open(path: string, testId: string | null, rows = true) {
    await p.goto(routeUrl(path));
    const table = testId ? p.getByTestId(testId) : p.locator('.ant-table-wrapper:visible').first();
    // A screen's first visit loads its code: slow on a busy machine.
    await table.waitFor(LOAD);
    if (rows) await table.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
  }

  it('跟卖候选池, 跟卖商品, 跟卖上传记录', async () => {
    await open('/follow/follow-sale/push', 'follow-candidate-table');
    await expectNoCutColumns(p, '跟卖候选池');
    await open('/follow/index', 'follow-offer-table');
    await expectNoCutColumns(p, '跟卖商品');
    await open('/follow/follow-sale/queue', 'follow-queue-table');
    await expectNoCutColumns(p, '跟卖上传记录');
  });

  it('上传记录 and its items drawer', async () => {
    await open('/goods/amazon/queue', 'queue-table');
    await expectNoCutColumns(p, '上传记录');
    await p.locator('[data-testid^="queue-items-"]').first().click();
    const items = p.getByTestId('items-table');
    await items.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    const drawer = await cutColumns(p);
    expect(drawer, '上传记录条目: 最后一列被截断').toEqual([]);
    // The title stays in its column: its text ends before 站点 begins.
    const overlap = await items.evaluate((t) => {
      const row = t.querySelector('tbody tr.ant-table-row');
      const cells = row ? Array.from(row.querySelectorAll('td')) : [];
      const title = cells[0]?.querySelector('.ant-typography');
      const site = cells[1];
      if (!title || !site) return null;
      return title.getBoundingClientRect().right - site.getBoundingClientRect().left;
    });
    expect(overlap).not.toBeNull();
    expect(overlap!).toBeLessThanOrEqual(0);
    await p.locator('.ant-drawer-close').click();
  });

  it('商品列表', async () => {
    await open('/goods/admin/list', 'goods-table');
    await expectNoCutColumns(p, '商品列表');
  });

  it('订单处理', async () => {
    await open('/order/list', null);
    await expectNoCutColumns(p, '订单处理');
  });

  it('财务管理', async () => {
    await open('/member/user/spend', 'entries-table');
    await expectNoCutColumns(p, '财务管理');
  });

  it('消费记录 and 运费审核', async () => {
    await open('/order/consume-list', null, false);
    await expectNoCutColumns(p, '消费记录');
    await open('/order/intercept', null, false);
    for (const tab of ['待提交', '待审核', '已通过', '无需审核', '已取消', '运单']) {
      await p.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      // A tab shows its table, or a guide where there is nothing yet.
      await p.locator('.ant-table:visible, .ant-empty:visible').first().waitFor(LOAD);
      expect(await cutColumns(p), `运费审核 / ${tab}: 最后一列被截断`).toEqual([]);
    }
  });

  it('物流渠道 (the operator manages the channels)', async () => {
    const op = await signedInPage(browser, 'admin', env().adminPassword, '#/order/consume-list');
    page = op.page;
    try {
      await op.page.getByRole('button', { name: '物流渠道' }).click(LOAD);
      await op.page.locator('.ant-drawer-open .ant-table').first().waitFor(LOAD);
      await expectNoCutColumns(op.page, '物流渠道');
    } finally {
      page = p;
      await op.context.close();
    }
  });

  it('the other list screens of the menu', async () => {
    const screens: [string, string][] = [
      ['/order/shop', '店铺管理'],
      ['/order/index', '订单首页'],
      ['/order/distribution', '配货'],
      ['/order/stock/product', '备货商品'],
      ['/order/hs-code', '海关编码'],
      ['/member/purchase', '采购明细'],
      ['/member/user/topup-list', '充值记录'],
      ['/goods/ean-table', 'EAN'],
      ['/monitor/monitor-asin/list', 'ASIN监控'],
    ];
    const cut: string[] = [];
    for (const [path, name] of screens) {
      await p.goto(routeUrl(path));
      const table = p.locator('.ant-table:visible').first();
      if (
        !(await table.waitFor(LOAD).then(
          () => true,
          () => false,
        ))
      )
        continue;
      for (const c of await cutColumns(p)) cut.push(`${name} ${c.table} ${c.column}: ${c.problem}`);
    }
    expect(cut).toEqual([]);
  }, 400_000);
});
