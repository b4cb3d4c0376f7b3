// Freight on a new seller's first day (issue 29 §2): the sample channels a new installation
// ships with (示例), 运费审核 opening on the first tab with work and counting each tab, the
// warning before approving a parcel the balance cannot pay (去充值), a failed 创建运单 that stays
// on its row across a reload until a retry succeeds, a refused 取消运单 kept on its row across a
// reload until 知道了, and 发货 confirmed with progress.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createMainAccount } from './support/api-client';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { packedOrder } from './support/packed-order';
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

/** A new seller with one self-fulfilled order bought, received and packed by 配货 (balance 0). */
async function sellerWithPackedOrder() {
  const seller = createMainAccount(env().dataDir, 0);
  const api = new ApiClient(env().baseUrl);
  const login = await api.login(seller.account, seller.password);
  const shopId = await bindSandboxShop(api, '运费沙箱店');
  const orderId = await packedOrder(api, shopId, { weight_g: 300, length_cm: 20, width_cm: 15, height_cm: 10 });
  return { seller, api, uid: login.uid, orderId };
}

describe('freight on day one', () => {
  it('ships a first order on a sample channel: tab counts, low-balance warning, failure kept on the row, confirmed 发货', async () => {
    // The operator sees the sample channels of the installation, tagged 示例 with the note.
    const a = await signedInPage(browser, 'admin', env().adminPassword, '#/order/intercept');
    page = a.page;
    await a.page.getByRole('button', { name: '物流渠道' }).click();
    await a.page.getByTestId('channel-sample-tag').first().waitFor();
    await a.page.getByTestId('channel-sample-note').waitFor();
    const sampleRow = a.page.getByTestId('channel-table').locator('tr', { hasText: '示例·云途全球专线挂号(普货)' });
    await sampleRow.getByTestId('channel-sample-tag').waitFor();
    // 承运商 is searchable by its Chinese name; 服务 offers the carrier's known services.
    await a.page.getByRole('button', { name: '新增渠道' }).click();
    const form = a.page.getByTestId('channel-form');
    await form.getByTestId('carrier-select').click();
    await a.page.keyboard.type('燕文');
    await a.page.locator('.ant-select-item-option', { hasText: '燕文 Yanwen' }).click();
    await form.getByTestId('service-select').click();
    await a.page.locator('.ant-select-item-option', { hasText: '燕文专线追踪小包(普货)' }).waitFor();
    await a.page.keyboard.press('Escape');
    await a.context.close();

    const s0 = await sellerWithPackedOrder();
    const s = await signedInPage(browser, s0.seller.account, s0.seller.password, '#/order/intercept');
    page = s.page;
    const p = s.page;
    // Opens on 待提交, where the parcel waits, with each tab's count.
    await p.getByTestId('freight-tab-count-ready').getByText('(1)').waitFor();
    await p.getByTestId('freight-tab-count-held').getByText('(0)').waitFor();
    await p.getByTestId('ready-table').locator('tr', { hasText: '300 g' }).waitFor();
    await p.getByRole('tab', { name: /待提交/, selected: true }).waitFor();
    // Submitted on the sample 云途 channel (balance 0): held for 余额不足.
    await p
      .getByTestId('ready-table')
      .locator('tr', { hasText: '300 g' })
      .getByRole('button', { name: '提交包裹' })
      .click();
    await p
      .getByTestId('ready-quotes')
      .getByText(/示例·云途全球专线挂号\(普货\).*运费 ¥42\.00/)
      .click();
    await p.getByRole('button', { name: '提交', exact: true }).click();
    await p.getByText('包裹已提交,被运费审核拦截').waitFor();
    await p.getByTestId('freight-tab-count-held').getByText('(1)').waitFor();

    // 审核通过 warns: balance vs fee, 去充值, or approve anyway.
    await p.getByRole('tab', { name: /待审核/ }).click();
    const held = p.locator('tr', { hasText: '余额不足' });
    await held.getByRole('button', { name: '审核通过' }).click();
    const warning = p.getByTestId('balance-warning');
    await warning.getByText('¥0.00').waitFor();
    await warning.getByText('¥43.00').first().waitFor();
    const topup = p.locator('.ant-modal').getByRole('link', { name: '去充值' });
    expect(await topup.getAttribute('href')).toContain('/member/user/topup-add');
    await p.getByRole('button', { name: '仍然通过' }).click();
    await held.waitFor({ state: 'detached' });

    // 创建运单 fails for the balance: the reason stays on the row, also after a reload.
    await p.getByRole('tab', { name: /已通过/ }).click();
    const parcels = await s0.api.call<{ list: { id: number }[] }>(
      'GET',
      '/logistics/intercept/list?review_status=approved',
    );
    const parcelId = parcels.data.list[0]!.id;
    await p.getByRole('button', { name: '创建运单' }).click();
    await p
      .getByTestId(`row-error-${parcelId}`)
      .getByText(/余额不足/)
      .waitFor();
    await p.reload();
    await p.getByRole('tab', { name: /已通过/ }).click();
    await p
      .getByTestId(`row-error-${parcelId}`)
      .getByText(/余额不足/)
      .waitFor();

    // Money arrives; the retry succeeds and the failure goes.
    const op = await adminClient();
    const credit = await op.call('POST', '/finance/adjust', {
      uid: s0.uid,
      kind: 'credit',
      amount: 100_000,
      reason: 'e2e',
      idem_key: `e2e-freight-credit-${s0.uid}`,
    });
    expect(credit.status, credit.msg).toBe(200);
    await p.getByRole('button', { name: '重试创建运单' }).click();
    await p.getByText('已建运单').waitFor();
    expect(await p.getByTestId(`row-error-${parcelId}`).count()).toBe(0);

    // 取消运单 refused by the carrier (the parcel was picked up, a test hook of the sandbox carrier):
    // the reason stays on the waybill's row, also after a reload, until 知道了.
    await p.getByRole('tab', { name: /运单/ }).click();
    await p.getByTestId('freight-tab-count-waybills').getByText('(1)').waitFor();
    const row = p.locator('tr', { hasText: /SIM\d+CN/ });
    const waybills = await s0.api.call<{ list: { id: number }[] }>('GET', '/logistics/waybill/list?page=1&pageSize=20');
    const waybillId = waybills.data.list[0]!.id;
    const picked = await s0.api.call('POST', '/__test__/carrier-pickup', { id: waybillId });
    expect(picked.status, picked.msg).toBe(200);
    await row.getByRole('button', { name: '取消运单' }).click();
    await p.locator('.ant-popconfirm').getByRole('button', { name: '取消运单' }).click();
    const refusal = p.getByTestId(`waybill-error-${waybillId}`);
    await refusal.getByText(/already picked up/).waitFor();
    await p.reload();
    await p.getByRole('tab', { name: /运单/ }).click();
    await refusal.getByText(/already picked up/).waitFor();
    await refusal.getByRole('button', { name: '知道了' }).click();
    await refusal.waitFor({ state: 'detached' });

    // 发货 asks first (fees, Amazon is told, cannot be undone), then shows progress and the result.
    await row.getByRole('button', { name: '发货' }).click();
    const confirm = p.locator('.ant-popconfirm');
    await confirm.getByText(/发货后不能撤销/).waitFor();
    await confirm.getByRole('button', { name: '确认发货' }).click();
    await row.getByText('已发货').waitFor();
    await p.getByTestId('freight-tab-count-waybills').getByText('(0)').waitFor();
  }, 240_000);
});
