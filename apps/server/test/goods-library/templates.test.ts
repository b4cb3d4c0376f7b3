import { beforeAll, describe, expect, it } from 'vitest';
import { sandbox } from '../../src/marketplace/sandbox.js';
import { validateExtraAttrs } from '../../src/modules/goods-library/extra-attrs.validator.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { bindSandboxShop } from '../support/sandbox-shop.js';

const t = useTestApp();
let worker: Session;
let buyer: Session;
let trader: Session;

beforeAll(async () => {
  const tenant = await buildTenant(t.db);
  worker = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 2 })).account, TEST_PASSWORD);
  buyer = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 3 })).account, TEST_PASSWORD);
  trader = await signIn(t.app, (await buildTenant(t.db, { auth: 5 })).account, TEST_PASSWORD);
});

describe('categoryTemplate calls', () => {
  it('getCategoryTemp lists product types per marketplace', async () => {
    const all = await call(t.app, worker, 'GET', '/PDD/categoryTemplate/getCategoryTemp');
    expect(all.status).toBe(200);
    expect(all.data.list.map((p: { productType: string }) => p.productType)).toEqual(
      expect.arrayContaining(['HAIRBAND', 'SHIRT', 'DRINKING_CUP', 'TOY_FIGURE']),
    );
    const jp = await call(t.app, worker, 'GET', '/PDD/categoryTemplate/getCategoryTemp?marketplace=ja');
    const jpTypes = jp.data.list.map((p: { productType: string }) => p.productType);
    expect(jpTypes).toContain('SHIRT');
    expect(jpTypes).not.toContain('HAIRBAND');
    const bad = await call(t.app, worker, 'GET', '/PDD/categoryTemplate/getCategoryTemp?marketplace=zz');
    expect(bad).toMatchObject({ http: 400, msg: '不支持的站点: zz' });
  });

  it('getProductType searches by keyword (name or Chinese) and marketplace', async () => {
    const r = await call(
      t.app,
      worker,
      'GET',
      `/PDD/categoryTemplate/getProductType?keyword=${encodeURIComponent('衬衫')}`,
    );
    expect(r.data.productTypes).toHaveLength(1);
    expect(r.data.productTypes[0]).toMatchObject({
      productType: 'SHIRT',
      marketplaceIds: expect.arrayContaining(['ATVPDKIKX0DER']),
    });
    const cup = await call(
      t.app,
      worker,
      'GET',
      '/PDD/categoryTemplate/getProductType?keyword=drinking%20cup&marketplace=fr',
    );
    expect(cup.data.productTypes).toHaveLength(0);
    const cupDe = await call(t.app, worker, 'GET', '/PDD/categoryTemplate/getProductType?keyword=cup&marketplace=de');
    expect(cupDe.data.productTypes.map((p: { productType: string }) => p.productType)).toEqual(['DRINKING_CUP']);
  });

  it('getProductType finds the offline templates by Amazon name, marked offline', async () => {
    const r = await call(t.app, worker, 'GET', '/PDD/categoryTemplate/getProductType?keyword=STORAGE');
    expect(r.data.productTypes.map((p: { productType: string }) => p.productType)).toEqual([
      'STORAGE_BOX',
      'STORAGE_BASKET',
      'FOOD_STORAGE_CONTAINER',
    ]);
    expect(r.data.productTypes[0]).toMatchObject({ displayName: '收纳盒', offline: true });
    const zh = await call(
      t.app,
      worker,
      'GET',
      `/PDD/categoryTemplate/getProductType?keyword=${encodeURIComponent('手机壳')}`,
    );
    expect(zh.data.productTypes.map((p: { productType: string }) => p.productType)).toEqual(['CELLULAR_PHONE_CASE']);
    const attrs = await call(
      t.app,
      worker,
      'GET',
      '/PDD/categoryTemplate/getTempAttr?productType=STORAGE_BOX&marketplace=ja',
    );
    expect(attrs.data).toMatchObject({ productType: 'STORAGE_BOX', offline: true });
    expect(attrs.data.schema.$defs.language_tag.anyOf[1].enum).toEqual(['ja_JP']);
  });

  it('getTempAttr returns the schema and form attributes for the marketplace', async () => {
    const r = await call(t.app, worker, 'GET', '/PDD/categoryTemplate/getTempAttr?productType=HAIRBAND&marketplace=de');
    expect(r.status).toBe(200);
    expect(r.data.marketplace).toEqual({ code: 'de', id: 'A1PA6795UKMFR9', name: 'Amazon.de' });
    expect(r.data.schema.$defs.marketplace_id.anyOf[1].enum).toEqual(['A1PA6795UKMFR9']);
    expect(r.data.schema.$defs.language_tag.anyOf[1].enum).toEqual(['de_DE']);
    expect(r.data.attributes).toHaveLength(117);
    const title = r.data.attributes.find((a: { name: string }) => a.name === 'item_name');
    expect(title).toMatchObject({ label: '标题', required: true, maxValues: 1 });
    expect(title.fields).toEqual([
      expect.objectContaining({ path: 'value', label: '商品名称', type: 'string', maxLength: 200 }),
    ]);
    const gender = r.data.attributes.find((a: { name: string }) => a.name === 'target_gender');
    expect(gender.fields[0].enum).toEqual([
      { value: 'female', name: '女性' },
      { value: 'male', name: '男性' },
      { value: 'unisex', name: '通用' },
    ]);
    const dims = r.data.attributes.find((a: { name: string }) => a.name === 'item_dimensions');
    expect(dims.fields.map((f: { path: string }) => f.path)).toContain('height.unit');
    const price = r.data.attributes.find((a: { name: string }) => a.name === 'list_price');
    expect(price.fields.find((f: { path: string }) => f.path === 'currency').enum).toEqual([
      { value: 'EUR', name: 'EUR' },
    ]);
  });

  it('getTempAttr: unknown type 404, type not offered in the marketplace 404, missing type 400', async () => {
    expect(await call(t.app, worker, 'GET', '/PDD/categoryTemplate/getTempAttr?productType=NOPE')).toMatchObject({
      http: 404,
      msg: '产品类型不存在',
    });
    const jp = await call(
      t.app,
      worker,
      'GET',
      '/PDD/categoryTemplate/getTempAttr?productType=HAIRBAND&marketplace=ja',
    );
    expect(jp).toMatchObject({ http: 404, msg: '产品类型 HAIRBAND 在站点 Amazon.co.jp 不可用' });
    expect(await call(t.app, worker, 'GET', '/PDD/categoryTemplate/getTempAttr')).toMatchObject({
      http: 400,
      msg: '请选择产品类型',
    });
  });

  it('buyers and traders are refused', async () => {
    for (const s of [buyer, trader]) {
      for (const url of ['getCategoryTemp', 'getProductType', 'getTempAttr?productType=SHIRT']) {
        expect((await call(t.app, s, 'GET', `/PDD/categoryTemplate/${url}`)).http).toBe(403);
      }
    }
  });
});

