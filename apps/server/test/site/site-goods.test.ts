import type { Auth } from '@console/shared/constants/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { libraryProduct, makeSite } from './site-goods-support.js';
import { uploadImage } from './site-support.js';

const t = useTestApp();
let tenant: UserRow;
let admin: Session;
let other: Session;
let otherTenant: UserRow;
let picture: string;
const sessions = {} as Record<Auth, Session>;
const G = '/PDD/site/goods';

beforeAll(async () => {
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
  await makeSite(t, admin, { currency: 'USD', languages: ['en', 'de'], default_language: 'en' });
  picture = await uploadImage(t, admin);
});

const body = (over: Record<string, unknown> = {}) => ({
  texts: { en: { title: 'Wool Scarf', description: '<b>Warm</b>', bullets: ['Soft'] }, de: { title: 'Wollschal' } },
  price: 2499,
  compare_at_price: 2999,
  pictures: [picture],
  variations: [{ sku: 'SC-RED', options: { Color: 'Red' }, price: 2599, picture }],
  category_ids: [],
  ...over,
});
const create = (s: Session, over: Record<string, unknown> = {}) => call(t.app, s, 'POST', `${G}/create`, body(over));
const logTexts = async (action: string) => {
  const log = await call(t.app, admin, 'GET', `/PDD/opera-log/list?action=${action}`);
  return (log.data.list as { action: string; text: string }[]).filter((r) => r.action === action).map((r) => r.text);
};

