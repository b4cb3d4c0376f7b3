import { describe, expect, it } from 'vitest';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';

const t = useTestApp();
const P = '/PDD/amazon-user/';

const product = () => ({
  baseInfo: { sku: 'HB-001', brand_name: 'ACME', product_id: 'B0ABCDEF12', type: 2 },
  commonData: {
    descs: [
      {
        key: 'en',
        title: 'Velvet hairband for women',
        bullet_points: ['Soft', 'Wide', ''],
        search_terms: 'hairband headband',
      },
      { key: 'de', title: 'Samt Haarband', bullet_points: ['Weich'] },
      { key: 'zh-CN', title: '丝绒发箍' },
    ],
  },
  priceTable: [
    { country_code: 'us', price: 1299 },
    { country_code: 'ja', price: 1980 },
  ],
  parentageTable: {
    theme: 'Color',
    attrs: ['color'],
    children: [
      { sku: 'HB-001-RED', values: { color: 'Red' }, price: 1299, quantity: 10 },
      { sku: 'HB-001-BLU', values: { color: 'Blue' }, price: 1399, quantity: 5 },
    ],
  },
  images: [{ url: '/PDD/files/a.jpg' }, { url: '/PDD/files/b.jpg' }],
});

describe('insertGoods_v2 and getProduct', () => {
  it('creates a multilingual product with prices, variations and images; reads it back in the editor shape', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const saved = await call(t.app, s, 'POST', `${P}insertGoods_v2`, { goodsData: product() });
    expect(saved).toMatchObject({ status: 200, data: { version: 1 } });
    const got = (await call(t.app, s, 'GET', `${P}getProduct?id=${saved.data.id}`)).data;
    expect(got).toMatchObject({ id: saved.data.id, version: 1, audit_status: 'willAudit', is_delete: 0 });
    const g = got.goodsData;
    expect(g.baseInfo).toMatchObject({
      sku: 'HB-001',
      deal_time: 2,
      cost_price: 100,
      discount: 1,
      weight: 0,
      length1: 1,
    });
    expect(g.baseInfo.quantity).toBeGreaterThanOrEqual(19);
    expect(g.baseInfo.quantity).toBeLessThanOrEqual(55);
    expect(g.commonData.descs).toHaveLength(12);
    expect(g.commonData.descs.find((d: { key: string }) => d.key === 'en')).toMatchObject({
      langVal: 'UK',
      title: 'Velvet hairband for women',
      bullet_points: ['Soft', 'Wide'],
    });
    expect(g.priceTable).toHaveLength(15);
    expect(g.priceTable.find((p: { country_code: string }) => p.country_code === 'ja')).toMatchObject({
      price: 1980,
      currency: 'JPY',
    });
    expect(g.priceTable.find((p: { country_code: string }) => p.country_code === 'fr').price).toBeNull();
    expect(g.parentageTable.children).toHaveLength(2);
    expect(g.images.map((i: { url: string }) => i.url)).toEqual(['/PDD/files/a.jpg', '/PDD/files/b.jpg']);
    const log = await t.db
      .selectFrom('opera_log')
      .select(['action', 'summary'])
      .where('tenant_id', '=', main.id)
      .where('action', '=', 'goods.create')
      .executeTakeFirstOrThrow();
    expect(log.summary).toMatchObject({ after: { title: 'Velvet hairband for women' } });
  });

  it('an update needs the loaded version; a stale save is refused and changes nothing', async () => {
    const main = await buildTenant(t.db);
    const worker = await buildUser(t.db, main, { auth: 2 });
    const a = await signIn(t.app, main.account, TEST_PASSWORD);
    const b = await signIn(t.app, worker.account, TEST_PASSWORD);
    const { id } = (await call(t.app, a, 'POST', `${P}insertGoods_v2`, { goodsData: product() })).data;
    const edit = (title: string) => ({ ...product(), commonData: { descs: [{ key: 'en', title }] } });
    expect((await call(t.app, a, 'POST', `${P}insertGoods_v2`, { id, goodsData: edit('x') })).msg).toBe(
      '更新商品时必须提供版本号',
    );
    const first = await call(t.app, a, 'POST', `${P}insertGoods_v2`, { id, version: 1, goodsData: edit('By A') });
    expect(first.data.version).toBe(2);
    const stale = await call(t.app, b, 'POST', `${P}insertGoods_v2`, { id, version: 1, goodsData: edit('By B') });
    expect(stale).toMatchObject({
      http: 409,
      msg: '数据已被他人修改,请刷新后重试',
      data: { code: 'STALE_VERSION', version: 2 },
    });
    const row = await t.db
      .selectFrom('goods')
      .select(['title', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'By A', version: 2 });
    const log = await t.db
      .selectFrom('opera_log')
      .select('summary')
      .where('action', '=', 'goods.update')
      .executeTakeFirstOrThrow();
    expect(log.summary).toMatchObject({ after: { sections: ['descs'] } });
  });

  it('two concurrent saves of the same version: exactly one wins', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const { id } = (await call(t.app, s, 'POST', `${P}insertGoods_v2`, { goodsData: product() })).data;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(t.app, s, 'POST', `${P}insertGoods_v2`, { id, version: 1, goodsData: { ...product(), tags: [`t${i}`] } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.http === 409)).toHaveLength(5);
  });

  it('refuses bad input with Chinese messages', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const save = (goodsData: unknown) => call(t.app, s, 'POST', `${P}insertGoods_v2`, { goodsData });
    expect((await save({ ...product(), foo: 1 })).msg).toBe('不支持的字段: foo');
    expect((await save({ ...product(), priceTable: [{ country_code: 'xx', price: 1 }] })).msg).toBe('国家不合法');
    expect((await save({ ...product(), priceTable: [{ country_code: 'us', price: -1 }] })).msg).toBe('价格不能为负数');
    const six = { descs: [{ key: 'en', title: 't', bullet_points: ['1', '2', '3', '4', '5', '6'] }] };
    expect((await save({ ...product(), commonData: six })).msg).toBe('五点描述最多5条');
    const long = { descs: [{ key: 'en', title: 'x'.repeat(201) }] };
    expect((await save({ ...product(), commonData: long })).msg).toBe('长度不能大于 200 个字符');
    const dup = {
      theme: 'Color',
      attrs: ['color'],
      children: [
        { sku: 'A', values: {} },
        { sku: 'A', values: {} },
      ],
    };
    expect((await save({ ...product(), parentageTable: dup })).msg).toBe('变体SKU重复: A');
    expect((await call(t.app, s, 'GET', `${P}getProduct?id=abc`)).msg).toBe('商品ID必须为数字');
  });

  it("another tenant's product is not found for read, save, copy fields or link", async () => {
    const a = await buildTenant(t.db);
    const b = await buildTenant(t.db);
    const theirs = await buildGoods(t.db, b);
    const s = await signIn(t.app, a.account, TEST_PASSWORD);
    const id = Number(theirs.id);
    expect((await call(t.app, s, 'GET', `${P}getProduct?id=${id}`)).http).toBe(404);
    expect((await call(t.app, s, 'POST', `${P}insertGoods_v2`, { id, version: 1, goodsData: product() })).http).toBe(
      404,
    );
    expect((await call(t.app, s, 'POST', '/PDD/goods/getCopyFields', { id, langs: ['en'] })).http).toBe(404);
    expect((await call(t.app, s, 'POST', '/PDD/goods/getOneBaseInfoLinkUrl', { id })).http).toBe(404);
    const row = await t.db.selectFrom('goods').select('version').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.version).toBe(1);
  });

  it('getCopyFields returns the chosen fields of chosen languages; getOneBaseInfoLinkUrl the source link', async () => {
    const main = await buildTenant(t.db);
    const g = await buildGoods(t.db, main, {
      baseInfo: { link_url: 'https://detail.1688.com/offer/1.html' },
      commonData: {
        descs: [
          { key: 'en', title: 'T', search_terms: 'st', bullet_points: ['b1'], product_description: 'd', langVal: 'UK' },
        ],
      },
    });
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const r = await call(t.app, s, 'POST', '/PDD/goods/getCopyFields', {
      id: Number(g.id),
      langs: ['en', 'fr'],
      fields: ['title', 'bullet_points'],
    });
    expect(r.data).toEqual({ en: { title: 'T', bullet_points: ['b1'] }, fr: { title: '', bullet_points: [] } });
    const link = await call(t.app, s, 'POST', '/PDD/goods/getOneBaseInfoLinkUrl', { id: Number(g.id) });
    expect(link.data.link_url).toBe('https://detail.1688.com/offer/1.html');
  });

  it('a supplier link and image addresses are http(s) only: javascript: and data: are refused (issue 27 §5)', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const save = (goodsData: object) => call(t.app, s, 'POST', `${P}insertGoods_v2`, { goodsData });
    const withLink = (link_url: string) => ({ ...product(), baseInfo: { ...product().baseInfo, link_url } });
    for (const bad of [
      'javascript:alert(document.cookie)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    ]) {
      const r = await save(withLink(bad));
      expect([r.http, r.msg], bad).toEqual([400, '来源链接必须是以http://或https://开头的网址']);
      const img = await save({ ...product(), images: [{ url: bad }] });
      expect([img.http, img.msg], bad).toEqual([400, '图片地址必须是http(s)网址或已上传的图片']);
    }
    const rows = await t.db.selectFrom('goods').select('id').where('tenant_id', '=', main.id).execute();
    expect(rows).toEqual([]);
    const ok = await save(withLink(' https://detail.1688.com/offer/2.html '));
    expect(ok.status, ok.msg).toBe(200);
    const cleared = await call(t.app, s, 'POST', `${P}insertGoods_v2`, {
      id: ok.data.id,
      version: 1,
      goodsData: withLink(''),
    });
    expect(cleared.status, cleared.msg).toBe(200);
  });
});

