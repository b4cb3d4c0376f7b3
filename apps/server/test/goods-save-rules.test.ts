import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up as skusUp } from '../src/db/migrations/20261125_142829_goods_skus.js';
import type { UserRow } from '../src/db/types.js';
import { insertGoods } from '../src/modules/goods/goods.repository.js';
import { toWrite } from '../src/modules/goods/goods.service.js';
import { buildTenant, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';
import { useDatabaseMigratedTo } from './support/migrated-database.js';

const t = useTestApp();
const SAVE = '/PDD/amazon-user/insertGoods_v2';

const child = (sku: string, color: string) => ({ sku, values: { color } });
const withSku = (sku: string, children: { sku: string; values: Record<string, string> }[] = []) => ({
  goodsData: {
    baseInfo: { sku },
    parentageTable: { theme: 'Color', attrs: children.length ? ['color'] : [], children },
  },
});

async function tenantSession(): Promise<{ main: UserRow; s: Session }> {
  const main = await buildTenant(t.db);
  return { main, s: await signIn(t.app, main.account, TEST_PASSWORD) };
}

describe('the minimum of a draft', () => {
  it('refuses an empty product (and spaces only) with the message on the SKU field', async () => {
    const { s } = await tenantSession();
    for (const goodsData of [{}, { baseInfo: { sku: '   ' }, commonData: { descs: [{ key: 'en', title: '  ' }] } }]) {
      const r = await call(t.app, s, 'POST', SAVE, { goodsData });
      expect(r.http).toBe(400);
      expect(r.msg).toBe('请至少填写一种语言的标题或SKU');
      expect(r.data.field).toBe('baseInfo.sku');
    }
  });

  it('saves a draft with only a title in one language, or only a SKU', async () => {
    const { s } = await tenantSession();
    const titled = await call(t.app, s, 'POST', SAVE, {
      goodsData: { commonData: { descs: [{ key: 'de', title: 'Box' }] } },
    });
    expect(titled.status).toBe(200);
    const skued = await call(t.app, s, 'POST', SAVE, withSku('ONLY-SKU'));
    expect(skued.status).toBe(200);
    // An update cannot empty a product either.
    const emptied = await call(t.app, s, 'POST', SAVE, { id: titled.data.id, version: 1, goodsData: {} });
    expect(emptied.http).toBe(400);
  });
});

describe('SKUs are unique per tenant across products and variations', () => {
  it('refuses a SKU another product holds, in any case, naming the SKU and the product', async () => {
    const { s } = await tenantSession();
    const first = await call(t.app, s, 'POST', SAVE, withSku('EANTEST', [child('EANTEST-L', 'L')]));
    expect(first.status).toBe(200);
    const same = await call(t.app, s, 'POST', SAVE, withSku('eantest '));
    expect(same.http).toBe(409);
    expect(same.msg).toBe(`SKU EANTEST 已被商品 #${first.data.id}使用,同一账号下商品和变体的SKU不能重复`);
    // A variation of another product may not take the first one's variation SKU, nor its parent SKU.
    const kid = await call(t.app, s, 'POST', SAVE, withSku('OTHER', [child('EANTEST-L', 'L')]));
    expect(kid.http).toBe(409);
    expect(kid.msg).toContain('SKU EANTEST-L 已被商品');
    const parentAsKid = await call(t.app, s, 'POST', SAVE, withSku('OTHER', [child('EanTest', 'L')]));
    expect(parentAsKid.http).toBe(409);
    // Within one product: a variation may not repeat the parent SKU or another variation in other case.
    const inside = await call(t.app, s, 'POST', SAVE, withSku('SELF', [child('self', 'L')]));
    expect(inside.http).toBe(400);
    expect(inside.msg).toBe('变体SKU不能与商品SKU相同: self');
    const twins = await call(t.app, s, 'POST', SAVE, withSku('TWINS', [child('T-A', 'a'), child('t-a', 'b')]));
    expect(twins.http).toBe(400);
    expect(twins.msg).toBe('变体SKU重复: t-a');
  });

  it('lets another tenant use the same SKU', async () => {
    const a = await tenantSession();
    const b = await tenantSession();
    const sku = `SHARED-${randomBytes(3).toString('hex')}`;
    expect((await call(t.app, a.s, 'POST', SAVE, withSku(sku))).status).toBe(200);
    expect((await call(t.app, b.s, 'POST', SAVE, withSku(sku))).status).toBe(200);
  });

  it('keeps a product its own SKUs on update, frees a SKU it gives up, reserves SKUs in the recycle bin', async () => {
    const { s } = await tenantSession();
    const p = await call(t.app, s, 'POST', SAVE, withSku('KEEP', [child('KEEP-1', '1')]));
    const again = await call(t.app, s, 'POST', SAVE, {
      id: p.data.id,
      version: 1,
      ...withSku('KEEP', [child('KEEP-1', '1')]),
    });
    expect(again.status).toBe(200);
    const renamed = await call(t.app, s, 'POST', SAVE, {
      id: p.data.id,
      version: 2,
      ...withSku('KEPT', [child('KEPT-1', '1')]),
    });
    expect(renamed.status).toBe(200);
    const q = await call(t.app, s, 'POST', SAVE, withSku('KEEP', [child('KEEP-1', '1')]));
    expect(q.status).toBe(200);
    // In the recycle bin the SKU stays taken (a restore must not collide); deleted for good, it is free.
    await call(t.app, s, 'POST', '/PDD/amazon-user/delGoodsMutl', { ids: String(q.data.id), is_delete: 1 });
    expect((await call(t.app, s, 'POST', SAVE, withSku('KEEP'))).http).toBe(409);
    await call(t.app, s, 'POST', '/PDD/amazon-user/delGoodsMutl', { ids: String(q.data.id), is_delete: 2 });
    expect((await call(t.app, s, 'POST', SAVE, withSku('KEEP'))).status).toBe(200);
  });

  it('gives a copy free SKUs with a -C<n> suffix', async () => {
    const { s } = await tenantSession();
    const p = await call(t.app, s, 'POST', SAVE, withSku('COPYME', [child('COPYME-RED', 'red')]));
    const c1 = await call(t.app, s, 'POST', '/PDD/amazon-user/copyOneBenRenProduct', { id: p.data.id });
    expect(c1.status).toBe(200);
    const c2 = await call(t.app, s, 'POST', '/PDD/amazon-user/copyOneBenRenProduct', { id: p.data.id });
    expect(c2.status).toBe(200);
    const one = (await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${c1.data.id}`)).data.goodsData;
    expect(one.baseInfo.sku).toBe('COPYME-C1');
    expect(one.parentageTable.children.map((c: { sku: string }) => c.sku)).toEqual(['COPYME-RED-C1']);
    const two = (await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${c2.data.id}`)).data.goodsData;
    expect(two.baseInfo.sku).toBe('COPYME-C2');
  });

  it('the database refuses a duplicate whichever statement writes it (not only the save)', async () => {
    const main = await buildTenant(t.db);
    const w = toWrite({ ...emptyData(), baseInfo: { sku: 'DB-ONLY' } });
    await insertGoods(t.db, main.id, main.id, w);
    await expect(insertGoods(t.db, main.id, main.id, { ...w, sku: 'db-only' })).rejects.toMatchObject({
      code: '23505',
      constraint: 'goods_skus_pkey',
    });
  });

  it('two saves racing for one SKU: one wins, the other gets the same clear message, never a 500', async () => {
    const { main, s } = await tenantSession();
    // Both at once through the API.
    const both = await Promise.all([
      call(t.app, s, 'POST', SAVE, withSku('RACE-1')),
      call(t.app, s, 'POST', SAVE, withSku('RACE-1')),
    ]);
    expect(both.map((r) => r.http).sort()).toEqual([200, 409]);
    const lost = both.find((r) => r.http === 409)!;
    const won = both.find((r) => r.http === 200)!;
    expect(lost.msg).toBe(`SKU RACE-1 已被商品 #${won.data.id}使用,同一账号下商品和变体的SKU不能重复`);

    // Deterministic: another writer holds RACE-2 uncommitted while the save checks (and finds
    // nothing), so the save's insert waits on the unique key and fails when that writer commits.
    let pending: ReturnType<typeof call> | undefined;
    let holder = 0;
    await t.db.transaction().execute(async (trx) => {
      const row = await insertGoods(trx, main.id, main.id, toWrite({ ...emptyData(), baseInfo: { sku: 'RACE-2' } }));
      holder = Number(row.id);
      pending = call(t.app, s, 'POST', SAVE, withSku('RACE-2'));
      await waitForLockWait();
    });
    const r = await pending!;
    expect(r.http).toBe(409);
    expect(r.msg).toBe(`SKU RACE-2 已被商品 #${holder}使用,同一账号下商品和变体的SKU不能重复`);
  });
});

