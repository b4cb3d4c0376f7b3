import { describe, expect, it } from 'vitest';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';

const t = useTestApp();
const P = '/PDD/amazon-user/';
const row = (id: number | bigint) =>
  t.db.selectFrom('goods').selectAll().where('id', '=', Number(id)).executeTakeFirst();

describe('delGoodsMutl', () => {
  it('moves to the recycle bin, restores, and deletes for good only from the bin; ids as text', async () => {
    const main = await buildTenant(t.db);
    const [g1, g2] = [await buildGoods(t.db, main), await buildGoods(t.db, main)];
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const ids = `${g1.id},${g2.id}`;
    expect((await call(t.app, s, 'POST', `${P}delGoodsMutl`, { ids, is_delete: 2 })).msg).toBe('所选商品不在回收站中');
    expect((await call(t.app, s, 'POST', `${P}delGoodsMutl`, { ids, is_delete: 1 })).data).toEqual({
      affected: 2,
      skipped: 0,
    });
    expect((await call(t.app, s, 'GET', `${P}productList`)).data.total).toBe(0);
    expect((await call(t.app, s, 'GET', `${P}productList?is_delete=1`)).data.total).toBe(2);
    expect((await call(t.app, s, 'POST', `${P}delGoodsMutl`, { ids: `[${g1.id}]`, is_delete: 0 })).data.affected).toBe(
      1,
    );
    expect(
      (await call(t.app, s, 'POST', `${P}delGoodsMutl`, { ids: [Number(g2.id)], is_delete: 2 })).data.affected,
    ).toBe(1);
    expect(await row(g2.id)).toBeUndefined();
    expect((await row(g1.id))?.is_delete).toBe(0);
    expect((await call(t.app, s, 'POST', `${P}delGoodsMutl`, { ids: 'a,b', is_delete: 1 })).msg).toBe(
      '商品ID列表不合法',
    );
    expect((await call(t.app, s, 'POST', `${P}delGoodsMutl`, { ids: '1', is_delete: 3 })).msg).toBe(
      'is_delete只能为0、1或2',
    );
  });

  it("never touches another tenant's products", async () => {
    const a = await buildTenant(t.db);
    const b = await buildTenant(t.db);
    const theirs = await buildGoods(t.db, b);
    const s = await signIn(t.app, a.account, TEST_PASSWORD);
    expect((await call(t.app, s, 'POST', `${P}delGoodsMutl`, { ids: String(theirs.id), is_delete: 1 })).http).toBe(404);
    expect((await row(theirs.id))?.is_delete).toBe(0);
  });
});

describe('setGoodsStatus', () => {
  it('follows the audit state machine and reports refused moves', async () => {
    const main = await buildTenant(t.db);
    const leader = await buildUser(t.db, main, { auth: 1 });
    const g1 = await buildGoods(t.db, main);
    const g2 = await buildGoods(t.db, main, { auditStatus: 'hasAudit' });
    const s = await signIn(t.app, leader.account, TEST_PASSWORD);
    const r = await call(t.app, s, 'POST', `${P}setGoodsStatus`, { ids: `${g1.id},${g2.id}`, status: 'hasAudit' });
    expect(r.data.affected).toBe(1);
    expect(r.data.refused).toEqual([{ id: Number(g2.id), reason: '已是"已审核"' }]);
    expect((await row(g1.id))?.audit_status).toBe('hasAudit');
    expect((await row(g1.id))?.version).toBe(2);
    const back = await call(t.app, s, 'POST', `${P}setGoodsStatus`, { ids: String(g1.id), status: 'willAudit' });
    expect(back.status).toBe(200);
    expect((await call(t.app, s, 'POST', `${P}setGoodsStatus`, { ids: String(g1.id), status: 'willAudit' })).msg).toBe(
      '已是"待审核"',
    );
    expect((await call(t.app, s, 'POST', `${P}setGoodsStatus`, { ids: String(g1.id), status: 'done' })).msg).toBe(
      '状态不合法',
    );
  });

  it('a worker may edit products but not audit them', async () => {
    const main = await buildTenant(t.db);
    const worker = await buildUser(t.db, main, { auth: 2 });
    const g = await buildGoods(t.db, main);
    const s = await signIn(t.app, worker.account, TEST_PASSWORD);
    expect((await call(t.app, s, 'POST', `${P}setGoodsStatus`, { ids: String(g.id), status: 'hasAudit' })).http).toBe(
      403,
    );
    expect((await call(t.app, s, 'GET', `${P}getProduct?id=${g.id}`)).status).toBe(200);
  });
});

