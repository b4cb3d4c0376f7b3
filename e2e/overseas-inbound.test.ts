// 入库单 and 海外仓发货 (issue 30 §2, §5): a seller creates an inbound of 2 boxes at 创建入库单 and
// ships it; the warehouse (the operator) marks it arrived and receives it with one box short; the
// seller sees the difference, acknowledges it, and 库存流水 shows the receipt. Then an Amazon order
// of the sandbox shop for the received SKU offers 海外仓发货 in 订单处理; the seller creates the
// outbound from it, the warehouse picks, packs and ships it with a tracking number, Amazon (the
// sandbox) receives the shipment confirmation, the order is shipped, 库存流水 shows the pick and
// 财务管理 the fees, taken from the balance once.

import { describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { adminClient, env, signedInPage } from './support/browser';
import { routeUrl } from './support/frame';
import { pane } from './support/goods-library';
import { germanWarehouse, OUTBOUND_FEES } from './support/overseas';
import { clickInPopup, pickOption } from './support/popup';
import { bindSandboxShop, syncOrdersNow } from './support/sandbox-shop';
import { browserSuite, ok, pickByTestId, sellerPage, until } from './support/suite';

const suite = browserSuite();

/** The seller's available balance (fen). */
async function available(api: ApiClient): Promise<number> {
  return ok(await api.call<{ available: number }>('GET', '/finance/overview')).available;
}

describe('overseas inbound', () => {
  it('a seller ships 2 boxes, one is received short and acknowledged; an Amazon order ships from the warehouse', async () => {
    const tag = Date.now().toString(36).toUpperCase();
    const op = await adminClient();
    // Handling 3.00, 0.50 a unit, local delivery 8.00 (charged when an outbound ships).
    await germanWarehouse(op, `IB-${tag}`, `入库仓${tag}`, OUTBOUND_FEES);

    // The seller: a sandbox shop (its orders sell the listing `SANDBOX-<marketplace>`), SKU A
    // named as that listing so the shop's orders map to it, SKU B; then 创建入库单 with box 1
    // (10 of A) and box 2 (6 of B).
    const { seller, ...s } = await sellerPage(suite, '#/overseas/inbound/add');
    const shopId = await bindSandboxShop(s.api, `海外仓店${tag}`);
    const shops = ok(
      await s.api.call<{ list: { id: number; marketplaces: string[] }[] }>('POST', '/amazon-user/shopOptions', {}),
    );
    const skuA = `SANDBOX-${shops.list.find((x) => x.id === shopId)!.marketplaces[0]}`;
    const skuB = `IBB-${tag}`;
    for (const [sku, title] of [
      [skuA, `收纳盒A${tag}`],
      [skuB, `收纳盒B${tag}`],
    ])
      ok(await s.api.call('POST', '/overseas/sku/save', { sku, title }));
    await s.page.reload();
    const add = pane(s.page, '/overseas/inbound/add');
    await pickOption(s.page, '目的仓库', `IB-${tag}`);
    await pickByTestId(s.page, 'inbound-sku-1-1', skuA);
    await add.getByTestId('inbound-qty-1-1').fill('10');
    await add.getByTestId('inbound-add-box').click();
    await pickByTestId(s.page, 'inbound-sku-2-1', skuB);
    await add.getByTestId('inbound-qty-2-1').fill('6');
    await add.getByTestId('inbound-save').click();

    // The list opens the new draft: 发货 with a tracking number.
    await s.page.getByTestId('inbound-detail-status').getByText('草稿').waitFor();
    const title = await s.page.locator('.ant-drawer-title').textContent();
    const number = title!.match(/IB\d{8}-\d{4}/)![0];
    await s.page.getByTestId('inbound-ship').click();
    await s.page.getByTestId('inbound-ship-tracking').fill(`TRK${tag}`);
    await clickInPopup(s.page.getByTestId('inbound-ship-ok'));
    await s.page.getByTestId('inbound-detail-status').getByText('已发货').waitFor();

    // The warehouse finds it by tracking number: 到仓, then 收货 with box 2 short by 2.
    const w = await signedInPage(suite.browser, 'admin', env().adminPassword, '#/overseas/inbound/list');
    suite.page = w.page;
    const queue = pane(w.page, '/overseas/inbound/list');
    await queue.getByTestId('inbound-search').locator('input').fill(`TRK${tag}`);
    await queue.getByTestId('inbound-search').locator('input').press('Enter');
    await queue.locator('tr', { hasText: number }).getByText(seller.account).click();
    await w.page.getByTestId('inbound-arrive').click();
    await w.page.getByTestId('inbound-detail-status').getByText('已到仓').waitFor();
    await w.page.getByTestId('inbound-receive').click();
    await w.page.getByTestId(`receive-counted-2-${skuB}`).fill('4');
    await clickInPopup(w.page.getByTestId('inbound-receive-ok'));
    await w.page.getByTestId('inbound-detail-status').getByText('已关闭(有差异)').waitFor();

    // 库存调整 at 库存列表: the warehouse sees the seller's row (客户) and writes off 1 damaged unit of B.
    await w.page.goto(routeUrl('/overseas/inventory/list'));
    const stock = pane(w.page, '/overseas/inventory/list');
    await stock.getByTestId('inventory-search').locator('input').fill(skuB);
    await stock.getByTestId('inventory-search').locator('input').press('Enter');
    const stockRow = stock.getByTestId('inventory-list').locator('tr', { hasText: skuB });
    await stockRow.getByText(seller.account).waitFor();
    await stockRow.getByTestId('inventory-adjust').click();
    await w.page.getByTestId('inventory-adjust-quantity').fill('-1');
    await pickByTestId(w.page, 'inventory-adjust-reason', '破损');
    await w.page.getByTestId('inventory-adjust-note').fill('e2e');
    await clickInPopup(w.page.getByTestId('inventory-adjust-ok'));
    await w.page.locator('.ant-message').getByText('库存已调整,当前在库 3 件').waitFor();

    // 盘点: the warehouse picks SKU B for the seller in the count dialog (搜索, 加入), creates the
    // count of that one SKU, counts 2 of the 3 on hand and posts it (a −1 movement in 库存流水).
    await stock.getByTestId('inventory-counts').click();
    const picker = w.page.getByTestId('count-create');
    await picker.getByTestId('count-create-tenant').fill(String(s.uid));
    await pickByTestId(w.page, 'count-create-warehouse', `IB-${tag}`);
    await picker.getByTestId('count-pick-search').locator('input').fill(skuB);
    await picker.getByTestId('count-pick-search').locator('input').press('Enter');
    await picker.getByTestId('count-pick-found').locator('tr', { hasText: skuB }).locator('button').click();
    await picker.getByTestId('count-pick-chosen').getByText(`收纳盒B${tag}`).waitFor();
    await picker.getByTestId('count-create-ok').getByText('创建盘点单(已选 1 个SKU)').click();
    const countMade = w.page.locator('.ant-message').getByText(/盘点单 \S+ 已创建\(1 个SKU\)/);
    const countNo = (await countMade.textContent())!.split(' ')[1]!;
    const counting = w.page.getByTestId('count-detail');
    await counting.getByTestId(`count-input-${skuB}`).fill('2');
    await counting.getByTestId('count-post').click();
    await clickInPopup(w.page.locator('.ant-popconfirm .ant-btn-primary'));
    await counting.getByText('已过账').waitFor();
    await counting.locator('tr', { hasText: skuB }).getByText('-1', { exact: true }).waitFor();
    await w.page.locator('.ant-drawer', { hasText: countNo }).locator('.ant-drawer-close').click();

    // The seller sees the short box and acknowledges the difference.
    suite.page = s.page;
    await s.page.goto(routeUrl('/overseas/inbound/list'));
    await s.page.reload();
    const mine = pane(s.page, '/overseas/inbound/list');
    const row = mine.locator('tr', { hasText: number });
    await row.getByText('差异待确认').waitFor();
    await row.click();
    const box2 = s.page.getByTestId('inbound-detail-box-2');
    await box2.getByTestId('inbound-line-difference').getByText('短少').waitFor();
    await s.page.getByTestId('inbound-acknowledge').click();
    await clickInPopup(s.page.locator('.ant-popconfirm .ant-btn-primary'));
    await s.page.getByText('差异已确认').waitFor();

    // 库存流水 shows both receipts of the inbound (10 of A, 4 of B) and the warehouse's adjustment of B.
    await s.page.goto(routeUrl('/overseas/inventory/flow'));
    await s.page.reload();
    const flow = pane(s.page, '/overseas/inventory/flow').getByTestId('inventory-flow');
    await flow.locator('tr', { hasText: skuB }).getByText(`入库单 ${number}`).waitFor();
    const receipt = flow.locator('tr', { hasText: skuA });
    await receipt.getByText('入库单收货').waitFor();
    expect(await receipt.textContent()).toContain(`入库单 ${number}`);
    await flow
      .locator('tr', { hasText: `盘点单 ${countNo}` })
      .getByText(skuB)
      .waitFor();
    const adjusted = flow.locator('tr', { hasText: '破损:e2e' });
    await adjusted.getByText('调整', { exact: true }).waitFor();
    expect(await adjusted.textContent()).toContain(skuB);

    // An Amazon order of the shop (one unit of A), synced; money to pay the warehouse's fees.
    ok(await s.api.call('POST', '/__test__/sandbox-orders', { shop_id: shopId, count: 1 }));
    // A sync the sandbox's rate limits defer (a loaded machine) brings nothing yet: synced again.
    // An on-demand sync may wait for the shop's lease while the scheduled sync of every shop of the
    // shared server holds it (up to its 30 s rate-limit wait), so it gets most of the step's time.
    const orders = await until(
      'the sandbox order in 订单处理',
      async () => {
        await syncOrdersNow(s.api, shopId, 80_000);
        const r = await s.api.call<{ list: { id: number; amazon_order_id: string }[] }>('POST', '/order/list', {});
        return ok(r).list.length > 0 && ok(r).list;
      },
      150_000,
    );
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    ok(
      await op.call('POST', '/finance/adjust', {
        uid: s.uid,
        kind: 'credit',
        amount: 100_000,
        reason: 'e2e',
        idem_key: `e2e-inbound-order-${tag}`,
      }),
    );
    const before = await available(s.api);

    // 订单处理: the order offers 海外仓发货; the seller creates the outbound from it.
    await s.page.goto(routeUrl('/order/list'));
    const orderRow = pane(s.page, '/order/list').locator('tr', { hasText: order.amazon_order_id });
    await orderRow.getByTestId('order-overseas-ship').click();
    await s.page.getByTestId('order-overseas-warehouse').getByText(`IB-${tag}`).waitFor();
    await clickInPopup(s.page.getByTestId('order-overseas-ship-ok'));
    const created = s.page.locator('.ant-message').getByText(/出库单 OB\d+ 已创建/);
    const outbound = (await created.textContent())!.match(/OB\d+/)![0];
    await orderRow.getByTestId('order-overseas-ship').waitFor({ state: 'detached' });

    // The warehouse picks, packs and ships it: the carrier is one of the warehouse's (Amazon needs it).
    suite.page = w.page;
    await w.page.goto(routeUrl('/overseas/outbound/list?scope=warehouse'));
    const job = pane(w.page, '/overseas/outbound/list?scope=warehouse').locator('tr', { hasText: outbound });
    await job.getByText(`订单 ${order.amazon_order_id}`).waitFor();
    await job.getByTestId('outbound-pick').click();
    await job.getByTestId('outbound-pack').click();
    await job.getByTestId('outbound-ship').click();
    await pickByTestId(w.page, 'outbound-carrier', 'DHL');
    await w.page.getByTestId('outbound-tracking').fill(`DHL${tag}`);
    await clickInPopup(w.page.getByTestId('outbound-ship-ok'));
    await job.getByText('已发货').waitFor();
    await job.getByText('11.50 CNY').waitFor(); // 3.00 + 1 × 0.50 + 8.00
    await w.context.close();

    // Amazon (the sandbox) has the package, and the order is shipped in 订单处理.
    const packages = await until('the shipment confirmation at Amazon', async () => {
      const r = ok(
        await s.api.call<{ list: { package_reference_id: string; carrier_code: string; tracking_number: string }[] }>(
          'POST',
          '/__test__/sandbox-packages',
          { amazon_order_id: order.amazon_order_id },
        ),
      );
      return r.list.length > 0 && r.list;
    });
    expect(packages).toEqual([{ package_reference_id: outbound, carrier_code: 'DHL', tracking_number: `DHL${tag}` }]);
    suite.page = s.page;
    await s.page.goto(routeUrl('/order/list'));
    await s.page.reload();
    await pane(s.page, '/order/list').getByTestId('order-tabs').getByText('已发货 (1)').waitFor();

    // 库存流水: the pick of the order's unit; 财务管理: the three fees, taken once.
    await s.page.goto(routeUrl('/overseas/inventory/flow'));
    await s.page.reload();
    const picked = pane(s.page, '/overseas/inventory/flow')
      .getByTestId('inventory-flow')
      .locator('tr', { hasText: '出库拣货' });
    await picked.getByText(skuA).waitFor();
    expect(await picked.textContent()).toContain('-1');
    await s.page.goto(routeUrl('/member/user/spend'));
    const spend = pane(s.page, '/member/user/spend');
    for (const fee of ['操作费', '拣货费(1 件)', '本地派送费'])
      await spend.getByText(`海外仓出库单 ${outbound} ${fee}`).waitFor();
    expect(await available(s.api)).toBe(before - 1150);
    await s.context.close();
  }, 330_000);
});
