import { missingEanNote, PRODUCT_ID_FORMAT_MSG } from '@console/shared/validation/product-id';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { gs1CheckDigit } from '../src/modules/goods-library/ean-codes.js';
import { buildTenant, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';
import { fillEanPool } from './support/ean-pool.js';

/**
 * Issue 28 §1: a product without variations gets its EAN as 产品ID (`baseInfo.product_id`)
 * from the tenant's pool, on save (unless the account is exempt) or at once with
 * 从EAN池分配 (`assignProductEan`), under the rules of variation EANs (issue 27 §4): a code
 * comes only from the pool or is one the product already holds.
 */

const t = useTestApp();
const SAVE = '/PDD/amazon-user/insertGoods_v2';
const GET = '/PDD/amazon-user/getProduct';
const ASSIGN = '/PDD/amazon-user/assignProductEan';
const titled = { descs: [{ key: 'en', title: 'Single product' }] };

/** `n` valid EAN-13 codes in a tenant's pool, oldest first. */
const fillPool = (tenant: UserRow, n: number) => fillEanPool(t.db, tenant, n, '47');

/** The pool as stored: each code's status and holder, oldest first. */
async function pool(tenantId: number) {
  const rows = await t.db
    .selectFrom('goods_eans')
    .select(['code', 'status', 'goods_id', 'sku'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, goods_id: r.goods_id === null ? null : Number(r.goods_id) }));
}

const get = async (s: Session, id: number) => (await call(t.app, s, 'GET', `${GET}?id=${id}`)).data;