describe('copyOneBenRenProduct', () => {
  it('duplicates a product for review, without its EANs', async () => {
    const main = await buildTenant(t.db);
    const g = await buildGoods(t.db, main, {
      auditStatus: 'hasAudit',
      parentageTable: {
        theme: 'Color',
        attrs: ['color'],
        children: [{ sku: 'C1', values: { color: 'Red' }, ean: '4006381333931', images: [] }],
      },
    });
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const r = await call(t.app, s, 'POST', `${P}copyOneBenRenProduct`, { id: Number(g.id) });
    const copy = await row(r.data.id);
    expect(copy).toMatchObject({ title: g.title, audit_status: 'willAudit', version: 1 });
    // SKUs are unique in a tenant: the copy's get the first free suffix (issue 13 §1).
    expect(copy?.parentage).toMatchObject({ children: [{ sku: 'C1-C1', values: { color: 'Red' } }] });
    expect(JSON.stringify(copy?.parentage)).not.toContain('4006381333931');
    const other = await buildTenant(t.db);
    const so = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await call(t.app, so, 'POST', `${P}copyOneBenRenProduct`, { id: Number(g.id) })).http).toBe(404);
  });
});

describe('batchCopyGoods', () => {
  const count = async (tenantId: number) =>
    Number(
      (
        await t.db
          .selectFrom('goods')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('copies every chosen product for a worker; all or nothing; refused on the server for a company admin', async () => {
    const main = await buildTenant(t.db);
    const worker = await buildUser(t.db, main, { auth: 2 });
    const [g1, g2] = [await buildGoods(t.db, main), await buildGoods(t.db, main)];
    const s = await signIn(t.app, worker.account, TEST_PASSWORD);
    const r = await call(t.app, s, 'POST', `${P}batchCopyGoods`, { ids: `${g1.id},${g2.id}` });
    expect(r).toMatchObject({ status: 200, msg: '已复制2个商品' });
    expect(r.data.copies.map((c: { from: number }) => c.from)).toEqual([Number(g1.id), Number(g2.id)]);
    expect(await count(main.id)).toBe(4);

    // Another tenant's id in the selection: nothing is copied.
    const theirs = await buildGoods(t.db, await buildTenant(t.db));
    const mixed = await call(t.app, s, 'POST', `${P}batchCopyGoods`, { ids: [Number(g1.id), Number(theirs.id)] });
    expect(mixed.http).toBe(404);
    expect(await count(main.id)).toBe(4);

    // The admin tag set has no batch copy (spec section 6): the server refuses it too.
    const admin = await signIn(t.app, main.account, TEST_PASSWORD);
    expect((await call(t.app, admin, 'POST', `${P}batchCopyGoods`, { ids: String(g1.id) })).http).toBe(403);
    expect(await count(main.id)).toBe(4);
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    expect((await call(t.app, s, 'POST', `${P}batchCopyGoods`, { ids: many })).msg).toBe('一次最多复制200个商品');
  });
});

describe('batchUpdate2', () => {
  it('sets chosen fields over chosen ids or over the filter, leaving other tenants and the bin alone', async () => {
    const main = await buildTenant(t.db);
    const other = await buildTenant(t.db);
    const a = await buildGoods(t.db, main, { baseInfo: { type: 4 }, tags: ['old'] });
    const b = await buildGoods(t.db, main, { baseInfo: { type: 4 } });
    const c = await buildGoods(t.db, main, { baseInfo: { type: 2 } });
    const binned = await buildGoods(t.db, main, { baseInfo: { type: 4 } });
    await t.db.updateTable('goods').set({ is_delete: 1 }).where('id', '=', Number(binned.id)).execute();
    const theirs = await buildGoods(t.db, other, { baseInfo: { type: 4 } });
    const s = await signIn(t.app, main.account, TEST_PASSWORD);

    const byIds = await call(t.app, s, 'POST', `${P}batchUpdate2`, {
      ids: `${a.id},${theirs.id}`,
      fields: { quantity: 77, prices: [{ country_code: 'de', price: 1999 }], add_tags: ['new'], remove_tags: ['old'] },
    });
    expect(byIds.data.affected).toBe(1);
    const ra = await row(a.id);
    expect(ra?.base_info).toMatchObject({ quantity: 77 });
    expect(ra?.prices).toMatchObject({ de: { price: 1999, currency: 'EUR' } });
    expect(ra?.tags).toEqual(['new']);
    expect((await row(theirs.id))?.version).toBe(1);

    const cat = (await call(t.app, s, 'POST', '/PDD/goods/category/create', { name: '批量分类' })).data.id;
    const byFilter = await call(t.app, s, 'POST', `${P}batchUpdate2`, {
      filter: { type: 4 },
      fields: { deal_time: 5, type: 1, category_id: cat },
    });
    expect(byFilter.data.affected).toBe(2);
    expect(await row(b.id)).toMatchObject({
      type: 1,
      category_id: cat,
      base_info: expect.objectContaining({ deal_time: 5 }),
    });
    expect((await row(c.id))?.type).toBe(2);
    expect((await row(binned.id))?.type).toBe(4);
    expect((await row(theirs.id))?.type).toBe(4);
    expect((await call(t.app, s, 'POST', `${P}batchUpdate2`, { fields: { quantity: 1 } })).msg).toBe(
      '请选择商品或筛选条件',
    );
    expect((await call(t.app, s, 'POST', `${P}batchUpdate2`, { ids: String(a.id), fields: {} })).msg).toBe(
      '请选择要修改的字段',
    );
    expect((await call(t.app, s, 'POST', `${P}batchUpdate2`, { ids: String(a.id), fields: { sku: 'x' } })).msg).toBe(
      '不支持的字段: sku',
    );
  });
});

describe('batchUpdateEnTitle', () => {
  it('previews the count and samples, then replaces literally and case-insensitively', async () => {
    const main = await buildTenant(t.db);
    const en = (title: string) => ({
      commonData: {
        descs: [
          { key: 'en', title },
          { key: 'de', title: 'Haarband 2.0' },
        ],
      },
    });
    const g1 = await buildGoods(t.db, main, en('Hairband 2.0 for Women'));
    const g2 = await buildGoods(t.db, main, en('HAIRBAND 2x0 kids'));
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const preview = await call(t.app, s, 'POST', `${P}batchUpdateEnTitle`, {
      filter: {},
      find: 'hairband 2.0',
      replace: 'Headband 3.0',
      preview: true,
    });
    expect(preview.data.matched).toBe(1);
    expect(preview.data.samples[0]).toMatchObject({
      id: Number(g1.id),
      before: 'Hairband 2.0 for Women',
      after: 'Headband 3.0 for Women',
    });
    expect((await row(g1.id))?.version).toBe(1);
    const applied = await call(t.app, s, 'POST', `${P}batchUpdateEnTitle`, {
      ids: `${g1.id},${g2.id}`,
      find: 'hairband 2.0',
      replace: 'Headband 3.0',
    });
    expect(applied.data.matched).toBe(1);
    const r1 = await row(g1.id);
    expect(r1?.title).toBe('Headband 3.0 for Women');
    expect(r1?.descs).toMatchObject({ de: { title: 'Haarband 2.0' } });
    expect(r1?.search_text).toContain('headband 3.0');
    expect((await row(g2.id))?.title).toBe('HAIRBAND 2x0 kids');
    const caseSensitive = await call(t.app, s, 'POST', `${P}batchUpdateEnTitle`, {
      ids: String(g2.id),
      find: 'hairband',
      replace: 'x',
      match_case: true,
    });
    expect(caseSensitive.data.matched).toBe(0);
  });

  it('leaves a product it would empty of every title and SKU unchanged, and says how many', async () => {
    const main = await buildTenant(t.db);
    const onlyEn = await buildGoods(t.db, main, { commonData: { descs: [{ key: 'en', title: 'Gone' }] } });
    const withSku = await buildGoods(t.db, main, {
      baseInfo: { sku: `KEEP-${Date.now()}` },
      commonData: { descs: [{ key: 'en', title: 'Gone' }] },
    });
    const withDe = await buildGoods(t.db, main, {
      commonData: {
        descs: [
          { key: 'en', title: 'Gone' },
          { key: 'de', title: 'Bleibt' },
        ],
      },
    });
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const r = await call(t.app, s, 'POST', `${P}batchUpdateEnTitle`, {
      ids: `${onlyEn.id},${withSku.id},${withDe.id}`,
      find: 'Gone',
      replace: '',
    });
    expect(r).toMatchObject({
      status: 200,
      msg: '已替换2个商品,1个商品替换后将没有任何标题和SKU,未替换',
      data: { matched: 2, skipped: 1 },
    });
    expect((await row(onlyEn.id))?.title).toBe('Gone');
    expect((await row(onlyEn.id))?.version).toBe(1);
    expect((await row(withSku.id))?.descs).toMatchObject({ en: { title: '' } });
    expect((await row(withDe.id))?.descs).toMatchObject({ en: { title: '' }, de: { title: 'Bleibt' } });
  });
});
