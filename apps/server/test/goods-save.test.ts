import { missingEanNote } from '@console/shared/validation/product-id';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { buildTenant, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';
import { fillEanPool } from './support/ean-pool.js';

const t = useTestApp();
const SAVE = '/PDD/amazon-user/insertGoods_v2';

/** `n` valid EAN-13 codes in a tenant's pool, oldest first. */
const fillPool = (tenant: UserRow, n: number) => fillEanPool(t.db, tenant, n, '45');

/** A title, the least a product needs to be saved (issue 13 §1). */
const titled = { descs: [{ key: 'en', title: 'Product' }] };

const variations = (n: number, withEan: string[] = [], prefix = 'V') => ({
  theme: 'Color',
  attrs: ['color'],
  children: Array.from({ length: n }, (_, i) => ({
    sku: `${prefix}-${i}`,
    values: { color: `c${i}` },
    ...(withEan[i] ? { ean: withEan[i] } : {}),
  })),
});

describe('EANs on save', () => {
  it('gives new variations free codes from the pool and returns codes of removed variations', async () => {
    const main = await buildTenant(t.db);
    const pool = await fillPool(main, 3);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const created = await call(t.app, s, 'POST', SAVE, {
      goodsData: { commonData: titled, parentageTable: variations(2) },
    });
    expect(created.status).toBe(200);
    // The answer lists the codes this save assigned, and says how many (the editor shows them at once).
    expect(created.msg).toBe('保存成功,已分配2个EAN');
    expect(created.data.assignedEans).toEqual([
      { sku: 'V-0', ean: pool[0] },
      { sku: 'V-1', ean: pool[1] },
    ]);
    const g = (await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${created.data.id}`)).data;
    const eans = g.goodsData.parentageTable.children.map((c: { ean: string }) => c.ean);
    expect(eans).toEqual(pool.slice(0, 2));
    const used = await t.db
      .selectFrom('goods_eans')
      .select(['code', 'status', 'goods_id', 'sku'])
      .where('tenant_id', '=', main.id)
      .orderBy('id')
      .execute();
    expect(used.map((u) => u.status)).toEqual(['used', 'used', 'free']);
    expect(used.map((u) => u.sku)).toEqual(['V-0', 'V-1', null]);
    expect(Number(used[0]!.goods_id)).toBe(created.data.id);

    // Drop the second variation: its code goes back to the pool.
    const one = { ...variations(1, [eans[0]]) };
    const updated = await call(t.app, s, 'POST', SAVE, {
      id: created.data.id,
      version: 1,
      goodsData: { commonData: titled, parentageTable: one },
    });
    expect(updated.status).toBe(200);
    const after = await t.db
      .selectFrom('goods_eans')
      .select(['code', 'status'])
      .where('tenant_id', '=', main.id)
      .orderBy('id')
      .execute();
    expect(after.map((u) => u.status)).toEqual(['used', 'free', 'free']);

    // Deleting the product for good frees the rest.
    await call(t.app, s, 'POST', '/PDD/amazon-user/delGoodsMutl', { ids: String(created.data.id), is_delete: 1 });
    await call(t.app, s, 'POST', '/PDD/amazon-user/delGoodsMutl', { ids: String(created.data.id), is_delete: 2 });
    const gone = await t.db.selectFrom('goods_eans').select('status').where('tenant_id', '=', main.id).execute();
    expect(gone.every((u) => u.status === 'free')).toBe(true);
  });

  it('an empty pool still saves, reports the variations without a code, and a later save fills them', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const saved = await call(t.app, s, 'POST', SAVE, {
      goodsData: { commonData: titled, parentageTable: variations(2) },
    });
    expect(saved).toMatchObject({
      status: 200,
      msg: '保存成功,2个变体未分配EAN(EAN库可用码不足,导入后再次保存即可分配)',
      data: { version: 1, warnings: { missingEans: 2 } },
    });
    const stored = await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${saved.data.id}`);
    const kids = stored.data.goodsData.parentageTable.children as { sku: string; ean?: string }[];
    expect(kids.map((c) => [c.sku, c.ean])).toEqual([
      ['V-0', undefined],
      ['V-1', undefined],
    ]);
    // One code in the pool: the next save gives it to the first variation, the second still waits.
    const [code] = await fillPool(main, 1);
    const again = await call(t.app, s, 'POST', SAVE, {
      id: saved.data.id,
      version: 1,
      goodsData: { commonData: titled, parentageTable: stored.data.goodsData.parentageTable },
    });
    expect(again.data.warnings.missingEans).toBe(1);
    // An update that assigns codes answers with them too.
    expect(again.data.assignedEans).toEqual([{ sku: 'V-0', ean: code }]);
    expect(again.msg).toBe('保存成功,已分配1个EAN,1个变体未分配EAN(EAN库可用码不足,导入后再次保存即可分配)');
    const now = await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${saved.data.id}`);
    expect(now.data.goodsData.parentageTable.children.map((c: { ean?: string }) => c.ean)).toEqual([code, undefined]);
    const row = await t.db
      .selectFrom('goods_eans')
      .select(['status', 'goods_id', 'sku'])
      .where('tenant_id', '=', main.id)
      .where('code', '=', code!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'used', goods_id: saved.data.id, sku: 'V-0' });
  });

  it('exempt users get no codes and no warning', async () => {
    const main = await buildTenant(t.db);
    await fillPool(main, 2);
    await t.db.updateTable('users').set({ is_not_use_ean: 1 }).where('id', '=', main.id).execute();
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const exempt = await call(t.app, s, 'POST', SAVE, {
      goodsData: { commonData: titled, parentageTable: variations(2) },
    });
    expect(exempt).toMatchObject({ status: 200, msg: '保存成功', data: { warnings: { missingEans: 0 } } });
    const free = await t.db.selectFrom('goods_eans').select('status').where('tenant_id', '=', main.id).execute();
    expect(free.map((f) => f.status)).toEqual(['free', 'free']);
  });

  it('concurrent saves never get the same code; when the pool runs dry every save still goes through', async () => {
    const main = await buildTenant(t.db);
    await fillPool(main, 20);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, k) =>
        call(t.app, s, 'POST', SAVE, { goodsData: { commonData: titled, parentageTable: variations(3, [], `V${k}`) } }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.reduce((n, r) => n + r.data.warnings.missingEans, 0)).toBe(4);
    const rows = await t.db.selectFrom('goods').select('parentage').where('tenant_id', '=', main.id).execute();
    const all = rows
      .flatMap((r) => (r.parentage as { children: { ean?: string }[] }).children.map((c) => c.ean))
      .filter(Boolean);
    expect(all).toHaveLength(20);
    expect(new Set(all).size).toBe(20);
    const pool = await t.db.selectFrom('goods_eans').select('status').where('tenant_id', '=', main.id).execute();
    expect(pool.every((p) => p.status === 'used')).toBe(true);
  });
});

describe('warnings and attribute validation on save', () => {
  it('warns with the place of each sensitive word but saves', async () => {
    const main = await buildTenant(t.db);
    await t.db
      .insertInto('goods_sensitive_words')
      .values([
        { tenant_id: main.id, creator_id: main.id, lang: 'all', word: 'Disney' },
        { tenant_id: main.id, creator_id: main.id, lang: 'zh-CN', word: '正品' },
      ])
      .execute();
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const r = await call(t.app, s, 'POST', SAVE, {
      goodsData: {
        commonData: {
          descs: [
            { key: 'en', title: 'Hairband like disney princess', bullet_points: ['ok', 'Disney style'] },
            { key: 'zh-CN', title: '正品发箍' },
          ],
        },
      },
    });
    expect(r.status).toBe(200);
    // The account is not exempt and its pool is empty: the product itself is left without an EAN (issue 28 §1).
    expect(r.msg).toBe(`保存成功,发现3处敏感词,${missingEanNote({ missingProductId: true })}`);
    expect(r.data.warnings.sensitive).toEqual(
      expect.arrayContaining([
        { lang: 'en', field: 'title', word: 'Disney', start: 14, end: 20 },
        { lang: 'en', field: 'bullet_points.1', word: 'Disney', start: 0, end: 6 },
        { lang: 'zh-CN', field: 'title', word: '正品', start: 0, end: 2 },
      ]),
    );
  });

  it('validates extra attributes against the product type schema; missing required ones are reported', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const template = { product_type: 'HAIRBAND', marketplace: 'us' };
    const bad = await call(t.app, s, 'POST', SAVE, {
      goodsData: { commonData: titled, template, extraAttrs: { target_gender: [{ value: 'robot' }] } },
    });
    expect(bad.http).toBe(400);
    expect(bad.data.field).toBe('extraAttrs');
    expect(bad.data.errors[0].attr).toBe('target_gender');
    const good = await call(t.app, s, 'POST', SAVE, {
      goodsData: { commonData: titled, template, extraAttrs: { target_gender: [{ value: 'female' }] } },
    });
    expect(good.status).toBe(200);
    expect(good.data.warnings.missingAttrs.length).toBeGreaterThan(0);
    const back = (await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${good.data.id}`)).data.goodsData;
    expect(back.template).toEqual(template);
    expect(back.extraAttrs).toEqual({ target_gender: [{ value: 'female' }] });
    expect(
      (
        await call(t.app, s, 'POST', SAVE, {
          goodsData: { commonData: titled, template: { product_type: 'NOPE', marketplace: 'us' } },
        })
      ).http,
    ).toBe(400);
  });

  it('does not report as missing what the listing fills from the product (texts, brand, its pool EAN, defaults)', async () => {
    const main = await buildTenant(t.db);
    await fillPool(main, 2);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const complete = {
      baseInfo: { sku: 'FILLED-1', brand_name: 'ACME' },
      commonData: {
        descs: [{ key: 'en', title: 'Vase', bullet_points: ['Glazed'], product_description: 'A vase.' }],
      },
      priceTable: [{ country_code: 'en', price: 1999 }],
      template: { product_type: 'HOME', marketplace: 'en' },
      extraAttrs: { style: [{ value: 'Modern' }], item_type_keyword: [{ value: 'vases' }] },
    };
    const saved = await call(t.app, s, 'POST', SAVE, { goodsData: complete });
    expect(saved.status, saved.msg).toBe(200);
    expect(saved.data.product_id).toMatch(/^\d{13}$/);
    // HOME requires item_name, brand, bullet_point, product_description, country_of_origin, the
    // identifier...: the product and the upload's defaults give all of them.
    expect(saved.data.warnings.missingAttrs).toEqual([]);
    expect(saved.msg).not.toContain('必填属性');
    // Without bullet points, that one is still missing (and named).
    const bare = await call(t.app, s, 'POST', SAVE, {
      goodsData: {
        ...complete,
        baseInfo: { sku: 'FILLED-2', brand_name: 'ACME' },
        commonData: { descs: [{ key: 'en', title: 'Vase', product_description: 'A vase.' }] },
      },
    });
    expect(bare.status, bare.msg).toBe(200);
    expect(bare.data.warnings.missingAttrs.map((m: { name: string }) => m.name)).toEqual(['bullet_point']);
  });

  it('refuses to change or remove a stored value of an editable: false field; first values, other fields, marketplace and type changes pass', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const us = { product_type: 'HAIRBAND', marketplace: 'us' };
    const attrs = {
      brand: [{ value: 'KUUQA' }],
      fc_shelf_life: [{ value: 180, unit: 'days' }],
      item_name: [{ value: 'Soft hairband' }],
      list_price: [{ value: 9.99, currency: 'USD' }],
    };
    const created = await call(t.app, s, 'POST', SAVE, {
      goodsData: { commonData: titled, template: us, extraAttrs: attrs },
    });
    expect(created.status).toBe(200);
    const id = created.data.id as number;
    let version = created.data.version as number;
    const save = (template: typeof us, extraAttrs: Record<string, unknown>) =>
      call(t.app, s, 'POST', SAVE, { id, version, goodsData: { commonData: titled, template, extraAttrs } });
    const stored = async () =>
      (await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${id}`)).data.goodsData.extraAttrs;

    // Changed, removed, or a locked unit changed: refused with the field and the stored value.
    const changed = await save(us, { ...attrs, brand: [{ value: 'OTHER' }] });
    expect(changed.http).toBe(400);
    expect(changed.msg).toBe('品牌·品牌名保存后不可修改(亚马逊不允许修改此项),已保存的值为 KUUQA');
    expect(changed.data).toMatchObject({
      field: 'extraAttrs',
      errors: [{ attr: 'brand', field: 'brand[0].value', message: changed.msg }],
    });
    const { brand: _brand, ...withoutBrand } = attrs;
    expect((await save(us, withoutBrand)).data.errors).toEqual([
      expect.objectContaining({ attr: 'brand', field: 'brand[0].value' }),
    ]);
    const unit = await save(us, { ...attrs, fc_shelf_life: [{ value: 180, unit: 'months' }] });
    expect(unit.http).toBe(400);
    expect(unit.data.errors.map((e: { field: string }) => e.field)).toEqual(['fc_shelf_life[0].unit']);
    expect(await stored()).toEqual(attrs);

    // Other fields change, and an empty locked field gets its first value.
    const ok = await save(us, { ...attrs, item_name: [{ value: 'Renamed' }], part_number: [{ value: 'P-1' }] });
    expect(ok.status).toBe(200);
    version = ok.data.version;
    expect(await stored()).toMatchObject({ item_name: [{ value: 'Renamed' }], part_number: [{ value: 'P-1' }] });
    expect((await save(us, { ...attrs, part_number: [{ value: 'P-2' }] })).http).toBe(400);

    // Another marketplace: the fixed currency follows it, the locked brand stays.
    const de = { product_type: 'HAIRBAND', marketplace: 'de' };
    const moved = await save(de, {
      ...attrs,
      part_number: [{ value: 'P-1' }],
      list_price: [{ value: 9.99, currency: 'EUR' }],
    });
    expect(moved.status).toBe(200);
    version = moved.data.version;

    // Another product type removes what it lacks (fc_shelf_life, part_number of SHIRT are compared only if present), keeps brand locked.
    const shirt = { product_type: 'SHIRT', marketplace: 'de' };
    expect((await save(shirt, { brand: [{ value: 'OTHER' }] })).http).toBe(400);
    const retyped = await save(shirt, { brand: [{ value: 'KUUQA' }], part_number: [{ value: 'P-1' }] });
    expect(retyped.status).toBe(200);
    expect(await stored()).toEqual({ brand: [{ value: 'KUUQA' }], part_number: [{ value: 'P-1' }] });
  });
});