describe('site products (站点商品)', () => {
  it('company and personal admins only; a tenant without a site is told to create one', async () => {
    expect((await call(t.app, admin, 'GET', `${G}/list`)).status).toBe(200);
    for (const auth of [1, 2, 3, 5, 6] as const) {
      expect((await call(t.app, sessions[auth], 'GET', `${G}/list`)).status, `auth ${auth}`).toBe(403);
      expect((await create(sessions[auth])).status, `auth ${auth}`).toBe(403);
    }
    const noSite = await call(t.app, sessions[4], 'GET', `${G}/list`);
    expect(noSite).toMatchObject({ status: 400, msg: '请先在基础设置中创建站点' });
    expect(await create(sessions[4])).toMatchObject({ status: 400, msg: '请先在基础设置中创建站点' });
  });

  it('creates, reads, updates at its version, refuses a stale save and logs sentences', async () => {
    const made = await create(admin);
    expect(made.status, made.msg).toBe(200);
    expect(made.data).toMatchObject({
      slug: 'wool-scarf',
      price: 2499,
      compare_at_price: 2999,
      currency: 'USD',
      pictures: [picture],
      variations: [{ sku: 'SC-RED', options: { Color: 'Red' }, price: 2599, picture }],
      published: false,
      goods_id: null,
      version: 1,
    });
    const id = made.data.id as number;
    expect((await call(t.app, admin, 'GET', `${G}/get?id=${id}`)).data).toEqual(made.data);
    expect((await create(admin)).data.slug).toBe('wool-scarf-2');

    const saved = await call(t.app, admin, 'POST', `${G}/update`, { ...body({ price: 1999 }), id, version: 1 });
    expect(saved.data).toMatchObject({ price: 1999, version: 2 });
    const stale = await call(t.app, admin, 'POST', `${G}/update`, { ...body(), id, version: 1 });
    expect(stale).toMatchObject({ status: 409, data: { code: expect.any(String), version: 2 } });

    const list = await call(t.app, admin, 'GET', `${G}/list?keyword=WOOL&pageSize=10`);
    expect(list.data.total).toBe(2);
    expect(list.data.list[0]).toMatchObject({ title: 'Wool Scarf', picture, variation_count: 1, currency: 'USD' });
    expect((await call(t.app, admin, 'GET', `${G}/list?keyword=sc-red`)).data.total).toBe(2);
    expect((await call(t.app, admin, 'GET', `${G}/list?keyword=100%25`)).data.total).toBe(0);
    expect(await logTexts('site.goods.create')).toContainEqual(expect.stringMatching(/ 添加了站点商品「Wool Scarf」$/));
    expect(await logTexts('site.goods.update')).toEqual([expect.stringMatching(/ 修改了站点商品「Wool Scarf」$/)]);
  });

  it('refuses bad input with a Chinese message', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ sku: `V${i}`, options: {} }));
    const foreign = await uploadImage(t, other);
    const cases: [Record<string, unknown>, string][] = [
      [{ price: -1 }, '价格不能为负数'],
      [{ price: 12.5 }, '价格必须是最小货币单位的整数'],
      [{ price: '12' }, '价格必须为数字'],
      [{ price: 1e12 }, '价格过大'],
      [{ compare_at_price: 2000 }, '原价必须高于售价'],
      [{ variations: many }, '变体最多100个'],
      [{ variations: [{ sku: 'A' }, { sku: 'a' }] }, '变体SKU重复'],
      [{ texts: { en: { title: 'x'.repeat(201) } } }, '标题长度不能大于 200 个字符'],
      [{ texts: { en: { title: 'x', description: 'y'.repeat(10_001) } } }, '描述长度不能大于 10000 个字符'],
      [{ texts: { fr: { title: 'Écharpe' } } }, '站点未启用法语,请先在基础设置中添加该语言'],
      [{ texts: { xx: { title: 'x' } } }, '语言不支持'],
      [{ pictures: ['https://evil.example/x.png'] }, '请先上传图片'],
      [{ pictures: [foreign] }, '图片不存在,请重新上传'],
      [{ category_ids: [987654] }, '分类不存在,请刷新站点分类后重新选择'],
      [{ tenant_id: 1 }, '不支持的字段'],
    ];
    for (const [over, msg] of cases) {
      const res = await create(admin, over);
      expect(res.status, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(res.msg, JSON.stringify(over).slice(0, 80)).toContain(msg);
    }
    const tooMany = await call(t.app, admin, 'POST', `${G}/publish`, {
      ids: Array.from({ length: 201 }, (_, i) => i + 1),
    });
    expect(tooMany).toMatchObject({ status: 400, msg: '一次最多200个商品' });
  });

  it('publishes only complete products, says which and why; concurrent publishes publish each once', async () => {
    const bare = await create(admin, {
      texts: { de: { title: 'Nur Deutsch' } },
      price: 0,
      compare_at_price: null,
      pictures: [],
    });
    const good = await create(admin);
    const refused = await call(t.app, admin, 'POST', `${G}/publish`, { ids: [good.data.id, bare.data.id] });
    expect(refused).toMatchObject({
      status: 400,
      msg: '以下商品不能发布:「Nur Deutsch」缺少英语标题、价格必须大于0、没有图片',
    });
    expect((await call(t.app, admin, 'GET', `${G}/get?id=${good.data.id}`)).data.published).toBe(false);

    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await create(admin)).data.id as number);
    const [a, b] = await Promise.all([
      call(t.app, admin, 'POST', `${G}/publish`, { ids }),
      call(t.app, admin, 'POST', `${G}/publish`, { ids: [...ids].reverse() }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.data.affected + b.data.affected).toBe(4);
    const rows = await t.db
      .selectFrom('site_products')
      .select(['published', 'version'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.map((r) => [r.published, r.version])).toEqual(ids.map(() => [true, 2]));
    expect((await call(t.app, admin, 'GET', `${G}/list?published=1`)).data.total).toBe(4);
    const stillComplete = await call(t.app, admin, 'POST', `${G}/update`, {
      ...body({ pictures: [] }),
      id: ids[0],
      version: 2,
    });
    expect(stillComplete).toMatchObject({ status: 400, msg: '已发布的商品不能保存为不完整的状态(没有图片),请先下线' });
    const down = await call(t.app, admin, 'POST', `${G}/unpublish`, { ids: ids.slice(0, 2) });
    expect(down.data.affected).toBe(2);
    expect(await logTexts('site.goods.publish')).toHaveLength(1);
    expect((await logTexts('site.goods.unpublish'))[0]).toMatch(/ 下线了站点商品「Wool Scarf」、「Wool Scarf」$/);
  });

  it('another tenant’s ids are not found and change nothing', async () => {
    const mine = (await create(admin)).data;
    await makeSite(t, other, { slug: 'other-shop', currency: 'EUR' });
    const otherGoods = await libraryProduct(t, otherTenant, other, { title: 'Other', prices: [] });
    const tries: [string, object][] = [
      ['publish', { ids: [mine.id] }],
      ['unpublish', { ids: [mine.id] }],
      ['delete', { ids: [mine.id] }],
      ['sync', { ids: [mine.id] }],
      ['update', { ...body(), id: mine.id, version: 1 }],
    ];
    for (const [path, b] of tries) {
      const res = await call(t.app, other, 'POST', `${G}/${path}`, b);
      expect(res.status, path).toBe(404);
    }
    expect((await call(t.app, other, 'GET', `${G}/get?id=${mine.id}`)).status).toBe(404);
    expect((await call(t.app, other, 'GET', `${G}/list`)).data.total).toBe(0);
    const imp = await call(t.app, admin, 'POST', `${G}/import`, { goods_ids: [otherGoods], rounding: 'none' });
    expect(imp).toMatchObject({ status: 404, msg: '商品库商品不存在,请刷新后重新选择' });
    expect((await call(t.app, admin, 'GET', `${G}/get?id=${mine.id}`)).data).toEqual(mine);
    const gone = await call(t.app, admin, 'POST', `${G}/delete`, { ids: [mine.id] });
    expect(gone.data).toEqual({ deleted: 1 });
    expect((await call(t.app, admin, 'GET', `${G}/get?id=${mine.id}`)).status).toBe(404);
  });
});
