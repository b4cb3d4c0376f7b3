import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';

const t = useTestApp();
let tenant: UserRow;
let worker: Session;
let otherAdmin: Session;
let buyer: Session;

beforeAll(async () => {
  tenant = await buildTenant(t.db);
  worker = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 2 })).account, TEST_PASSWORD);
  buyer = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 3 })).account, TEST_PASSWORD);
  otherAdmin = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
});

const create = (s: Session, body: object) => call(t.app, s, 'POST', '/PDD/goods/category/create', body);
const update = (s: Session, body: object) => call(t.app, s, 'POST', '/PDD/goods/category/update', body);

describe('own categories', () => {
  const ids: Record<string, number> = {};

  it('creates a tree and lists it nested in sort order', async () => {
    ids.clothes = (await create(worker, { name: '服装', sort: 5 })).data.id;
    ids.home = (await create(worker, { name: '家居', sort: 0 })).data.id;
    ids.shirts = (await create(worker, { name: '衬衫', parent_id: ids.clothes, sort: 1 })).data.id;
    ids.tees = (await create(worker, { name: 'T恤', parent_id: ids.clothes, sort: 0 })).data.id;
    const tree = await call(t.app, worker, 'GET', '/PDD/goods/category/tree');
    expect(tree.status).toBe(200);
    expect(tree.data.map((n: { name: string }) => n.name)).toEqual(['家居', '服装']);
    const clothes = tree.data.find((n: { id: number }) => n.id === ids.clothes);
    expect(clothes.children.map((n: { name: string }) => n.name)).toEqual(['T恤', '衬衫']);
    expect(clothes.children[0]).toMatchObject({ parent_id: ids.clothes, version: 1, children: [] });
  });

  it('refuses bad input, unknown parents and duplicate sibling names', async () => {
    expect(await create(worker, { name: '' })).toMatchObject({ http: 400, msg: '请填写该字段' });
    expect(await create(worker, { name: 'x'.repeat(51) })).toMatchObject({ http: 400, msg: '长度不能大于 50 个字符' });
    expect(await create(worker, { name: 'x', parent_id: 999999 })).toMatchObject({ http: 404, msg: '上级分类不存在' });
    expect(await create(worker, { name: '衬衫', parent_id: ids.clothes })).toMatchObject({
      http: 409,
      msg: '同一级下已有同名分类',
    });
    expect(await create(worker, { name: '衬衫' })).toMatchObject({ status: 200 });
  });

  it('renames and moves; never under itself or its subtree; stale version 409', async () => {
    const renamed = await update(worker, { id: ids.shirts, name: '男士衬衫', version: 1 });
    expect(renamed).toMatchObject({ status: 200, data: { name: '男士衬衫', version: 2 } });
    expect(await update(worker, { id: ids.shirts, name: 'x', version: 1 })).toMatchObject({
      http: 409,
      msg: '数据已被他人修改,请刷新后重试',
      data: { code: 'STALE_VERSION', version: 2 },
    });
    expect(await update(worker, { id: ids.clothes, parent_id: ids.shirts })).toMatchObject({
      http: 400,
      msg: '不能移动到自身或其子分类下',
    });
    expect(await update(worker, { id: ids.clothes, parent_id: ids.clothes })).toMatchObject({ http: 400 });
    const moved = await update(worker, { id: ids.shirts, parent_id: ids.home });
    expect(moved).toMatchObject({ status: 200, data: { parent_id: ids.home } });
    const tree = await call(t.app, worker, 'GET', '/PDD/goods/category/tree');
    const home = tree.data.find((n: { id: number }) => n.id === ids.home);
    expect(home.children.map((n: { name: string }) => n.name)).toEqual(['男士衬衫']);
    const log = await t.db.selectFrom('opera_log').select('action').where('tenant_id', '=', tenant.id).execute();
    expect(log.filter((l) => l.action === 'goods.category.update')).toHaveLength(2);
  });

  it('limits the depth to 5 levels', async () => {
    let parent = 0;
    for (let level = 1; level <= 5; level++)
      parent = (await create(worker, { name: `L${level}`, parent_id: parent })).data.id;
    expect(await create(worker, { name: 'L6', parent_id: parent })).toMatchObject({ http: 400, msg: '分类最多5级' });
  });

  it('refuses deleting a category with children or products; deletes a leaf', async () => {
    expect(await call(t.app, worker, 'POST', '/PDD/goods/category/delete', { id: ids.clothes })).toMatchObject({
      http: 409,
      msg: '该分类下还有1个子分类,请先删除或移走子分类',
    });
    await t.db
      .insertInto('goods')
      .values({
        tenant_id: tenant.id,
        creator_id: tenant.id,
        category_id: ids.tees,
        base_info: '{}',
        descs: '{}',
        prices: '{}',
        parentage: '{}',
        images: '[]',
        extra_attrs: '{}',
      })
      .execute();
    expect(await call(t.app, worker, 'POST', '/PDD/goods/category/delete', { id: ids.tees })).toMatchObject({
      http: 409,
      msg: '该分类下还有1个产品,请先移走产品',
    });
    expect(await call(t.app, worker, 'POST', '/PDD/goods/category/delete', { id: ids.shirts })).toMatchObject({
      status: 200,
    });
  });

  it('another tenant’s ids are 404 and nothing changes; buyers are refused', async () => {
    expect(await update(otherAdmin, { id: ids.home, name: 'hack' })).toMatchObject({ http: 404, msg: '分类不存在' });
    expect(await create(otherAdmin, { name: 'x', parent_id: ids.home })).toMatchObject({ http: 404 });
    expect(await call(t.app, otherAdmin, 'POST', '/PDD/goods/category/delete', { id: ids.home })).toMatchObject({
      http: 404,
    });
    expect((await call(t.app, otherAdmin, 'GET', '/PDD/goods/category/tree')).data).toEqual([]);
    const row = await t.db
      .selectFrom('goods_categories')
      .selectAll()
      .where('id', '=', ids.home!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '家居', version: 1 });
    expect((await call(t.app, buyer, 'GET', '/PDD/goods/category/tree')).http).toBe(403);
    expect((await create(buyer, { name: 'x' })).http).toBe(403);
  });
});