describe('prices', () => {
  it('refuses 0 and negative prices with their own messages; a country without a row is not sold there', async () => {
    const { s } = await tenantSession();
    const priced = (price: unknown) => ({
      goodsData: {
        baseInfo: { sku: `P-${randomBytes(3).toString('hex')}` },
        priceTable: [{ country_code: 'us', price }],
      },
    });
    const neg = await call(t.app, s, 'POST', SAVE, priced(-500));
    expect(neg.http).toBe(400);
    expect(neg.msg).toBe('价格不能为负数');
    const zero = await call(t.app, s, 'POST', SAVE, priced(0));
    expect(zero.http).toBe(400);
    expect(zero.msg).toBe('价格必须大于0(不在该国销售请留空)');
    const frac = await call(t.app, s, 'POST', SAVE, priced(1.5));
    expect(frac.msg).toBe('价格必须为整数');
    const ok = await call(t.app, s, 'POST', SAVE, priced(1999));
    expect(ok.status).toBe(200);
    // The batch edit follows the same rule.
    const batch = await call(t.app, s, 'POST', '/PDD/amazon-user/batchUpdate2', {
      ids: String(ok.data.id),
      fields: { prices: [{ country_code: 'de', price: 0 }] },
    });
    expect(batch.msg).toBe('价格必须大于0(不在该国销售请留空)');
  });
});