describe('validateExtraAttrs against the real HAIRBAND schema', () => {
  it('accepts valid attributes and fills marketplace id and language tag', () => {
    const r = validateExtraAttrs('HAIRBAND', 'us', {
      color: [{ value: '红色', standardized_values: ['紅色'] }],
      target_gender: [{ value: 'female' }],
      item_package_quantity: [{ value: 2 }],
      item_weight: [{ value: 0.05, unit: 'kilograms' }],
    });
    expect(r.ok).toBe(true);
    expect(r.errors).toEqual([]);
    expect(r.attrs.color).toEqual([
      { value: '红色', standardized_values: ['紅色'], marketplace_id: 'ATVPDKIKX0DER', language_tag: 'en_US' },
    ]);
    expect(r.missing).toEqual(
      expect.arrayContaining([
        { name: 'brand', label: '品牌' },
        { name: 'item_name', label: '标题' },
      ]),
    );
  });

  it('reports per-field Chinese messages', () => {
    const r = validateExtraAttrs('HAIRBAND', 'us', {
      item_name: [{ value: 'x'.repeat(201) }],
      target_gender: [{ value: 'robot' }],
      item_package_quantity: [{ value: '3' }],
      item_weight: [{ value: 1 }],
      bogus: [{ value: 1 }],
    });
    expect(r.ok).toBe(false);
    const byField = Object.fromEntries(r.errors.map((e) => [e.field, e.message]));
    expect(byField['item_name[0].value']).toBe('标题·商品名称不能超过200个字符');
    expect(byField['target_gender[0].value']).toBe('适用性别·目标性别的值不在可选范围内');
    expect(byField['item_package_quantity[0].value']).toBe('包装内物品数量·成套产品数量类型不正确,应为整数');
    expect(byField['item_weight[0]']).toBe('商品重量缺少必填项: 商品重量单位');
    expect(byField.bogus).toBe('不支持的属性: bogus');
  });

  it('checks maxUtf8ByteLength and Amazon unique-item limits', () => {
    // model_number: at most 40 characters and 40 UTF-8 bytes; 14 CJK characters are 42 bytes.
    const bytes = validateExtraAttrs('HAIRBAND', 'us', { model_number: [{ value: '型'.repeat(14) }] });
    expect(bytes.errors).toHaveLength(1);
    expect(bytes.errors[0]).toMatchObject({ attr: 'model_number', field: 'model_number[0].value' });
    expect(bytes.errors[0]!.message).toMatch(/^型号.*不能超过40字节\(UTF-8\)$/);
    expect(validateExtraAttrs('HAIRBAND', 'us', { model_number: [{ value: '型'.repeat(13) }] }).ok).toBe(true);
    // item_name: one title per marketplace and language.
    const two = validateExtraAttrs('HAIRBAND', 'us', { item_name: [{ value: 'a' }, { value: 'b' }] });
    expect(two.errors.map((e) => e.message)).toEqual(['标题每个站点/语言最多填写1个不同的值']);
    const twoLangs = validateExtraAttrs('HAIRBAND', 'us', {
      item_name: [{ value: 'a' }, { value: 'b', language_tag: 'de_DE' }],
    });
    // One title per language is fine (the schema allows any language tag string).
    expect(twoLangs.ok).toBe(true);
  });

  it('validates against the marketplace copy and refuses unknown types or shapes', () => {
    const us = validateExtraAttrs('HAIRBAND', 'us', { list_price: [{ value: 9.99, currency: 'EUR' }] });
    expect(us.ok).toBe(false);
    const de = validateExtraAttrs('HAIRBAND', 'de', { list_price: [{ value: 9.99, currency: 'EUR' }] });
    expect(de.ok).toBe(true);
    expect(() => validateExtraAttrs('HAIRBAND', 'ja', {})).toThrow('产品类型 HAIRBAND 在站点 Amazon.co.jp 不可用');
    expect(() => validateExtraAttrs('HAIRBAND', 'us', [])).toThrow('扩展属性格式不正确');
  });

  it('prices with cents pass multipleOf 0.01 despite floating point; a third decimal does not', () => {
    // 19.99 / 0.01 is 1998.9999999999998 in floating point.
    for (const value of [19.99, 0.07, 33.33, 1234.56, 5]) {
      const r = validateExtraAttrs('HAIRBAND', 'us', { list_price: [{ value, currency: 'USD' }] });
      expect(r.errors, String(value)).toEqual([]);
    }
    const bad = validateExtraAttrs('HAIRBAND', 'us', { list_price: [{ value: 19.995, currency: 'USD' }] });
    expect(bad.errors).toEqual([
      { attr: 'list_price', field: 'list_price[0].value', message: '不含税价目表必须是0.01的整数倍' },
    ]);
  });
});