describe('productList', () => {
  it('filters, counts per status, pages by offset and keyset in a stable order, and stays in the tenant', async () => {
    const main = await buildTenant(t.db);
    const worker = await buildUser(t.db, main, { auth: 2 });
    const other = await buildTenant(t.db);
    await buildGoods(t.db, other, { commonData: { descs: [{ key: 'en', title: 'Velvet other tenant' }] } });
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await buildGoods(t.db, main, {
          baseInfo: {
            sku: `SKU-${i}`,
            type: i % 2 ? 2 : 4,
            product_id: `B00000000${i}`,
            category_id: i < 2 ? 5 : null,
          },
          commonData: { descs: [{ key: 'en', title: i === 3 ? 'Velvet Hairband' : `Plain item ${i}` }] },
          parentageTable: {
            theme: '',
            attrs: [],
            children: i === 4 ? [{ sku: 'CHILD-X', values: {}, ean: '5901234123457', images: [] }] : [],
          },
          creatorId: i === 6 ? worker.id : main.id,
          auditStatus: i < 3 ? 'hasAudit' : i === 6 ? 'useless' : 'willAudit',
        }),
      );
    }
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const list = async (q: string) => (await call(t.app, s, 'GET', `${P}productList?${q}`)).data;

    const all = await list('pageSize=3');
    expect(all.total).toBe(7);
    expect(all.counts).toEqual({ all: 7, hasAudit: 3, willAudit: 3, useless: 1 });
    const ids = made.map((g) => Number(g.id)).sort((x, y) => y - x);
    expect(all.list.map((r: { id: number }) => r.id)).toEqual(ids.slice(0, 3));
    expect(all.list[0]).toMatchObject({ creator_name: '子账号', audit_status: 'useless' });
    const page2 = await list('pageSize=3&page=2');
    const keyset = await list(`pageSize=3&cursor=${all.next_cursor}`);
    expect(keyset.list.map((r: { id: number }) => r.id)).toEqual(page2.list.map((r: { id: number }) => r.id));

    expect((await list('status=hasAudit')).total).toBe(3);
    const typed = await list('type=4');
    expect(typed.total).toBe(4);
    expect(typed.counts.all).toBe(4);
    expect((await list('keyword=velvet')).total).toBe(1);
    expect((await list('keyword=sku-5')).total).toBe(1);
    expect((await list('keyword=b000000002')).total).toBe(1);
    expect((await list('keyword=5901234123457')).total).toBe(1);
    expect((await list('keyword=child-x')).total).toBe(1);
    expect((await list('keyword=%25')).total).toBe(0);
    expect((await list('category_id=5')).total).toBe(2);
    expect((await list(`creator_id=${worker.id}`)).total).toBe(1);
    const future = Math.floor(Date.now() / 1000) + 60;
    expect((await list(`startTime=${future}`)).total).toBe(0);
    expect((await list(`endTime=${future}`)).total).toBe(7);
    expect((await list('is_delete=1')).total).toBe(0);
    expect((await call(t.app, s, 'GET', `${P}productList?status=bogus`)).msg).toBe('状态不合法');
    expect((await call(t.app, s, 'GET', `${P}productList?pageSize=201`)).msg).toBe('每页条数不能大于200');
  });

  it('goodsCreators lists the tenant’s accounts for the creator filter, none of another tenant', async () => {
    const main = await buildTenant(t.db);
    const worker = await buildUser(t.db, main, { auth: 2 });
    await t.db.updateTable('users').set({ user_name: '小王' }).where('id', '=', worker.id).execute();
    const off = await buildUser(t.db, main, { auth: 2, status: 0 });
    const other = await buildTenant(t.db);
    const s = await signIn(t.app, worker.account, TEST_PASSWORD);
    const r = await call(t.app, s, 'GET', `${P}goodsCreators`);
    expect(r.status).toBe(200);
    expect(r.data).toEqual([
      { id: main.id, name: main.user_name || main.account, parent_id: 0, disabled: false },
      { id: worker.id, name: '小王', parent_id: main.id, disabled: false },
      { id: off.id, name: off.user_name || off.account, parent_id: main.id, disabled: true },
    ]);
    expect(r.data.map((a: { id: number }) => a.id)).not.toContain(other.id);
    expect(JSON.stringify(r.data)).not.toMatch(/phone|email|password/);
  });

  it('neighbours follow the list order under the same filter', async () => {
    const main = await buildTenant(t.db);
    const g1 = await buildGoods(t.db, main, { baseInfo: { type: 1 } });
    const g2 = await buildGoods(t.db, main, { baseInfo: { type: 2 } });
    const g3 = await buildGoods(t.db, main, { baseInfo: { type: 1 } });
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const next = async (id: bigint | number, q = '') =>
      (await call(t.app, s, 'GET', `${P}getProductNextId?id=${id}${q}`)).data.id;
    const prev = async (id: bigint | number, q = '') =>
      (await call(t.app, s, 'GET', `${P}getProductPreviewId?id=${id}${q}`)).data.id;
    expect(await next(g3.id)).toBe(Number(g2.id));
    expect(await next(g3.id, '&type=1')).toBe(Number(g1.id));
    expect(await prev(g1.id, '&type=1')).toBe(Number(g3.id));
    expect(await next(g1.id)).toBeNull();
    expect(await prev(g3.id)).toBeNull();
  });

  it("neighbours of a missing or another tenant's product are 404, as every id call (issue 27 §5)", async () => {
    const main = await buildTenant(t.db);
    const other = await buildTenant(t.db);
    await buildGoods(t.db, main);
    const theirs = await buildGoods(t.db, other);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    for (const path of ['getProductNextId', 'getProductPreviewId']) {
      for (const id of [theirs.id, 2_000_000_000]) {
        const r = await call(t.app, s, 'GET', `${P}${path}?id=${id}`);
        expect([r.http, r.status, r.msg, r.data], `${path} ${id}`).toEqual([404, 404, '商品不存在', null]);
      }
    }
  });
});
