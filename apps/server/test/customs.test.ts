import type { Auth } from '@console/shared/constants/roles';
import { convertMoney, minor, toDecimalString } from '@console/shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { hsCodeForGoods } from '../src/modules/customs/customs.service.js';
import { iossForDeclaration } from '../src/modules/customs/ioss.service.js';
import { defaultRates } from '../src/modules/goods/price-settings.service.js';
import { insertCategory } from '../src/modules/goods-library/category.repository.js';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

const t = useTestApp();
let tenant: UserRow;
let admin: Session;
let operator: Session;
let other: Session;
let otherTenant: UserRow;
const sessions = {} as Record<Auth, Session>;
let cat: { parent: number; child: number; other: number };
let goods: { a: number; b: number; other: number };

const hs = {
  hs_code: '6109.10.00.00',
  name_cn: '棉制针织T恤',
  name_en: 'Cotton knitted T-shirt',
  unit: '件',
  value_rule: 'order',
};
const unit = {
  name: '深圳市示例贸易有限公司',
  credit_code: '91440300708461136T',
  address: '广东省深圳市南山区科技园1号',
  contact_name: '张三',
  contact_phone: '13800138000',
};

beforeAll(async () => {
  const op = await buildTenant(t.db); // uid 1: the platform operator (INTERNAL_COMPANY_IDS default 1)
  operator = await signIn(t.app, op.account, TEST_PASSWORD);
  tenant = await buildTenant(t.db);
  admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  sessions[0] = admin;
  for (const auth of [1, 2, 3, 6] as const) {
    sessions[auth] = await signIn(t.app, (await buildUser(t.db, tenant, { auth })).account, TEST_PASSWORD);
  }
  for (const auth of [4, 5] as const) {
    sessions[auth] = await signIn(t.app, (await buildTenant(t.db, { auth })).account, TEST_PASSWORD);
  }
  otherTenant = await buildTenant(t.db);
  other = await signIn(t.app, otherTenant.account, TEST_PASSWORD);
  const parent = await insertCategory(t.db, { tenant_id: tenant.id, parent_id: 0, name: '服装', sort: 0 });
  const child = await insertCategory(t.db, { tenant_id: tenant.id, parent_id: parent.id, name: 'T恤', sort: 0 });
  const foreign = await insertCategory(t.db, { tenant_id: otherTenant.id, parent_id: 0, name: '别家', sort: 0 });
  cat = { parent: Number(parent.id), child: Number(child.id), other: Number(foreign.id) };
  goods = {
    a: Number((await buildGoods(t.db, tenant, { baseInfo: { category_id: cat.child } })).id),
    b: Number((await buildGoods(t.db, tenant)).id),
    other: Number((await buildGoods(t.db, otherTenant)).id),
  };
});

const post = (s: Session, path: string, body: object) => call(t.app, s, 'POST', `/PDD/customs/${path}`, body);
const get = (s: Session, path: string) => call(t.app, s, 'GET', `/PDD/customs/${path}`);

describe('who may do what', () => {
  it('reads for the roles that ship, changes for admins and group leaders, IOSS for the operator only', async () => {
    // auth -> [read, manage]; trader (5), buyer (3) and monitor user (6) have no customs data.
    const expected: Record<Auth, [number, number]> = {
      0: [200, 200],
      1: [200, 200],
      2: [200, 403],
      3: [403, 403],
      4: [200, 200],
      5: [403, 403],
      6: [403, 403],
    };
    const got: Record<string, [number, number, number]> = {};
    for (const [auth, s] of Object.entries(sessions)) {
      const read = await get(s, 'unit/list');
      // An invalid body: a permitted caller gets 400, a refused one 403 before the body is read.
      const write = await post(s, 'unit/create', {});
      const ioss = await get(s, 'ioss');
      got[auth] = [read.http, write.http === 400 ? 200 : write.http, ioss.http];
    }
    expect(got).toEqual(Object.fromEntries(Object.entries(expected).map(([a, [r, w]]) => [a, [r, w, 403]])));
    expect((await get(operator, 'ioss')).http).toBe(200);
  });
});

