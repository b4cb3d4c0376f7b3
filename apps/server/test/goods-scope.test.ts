import type { GoodsScope } from '@console/shared/permissions/can';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { startExportJob } from '../src/modules/goods/goods-export.service.js';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';
import { idFields } from './support/request-fields.js';

// Issue 13 §5: data scope of the product library and the library settings per child account.
const t = useTestApp();
const G = '/PDD/amazon-user';
const OUT_OF_SCOPE = '不在您的数据范围内';

/** How to call a route on one product by id (`id` is the product under test; `own` one in reach). */
type GoodsCall = (id: number, own: number) => { query?: Record<string, string | number>; body?: unknown };

/** Every route that reads or changes products by id: a product out of reach must be refused as a whole. */
const GOODS_ID_ROUTES: Record<string, GoodsCall> = {
  [`GET ${G}/getProduct`]: (id) => ({ query: { id } }),
  [`POST ${G}/insertGoods_v2`]: (id) => ({
    body: { id, version: 1, goodsData: { commonData: { descs: [{ key: 'en', title: 'taken over' }] } } },
  }),
  [`POST ${G}/assignProductEan`]: (id) => ({ body: { id, version: 1 } }),
  [`POST ${G}/delGoodsMutl`]: (id, own) => ({ body: { ids: [own, id], is_delete: 1 } }),
  [`POST ${G}/setGoodsStatus`]: (id, own) => ({ body: { ids: [own, id], status: 'hasAudit' } }),
  [`POST ${G}/copyOneBenRenProduct`]: (id) => ({ body: { id } }),
  [`POST ${G}/batchCopyGoods`]: (id, own) => ({ body: { ids: [own, id] } }),
  [`POST ${G}/batchUpdate2`]: (id, own) => ({ body: { ids: [own, id], fields: { remark: 'batch' } } }),
  [`POST ${G}/batchUpdateEnTitle`]: (id, own) => ({ body: { ids: [own, id], find: 'Product', replace: 'X' } }),
  [`POST ${G}/exportSelectTableData`]: (id, own) => ({ body: { ids: [own, id] } }),
  [`POST ${G}/downZlibImgs`]: (id) => ({ body: { id } }),
  'POST /PDD/goods/getCopyFields': (id) => ({ body: { id, langs: ['en'] } }),
  'POST /PDD/goods/getOneBaseInfoLinkUrl': (id) => ({ body: { id } }),
  'POST /PDD/claim/publish': (id, own) => ({ body: { ids: [own, id], claimable: true } }),
  'POST /PDD/transfer/translateGoods': (id, own) => ({ body: { ids: [own, id], from: 'en', to: ['de'] } }),
  // The products are checked against the scope before the profile is looked up.
  'POST /PDD/gpsr/apply': (id, own) => ({ body: { profile_id: 1, marketplaces: ['de'], ids: [own, id] } }),
  'POST /PDD/gpsr/remove': (id, own) => ({ body: { marketplaces: ['de'], ids: [own, id] } }),
};

/** Goods-library routes with id fields that name no product of the caller's library, and why. */
const NOT_PRODUCT_IDS: Record<string, string> = {
  [`GET ${G}/productList`]: 'filters (category, creator): the list itself is narrowed to the scope',
  [`GET ${G}/getProductPreviewId`]: 'a position in the scoped list: the neighbour is looked up within reach',
  [`GET ${G}/getProductNextId`]: 'a position in the scoped list: the neighbour is looked up within reach',
  [`GET ${G}/exportJob`]: 'a job id: a scoped account reads only its own jobs',
  [`GET ${G}/exportJob/download`]: 'a job id: a scoped account reads only its own jobs',
  'GET /PDD/transfer/translateJob': 'a job id: a scoped account reads only its own jobs',
  'POST /PDD/claim/claimGoods': "a product the platform publishes; the copy is the claimer's own",
  'GET /PDD/goods/points/get': 'a bullet-point template (tenant library data)',
  'POST /PDD/goods/points/update': 'a bullet-point template',
  'POST /PDD/goods/points/delete': 'bullet-point templates',
  'GET /PDD/goods/search-terms/get': 'a search-terms template',
  'POST /PDD/goods/search-terms/update': 'a search-terms template',
  'POST /PDD/goods/search-terms/delete': 'search-terms templates',
  'POST /PDD/goods/category/create': 'a parent category',
  'POST /PDD/goods/category/update': 'a category',
  'POST /PDD/goods/category/delete': 'a category',
  'POST /PDD/goods/ean/delete': 'EAN codes of the pool',
  'POST /PDD/goods/sensitive/delete': 'sensitive words',
  'GET /PDD/gpsr/profile/get': 'a GPSR compliance profile (tenant library data)',
  'POST /PDD/gpsr/profile/update': 'a GPSR compliance profile',
  'POST /PDD/gpsr/profile/delete': 'GPSR compliance profiles',
};