describe('templates once a shop is bound (issue 14 §2)', () => {
  it("offer the shop's Amazon list and definitions, check saves against them, and stay offline for a tenant without a shop", async () => {
    const main = await buildTenant(t.db);
    const admin = await signIn(t.app, main.account, TEST_PASSWORD);
    const types = async (s: Session, m: string) =>
      (await call(t.app, s, 'GET', `/PDD/categoryTemplate/getCategoryTemp?marketplace=${m}`)).data.list as {
        productType: string;
        offline: boolean;
      }[];
    // Before binding: the shipped set only, offline.
    const before = await types(admin, 'de');
    expect(before.map((p) => p.productType)).not.toContain('HAIR_CLIP');
    expect(before.every((p) => p.offline)).toBe(true);

    await bindSandboxShop(t.app, admin, '模板店');
    const after = await types(admin, 'de');
    // Amazon (the sandbox's simulator) lists more than the console ships; its types are not offline.
    expect(after.find((p) => p.productType === 'HAIR_CLIP')).toMatchObject({ offline: false });
    expect(after.find((p) => p.productType === 'HAIRBAND')).toMatchObject({ offline: false });
    // A marketplace the shop does not sell in stays offline.
    expect((await types(admin, 'us')).map((p) => p.productType)).not.toContain('HAIR_CLIP');
    const found = await call(t.app, admin, 'GET', '/PDD/categoryTemplate/getProductType?keyword=clip&marketplace=de');
    expect(found.data.productTypes.map((p: { productType: string }) => p.productType)).toEqual(['HAIR_CLIP']);

    const attr = await call(
      t.app,
      admin,
      'GET',
      '/PDD/categoryTemplate/getTempAttr?productType=HAIR_CLIP&marketplace=de',
    );
    expect(attr.status, attr.msg).toBe(200);
    expect(attr.data).toMatchObject({ productType: 'HAIR_CLIP', offline: false });
    expect(attr.data.attributes.length).toBeGreaterThan(10);

    // The save checks against the same definition: valid passes, a wrong currency is refused.
    const template = { product_type: 'HAIR_CLIP', marketplace: 'de' };
    const save = (extraAttrs: Record<string, unknown>) =>
      call(t.app, admin, 'POST', '/PDD/amazon-user/insertGoods_v2', {
        goodsData: { commonData: { descs: [{ key: 'de', title: 'Haarspange' }] }, template, extraAttrs },
      });
    expect((await save({ list_price: [{ value: 9.99, currency: 'EUR' }] })).status).toBe(200);
    const wrong = await save({ list_price: [{ value: 9.99, currency: 'USD' }] });
    expect(wrong.http).toBe(400);

    // Another tenant without a shop: the Amazon-only type does not exist for it.
    const other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
    const missing = await call(
      t.app,
      other,
      'GET',
      '/PDD/categoryTemplate/getTempAttr?productType=HAIR_CLIP&marketplace=de',
    );
    expect(missing).toMatchObject({ http: 404, msg: '产品类型不存在' });
    const refused = await call(t.app, other, 'POST', '/PDD/amazon-user/insertGoods_v2', {
      goodsData: { commonData: { descs: [{ key: 'de', title: 'x' }] }, template, extraAttrs: {} },
    });
    expect(refused).toMatchObject({ http: 400, msg: '产品类型不存在' });
  });
});