describe('HS codes', () => {
  let id: number;

  it('creates a code with its names, unit, rule and links; stored as digits', async () => {
    const r = await post(admin, 'hs-code/create', { ...hs, category_ids: [cat.parent], goods_ids: [goods.b] });
    expect(r).toMatchObject({
      status: 200,
      msg: '添加成功',
      data: {
        hs_code: '6109100000',
        name_en: 'Cotton knitted T-shirt',
        value_rule: 'order',
        categories: [{ id: cat.parent, name: '服装' }],
        goods: [{ id: goods.b }],
        version: 1,
      },
    });
    id = r.data.id;
    const list = await get(sessions[2], 'hs-code/list?keyword=6109.10');
    expect(list.data).toMatchObject({ total: 1, list: [{ id }] });
    expect((await get(sessions[2], 'hs-code/list?keyword=T-shirt')).data.total).toBe(1);
  });

  it('resolves a product to its own code, else the nearest linked category up its tree', async () => {
    expect((await hsCodeForGoods(t.deps, tenant.id, goods.a))?.hs_code).toBe('6109100000'); // via 服装 > T恤
    expect((await hsCodeForGoods(t.deps, tenant.id, goods.b))?.hs_code).toBe('6109100000'); // own link
    const fixed = await post(admin, 'hs-code/create', {
      ...hs,
      hs_code: '61091000',
      value_rule: 'fixed',
      value_fixed: '4.50',
      value_currency: 'USD',
      category_ids: [cat.child],
    });
    expect(fixed.data).toMatchObject({ value_fixed: '4.50', value_currency: 'USD', value_ratio: null });
    expect((await hsCodeForGoods(t.deps, tenant.id, goods.a))?.hs_code).toBe('61091000'); // nearer category wins
    expect(await hsCodeForGoods(t.deps, otherTenant.id, goods.a)).toBeUndefined();
  });

  it('refuses bad input with Chinese messages', async () => {
    const bad = async (patch: object) => (await post(admin, 'hs-code/create', { ...hs, ...patch })).msg;
    expect(await bad({ hs_code: '61091' })).toBe('HS编码应为6位、8位或10位数字');
    expect(await bad({ hs_code: '61O910' })).toBe('HS编码只能包含数字(可用点分隔)');
    expect(await bad({ hs_code: '9900000000' })).toBe('HS编码前两位(章号)应在01-97之间且不为77');
    expect(await bad({ hs_code: '' })).toBe('请填写HS编码');
    expect(await bad({ name_en: 'T恤' })).toBe('英文申报品名只能包含英文字母、数字和常用符号');
    expect(await bad({ unit: 'kg' })).toBe('请选择申报单位');
    expect(await bad({ value_rule: 'ratio' })).toBe('请填写申报比例');
    expect(await bad({ value_rule: 'ratio', value_ratio: 120 })).toBe('申报比例应在1-100之间');
    expect(await bad({ value_rule: 'fixed', value_fixed: '4.5', value_currency: 'JPY' })).toBe(
      '固定申报价值: JPY金额不能有小数',
    );
    expect(await bad({ value_rule: 'fixed', value_fixed: '0', value_currency: 'USD' })).toBe('固定申报价值必须大于0');
    const r = await post(admin, 'hs-code/create', { ...hs, hs_code: '6109100000' });
    expect(r).toMatchObject({ http: 409, msg: '海关编码6109100000已存在' });
  });

  it('keeps one code per category or product, and only the tenant’s own', async () => {
    const taken = await post(admin, 'hs-code/create', { ...hs, hs_code: '420292', goods_ids: [goods.b] });
    expect(taken).toMatchObject({ http: 409, msg: `商品(ID ${goods.b})已关联海关编码6109100000,请先从该编码中移除` });
    expect(await post(admin, 'hs-code/create', { ...hs, hs_code: '420292', category_ids: [cat.other] })).toMatchObject({
      http: 404,
      msg: '分类不存在',
    });
    expect(await post(admin, 'hs-code/create', { ...hs, hs_code: '420292', goods_ids: [goods.other] })).toMatchObject({
      http: 404,
      msg: '商品不存在',
    });
    // Nothing of the refused creates was kept.
    expect((await get(admin, 'hs-code/list?keyword=420292')).data.total).toBe(0);
  });

  it('updates with the version read; a stale save is refused', async () => {
    const r = await post(admin, 'hs-code/update', {
      ...hs,
      id,
      version: 1,
      value_rule: 'ratio',
      value_ratio: 60,
      category_ids: [],
      goods_ids: [goods.b],
    });
    expect(r).toMatchObject({
      status: 200,
      data: { value_rule: 'ratio', value_ratio: 60, categories: [], version: 2 },
    });
    const stale = await post(admin, 'hs-code/update', { ...hs, id, version: 1 });
    expect(stale).toMatchObject({ http: 409, data: { code: 'STALE_VERSION', version: 2 } });
    // Two saves of the same version at once: exactly one wins.
    const both = await Promise.all(
      ['A', 'B'].map((n) => post(admin, 'hs-code/update', { ...hs, name_cn: `并发${n}`, id, version: 2 })),
    );
    expect(both.map((b) => b.http).sort()).toEqual([200, 409]);
  });

  it("treats another tenant's ids as missing", async () => {
    expect(await get(other, `hs-code/get?id=${id}`)).toMatchObject({ http: 404, msg: '海关编码不存在' });
    expect(await post(other, 'hs-code/update', { ...hs, id, version: 3 })).toMatchObject({ http: 404 });
    expect(await post(other, 'hs-code/delete', { ids: [id] })).toMatchObject({ http: 404 });
    expect((await get(other, 'hs-code/list')).data.total).toBe(0);
    expect((await get(admin, `hs-code/get?id=${id}`)).data.version).toBe(3);
  });

  it('deletes codes (and their links) with an operation-log entry', async () => {
    const r = await post(admin, 'hs-code/delete', { ids: [id] });
    expect(r).toMatchObject({ status: 200, data: { deleted: 1 } });
    expect(await hsCodeForGoods(t.deps, tenant.id, goods.b)).toBeUndefined();
    const log = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('tenant_id', '=', tenant.id)
      .where('action', 'like', 'customs.%')
      .execute();
    expect(new Set(log.map((l) => l.action))).toEqual(
      new Set(['customs.hsCode.create', 'customs.hsCode.update', 'customs.hsCode.delete']),
    );
  });
});