const GOODS_ACCESS = new Set(['goods.operate', 'goods.audit', 'goods.batchCopy', 'platform.internal']);

let admin: UserRow;
let leader: UserRow;
let w1: UserRow;
let w2: UserRow;
let loner: UserRow;
/** One product per creator. */
const p: Record<'admin' | 'leader' | 'w1' | 'w2' | 'loner', number> = { admin: 0, leader: 0, w1: 0, w2: 0, loner: 0 };
let adminS: Session;

const product = async (creator: UserRow, title: string) =>
  Number((await buildGoods(t.db, admin, { creatorId: creator.id, commonData: { descs: [{ key: 'en', title }] } })).id);

/** Sets a child's product access through the member API, as the company admin. */
async function setAccess(u: UserRow, fields: Record<string, unknown>) {
  const r = await call(t.app, adminS, 'POST', `${G}/updateChildAccount`, { uid: u.id, ...fields });
  expect(r.status, r.msg).toBe(200);
  return r.data;
}

/** A snapshot of every product row (to show a refused call changed nothing). */
const goodsRows = async () =>
  JSON.stringify(await t.db.selectFrom('goods').selectAll().where('tenant_id', '=', admin.id).orderBy('id').execute());

beforeAll(async () => {
  // The first account is the platform operator (internalIds [1]): its workers may also publish for claiming.
  admin = await buildTenant(t.db, { max_child: 20 });
  expect(admin.id).toBe(1);
  leader = await buildUser(t.db, admin, { auth: 1 });
  w1 = await buildUser(t.db, admin, { auth: 2 });
  w2 = await buildUser(t.db, admin, { auth: 2 });
  loner = await buildUser(t.db, admin, { auth: 2 });
  adminS = await signIn(t.app, admin.account, TEST_PASSWORD, 'bearer');
  await setAccess(w1, { leader_id: leader.id });
  await setAccess(w2, { leader_id: leader.id });
  p.admin = await product(admin, 'Product admin');
  p.leader = await product(leader, 'Product leader');
  p.w1 = await product(w1, 'Product w1');
  p.w2 = await product(w2, 'Product w2');
  p.loner = await product(loner, 'Product loner');
});

