import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { libraryProduct, makeSite } from './site-goods-support.js';
import { uploadImage } from './site-support.js';

const t = useTestApp();
let tenant: UserRow;
let admin: Session;
let image: string;
const G = '/PDD/site/goods';

beforeAll(async () => {
  tenant = await buildTenant(t.db);
  admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  // A US-dollar site in English and German; the tenant has no price settings: the shipped default
  // rates apply (GBP 9.5012, USD 7.1226 yuan per unit).
  await makeSite(t, admin, { currency: 'USD', languages: ['en', 'de'], default_language: 'en' });
  image = await uploadImage(t, admin);
});

const importGoods = (ids: number[], rounding: string) =>
  call(t.app, admin, 'POST', `${G}/import`, { goods_ids: ids, rounding });
const get = async (id: number) => (await call(t.app, admin, 'GET', `${G}/get?id=${id}`)).data;

describe('site products from the library (从商品库导入, 同步商品库)', () => {
  it('converts the price with each rounding rule, takes texts per site language, own pictures and variations', async () => {
    // 10.00 GBP x 9.5012 / 7.1226 = 13.3395... USD: 13.34 unrounded, 13.99 with .99, 14.00 whole.
    const expected = { none: 1334, up99: 1399, upInt: 1400 } as const;
    for (const [rule, price] of Object.entries(expected)) {
      const g = await libraryProduct(t, tenant, admin, {
        title: `Lamp ${rule}`,
        prices: [{ country_code: 'en', price: 1000 }],
        image,
      });
      const res = await importGoods([g], rule);
      expect(res.status, res.msg).toBe(200);
      expect(res.data.skipped).toEqual([]);
      const [created] = res.data.created;
      expect(created.notes).toEqual(['1张图片不是本账号上传的图片,未导入', '价格由英国的 10.00 GBP 换算']);
      const p = await get(created.id);
      expect(p, rule).toMatchObject({ price, currency: 'USD', goods_id: g, library_updated: false, pictures: [image] });
      expect(p.texts).toEqual({
        en: { title: `Lamp ${rule}`, description: `Lamp ${rule} description`, bullets: ['Soft', 'Warm'] },
        de: { title: `Lamp ${rule} DE`, description: 'Beschreibung', bullets: [] },
      });
      expect(p.variations).toEqual([
        // The library has no site stock: not tracked.
        { sku: `Lamp${rule}-RED`, options: { Color: 'Red' }, price: null, picture: image, stock: null },
        { sku: `Lamp${rule}-BLUE`, options: { Color: 'Blue' }, price: null, picture: null, stock: null },
      ]);
    }
  });

  it('takes a price in the site currency as it is, and skips products already on the site', async () => {
    const g = await libraryProduct(t, tenant, admin, {
      title: 'Desk',
      prices: [
        { country_code: 'en', price: 1000 },
        { country_code: 'us', price: 1550 },
      ],
      image,
    });
    const first = await importGoods([g], 'up99');
    expect((await get(first.data.created[0].id)).price).toBe(1550);
    const again = await importGoods([g], 'none');
    expect(again.data).toEqual({ created: [], skipped: [{ id: g, title: 'Desk', reason: '已在站点中,未重复导入' }] });
    // Two imports at once: each library product lands once.
    const h = await libraryProduct(t, tenant, admin, { title: 'Chair', prices: [], image });
    const both = await Promise.all([importGoods([h], 'none'), importGoods([h], 'none')]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.data.created.length).sort()).toEqual([0, 1]);
    const created = both.flatMap((r) => r.data.created);
    expect(created[0].notes).toContain('商品库没有价格,价格为0');
    const log = await call(t.app, admin, 'GET', '/PDD/opera-log/list?action=site.goods.import');
    expect(log.data.list[0].text).toMatch(/ 从商品库导入了站点商品「Chair」$/);
  });

  it('marks library changes and pulls them in (texts, pictures, variations; prices when asked)', async () => {
    const g = await libraryProduct(t, tenant, admin, {
      title: 'Vase',
      prices: [{ country_code: 'en', price: 1000 }],
      image,
    });
    const id = (await importGoods([g], 'none')).data.created[0].id as number;
    const before = await get(id);
    // The seller gives a variation its own site price; a sync keeps it (matched by SKU).
    const variations = before.variations.map((v: object, i: number) => (i === 0 ? { ...v, price: 1500 } : v));
    const saved = await call(t.app, admin, 'POST', `${G}/update`, {
      texts: before.texts,
      pictures: before.pictures,
      category_ids: [],
      id,
      version: 1,
      variations,
      price: 1700,
    });
    expect(saved.status, saved.msg).toBe(200);
    const row = async () => (await call(t.app, admin, 'GET', `${G}/list?keyword=vase`)).data.list[0];
    expect((await row()).library_updated).toBe(false);

    await t.db
      .updateTable('goods')
      .set({
        descs: JSON.stringify({
          en: { title: 'Vase XL', search_terms: '', bullet_points: [], product_description: 'New' },
        }),
        prices: JSON.stringify({ en: { price: 2000, currency: 'GBP' } }),
        updated_at: sql`now()`,
      })
      .where('id', '=', g)
      .execute();
    expect((await row()).library_updated).toBe(true);

    const textsOnly = await call(t.app, admin, 'POST', `${G}/sync`, { ids: [id] });
    expect(textsOnly.data).toEqual({ affected: 1, skipped: [] });
    const after = await get(id);
    expect(after).toMatchObject({ price: 1700, library_updated: false, version: 3 });
    expect(after.texts).toEqual({ en: { title: 'Vase XL', description: 'New', bullets: [] } });
    expect(after.variations[0]).toMatchObject({ sku: 'Vase-RED', price: 1500 });
    expect((await row()).library_updated).toBe(false);

    const own = (await call(t.app, admin, 'POST', `${G}/create`, { texts: { en: { title: 'Own' } }, price: 100 })).data;
    const withPrices = await call(t.app, admin, 'POST', `${G}/sync`, {
      ids: [id, own.id],
      prices: true,
      rounding: 'upInt',
    });
    // 20.00 GBP = 26.679... USD, rounded up to 27.00.
    expect(withPrices.data).toEqual({
      affected: 1,
      skipped: [{ id: own.id, title: 'Own', reason: '不是从商品库导入的商品' }],
    });
    expect((await get(id)).price).toBe(2700);
    const log = await call(t.app, admin, 'GET', '/PDD/opera-log/list?action=site.goods.sync');
    expect(log.data.list[0].text).toMatch(/ 从商品库同步了1个站点商品的文字、图片和变体及价格$/);
  });

  it('refuses bad import input', async () => {
    expect(await importGoods([], 'none')).toMatchObject({ status: 400, msg: '请选择商品库商品' });
    expect(await importGoods([1], 'floor')).toMatchObject({ status: 400, msg: '请选择取整方式' });
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    expect(await importGoods(many, 'none')).toMatchObject({ status: 400, msg: '一次最多50个商品库商品' });
  });
});
