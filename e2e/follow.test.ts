// Follow-selling (跟卖候选池, 跟卖上传记录, 跟卖商品): candidates pasted and imported from a file,
// looked up at the sandbox Amazon, pushed as offers of the sandbox shop, listed with their Buy Box.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { expectNoCutColumns } from './support/columns';
import { routeUrl } from './support/frame';
import { pickOption } from './support/popup';
import { sandboxMarket } from './support/sandbox-shop';

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('follow-selling', () => {
  it('adds candidates, pushes two to the sandbox shop and sees them in the follow list with the Buy Box', async () => {
    const seller = createMainAccount(env().dataDir, 0);
    const s = await signedInPage(browser, seller.account, seller.password, '#/order/shop');
    page = s.page;
    const p = s.page;
    // A sandbox shop, bound through the consent page as 店铺管理 does.
    await p.getByRole('button', { name: '绑定店铺' }).click();
    await p.getByTestId('bind-shop-form').getByLabel('店铺名称').fill('跟卖沙箱店');
    await p.getByRole('button', { name: '前往亚马逊授权' }).click();
    await p.waitForURL(/\/PDD\/amazon-sandbox\/consent\?/);
    await p.locator('#authorize').click();
    await p.getByText('店铺「跟卖沙箱店」授权成功').waitFor();

    const asins = ['B0E2EFOLW1', 'B0E2EFOLW2'];
    for (const [i, asin] of asins.entries()) {
      await sandboxMarket({
        marketplace: 'en',
        asin,
        product: { title: `Walnut tray ${i + 1}`, brand: 'WOODLY' },
        seller: 'AOWNERE2E001',
        price: i === 0 ? 2000 : 2100,
      });
    }

    await p.goto(routeUrl('/follow/follow-sale/push'));
    await pickOption(p, '店铺', '跟卖沙箱店(沙箱)');
    await pickOption(p, '站点', '英国');
    // A bad ASIN and a repeat do not refuse the paste: the others are added, these listed with the reason.
    await p.getByPlaceholder('粘贴ASIN,每行一个(10位)').fill([...asins, 'B0SHORT', asins[0], 'ZZZZZZZZZ1'].join('\n'));
    await p.getByRole('button', { name: '添加并查询' }).click();
    const result = p.getByTestId('follow-add-result');
    await result.getByText('已添加3个,0个已在列表中(重新查询),2个未添加').waitFor();
    await p.getByTestId('follow-refused-B0SHORT').getByText('格式不正确(ASIN为10位字母数字)').waitFor();
    await p.getByTestId('follow-refused-B0E2EFOLW1').getByText('重复').waitFor();
    await p.getByText('查询完成:成功2个,失败1个').waitFor();
    const table = p.getByTestId('follow-candidate-table');
    // The unknown ASIN's row says why, and shows the placeholder picture.
    await p
      .getByTestId('follow-lookup-reason-ZZZZZZZZZ1')
      .getByText(/该站点未找到此ASIN/)
      .waitFor();
    const unknown = table.locator('tr', { hasText: 'ZZZZZZZZZ1' });
    expect(await unknown.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await result.getByRole('button', { name: '关闭' }).click();
    await result.waitFor({ state: 'detached' });
    await table.getByText('Walnut tray 1').waitFor();
    const row1 = table.locator('tr', { hasText: 'B0E2EFOLW1' });
    // Buy Box 20.00 GBP, one unit under it by the default rule.
    await row1.getByText('20.00 GBP').waitFor();
    await row1.getByText('19.99 GBP').waitFor();

    // A file adds more (the ASIN column of a CSV); a cost floors the suggested price.
    await sandboxMarket({
      marketplace: 'en',
      asin: 'B0E2EFOLW3',
      product: { title: 'Walnut tray 3', brand: 'WOODLY' },
      seller: 'AOWNERE2E001',
      price: 3000,
    });
    await p.locator('input[type=file]').setInputFiles({
      name: 'asins.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('title,ASIN\nWalnut tray 3,B0E2EFOLW3\n'),
    });
    await p.getByText('查询完成:成功1个,失败0个').waitFor();
    await p.getByTestId('follow-add-result').getByText('已添加1个,0个已在列表中(重新查询),0个未添加').waitFor();
    const row3 = table.locator('tr', { hasText: 'B0E2EFOLW3' });
    await row3.getByText('29.99 GBP').waitFor();
    const cost = row3.getByLabel('成本 B0E2EFOLW3');
    await cost.fill('31');
    await cost.press('Enter');
    await row3.getByText('31.00 GBP').waitFor();

    for (const asin of asins) await table.locator('tr', { hasText: asin }).getByRole('checkbox').check();
    await p.getByRole('button', { name: '跟卖到店铺' }).click();
    await p.getByRole('button', { name: '提交跟卖' }).click();
    await p.getByText('已提交2个跟卖').waitFor();

    await p.goto(routeUrl('/follow/follow-sale/queue'));
    const queue = p.getByTestId('follow-queue-table');
    for (const asin of asins) await queue.locator('tr', { hasText: asin }).getByText('在售').waitFor();

    // A cheaper seller arrives: the follow list shows who holds the Buy Box after a check.
    await sandboxMarket({ marketplace: 'en', asin: 'B0E2EFOLW1', seller: 'AHIJACKE2E01', price: 1500 });
    await p.goto(routeUrl('/follow/index'));
    const list = p.getByTestId('follow-offer-table');
    const mine = list.locator('tr', { hasText: 'B0E2EFOLW1' });
    await mine.getByText('19.99 GBP').waitFor();
    expect(await list.locator('tr', { hasText: 'B0E2EFOLW2' }).count()).toBe(1);
    await mine.getByRole('checkbox').check();
    await p.getByRole('button', { name: '刷新购物车' }).click();
    await mine.getByText('AHIJACKE2E01').waitFor();
    await mine.getByText('未获得').waitFor();
    await mine.getByText('15.00 GBP').waitFor();
    await mine.getByText('英国').waitFor();
    await expectNoCutColumns(p, '跟卖商品');
    await p.goto(routeUrl('/follow/follow-sale/queue'));
    await queue.locator('tr', { hasText: asins[0] }).waitFor();
    await expectNoCutColumns(p, '跟卖上传记录');

    // The price rule in the currency with two decimals and in percent; the API keeps hundredths and ‱.
    await p.goto(routeUrl('/follow/follow-sale/push'));
    await table.locator('tr', { hasText: 'B0E2EFOLW3' }).waitFor();
    await expectNoCutColumns(p, '跟卖候选池');
    const rule = p.getByTestId('follow-price-rule');
    await rule.getByLabel('降价金额').fill('0.25');
    // Yen have no decimals: the amount is rounded up to whole yen there, and the form says so.
    await rule.getByTestId('rule-rounded').getByText('日元站点按 1 JPY').waitFor();
    await rule.getByLabel('最低利润率').fill('12.5');
    await rule.getByRole('button', { name: '保存规则' }).click();
    await p.getByText('定价规则已保存').waitFor();
    expect((await s.api.call('GET', '/follow/price-rule/get')).data).toEqual({
      mode: 'amount',
      value: 25,
      min_margin_bp: 1250,
    });
    await pickOption(p, '降价方式', '百分比');
    await rule.getByLabel('降价百分比').fill('5');
    await rule.getByRole('button', { name: '保存规则' }).click();
    await expect
      .poll(async () => (await s.api.call('GET', '/follow/price-rule/get')).data)
      .toEqual({ mode: 'percent', value: 500, min_margin_bp: 1250 });
  }, 180_000);
});