describe('产品ID of a product without variations (issue 28 §1)', () => {
  it('a save gives a single product a free code of the pool; later saves keep it', async () => {
    const main = await buildTenant(t.db);
    const codes = await fillPool(main, 3);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const created = await call(t.app, s, 'POST', SAVE, {
      goodsData: { baseInfo: { sku: 'ONE-1' }, commonData: titled },
    });
    expect(created.status, created.msg).toBe(200);
    expect(created.msg).toBe('保存成功,已分配1个EAN');
    expect(created.data.product_id).toBe(codes[0]);
    expect(created.data.assignedEans).toEqual([{ sku: 'ONE-1', ean: codes[0], field: 'baseInfo.product_id' }]);
    expect(created.data.warnings).toMatchObject({ missingEans: 0, missingProductId: false });
    const g = await get(s, created.data.id);
    expect(g.goodsData.baseInfo.product_id).toBe(codes[0]);
    expect(g.version).toBe(1);
    expect((await pool(main.id))[0]).toEqual({
      code: codes[0],
      status: 'used',
      goods_id: created.data.id,
      sku: 'ONE-1',
    });

    // Saved again as loaded (and with a new SKU): the same code, no new one; the pool follows the SKU.
    const again = await call(t.app, s, 'POST', SAVE, {
      id: created.data.id,
      version: 1,
      goodsData: { baseInfo: { ...g.goodsData.baseInfo, sku: 'ONE-2' }, commonData: titled },
    });
    expect(again.status, again.msg).toBe(200);
    expect(again.msg).toBe('保存成功');
    expect(again.data.assignedEans).toEqual([]);
    expect(again.data.product_id).toBe(codes[0]);
    // Not sent at all: kept, as every baseInfo field that is not sent.
    const omitted = await call(t.app, s, 'POST', SAVE, {
      id: created.data.id,
      version: 2,
      goodsData: { baseInfo: { sku: 'ONE-2' }, commonData: titled },
    });
    expect(omitted.status, omitted.msg).toBe(200);
    expect(omitted.data.product_id).toBe(codes[0]);
    expect(await pool(main.id)).toEqual([
      { code: codes[0], status: 'used', goods_id: created.data.id, sku: 'ONE-2' },
      { code: codes[1], status: 'free', goods_id: null, sku: null },
      { code: codes[2], status: 'free', goods_id: null, sku: null },
    ]);
  });

  it('an exempt account gets no code and no warning', async () => {
    const main = await buildTenant(t.db);
    await fillPool(main, 2);
    await t.db.updateTable('users').set({ is_not_use_ean: 1 }).where('id', '=', main.id).execute();
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const r = await call(t.app, s, 'POST', SAVE, { goodsData: { commonData: titled } });
    expect(r).toMatchObject({
      status: 200,
      msg: '保存成功',
      data: { product_id: '', assignedEans: [], warnings: { missingEans: 0, missingProductId: false } },
    });
    expect((await pool(main.id)).map((p) => p.status)).toEqual(['free', 'free']);
    // 从EAN池分配 is refused as well.
    const a = await call(t.app, s, 'POST', ASSIGN, { id: r.data.id, version: 1 });
    expect(a.http).toBe(400);
    expect(a.msg).toBe('当前账号设置为不使用EAN(EAN豁免),不从EAN库分配');
    expect((await pool(main.id)).map((p) => p.status)).toEqual(['free', 'free']);
  });

  it('an empty pool still saves and says so; the next save after an import fills the code', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const r = await call(t.app, s, 'POST', SAVE, { goodsData: { commonData: titled } });
    expect(r.status).toBe(200);
    expect(r.msg).toBe(`保存成功,${missingEanNote({ missingProductId: true })}`);
    expect(r.msg).toContain('商品未分配EAN');
    expect(r.data.warnings).toMatchObject({ missingEans: 1, missingProductId: true });
    expect(r.data.product_id).toBe('');
    const [code] = await fillPool(main, 1);
    const again = await call(t.app, s, 'POST', SAVE, { id: r.data.id, version: 1, goodsData: { commonData: titled } });
    expect(again.status, again.msg).toBe(200);
    expect(again.data.product_id).toBe(code);
    expect(again.data.warnings).toMatchObject({ missingEans: 0, missingProductId: false });
  });

  it("another tenant's code, a free code of the own pool and a code in no pool are refused; an ASIN is kept", async () => {
    const a = await buildTenant(t.db);
    const b = await buildTenant(t.db);
    const [theirs] = await fillPool(b, 1);
    const [ownFree] = await fillPool(a, 1);
    const theirPool = await pool(b.id);
    const s = await signIn(t.app, a.account, TEST_PASSWORD);
    const body = '590123412345';
    const nowhere = `${body}${gs1CheckDigit(body)}`;
    for (const code of [theirs!, ownFree!, nowhere]) {
      const r = await call(t.app, s, 'POST', SAVE, {
        goodsData: { baseInfo: { product_id: code }, commonData: titled },
      });
      expect(r.http, code).toBe(400);
      expect(r.msg).toBe(`EAN码由系统从EAN库分配,不能指定: ${code}`);
      expect(r.data).toEqual({ field: 'baseInfo.product_id', ean: code });
    }
    expect(await pool(b.id)).toEqual(theirPool);
    expect((await pool(a.id)).map((p) => p.status)).toEqual(['free']);
    expect(await t.db.selectFrom('goods').select('id').where('tenant_id', '=', a.id).execute()).toEqual([]);

    // An ASIN names the product on Amazon: kept, and no code is taken.
    const asin = await call(t.app, s, 'POST', SAVE, {
      goodsData: { baseInfo: { product_id: 'B0ABCDEF12' }, commonData: titled },
    });
    expect(asin.status, asin.msg).toBe(200);
    expect(asin.data.product_id).toBe('B0ABCDEF12');
    expect(asin.data.assignedEans).toEqual([]);
    expect((await pool(a.id)).map((p) => p.status)).toEqual(['free']);
    // Anything else is no 产品ID.
    const other = await call(t.app, s, 'POST', SAVE, {
      goodsData: { baseInfo: { product_id: 'hello' }, commonData: titled },
    });
    expect(other.http).toBe(400);
    expect(other.msg).toBe(`${PRODUCT_ID_FORMAT_MSG}: hello`);
    expect(other.data).toEqual({ field: 'baseInfo.product_id' });
  });

  it('concurrent saves of products without variations never get the same code; one left over is reported', async () => {
    const main = await buildTenant(t.db);
    const codes = await fillPool(main, 3);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const saves = await Promise.all(
      ['A', 'B', 'C', 'D'].map((p) =>
        call(t.app, s, 'POST', SAVE, { goodsData: { baseInfo: { sku: `P-${p}` }, commonData: titled } }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const got = saves.map((r) => r.data.product_id).filter(Boolean);
    expect([...got].sort()).toEqual([...codes].sort());
    expect(saves.filter((r) => r.data.warnings.missingProductId)).toHaveLength(1);
    const rows = await pool(main.id);
    for (const r of saves.filter((x) => x.data.product_id)) {
      const row = rows.find((p) => p.code === r.data.product_id);
      expect(row).toMatchObject({ status: 'used', goods_id: r.data.id });
    }
  });

  it('从EAN池分配 takes a free code at once over the loaded version; refusals change nothing', async () => {
    const main = await buildTenant(t.db);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const created = await call(t.app, s, 'POST', SAVE, { goodsData: { baseInfo: { sku: 'BTN' }, commonData: titled } });
    expect(created.data.warnings.missingProductId).toBe(true);
    const id = created.data.id;
    const dry = await call(t.app, s, 'POST', ASSIGN, { id, version: 1 });
    expect(dry.http).toBe(409);
    expect(dry.msg).toBe('EAN库没有可用的码,请先在EAN库导入EAN');
    const codes = await fillPool(main, 2);
    const stale = await call(t.app, s, 'POST', ASSIGN, { id, version: 7 });
    expect(stale.http).toBe(409);
    expect(stale.data).toMatchObject({ code: 'STALE_VERSION', version: 1 });
    const ok = await call(t.app, s, 'POST', ASSIGN, { id, version: 1 });
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data).toEqual({ id, version: 2, product_id: codes[0] });
    expect(ok.msg).toBe(`已从EAN库分配: ${codes[0]}`);
    const g = await get(s, id);
    expect(g.version).toBe(2);
    expect(g.goodsData.baseInfo.product_id).toBe(codes[0]);
    expect((await pool(main.id))[0]).toEqual({ code: codes[0], status: 'used', goods_id: id, sku: 'BTN' });
    // The editor saves on over the answered version with the code in its draft: accepted, kept.
    const saved = await call(t.app, s, 'POST', SAVE, {
      id,
      version: 2,
      goodsData: { baseInfo: { sku: 'BTN', product_id: codes[0] }, commonData: titled },
    });
    expect(saved.status, saved.msg).toBe(200);
    expect(saved.data.product_id).toBe(codes[0]);
    const twice = await call(t.app, s, 'POST', ASSIGN, { id, version: 3 });
    expect(twice.http).toBe(409);
    expect(twice.msg).toBe(`商品已有EAN: ${codes[0]}`);
    // A product with variations gets its codes with the save.
    const withVariations = await call(t.app, s, 'POST', SAVE, {
      goodsData: {
        commonData: titled,
        parentageTable: { theme: 'Color', attrs: ['color'], children: [{ sku: 'BTN-V', values: { color: 'red' } }] },
      },
    });
    const v = await call(t.app, s, 'POST', ASSIGN, { id: withVariations.data.id, version: 1 });
    expect(v.http).toBe(400);
    // Another tenant's product is not found.
    const other = await buildTenant(t.db);
    await fillPool(other, 1);
    const so = await signIn(t.app, other.account, TEST_PASSWORD);
    const foreign = await call(t.app, so, 'POST', ASSIGN, { id, version: 3 });
    expect(foreign.http).toBe(404);
    expect((await pool(other.id)).map((p) => p.status)).toEqual(['free']);
  });

  it('a copy does not take the code; deleting for good and turning into variations return or move it', async () => {
    const main = await buildTenant(t.db);
    const codes = await fillPool(main, 3);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const created = await call(t.app, s, 'POST', SAVE, { goodsData: { baseInfo: { sku: 'CP' }, commonData: titled } });
    expect(created.data.product_id).toBe(codes[0]);
    const copy = await call(t.app, s, 'POST', '/PDD/amazon-user/copyOneBenRenProduct', { id: created.data.id });
    expect(copy.status, copy.msg).toBe(200);
    expect((await get(s, copy.data.id)).goodsData.baseInfo.product_id).toBeUndefined();

    // The product's code moves to a variation when it gets variations (it holds the code).
    const moved = await call(t.app, s, 'POST', SAVE, {
      id: created.data.id,
      version: 1,
      goodsData: {
        baseInfo: { sku: 'CP', product_id: '' },
        commonData: titled,
        parentageTable: {
          theme: 'Color',
          attrs: ['color'],
          children: [{ sku: 'CP-V', values: { color: 'red' }, ean: codes[0] }],
        },
      },
    });
    expect(moved.status, moved.msg).toBe(200);
    expect(moved.data.assignedEans).toEqual([]);
    expect((await pool(main.id))[0]).toEqual({
      code: codes[0],
      status: 'used',
      goods_id: created.data.id,
      sku: 'CP-V',
    });

    // Deleted for good: its code goes back to the pool.
    const single = await call(t.app, s, 'POST', SAVE, { goodsData: { baseInfo: { sku: 'DEL' }, commonData: titled } });
    expect(single.data.product_id).toBe(codes[1]);
    for (const is_delete of [1, 2])
      expect(
        (await call(t.app, s, 'POST', '/PDD/amazon-user/delGoodsMutl', { ids: String(single.data.id), is_delete }))
          .status,
      ).toBe(200);
    expect((await pool(main.id))[1]).toEqual({ code: codes[1], status: 'free', goods_id: null, sku: null });
  });
});