describe('the product type picker follows the shops (issue 28 §4)', () => {
  it("answers the marketplaces of the tenant's shops, searches Amazon's whole list through the sandbox shop, and says when the list is only the offline one", async () => {
    const tenant = await buildTenant(t.db);
    const s = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const temp = (q: string) => call(t.app, s, 'GET', `/PDD/categoryTemplate/getCategoryTemp${q}`);
    const search = (keyword: string, m: string) =>
      call(
        t.app,
        s,
        'GET',
        `/PDD/categoryTemplate/getProductType?keyword=${encodeURIComponent(keyword)}&marketplace=${m}`,
      );
    const names = (list: { productType: string }[]) => list.map((p) => p.productType);

    // No shop: the shipped list, marked offline, and no shop marketplace to open on.
    const none = await temp('?marketplace=en');
    expect(none.data).toMatchObject({ source: 'offline', shop: null, shopMarketplaces: [] });
    expect(names(none.data.list)).not.toContain('HAIR_CLIP');
    expect((await search('发夹', 'en')).data).toMatchObject({ productTypes: [], source: 'offline' });

    // A sandbox shop in Europe: the picker opens on its first marketplace (the UK), not Amazon.com.
    await bindSandboxShop(t.app, s, '欧洲店');
    const all = await temp('');
    expect(all.data.shopMarketplaces[0]).toBe('en');
    expect(all.data.shopMarketplaces).toEqual(expect.arrayContaining(['en', 'de', 'fr']));
    // Only marketplaces templates exist for (Italy and Spain have none yet).
    expect(all.data.shopMarketplaces).not.toContain('it');

    const { sim } = await sandbox(t.deps.config, t.deps.db);
    const searches = () => sim.counters.requests.get('searchDefinitionsProductTypes') ?? 0;
    const before = searches();
    const en = await temp('?marketplace=en');
    expect(en.data).toMatchObject({ source: 'amazon', shop: '欧洲店' });
    expect(en.data.list.find((p: { productType: string }) => p.productType === 'HAIR_CLIP')).toMatchObject({
      offline: false,
      displayName: '发夹',
    });
    // A keyword search is Amazon's (through the shop's client), by Chinese name or words of the name.
    const byName = await search('发夹', 'en');
    expect(byName.data).toMatchObject({ source: 'amazon', shop: '欧洲店' });
    expect(names(byName.data.productTypes)).toEqual(['HAIR_CLIP']);
    expect(names((await search('hair clip', 'en')).data.productTypes)).toEqual(['HAIR_CLIP']);
    expect(searches()).toBeGreaterThan(before);
    // A marketplace the shop does not sell in stays offline.
    expect((await temp('?marketplace=us')).data).toMatchObject({ source: 'offline', shop: null });
  });

  it('names item_type_keyword 商品类型关键词, apart from the product type itself', async () => {
    const attr = await call(t.app, worker, 'GET', '/PDD/categoryTemplate/getTempAttr?productType=HOME&marketplace=de');
    expect(attr.status, attr.msg).toBe(200);
    expect(attr.data.schema.properties.item_type_keyword.title).toBe('商品类型关键词');
    expect(attr.data.attributes.find((a: { name: string }) => a.name === 'item_type_keyword').label).toBe(
      '商品类型关键词',
    );
  });
});