describe('data scope: lists, counts and calls by id', () => {
  const reach: Record<GoodsScope, (keyof typeof p)[]> = {
    own: ['w1'],
    group: ['leader', 'w1', 'w2'],
    all: ['admin', 'leader', 'w1', 'w2', 'loner'],
  };

  it('a new child sees every product (the behaviour before); user info says so', async () => {
    const s = await signIn(t.app, w1.account, TEST_PASSWORD, 'bearer');
    const info = await call(t.app, s, 'POST', `${G}/getUserInfo`, {});
    expect(info.data).toMatchObject({ goods_scope: 'all' });
    expect(info.data.library_perms).toHaveLength(6);
    expect((await call(t.app, s, 'GET', `${G}/productList`)).data.total).toBe(5);
  });

  for (const scope of ['own', 'group', 'all'] as const) {
    it(`scope ${scope}: the worker's list, counts, home page and creator filter hold only its reach; by id it reads those and is refused the others`, async () => {
      await setAccess(w1, { goods_scope: scope });
      const s = await signIn(t.app, w1.account, TEST_PASSWORD, 'bearer');
      const expected = reach[scope].map((k) => p[k]).sort((a, b) => b - a);
      const listed = await call(t.app, s, 'GET', `${G}/productList`);
      expect(listed.status, listed.msg).toBe(200);
      const list = listed.data;
      expect(list.list.map((r: { id: number }) => r.id)).toEqual(expected);
      expect(list.total).toBe(expected.length);
      expect(list.counts).toMatchObject({ all: expected.length, willAudit: expected.length });
      const keyword = (await call(t.app, s, 'GET', `${G}/productList?keyword=product`)).data;
      expect(keyword.total).toBe(expected.length);
      const overview = (await call(t.app, s, 'GET', '/PDD/goods/overview')).data;
      expect(overview.counts.all).toBe(expected.length);
      expect(overview.recent.map((r: { id: number }) => r.id)).toEqual(expected);
      const creators = (await call(t.app, s, 'GET', `${G}/goodsCreators`)).data.map((c: { id: number }) => c.id);
      const creatorOf = { admin, leader, w1, w2, loner };
      expect(creators.sort()).toEqual(reach[scope].map((k) => creatorOf[k].id).sort());

      for (const [key, id] of Object.entries(p)) {
        const r = await call(t.app, s, 'GET', `${G}/getProduct?id=${id}`);
        if (reach[scope].includes(key as keyof typeof p)) expect(r.status, key).toBe(200);
        else {
          expect(r.http, key).toBe(403);
          expect(r.msg).toBe(
            `该商品不在您的数据范围内(${{ own: '仅本人商品', group: '本组商品', all: '' }[scope]}),无权查看或操作`,
          );
        }
      }

      // A batch edit by filter changes exactly what the worker sees.
      const before = await t.db.selectFrom('goods').select(['id', 'version']).orderBy('id').execute();
      const edit = await call(t.app, s, 'POST', `${G}/batchUpdate2`, { filter: {}, fields: { remark: scope } });
      expect(edit.data.affected).toBe(expected.length);
      const after = await t.db.selectFrom('goods').select(['id', 'version']).orderBy('id').execute();
      const changed = after.filter((r, i) => r.version !== before[i]!.version).map((r) => Number(r.id));
      expect(changed.sort((a, b) => b - a)).toEqual(expected);
    });
  }

  it('a group leader with group scope sees its group; an account in no group sees its own', async () => {
    await setAccess(leader, { goods_scope: 'group' });
    await setAccess(loner, { goods_scope: 'group' });
    const ls = await signIn(t.app, leader.account, TEST_PASSWORD, 'bearer');
    const ids = (await call(t.app, ls, 'GET', `${G}/productList`)).data.list.map((r: { id: number }) => r.id);
    expect(ids).toEqual([p.w2, p.w1, p.leader]);
    // It reviews its group's products, not the admin's.
    const audit = (ids: number[]) => call(t.app, ls, 'POST', `${G}/setGoodsStatus`, { ids, status: 'useless' });
    expect((await audit([p.w1, p.w2])).data).toMatchObject({ affected: 2 });
    expect(await audit([p.w1, p.admin])).toMatchObject({
      http: 403,
      msg: '所选商品中有1个不在您的数据范围内(本组商品),未执行任何操作',
    });
    const os = await signIn(t.app, loner.account, TEST_PASSWORD, 'bearer');
    expect((await call(t.app, os, 'GET', `${G}/productList`)).data.list.map((r: { id: number }) => r.id)).toEqual([
      p.loner,
    ]);
  });

  it('a change of scope counts on the very next request of a signed-in worker', async () => {
    await setAccess(w1, { goods_scope: 'all' });
    const s = await signIn(t.app, w1.account, TEST_PASSWORD, 'bearer');
    expect((await call(t.app, s, 'GET', `${G}/productList`)).data.total).toBe(5);
    await setAccess(w1, { goods_scope: 'own' });
    expect((await call(t.app, s, 'GET', `${G}/productList`)).data.total).toBe(1);
    expect((await call(t.app, s, 'GET', `${G}/getProduct?id=${p.admin}`)).http).toBe(403);
  });

  it("every route on products by id refuses an own-scope worker the admin's product, the whole batch when ids are mixed, and changes nothing", async () => {
    await setAccess(w1, { goods_scope: 'own' });
    // Audit is a group leader's call (goods.audit): the leader, with own scope, tries it.
    await setAccess(leader, { goods_scope: 'own' });
    const unmapped: string[] = [];
    for (const entry of t.app.routeTable) {
      const key = `${entry.method} ${entry.url}`;
      if (!GOODS_ACCESS.has(entry.access) || idFields(entry).length === 0) continue;
      if (!(key in GOODS_ID_ROUTES) && !(key in NOT_PRODUCT_IDS)) unmapped.push(key);
    }
    expect(unmapped, 'map each in GOODS_ID_ROUTES or NOT_PRODUCT_IDS of goods-scope.test.ts').toEqual([]);

    const failures: string[] = [];
    for (const [key, request] of Object.entries(GOODS_ID_ROUTES)) {
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      const [caller, own] = key.endsWith('/setGoodsStatus') ? [leader, p.leader] : [w1, p.w1];
      const req = request(p.admin, own);
      const qs = req.query ? `?${new URLSearchParams(req.query as Record<string, string>)}` : '';
      const s = await signIn(t.app, caller.account, TEST_PASSWORD, 'bearer');
      const before = await goodsRows();
      const res = await call(t.app, s, method, `${url}${qs}`, req.body);
      if (res.http !== 403 || !res.msg.includes(OUT_OF_SCOPE)) failures.push(`${key}: ${res.http} ${res.msg}`);
      else if (Array.isArray((req.body as { ids?: unknown })?.ids)) {
        expect(res.msg, key).toBe('所选商品中有1个不在您的数据范围内(仅本人商品),未执行任何操作');
        expect(res.data.forbidden_ids, key).toEqual([p.admin]);
      }
      if ((await goodsRows()) !== before) failures.push(`${key}: products changed`);
    }
    expect(failures).toEqual([]);
  });

  it('the same calls on own products still work for an own-scope worker', async () => {
    await setAccess(w1, { goods_scope: 'own' });
    const s = await signIn(t.app, w1.account, TEST_PASSWORD, 'bearer');
    const copy = await call(t.app, s, 'POST', `${G}/copyOneBenRenProduct`, { id: p.w1 });
    expect(copy.status, copy.msg).toBe(200);
    const del = await call(t.app, s, 'POST', `${G}/delGoodsMutl`, { ids: [copy.data.id], is_delete: 1 });
    expect(del.data).toMatchObject({ affected: 1 });
    const next = await call(t.app, s, 'GET', `${G}/getProductNextId?id=${p.admin}`);
    expect(next.data.id).toBe(null);
    const prev = await call(t.app, s, 'GET', `${G}/getProductPreviewId?id=${p.admin}`);
    expect(prev.data.id).toBe(p.w1);
  });

  it("a scoped worker reads only the jobs it started; an all-scope one the tenant's", async () => {
    const actor = { userId: admin.id, tenantId: admin.id, account: admin.account, ip: '', requestId: 'test' };
    const job = await startExportJob(t.deps, t.app.jobs, actor, { ids: [p.admin] }, 1);
    await setAccess(w2, { goods_scope: 'own' });
    const s = await signIn(t.app, w2.account, TEST_PASSWORD, 'bearer');
    for (const url of ['/PDD/jobs/get', `${G}/exportJob`]) {
      expect((await call(t.app, s, 'GET', `${url}?id=${job.job_id}`)).http, url).toBe(404);
    }
    await setAccess(w2, { goods_scope: 'all' });
    expect((await call(t.app, s, 'GET', `/PDD/jobs/get?id=${job.job_id}`)).status).toBe(200);
  });
});

