import { describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { gs1CheckDigit } from '../src/modules/goods-library/ean-codes.js';
import { buildTenant, TEST_PASSWORD } from './factories.js';
import { call, signIn, useTestApp } from './harness.js';
import { fillEanPool } from './support/ean-pool.js';

/**
 * Issue 27 §4: a variation's EAN is never taken from the request. The server assigns codes
 * from the tenant's pool, or keeps a code the product already holds; any other code a
 * request names (the tenant's own free code, another tenant's code, a code another product
 * holds) is refused, and the pool always says which product uses each code.
 */

const t = useTestApp();
const SAVE = '/PDD/amazon-user/insertGoods_v2';
const GET = '/PDD/amazon-user/getProduct';
const titled = { descs: [{ key: 'en', title: 'Product' }] };

/** `n` valid EAN-13 codes in a tenant's pool, oldest first. */
const fillPool = (tenant: UserRow, n: number) => fillEanPool(t.db, tenant, n, '46');

const variations = (eans: (string | undefined)[], prefix = 'V') => ({
  theme: 'Color',
  attrs: ['color'],
  children: eans.map((ean, i) => ({
    sku: `${prefix}-${i}`,
    values: { color: `c${i}` },
    ...(ean ? { ean } : {}),
  })),
});

/** Every code a tenant's products hold, by product id. */
async function heldCodes(tenantId: number) {
  const rows = await t.db.selectFrom('goods').select(['id', 'parentage']).where('tenant_id', '=', tenantId).execute();
  return rows.flatMap((r) =>
    ((r.parentage as { children?: { ean?: string; sku: string }[] }).children ?? [])
      .filter((c) => c.ean)
      .map((c) => ({ goods_id: Number(r.id), sku: c.sku, code: c.ean! })),
  );
}

/** The pool as stored: each code's status and holder. */
async function pool(tenantId: number) {
  const rows = await t.db
    .selectFrom('goods_eans')
    .select(['code', 'status', 'goods_id', 'sku'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, goods_id: r.goods_id === null ? null : Number(r.goods_id) }));
}

/** The pool tells the truth: a code is used exactly when one product holds it, by that product and variation. */
async function expectPoolTruth(tenantId: number) {
  const held = await heldCodes(tenantId);
  const codes = held.map((h) => h.code);
  expect(new Set(codes).size, 'no code is held twice').toBe(codes.length);
  const rows = await pool(tenantId);
  for (const r of rows) {
    const h = held.find((x) => x.code === r.code);
    if (h) expect(r, r.code).toEqual({ code: r.code, status: 'used', goods_id: h.goods_id, sku: h.sku });
    else expect(r, r.code).toEqual({ code: r.code, status: 'free', goods_id: null, sku: null });
  }
  for (const h of held)
    expect(
      rows.map((r) => r.code),
      h.code,
    ).toContain(h.code);
}

