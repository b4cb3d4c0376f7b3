import { beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';

const t = useTestApp();
let a: Session;
let b: Session;
let otherAdmin: Session;
let trader: Session;
let tenantId: number;

beforeAll(async () => {
  const tenant = await buildTenant(t.db);
  tenantId = tenant.id;
  a = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 2 })).account, TEST_PASSWORD);
  b = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 6 })).account, TEST_PASSWORD);
  otherAdmin = await signIn(t.app, (await buildTenant(t.db, { auth: 4 })).account, TEST_PASSWORD);
  trader = await signIn(t.app, (await buildTenant(t.db, { auth: 5 })).account, TEST_PASSWORD);
});

const valid = { name: '发带五点', points: { en: ['Soft', 'Stretchy', '', 'Washable'], de: ['Weich'] } };

describe('bullet-point library', () => {
  let id: number;

  it('creates, gets and lists sets (empty bullets dropped)', async () => {
    const r = await call(t.app, a, 'POST', '/PDD/goods/points/create', valid);
    expect(r).toMatchObject({ status: 200, msg: '添加成功' });
    expect(r.data).toMatchObject({
      name: '发带五点',
      points: { en: ['Soft', 'Stretchy', 'Washable'], de: ['Weich'] },
      version: 1,
    });
    id = r.data.id;
    await call(t.app, a, 'POST', '/PDD/goods/points/create', { name: '衬衫', points: { fr: ['Coton'] } });
    const got = await call(t.app, b, 'GET', `/PDD/goods/points/get?id=${id}`);
    expect(got.data).toEqual(r.data);
    const list = await call(t.app, a, 'GET', '/PDD/goods/points/list?keyword=stretchy');
    expect(list.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.data.list[0].id).toBe(id);
    const paged = await call(t.app, a, 'GET', '/PDD/goods/points/list?pageSize=1&page=2');
    expect(paged.data.list.map((p: { id: number }) => p.id)).toEqual([id]);
    const audits = await t.db.selectFrom('opera_log').select('action').where('tenant_id', '=', tenantId).execute();
    expect(audits.filter((x) => x.action === 'goods.points.create')).toHaveLength(2);
  });

  it('refuses bad input with Chinese messages', async () => {
    const cases: [unknown, string][] = [
      [{ name: '', points: valid.points }, '请填写该字段'],
      [{ name: 'x', points: { en: ['1', '2', '3', '4', '5', '6'] } }, '每种语言最多5条五点描述'],
      [{ name: 'x', points: { en: ['x'.repeat(501)] } }, '每条五点描述不能超过500个字符'],
      [{ name: 'x', points: { xx: ['a'] } }, '语言不支持: xx'],
      [{ name: 'x', points: { en: ['', ' '] } }, '请至少填写一条五点描述'],
      [{ name: 'x', points: valid.points, tenant_id: 1 }, '不支持的字段: tenant_id'],
    ];
    for (const [body, msg] of cases) {
      expect(await call(t.app, a, 'POST', '/PDD/goods/points/create', body)).toMatchObject({ http: 400, msg });
    }
    expect(await call(t.app, a, 'GET', '/PDD/goods/points/get?id=abc')).toMatchObject({
      http: 400,
      msg: 'ID必须为数字',
    });
    expect(await call(t.app, a, 'POST', '/PDD/goods/points/update', { id })).toMatchObject({ http: 400 });
  });

  it('updates with the version; a stale save is refused with 409 and changes nothing', async () => {
    const first = await call(t.app, a, 'POST', '/PDD/goods/points/update', { id, version: 1, name: '发带五点 v2' });
    expect(first).toMatchObject({ status: 200, data: { name: '发带五点 v2', version: 2 } });
    const stale = await call(t.app, b, 'POST', '/PDD/goods/points/update', { id, version: 1, points: { en: ['Old'] } });
    expect(stale).toMatchObject({
      http: 409,
      msg: '数据已被他人修改,请刷新后重试',
      data: { code: 'STALE_VERSION', version: 2 },
    });
    const now = await call(t.app, a, 'GET', `/PDD/goods/points/get?id=${id}`);
    expect(now.data).toMatchObject({
      name: '发带五点 v2',
      version: 2,
      points: { en: ['Soft', 'Stretchy', 'Washable'] },
    });
    // Two concurrent saves of the same version: exactly one wins.
    const both = await Promise.all([
      call(t.app, a, 'POST', '/PDD/goods/points/update', { id, version: 2, name: 'A' }),
      call(t.app, b, 'POST', '/PDD/goods/points/update', { id, version: 2, name: 'B' }),
    ]);
    expect(both.map((r) => r.http).sort()).toEqual([200, 409]);
    const log = await t.db.selectFrom('opera_log').selectAll().where('action', '=', 'goods.points.update').execute();
    expect(log).toHaveLength(2);
    expect(log[0]!.summary).toEqual({ before: { name: '发带五点' }, after: { name: '发带五点 v2' } });
  });

  it('another tenant’s ids are 404 on get, update and delete, and nothing changes', async () => {
    expect(await call(t.app, otherAdmin, 'GET', `/PDD/goods/points/get?id=${id}`)).toMatchObject({
      http: 404,
      msg: '五点描述不存在',
    });
    expect(
      await call(t.app, otherAdmin, 'POST', '/PDD/goods/points/update', { id, version: 3, name: 'hack' }),
    ).toMatchObject({ http: 404 });
    expect(await call(t.app, otherAdmin, 'POST', '/PDD/goods/points/delete', { ids: [id] })).toMatchObject({
      http: 404,
    });
    expect((await call(t.app, otherAdmin, 'GET', '/PDD/goods/points/list')).data.total).toBe(0);
    const row = await t.db.selectFrom('goods_points').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.version).toBe(3);
  });

  it('deletes sets; traders are refused', async () => {
    expect((await call(t.app, trader, 'POST', '/PDD/goods/points/delete', { ids: [id] })).http).toBe(403);
    expect((await call(t.app, trader, 'GET', '/PDD/goods/points/list')).http).toBe(403);
    expect(await call(t.app, a, 'POST', '/PDD/goods/points/delete', { ids: [id] })).toMatchObject({
      status: 200,
      data: { deleted: 1 },
    });
    expect(await call(t.app, a, 'GET', `/PDD/goods/points/get?id=${id}`)).toMatchObject({ http: 404 });
  });
});