describe('production and sales units', () => {
  let first: number;

  it('creates records; the first is the default, a new default replaces it', async () => {
    const a = await post(sessions[1], 'unit/create', unit);
    expect(a).toMatchObject({ status: 200, data: { credit_code: '91440300708461136T', is_default: true } });
    first = a.data.id;
    const b = await post(admin, 'unit/create', {
      ...unit,
      name: '北京示例',
      credit_code: '91110000802100433b',
      contact_phone: '010-12345678',
      is_default: true,
    });
    expect(b.data).toMatchObject({ credit_code: '91110000802100433B', is_default: true });
    const list = await get(sessions[2], 'unit/list');
    expect(list.data.list.map((u: { is_default: boolean }) => u.is_default)).toEqual([true, false]);
  });

  it('checks the credit code, the phone and duplicates', async () => {
    const bad = async (patch: object) => (await post(admin, 'unit/create', { ...unit, ...patch })).msg;
    expect(await bad({ credit_code: '91440300708461136X' })).toBe('统一社会信用代码校验位不正确');
    expect(await bad({ credit_code: '9144030070846113' })).toBe('统一社会信用代码应为18位');
    expect(await bad({ credit_code: '' })).toBe('请填写统一社会信用代码');
    expect(await bad({ contact_phone: '12345' })).toBe('联系电话格式不正确(11位手机号或带区号的固定电话)');
    expect(await bad({ name: '' })).toBe('请填写该字段');
    expect(await bad({ extra: 1 })).toMatch(/.+/);
    expect(await post(admin, 'unit/create', unit)).toMatchObject({
      http: 409,
      msg: '统一社会信用代码91440300708461136T已备案',
    });
  });

  it("updates with the version read and treats another tenant's ids as missing", async () => {
    const r = await post(admin, 'unit/update', { ...unit, id: first, version: 2, address: '新地址' });
    expect(r).toMatchObject({ status: 200, data: { address: '新地址', version: 3 } });
    expect(await post(admin, 'unit/update', { ...unit, id: first, version: 2 })).toMatchObject({ http: 409 });
    expect(await get(other, `unit/get?id=${first}`)).toMatchObject({ http: 404, msg: '备案记录不存在' });
    expect(await post(other, 'unit/update', { ...unit, id: first, version: 3 })).toMatchObject({ http: 404 });
    expect(await post(other, 'unit/delete', { ids: [first] })).toMatchObject({ http: 404 });
    expect(await post(admin, 'unit/delete', { ids: [first] })).toMatchObject({ data: { deleted: 1 } });
  });
});

