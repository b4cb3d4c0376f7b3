// 系统 statistics (issue 31 §1): a company admin with a little real data (a child account, a
// product, a sandbox shop with two synced orders, one of them purchased) opens 系统首页, 订单统计
// (the 最近一周 shortcut, the figures by shop and by day, the .xlsx export read back), 员工绩效 and
// 账号统计, and sees the figures of exactly that data.
import { formatMoney, minor } from '@console/shared/money';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, createChild, createMainAccount } from './support/api-client';
import { downloadBytes, env, signedInPage } from './support/browser';
import { activePane, routeUrl } from './support/frame';
import { clickInPopup } from './support/popup';
import { bindSandboxShop, syncOrdersNow } from './support/sandbox-shop';
import { browserSuite, ok } from './support/suite';

const suite = browserSuite();
const DAY = 86_400;

interface Item {
  id: number;
  version: number;
  quantity: number;
  currency: string | null;
  item_price_minor: number | null;
}

/**
 * The seller's data through the API: a 业务员, a product, a sandbox shop with two synced orders and
 * the first order's items purchased by the admin. Answers the figures the screens must show.
 */
async function sellerData(api: ApiClient, shopName: string) {
  const child = await createChild(api, 2);
  const tag = Date.now().toString(36);
  ok(
    await api.call('POST', '/amazon-user/insertGoods_v2', {
      goodsData: {
        baseInfo: { sku: `STAT-${tag}` },
        commonData: { descs: [{ key: 'en', title: `Stats mug ${tag}` }] },
      },
    }),
  );
  const shopId = await bindSandboxShop(api, shopName);
  ok(await api.call('POST', '/__test__/sandbox-orders', { shop_id: shopId, count: 2 }));
  await syncOrdersNow(api, shopId);
  const list = ok(await api.call<{ list: { id: number }[]; total: number }>('POST', '/order/list', {}));
  expect(list.total).toBe(2);
  let units = 0;
  const sales = new Map<string, number>();
  for (const [i, o] of list.list.entries()) {
    const detail = ok(await api.call<{ items: Item[] }>('POST', '/order/detail', { id: o.id }));
    for (const item of detail.items) {
      units += item.quantity;
      const c = item.currency ?? '';
      sales.set(c, (sales.get(c) ?? 0) + (item.item_price_minor ?? 0));
      if (i === 0)
        ok(
          await api.call('POST', '/order/purchase', {
            item_id: item.id,
            version: item.version,
            paid: '10.00',
            quantity: item.quantity,
          }),
        );
    }
  }
  expect(sales.size).toBe(1);
  const [[currency, salesMinor]] = [...sales.entries()] as [[string, number]];
  return { child, units, salesText: formatMoney(minor(salesMinor), currency) };
}

