import { describe, expect, it } from 'vitest';
import { buildTenant, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';

/**
 * Issue 28 §3: what getProduct answers for a product, insertGoods_v2 accepts back as it came,
 * so a script can read a product, change one field and save it. Presentational fields of the
 * answer (`descs[].label`, `priceTable[].country` and `currency`, `price: null` of a country
 * not sold in) are accepted and never stored.
 */

const t = useTestApp();
const SAVE = '/PDD/amazon-user/insertGoods_v2';
const GET = '/PDD/amazon-user/getProduct';

/** A PNG path of the console's own file store (accepted as an image address). */
const img = (n: number) => `/PDD/files/goods/roundtrip-${n}.png`;

describe('getProduct -> insertGoods_v2 round trip (issue 28 §3)', () => {
  it('a full product read back, one field changed, saves; every other field stays as it was', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const created = await call(t.app, s, 'POST', SAVE, {
      goodsData: {
        baseInfo: {
          sku: 'RT-1',
          brand_name: 'KUUQA',
          vendor: 'Kuuqa Ltd',
          quantity: 33,
          cost_price: 1250,
          weight: 200,
        },
        commonData: {
          descs: [
            {
              key: 'en',
              title: 'Soft hairband',
              search_terms: 'hairband soft',
              bullet_points: ['Soft', 'Light'],
              product_description: 'A soft hairband.',
            },
            { key: 'de', title: 'Weicher Haarreif', bullet_points: ['Weich'] },
          ],
        },
        priceTable: [
          { country_code: 'us', price: 1999 },
          { country_code: 'en', price: 1499 },
          { country_code: 'ja', price: 2500 },
        ],
        parentageTable: {
          theme: 'Color',
          attrs: ['color'],
          children: [
            { sku: 'RT-1-R', values: { color: 'red' }, price: 2100, quantity: 5, images: [img(3)] },
            { sku: 'RT-1-B', values: { color: 'blue' }, quantity: 7 },
          ],
        },
        images: [{ url: img(1), width: 1000, height: 1000 }, { url: img(2) }],
        template: { product_type: 'HAIRBAND', marketplace: 'us' },
        extraAttrs: { target_gender: [{ value: 'female' }], item_name: [{ value: 'Soft hairband' }] },
        tags: ['new', 'summer'],
      },
    });
    expect(created.status, created.msg).toBe(200);
    const id = created.data.id as number;
    const read = (await call(t.app, s, 'GET', `${GET}?id=${id}`)).data;
    // The answer carries the presentational fields this test is about.
    expect(read.goodsData.commonData.descs[0]).toHaveProperty('label');
    expect(read.goodsData.priceTable.some((p: { price: number | null }) => p.price === null)).toBe(true);

    // Unchanged: accepted, nothing changes but the version.
    const same = await call(t.app, s, 'POST', SAVE, { id, version: read.version, goodsData: read.goodsData });
    expect(same.status, same.msg).toBe(200);
    const afterSame = (await call(t.app, s, 'GET', `${GET}?id=${id}`)).data;
    expect(afterSame.goodsData).toEqual(read.goodsData);
    expect(afterSame.version).toBe(read.version + 1);

    // One field changed (the English title): saved; everything else is as it was.
    const edited = structuredClone(afterSame.goodsData);
    const en = edited.commonData.descs.find((d: { key: string }) => d.key === 'en');
    en.title = 'Soft hairband, pink';
    const changed = await call(t.app, s, 'POST', SAVE, { id, version: afterSame.version, goodsData: edited });
    expect(changed.status, changed.msg).toBe(200);
    const after = (await call(t.app, s, 'GET', `${GET}?id=${id}`)).data;
    expect(after.goodsData).toEqual(edited);
    expect(after.goodsData.commonData.descs.find((d: { key: string }) => d.key === 'en').title).toBe(
      'Soft hairband, pink',
    );

    // Nothing presentational was stored: the row has the stored shapes only.
    const row = await t.db
      .selectFrom('goods')
      .select(['descs', 'prices'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Object.keys((row.descs as Record<string, object>).en!).sort()).toEqual(
      ['bullet_points', 'product_description', 'search_terms', 'title'].sort(),
    );
    expect(Object.keys(row.prices as object).sort()).toEqual(['en', 'ja', 'us']);

    // A currency is the country's: one that differs is refused, not silently dropped.
    const wrong = structuredClone(after.goodsData);
    wrong.priceTable.find((p: { country_code: string }) => p.country_code === 'us').currency = 'EUR';
    const refused = await call(t.app, s, 'POST', SAVE, { id, version: after.version, goodsData: wrong });
    expect(refused.http).toBe(400);
    expect(refused.msg).toContain('货币由国家决定,不能修改');
  });
});