describe('small main images', () => {
  it('count as incomplete on the home page and under the 待完善 filter; unknown sizes do not', async () => {
    const { s } = await tenantSession();
    const img = (width?: number, height?: number) => ({
      url: `/PDD/files/x-${randomBytes(3).toString('hex')}.jpg`,
      ...(width ? { width, height } : {}),
    });
    const save = (sku: string, images: object[]) =>
      call(t.app, s, 'POST', SAVE, { goodsData: { baseInfo: { sku }, images } });
    const small = await save('IMG-SMALL', [img(499, 300), img(1000, 1000)]);
    await save('IMG-BIG', [img(300, 500), img(100, 100)]); // the long side counts; only the main image
    await save('IMG-UNKNOWN', [img()]);
    const o = (await call(t.app, s, 'GET', '/PDD/goods/overview')).data;
    expect(o.incomplete.small_main_image).toBe(1);
    const list = (await call(t.app, s, 'GET', '/PDD/amazon-user/productList?lack=small_image')).data;
    expect(list.list.map((r: { id: number }) => r.id)).toEqual([small.data.id]);
    // The editor gets the sizes back.
    const g = (await call(t.app, s, 'GET', `/PDD/amazon-user/getProduct?id=${small.data.id}`)).data.goodsData;
    expect(g.images[0]).toMatchObject({ width: 499, height: 300 });
  });
});

function emptyData() {
  return {
    baseInfo: {},
    commonData: { descs: [] },
    priceTable: [],
    parentageTable: { theme: '', attrs: [], children: [] },
    images: [],
    template: null,
    extraAttrs: {},
    tags: [],
  };
}

/** Waits until some session of this database waits for a lock (the racing save's insert). */
async function waitForLockWait() {
  for (let i = 0; i < 200; i++) {
    const r = await sql<{ n: string }>`
      select count(*) as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
    if (Number(r.rows[0]!.n) > 0) return;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('the racing save never waited for the lock');
}

/** The migration before goods_skus: a database as deployed before issue 13 §1. */
const BEFORE = '20261125_142701_product_access';

describe('migration 20261125_142829_goods_skus on a database that already holds duplicates', () => {
  const m = useDatabaseMigratedTo(BEFORE);

  it('does not fail, keeps every row, gives each SKU to the earliest product and refuses new duplicates', async () => {
    const kids = (skus: string[]) =>
      JSON.stringify({
        theme: 'Color',
        attrs: ['c'],
        children: skus.map((sku, i) => ({ sku, values: { c: `${i}` } })),
      });
    const ins = (sku: string, parentage: string) =>
      sql<{ id: string }>`
      insert into goods (tenant_id, creator_id, sku, base_info, descs, prices, parentage, images, extra_attrs)
      values (7, 7, ${sku}, '{}', '{}', '{}', ${parentage}::jsonb, '[]', '{}') returning id`.execute(m.db);
    const a = Number((await ins('EANTEST', kids(['EANTEST-L']))).rows[0]!.id);
    const b = Number((await ins('EANTEST', kids(['EANTEST-L']))).rows[0]!.id);
    await ins('EANTEST', kids([])); // another tenant's would be fine; this is the same tenant
    const warn = console.warn;
    const said: string[] = [];
    console.warn = (m: string) => said.push(m);
    try {
      await skusUp(m.db as Kysely<unknown>);
    } finally {
      console.warn = warn;
    }
    const held = await sql<{ sku_key: string; goods_id: string }>`
      select sku_key, goods_id from goods_skus where tenant_id = 7 order by sku_key`.execute(m.db);
    expect(held.rows.map((r) => [r.sku_key, Number(r.goods_id)])).toEqual([
      ['eantest', a],
      ['eantest-l', a],
    ]);
    expect(said.join('\n')).toContain(`SKU EANTEST of product #${b} is held by product #${a}`);
    expect(Number((await sql<{ n: string }>`select count(*) as n from goods`.execute(m.db)).rows[0]!.n)).toBe(3);
    // The later holder still saves while it keeps its SKU (an unrelated change) ...
    await sql`update goods set prices = '{"us":{"price":100,"currency":"USD"}}' where id = ${b}`.execute(m.db);
    // ... but no product takes a SKU another one holds.
    await expect(ins('eantest-l', kids([]))).rejects.toMatchObject({ code: '23505' });
  });
});