/** Clicks 导出 and answers the first sheet of the downloaded workbook. */
async function exportedFirstSheet(p: Page) {
  const download = p.waitForEvent('download');
  await activePane(p).getByTestId('stats-export').click();
  const d = await download;
  expect(d.suggestedFilename()).toBe('订单统计.xlsx');
  const bytes = await downloadBytes(d);
  expect(bytes.length).toBeGreaterThan(0);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

/** The texts of the cells of the table row naming `text`. */
async function rowCells(p: Page, testId: string, text: string) {
  const row = activePane(p).getByTestId(testId).locator('tbody tr', { hasText: text });
  await row.first().waitFor();
  expect(await row.count()).toBe(1);
  return row.locator('td').allTextContents();
}

describe('系统 statistics', () => {
  it('a company admin sees its own orders, staff work and accounts on the four screens, and exports 订单统计', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const api = new ApiClient(env().baseUrl);
    await api.login(seller.account, seller.password);
    const shopName = `统计店${Date.now().toString(36)}`;
    const made = await sellerData(api, shopName);

    // 系统首页: the three summaries over the default range (the last month).
    const s = await signedInPage(suite.browser, seller.account, seller.password, '#/system/index');
    suite.page = s.page;
    const p = s.page;
    let pane = activePane(p);
    await pane.getByTestId('order-stats-orders').getByText('2', { exact: true }).waitFor();
    await pane.getByTestId('account-stats-created').getByText('2', { exact: true }).waitFor();
    await expect.poll(() => pane.getByTestId('performance-totals').textContent()).toMatch(/创建商品1.*采购订单1/);
    await pane.getByRole('img', { name: '每日订单数与销售额' }).locator('canvas').first().waitFor();

    // 订单统计 by the card's link; the 最近一周 shortcut asks for a week up to the end of today.
    await pane.getByTestId('system-home-orders').click();
    await p.waitForURL(/#\/system\/admin\/orderStatistical/);
    // The screen's code loads after the address changed; until then 系统首页 (which shows the same
    // totals and range picker) is still the visible pane: wait for what only 订单统计 has.
    pane = activePane(p);
    await pane.getByTestId('order-stats-dim').waitFor();
    await pane.getByTestId('order-stats-orders').getByText('2', { exact: true }).waitFor();
    // The request of the week (a refetch of the month may come first).
    const spanOf = (url: string) => {
      const q = new URL(url).searchParams;
      return Number(q.get('endTime')) - Number(q.get('startTime'));
    };
    const asked = p.waitForRequest((r) => r.url().includes('/orderStatistical?') && spanOf(r.url()) < 8 * DAY);
    asked.catch(() => undefined);
    await pane.getByTestId('stats-range').first().click();
    const preset = p.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-presets li', {
      hasText: '最近一周',
    });
    await clickInPopup(preset);
    expect(spanOf((await asked).url())).toBeGreaterThan(7 * DAY);
    await pane.getByTestId('order-stats-orders').getByText('2', { exact: true }).waitFor();
    // By shop (the default grouping): the shop's row holds both orders, their units and sales.
    const byShop = await rowCells(p, 'order-stats-table', shopName);
    expect(byShop.slice(0, 4)).toEqual([shopName, '2', String(made.units), made.salesText]);
    // By day: the days' orders add up to the two.
    await pane.getByTestId('order-stats-dim').getByText('按日期').click();
    await pane.getByRole('img', { name: '订单统计日期图表' }).locator('canvas').first().waitFor();
    const dayRows = pane.getByTestId('order-stats-table').locator('tbody tr', { hasText: /\d{4}-\d{2}-\d{2}/ });
    await dayRows.first().waitFor();
    const dayOrders = await dayRows.evaluateAll((rows) => rows.map((r) => Number(r.children[1]?.textContent)));
    expect(dayOrders.reduce((a, b) => a + b, 0)).toBe(2);
    // The export's first sheet is 按店铺: the shop's row with the same orders and units.
    const sheet = await exportedFirstSheet(p);
    expect(sheet.name).toBe('按店铺');
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const shopRow = rows.find((r) => r[1] === shopName);
    expect(shopRow?.slice(1, 4)).toEqual([shopName, 2, made.units]);
    expect(rows.at(-1)?.slice(1, 4)).toEqual(['合计', 2, made.units]);

    // 员工绩效: the admin created the product and purchased one order; the 业务员 did nothing.
    await p.goto(routeUrl('/system/admin/performanceStatistical'));
    pane = activePane(p);
    expect((await rowCells(p, 'performance-table', `(${seller.account})`)).slice(1)).toEqual([
      '公司管理员',
      '1',
      '0',
      '0',
      '1',
      '0',
    ]);
    expect((await rowCells(p, 'performance-table', `(${made.child.account})`)).slice(2)).toEqual([
      '0',
      '0',
      '0',
      '0',
      '0',
    ]);
    await pane.getByTestId('performance-total-goods_created').getByText('1', { exact: true }).waitFor();

    // 账号统计: the company's two accounts, its one main account using one child account.
    await p.goto(routeUrl('/system/admin/accountStatistical'));
    pane = activePane(p);
    const tenant = await rowCells(p, 'account-tenant-table', `(${seller.account})`);
    await expect.poll(() => pane.getByTestId('account-stats-totals').textContent()).toMatch(/^账号数2启用2/);
    expect(tenant[2]).toMatch(/^1 \/ \d+/);
    expect(await pane.getByTestId('account-tenant-table').locator('tbody tr').count()).toBe(1);
    await s.context.close();
  }, 120_000);
});