describe('library settings per child account', () => {
  it('by default a worker changes every library setting; withheld ones answer 403 in Chinese, reads stay open', async () => {
    const u = await buildUser(t.db, admin, { auth: 2 });
    let s = await signIn(t.app, u.account, TEST_PASSWORD, 'bearer');
    const cat = await call(t.app, s, 'POST', '/PDD/goods/category/create', { name: '默认可建', parent_id: 0 });
    expect(cat.status, cat.msg).toBe(200);

    const data = await setAccess(u, { library_perms: ['library.points'] });
    expect(data).toMatchObject({ library_perms: ['library.points'], library_perms_custom: true });
    s = await signIn(t.app, u.account, TEST_PASSWORD, 'bearer');
    const info = await call(t.app, s, 'POST', `${G}/getUserInfo`, {});
    expect(info.data.library_perms).toEqual(['library.points']);
    const refusals: [string, unknown, string][] = [
      ['/PDD/goods/category/create', { name: '不可建', parent_id: 0 }, '商品分类'],
      ['/PDD/goods/ean/import', { codes: ['6901234567892'] }, 'EAN库'],
      ['/PDD/goods/sensitive/create', { lang: 'en', words: ['x'] }, '敏感词'],
      ['/PDD/goods/search-terms/create', { country: 'us', name: 'x', terms: 'x' }, '搜索词模板'],
      [`${G}/savePriceInfo`, {}, '价格设置'],
    ];
    for (const [url, body, name] of refusals) {
      const r = await call(t.app, s, 'POST', url, body);
      expect(r, url).toMatchObject({ http: 403, msg: `无权修改${name},请联系主账号管理员开通` });
    }
    expect((await call(t.app, s, 'GET', '/PDD/goods/category/tree')).status).toBe(200);
    expect((await call(t.app, s, 'GET', '/PDD/goods/ean/list')).status).toBe(200);
    const points = await call(t.app, s, 'POST', '/PDD/goods/points/create', { name: '可建', points: { en: ['a'] } });
    expect(points.status, points.msg).toBe(200);

    // Back to the role's defaults.
    expect(await setAccess(u, { library_perms: null })).toMatchObject({ library_perms_custom: false });
    expect((await call(t.app, s, 'POST', `${G}/getUserInfo`, {})).data.library_perms).toHaveLength(6);
  });
});

