// GPSR提交助手 (issue 31 §3): create a compliance profile in the drawer, find a product in the
// 缺失检查 list, apply the profile to it from there, and the list no longer shows it.

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { pane } from './support/goods-library';
import { clickInPopup } from './support/popup';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('GPSR helper', () => {
  it('a profile applied to a product from the check list takes it off the list', async () => {
    const run = Date.now().toString(36);
    const sku = `GPSR-${run}`;
    const api = await adminClient();
    const goods = await api.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
      goodsData: { baseInfo: { sku }, commonData: { descs: [{ key: 'de', title: `Haarband ${run}` }] } },
    });
    expect(goods.status, goods.msg).toBe(200);

    const s = await signedInPage(browser, 'admin', env().adminPassword, '#/index/gpsr');
    page = s.page;
    const p = s.page;
    const root = pane(p, '/index/gpsr');

    // 合规档案: a complete profile.
    await root.getByRole('button', { name: '新建档案' }).click();
    const form = p.getByTestId('gpsr-profile-form');
    await form.getByLabel('档案名称').fill(`档案${run}`);
    await form.getByLabel('制造商名称').fill('Shenzhen Acme Co., Ltd.');
    await form.getByLabel('制造商邮寄地址').fill('No. 1 Keji Road, Shenzhen');
    await form.getByLabel('制造商电子邮箱').fill('maker@acme.example');
    await form.getByLabel('负责人名称').fill('Acme EU GmbH');
    await form.getByLabel('负责人邮寄地址').fill('Hauptstraße 1, Berlin');
    await form.getByLabel('负责人电子邮箱').fill('eu-rp@acme.example');
    await form.getByText('安全声明', { exact: false }).click();
    // 上传预览: what an upload to 德国 would send from the profile as typed (the upload's own mapping).
    await p.getByTestId('gpsr-preview-dsa_responsible_party_address').getByText('eu-rp@acme.example').waitFor();
    await p.getByTestId('gpsr-preview-gpsr_safety_attestation').getByText('是').waitFor();
    await p.locator('.ant-drawer').getByRole('button', { name: '保存' }).click();
    await root
      .locator('tr', { hasText: `档案${run}` })
      .getByText('完整')
      .waitFor();

    // 缺失检查: the new product is listed for Germany; 应用档案 opens 批量应用 with it chosen.
    await root.getByRole('tab', { name: '缺失检查' }).click();
    const search = root.getByTestId('gpsr-check-search');
    await search.getByPlaceholder('标题 / SKU / ASIN').fill(sku);
    await search.getByRole('button', { name: '查询' }).click();
    const table = root.getByTestId('gpsr-check-table');
    const row = table.locator('tr', { hasText: sku });
    await row.getByText('未应用合规档案').waitFor();
    await row.getByRole('button', { name: '应用档案' }).click();
    await root.getByText('已选商品(1)').waitFor();
    await root.getByTestId('gpsr-apply-profile').locator('.ant-select').click();
    await clickInPopup(
      p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: `档案${run}`,
      }),
    );
    await root.getByRole('button', { name: '应用', exact: true }).click();
    await p.getByText('已为 1 个商品应用档案(1 个商品站点)').waitFor();

    // Back to the check: the product is gone from Germany's list.
    await root.getByRole('tab', { name: '缺失检查' }).click();
    await search.getByRole('button', { name: '查询' }).click();
    await table.getByText('暂无数据').or(table.locator('.ant-empty')).first().waitFor();
    expect(await table.locator('tr', { hasText: sku }).count()).toBe(0);
  });
});
