// The follow price rule in a currency without minor units (docs/follow.md "Suggested price"): one
// rule serves every marketplace; its amount (two decimals) is whole yen in Japan, rounded up.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { suggestedPrice } from '../src/modules/follow/follow-market.js';
import { F, followSandbox } from './follow-support.js';
import { call, type Session, useTestApp } from './harness.js';

const t = useTestApp({ spapi: { ...loadConfig({}).spapi, timeScale: 200 } });
const { sb, sellerWithShop, waitJob, lookedUp } = followSandbox(t);
/** Amazon's marketplace id of Japan (`ja`). */
const JP = 'A1VC38T7YXB528';

describe('suggested price in each currency (pure)', () => {
  const rule = { mode: 'amount' as const, value: 150, min_margin_bp: 0 };
  it('cuts the amount in minor units of two-digit currencies and in whole yen, rounded up', () => {
    expect(suggestedPrice(2000, null, rule, 'GBP')).toBe(1850);
    expect(suggestedPrice(1980, null, rule, 'JPY')).toBe(1978);
    expect(suggestedPrice(1980, null, { ...rule, value: 1 }, 'JPY')).toBe(1979);
    expect(suggestedPrice(1980, null, { ...rule, value: 1000 }, 'JPY')).toBe(1970);
  });
  it('floors at cost x (1 + margin) in the same currency, a percent rounds the cut down', () => {
    expect(suggestedPrice(1980, 1900, { mode: 'amount', value: 1000, min_margin_bp: 500 }, 'JPY')).toBe(1995);
    expect(suggestedPrice(1999, null, { mode: 'percent', value: 500, min_margin_bp: 0 }, 'JPY')).toBe(1900);
  });
});

describe('follow price rule on a Japanese shop (JPY)', () => {
  let s: Session;
  let shopId: number;
  beforeAll(async () => {
    ({ s, shopId } = await sellerWithShop('日本店', { region: 'FE', marketplaces: ['ja'] }));
  });
  // A product type the trimmed definitions carry for Japan.
  const jp = { marketplace: 'ja', marketplaceId: JP, price: 1980, over: { productType: 'DRINKING_CUP' } };

  it('the default rule is one yen below the Buy Box', async () => {
    const c = await lookedUp(s, shopId, 'B0JPDEFLT1', jp);
    expect(c).toMatchObject({ status: 'ready', currency: 'JPY', buybox_price: 1980, suggested_price: 1979 });
  });

  it('an amount of 1.50 is 2 yen; pushed, the offer is 1978 yen at the sandbox Amazon', async () => {
    const saved = await call(t.app, s, 'POST', `${F}/price-rule/save`, {
      mode: 'amount',
      value: 150,
      min_margin_bp: 0,
    });
    expect(saved.status, saved.msg).toBe(200);
    const c = await lookedUp(s, shopId, 'B0JPRULE01', jp);
    expect(c).toMatchObject({ currency: 'JPY', buybox_price: 1980, suggested_price: 1978 });
    const push = await call(t.app, s, 'POST', `${F}/push`, { ids: [c.id], shop_id: shopId, quantity: 1 });
    expect(push.status, push.msg).toBe(200);
    expect(await waitJob(s, push.data.job_id)).toMatchObject({ status: 'done', result: { active: 1 } });
    const [offer] = (await call(t.app, s, 'GET', `${F}/offer/list?asin=B0JPRULE01`)).data.list;
    expect(offer).toMatchObject({ currency: 'JPY', price: 1978 });
    const seller = (
      await t.db.selectFrom('shops').select('seller_id').where('id', '=', shopId).executeTakeFirstOrThrow()
    ).seller_id!;
    expect(
      sb()
        .sim.market.offers(JP, 'B0JPRULE01')
        .find((o) => o.sellerId === seller),
    ).toMatchObject({ price: 1978 });
  });

  it('a cost in yen floors the price; the rule amount is refused when it is no whole count of hundredths', async () => {
    await call(t.app, s, 'POST', `${F}/price-rule/save`, { mode: 'amount', value: 1000, min_margin_bp: 500 });
    const c = await lookedUp(s, shopId, 'B0JPCOST01', jp);
    expect(c.suggested_price).toBe(1970);
    expect((await call(t.app, s, 'POST', `${F}/candidate/cost`, { id: c.id, cost: 1900 })).status).toBe(200);
    const again = (await call(t.app, s, 'GET', `${F}/candidate/list?asin=B0JPCOST01`)).data.list[0];
    // 1900 x 1.05 = 1995 yen is above 1980 - 10.
    expect(again.suggested_price).toBe(1995);
    const bad = await call(t.app, s, 'POST', `${F}/price-rule/save`, { mode: 'amount', value: 1.5, min_margin_bp: 0 });
    expect(bad.http).toBe(400);
    expect(bad.msg).toContain('降价幅度');
  });
});