describe('child-account product access: who may set it and bad input', () => {
  it('refuses a leader that is not a group leader of the tenant, a leader in a group, and unknown scopes', async () => {
    const other = await buildTenant(t.db);
    const otherLeader = await buildUser(t.db, other, { auth: 1 });
    const u = await buildUser(t.db, admin, { auth: 2 });
    const upd = (f: Record<string, unknown>) =>
      call(t.app, adminS, 'POST', `${G}/updateChildAccount`, { uid: u.id, ...f });
    expect(await upd({ leader_id: w2.id })).toMatchObject({ http: 400, msg: '所属组长不存在或不是组长' });
    expect(await upd({ leader_id: otherLeader.id })).toMatchObject({ http: 400, msg: '所属组长不存在或不是组长' });
    expect(await upd({ leader_id: u.id })).toMatchObject({ http: 400, msg: '不能选择自己作为所属组长' });
    expect(await upd({ goods_scope: 'team' })).toMatchObject({
      http: 400,
      msg: '数据范围只能为: 仅本人商品、本组商品、全部商品',
    });
    expect(await upd({ library_perms: ['library.orders'] })).toMatchObject({
      http: 400,
      msg: '可修改的商品库设置不合法',
    });
    const l2 = await buildUser(t.db, admin, { auth: 1 });
    expect(
      await call(t.app, adminS, 'POST', `${G}/updateChildAccount`, { uid: l2.id, leader_id: leader.id }),
    ).toMatchObject({ http: 400, msg: '组长不能再属于其他小组' });
    const created = await call(t.app, adminS, 'POST', `${G}/createChildAccount`, {
      account: `m${Date.now()}`,
      password: 'child-pass',
      auth: 2,
      user_name: '组员',
      goods_scope: 'group',
      leader_id: leader.id,
    });
    expect(created.data).toMatchObject({ goods_scope: 'group', leader_id: leader.id, library_perms_custom: false });
  });

  it('a buyer managing buyers may not set product access', async () => {
    const buyer = await buildUser(t.db, admin, { auth: 3 });
    const s = await signIn(t.app, buyer.account, TEST_PASSWORD, 'bearer');
    const r = await call(t.app, s, 'POST', `${G}/createChildAccount`, {
      account: `b${Date.now()}`,
      password: 'child-pass',
      auth: 3,
      user_name: '采购',
      goods_scope: 'own',
    });
    expect(r).toMatchObject({ http: 403, msg: '无权设置商品数据范围和商品库权限' });
  });

  it('a leader that stops being one, or is deleted, leaves its members in no group (logged)', async () => {
    const l = await buildUser(t.db, admin, { auth: 1 });
    const m = await buildUser(t.db, admin, { auth: 2 });
    await setAccess(m, { leader_id: l.id });
    await setAccess(l, { auth: 2 });
    const row = await t.db.selectFrom('users').select('leader_id').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.leader_id).toBeNull();
    const log = await t.db
      .selectFrom('opera_log')
      .select('summary')
      .where('action', '=', 'account.child.update')
      .where('target_id', '=', String(l.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(log.summary)).toContain('group_members_released');

    const l2 = await buildUser(t.db, admin, { auth: 1 });
    await setAccess(m, { leader_id: l2.id });
    expect((await call(t.app, adminS, 'POST', `${G}/deleteChildAccount`, { uid: l2.id })).status).toBe(200);
    const after = await t.db.selectFrom('users').select('leader_id').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(after.leader_id).toBeNull();
  });

  it('race: joining a group while its leader is demoted never leaves a member pointing at a non-leader', async () => {
    for (let i = 0; i < 5; i++) {
      const l = await buildUser(t.db, admin, { auth: 1 });
      const m = await buildUser(t.db, admin, { auth: 2 });
      const [join, demote] = await Promise.all([
        call(t.app, adminS, 'POST', `${G}/updateChildAccount`, { uid: m.id, leader_id: l.id }),
        call(t.app, adminS, 'POST', `${G}/updateChildAccount`, { uid: l.id, auth: 2 }),
      ]);
      expect(demote.status, demote.msg).toBe(200);
      expect([200, 400]).toContain(join.http);
      const row = await t.db.selectFrom('users').select('leader_id').where('id', '=', m.id).executeTakeFirstOrThrow();
      expect(row.leader_id).toBeNull();
    }
  });
});
