import { beforeAll, describe, expect, it } from 'vitest';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';

const t = useTestApp();
let admin: Session;
let worker: Session;
let otherAdmin: Session;
let buyer: Session;

beforeAll(async () => {
  const tenant = await buildTenant(t.db);
  admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  worker = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 2 })).account, TEST_PASSWORD);
  buyer = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 3 })).account, TEST_PASSWORD);
  otherAdmin = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
});

describe('search-terms library', () => {
  let id: number;

  it('adds entries for the 8 countries only', async () => {
    const r = await call(t.app, worker, 'POST', '/PDD/goods/search-terms/create', {
      country: 'de',
      name: '发带',
      terms: 'haarband damen stirnband',
    });
    expect(r).toMatchObject({ status: 200, data: { country: 'de', bytes: 24, version: 1 } });
    id = r.data.id;
    for (const country of ['en', 'fr', 'it', 'es', 'nl', 'ja', 'pl']) {
      expect(
        (await call(t.app, worker, 'POST', '/PDD/goods/search-terms/create', { country, name: 'n', terms: 'x' }))
          .status,
      ).toBe(200);
    }
    const us = await call(t.app, worker, 'POST', '/PDD/goods/search-terms/create', {
      country: 'us',
      name: 'n',
      terms: 'x',
    });
    expect(us).toMatchObject({ http: 400, msg: '国家 us 不支持添加搜索词,仅支持: en, fr, de, it, es, nl, ja, pl' });
  });

  it('checks the 249-byte UTF-8 limit and other input', async () => {
    const ok249 = await call(t.app, worker, 'POST', '/PDD/goods/search-terms/create', {
      country: 'ja',
      name: 'ja',
      terms: `${'あ'.repeat(83)}`,
    });
    expect(ok249).toMatchObject({ status: 200, data: { bytes: 249 } });
    const cases: [unknown, string][] = [
      [{ country: 'ja', name: 'ja', terms: `${'あ'.repeat(83)}a` }, '搜索词不能超过249字节(UTF-8)'],
      [{ country: 'de', name: 'n', terms: '   ' }, '请填写搜索词'],
      [{ name: 'n', terms: 'x' }, '请选择国家'],
      [{ country: 'de', terms: 'x' }, '请填写该字段'],
    ];
    for (const [body, msg] of cases) {
      expect(await call(t.app, worker, 'POST', '/PDD/goods/search-terms/create', body)).toMatchObject({
        http: 400,
        msg,
      });
    }
  });

  it('lists by country and keyword; gets one', async () => {
    const de = await call(t.app, admin, 'GET', '/PDD/goods/search-terms/list?country=de&keyword=stirn');
    expect(de.data.list.map((e: { id: number }) => e.id)).toEqual([id]);
    expect((await call(t.app, admin, 'GET', '/PDD/goods/search-terms/list')).data.total).toBe(9);
    const got = await call(t.app, admin, 'GET', `/PDD/goods/search-terms/get?id=${id}`);
    expect(got.data).toMatchObject({ id, name: '发带', terms: 'haarband damen stirnband' });
  });

  it('updates with the version; stale 409; moving to a country outside the 8 is refused', async () => {
    const r = await call(t.app, admin, 'POST', '/PDD/goods/search-terms/update', { id, version: 1, terms: 'haarreif' });
    expect(r).toMatchObject({ status: 200, data: { terms: 'haarreif', version: 2 } });
    const stale = await call(t.app, worker, 'POST', '/PDD/goods/search-terms/update', { id, version: 1, terms: 'alt' });
    expect(stale).toMatchObject({ http: 409, msg: '数据已被他人修改,请刷新后重试', data: { code: 'STALE_VERSION' } });
    const moved = await call(t.app, worker, 'POST', '/PDD/goods/search-terms/update', {
      id,
      version: 2,
      country: 'br',
    });
    expect(moved).toMatchObject({ http: 400 });
    const tooLong = await call(t.app, worker, 'POST', '/PDD/goods/search-terms/update', {
      id,
      version: 2,
      terms: 'x'.repeat(250),
    });
    expect(tooLong).toMatchObject({ http: 400, msg: '搜索词不能超过249字节(UTF-8)' });
    const row = await t.db.selectFrom('goods_search_terms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ terms: 'haarreif', country: 'de', version: 2 });
  });

  it('another tenant’s ids are 404 and nothing changes; buyers are refused; delete works', async () => {
    expect(await call(t.app, otherAdmin, 'GET', `/PDD/goods/search-terms/get?id=${id}`)).toMatchObject({
      http: 404,
      msg: '搜索词不存在',
    });
    expect(
      await call(t.app, otherAdmin, 'POST', '/PDD/goods/search-terms/update', { id, version: 2, terms: 'x' }),
    ).toMatchObject({ http: 404 });
    expect(await call(t.app, otherAdmin, 'POST', '/PDD/goods/search-terms/delete', { ids: [id] })).toMatchObject({
      http: 404,
    });
    expect((await call(t.app, buyer, 'GET', '/PDD/goods/search-terms/list')).http).toBe(403);
    expect((await call(t.app, buyer, 'POST', '/PDD/goods/search-terms/create', {})).http).toBe(403);
    const row = await t.db.selectFrom('goods_search_terms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ terms: 'haarreif', version: 2 });
    expect(await call(t.app, admin, 'POST', '/PDD/goods/search-terms/delete', { ids: [id] })).toMatchObject({
      status: 200,
      data: { deleted: 1 },
    });
    const log = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('action', 'like', 'goods.searchTerms.%')
      .execute();
    expect(log.map((l) => l.action).filter((x) => x !== 'goods.searchTerms.create')).toEqual([
      'goods.searchTerms.update',
      'goods.searchTerms.delete',
    ]);
  });
});