describe('variation EANs come only from the server (issue 27 §4)', () => {
  it('two parallel saves naming the same free code of the pool are both refused; nothing is held or used', async () => {
    const main = await buildTenant(t.db);
    const [, free] = await fillPool(main, 2);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const saves = await Promise.all(
      ['A', 'B'].map((p) =>
        call(t.app, s, 'POST', SAVE, { goodsData: { commonData: titled, parentageTable: variations([free], p) } }),
      ),
    );
    for (const r of saves) {
      expect(r.http, r.msg).toBe(400);
      expect(r.msg).toBe(`EAN码由系统从EAN库分配,不能指定: ${free}`);
      expect(r.data).toMatchObject({ field: 'parentageTable.children.ean', ean: free });
    }
    expect(await heldCodes(main.id)).toEqual([]);
    await expectPoolTruth(main.id);
    // Serially the same: a named code is refused whoever asks first.
    const again = await call(t.app, s, 'POST', SAVE, {
      goodsData: { commonData: titled, parentageTable: variations([free]) },
    });
    expect(again.msg).toBe(`EAN码由系统从EAN库分配,不能指定: ${free}`);
  });

  it('parallel saves without codes get distinct codes from the pool, and the pool shows who holds each', async () => {
    const main = await buildTenant(t.db);
    const codes = await fillPool(main, 4);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const saves = await Promise.all(
      ['A', 'B'].map((p) =>
        call(t.app, s, 'POST', SAVE, {
          goodsData: { commonData: titled, parentageTable: variations([undefined, undefined], p) },
        }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual([200, 200]);
    const held = await heldCodes(main.id);
    expect(held.map((h) => h.code).sort()).toEqual([...codes].sort());
    await expectPoolTruth(main.id);
  });

  it("another tenant's code is refused, and that tenant's pool is untouched", async () => {
    const a = await buildTenant(t.db);
    const b = await buildTenant(t.db);
    const [theirs] = await fillPool(b, 1);
    const before = await pool(b.id);
    const s = await signIn(t.app, a.account, TEST_PASSWORD);
    const r = await call(t.app, s, 'POST', SAVE, {
      goodsData: { commonData: titled, parentageTable: variations([theirs]) },
    });
    expect(r.http).toBe(400);
    expect(r.msg).toBe(`EAN码由系统从EAN库分配,不能指定: ${theirs}`);
    expect(await heldCodes(a.id)).toEqual([]);
    expect(await pool(b.id)).toEqual(before);
    // A code in no pool at all is refused the same way.
    const body = '590123412345';
    const nowhere = `${body}${gs1CheckDigit(body)}`;
    const r2 = await call(t.app, s, 'POST', SAVE, {
      goodsData: { commonData: titled, parentageTable: variations([nowhere]) },
    });
    expect(r2.msg).toBe(`EAN码由系统从EAN库分配,不能指定: ${nowhere}`);
  });

  it('an update keeps the codes the product holds (also moved to another variation); a code it does not hold is refused', async () => {
    const main = await buildTenant(t.db);
    await fillPool(main, 4);
    const s = await signIn(t.app, main.account, TEST_PASSWORD);
    const first = await call(t.app, s, 'POST', SAVE, {
      goodsData: { commonData: titled, parentageTable: variations([undefined, undefined], 'P') },
    });
    const other = await call(t.app, s, 'POST', SAVE, {
      goodsData: { commonData: titled, parentageTable: variations([undefined], 'Q') },
    });
    expect([first.status, other.status]).toEqual([200, 200]);
    const [p0, p1] = first.data.assignedEans.map((a: { ean: string }) => a.ean);
    const [q0] = other.data.assignedEans.map((a: { ean: string }) => a.ean);

    // Kept as they are, and swapped between the product's own variations: both fine.
    const kept = await call(t.app, s, 'POST', SAVE, {
      id: first.data.id,
      version: 1,
      goodsData: { commonData: titled, parentageTable: variations([p1, p0], 'P') },
    });
    expect(kept.status, kept.msg).toBe(200);
    expect(kept.data.assignedEans).toEqual([]);
    const got = await call(t.app, s, 'GET', `${GET}?id=${first.data.id}`);
    expect(got.data.goodsData.parentageTable.children.map((c: { ean: string }) => c.ean)).toEqual([p1, p0]);
    await expectPoolTruth(main.id);

    // Another product's code, and the same own code twice, are refused; nothing changes.
    const steal = await call(t.app, s, 'POST', SAVE, {
      id: first.data.id,
      version: 2,
      goodsData: { commonData: titled, parentageTable: variations([p1, q0], 'P') },
    });
    expect(steal.http).toBe(400);
    expect(steal.msg).toBe(`EAN码由系统从EAN库分配,不能指定: ${q0}`);
    const twice = await call(t.app, s, 'POST', SAVE, {
      id: first.data.id,
      version: 2,
      goodsData: { commonData: titled, parentageTable: variations([p1, p1], 'P') },
    });
    expect(twice.http).toBe(400);
    expect(twice.msg).toBe(`EAN码重复: ${p1}`);
    const still = await call(t.app, s, 'GET', `${GET}?id=${first.data.id}`);
    expect(still.data.version).toBe(2);
    await expectPoolTruth(main.id);
  });
});