describe('filing products under a category', () => {
  const SAVE = '/PDD/amazon-user/insertGoods_v2';
  const BATCH = '/PDD/amazon-user/batchUpdate2';

  it('files a product under an own category on save and in a batch edit, and lists by it', async () => {
    const cat = (await create(worker, { name: '发饰' })).data.id;
    const other = (await create(worker, { name: '杯子' })).data.id;
    const saved = await call(t.app, worker, 'POST', SAVE, {
      goodsData: { baseInfo: { sku: 'CAT-1', category_id: cat } },
    });
    expect(saved).toMatchObject({ status: 200 });
    const list = await call(t.app, worker, 'GET', `/PDD/amazon-user/productList?category_id=${cat}`);
    expect(list.data.list.map((r: { id: number }) => r.id)).toEqual([saved.data.id]);
    expect(
      await call(t.app, worker, 'POST', BATCH, { ids: String(saved.data.id), fields: { category_id: other } }),
    ).toMatchObject({ status: 200, data: { affected: 1 } });
    const got = await call(t.app, worker, 'GET', `/PDD/amazon-user/getProduct?id=${saved.data.id}`);
    expect(got.data.goodsData.baseInfo.category_id).toBe(other);
  });

  it('refuses another tenant’s category and an unknown one on save and in a batch edit; nothing changes', async () => {
    const foreign = (await create(otherAdmin, { name: '别人的分类' })).data.id;
    for (const id of [foreign, 999_999_999]) {
      expect(
        await call(t.app, worker, 'POST', SAVE, { goodsData: { baseInfo: { sku: 'CAT-X', category_id: id } } }),
      ).toMatchObject({ http: 400, msg: '商品分类不存在,请重新选择', data: { field: 'category_id' } });
    }
    const saved = await call(t.app, worker, 'POST', SAVE, { goodsData: { baseInfo: { sku: 'CAT-2' } } });
    expect(
      await call(t.app, worker, 'POST', BATCH, { ids: String(saved.data.id), fields: { category_id: foreign } }),
    ).toMatchObject({ http: 400, msg: '商品分类不存在,请重新选择' });
    const row = await t.db
      .selectFrom('goods')
      .select(['category_id', 'version'])
      .where('id', '=', saved.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ category_id: null, version: 1 });
    expect(
      await t.db
        .selectFrom('goods')
        .select('id')
        .where('sku', '=', 'CAT-X')
        .where('tenant_id', '=', tenant.id)
        .execute(),
    ).toEqual([]);
  });

  it('a delete and a save filing a product under the same category do not both succeed', async () => {
    const cat = (await create(worker, { name: '临时' })).data.id;
    const [del, save] = await Promise.all([
      call(t.app, worker, 'POST', '/PDD/goods/category/delete', { id: cat }),
      call(t.app, worker, 'POST', SAVE, { goodsData: { baseInfo: { sku: 'CAT-RACE', category_id: cat } } }),
    ]);
    const exists = await t.db.selectFrom('goods_categories').select('id').where('id', '=', cat).executeTakeFirst();
    const filed = await t.db.selectFrom('goods').select('id').where('category_id', '=', cat).execute();
    if (del.status === 200) {
      expect(exists).toBeUndefined();
      expect(save.http).toBe(400);
      expect(filed).toEqual([]);
    } else {
      expect(del.http).toBe(409);
      expect(save.status).toBe(200);
      expect(filed).toHaveLength(1);
    }
  });
});