describe("the operator's IOSS number", () => {
  it('is set by the operator with the version read, in the IM format', async () => {
    const before = await get(operator, 'ioss');
    expect(before.data).toMatchObject({ ioss_number: null, version: 0, rates_as_of: defaultRates().as_of });
    expect(await post(operator, 'ioss/update', { ioss_number: 'IM27600001', version: 0 })).toMatchObject({
      http: 400,
      msg: 'IOSS编号应为IM加10位数字,例如IM2760000001',
    });
    const saved = await post(operator, 'ioss/update', { ioss_number: 'im2760000001', version: 0 });
    expect(saved).toMatchObject({ status: 200, data: { ioss_number: 'IM2760000001', version: 1 } });
    expect(await post(operator, 'ioss/update', { ioss_number: 'IM2760000002', version: 0 })).toMatchObject({
      http: 409,
    });
    expect(await post(admin, 'ioss/update', { ioss_number: 'IM2760000002', version: 1 })).toMatchObject({ http: 403 });
  });

  it('goes on EU declarations up to EUR 150.00 inclusive, with the configured dated rates', async () => {
    const check = (country: string, value: string, currency: string) =>
      post(operator, 'ioss/check', { country, value, currency });
    expect((await check('DE', '150.00', 'EUR')).data).toMatchObject({
      applies: true,
      ioss_number: 'IM2760000001',
      value_eur: '150.00',
    });
    expect((await check('fr', '150.01', 'EUR')).data).toMatchObject({ applies: false, reason: 'over_threshold' });
    expect((await check('GB', '10.00', 'EUR')).data).toMatchObject({ applies: false, reason: 'not_eu' });
    // A dollar amount is converted with the deployment's rates, whatever they are today.
    const usd = (await check('IT', '170.00', 'USD')).data;
    const eur = convertMoney(minor(17000), 'USD', 'EUR', defaultRates());
    expect(usd).toMatchObject({ value_eur: toDecimalString(eur, 'EUR'), applies: eur <= 15000 });
    expect(await check('DE', '1.001', 'EUR')).toMatchObject({ http: 400, msg: '货值: 金额最多2位小数' });
    expect(await check('DEU', '1', 'EUR')).toMatchObject({ http: 400, msg: '目的国应为两位国家代码,例如DE' });
    // The entry point of the logistics declaration reads the same setting.
    const d = await iossForDeclaration(t.deps, { country: 'AT', value: minor(14999), currency: 'EUR' });
    expect(d).toMatchObject({ applies: true, iossNumber: 'IM2760000001' });
  });
});
