// 库存列表's keyset pages (issue 30 §4, docs/overseas.md "Inventory screens"): walking the list
// by `cursor` gives exactly the rows, order and totals of walking it by page number, for every
// filter shape (one place, several places, the whole tenant, low stock, keyword), with a SKU's
// places split across page boundaries (ties on the SKU); a cursor never reaches another tenant's
// stock; a malformed cursor is a 400 with a Chinese message.
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { CHINA, type LocationRef, postMovement } from '../../src/inventory/inventory.service.js';
import { buildTenant, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { insertSkus, insertWarehouse } from './inbound-support.js';

const t = useTestApp({ workers: false });
const LIST = '/PDD/overseas/inventory/list';

type Row = { stock_id: number; location_id: number; tenant_id: number; on_hand: number; reserved: number };
const keyOf = (r: Row) => `${r.stock_id}.${r.location_id}`;

let operator: Session;
let seller: { tenant: UserRow; admin: Session; whA: number; whB: number; skus: number[] };
let other: { tenant: UserRow; admin: Session };

/** Units in at a place for a tenant's SKU (one transaction). */
async function stock(tenant: UserRow, stockId: number, at: LocationRef, quantity: number) {
  await t.db
    .transaction()
    .execute((trx) =>
      postMovement(trx, { tenantId: tenant.id, stockId, at, op: 'in', quantity, reason: '', by: null }),
    );
}

beforeAll(async () => {
  const op = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  operator = await signIn(t.app, op.account, TEST_PASSWORD);
  const tenant = await buildTenant(t.db);
  const whA = await insertWarehouse(t, '键集甲仓');
  const whB = await insertWarehouse(t, '键集乙仓');
  const skus = await insertSkus(t, tenant, 7, `KS${tenant.id}`);
  const A: LocationRef = { kind: 'overseas', warehouseId: whA };
  const B: LocationRef = { kind: 'overseas', warehouseId: whB };
  // Most SKUs at two or three places (ties on the SKU), some at one; reorder points make some low.
  const places: LocationRef[][] = [[CHINA, A, B], [A], [CHINA, B], [A, B], [CHINA], [CHINA, A, B], [B, A]];
  for (const [i, at] of places.entries()) {
    for (const [j, place] of at.entries()) await stock(tenant, skus[i]!, place, 2 + ((i + j) % 4) * 3);
  }
  await t.db
    .updateTable('stock_products')
    .set({ reorder_point: 9 })
    .where('id', 'in', [skus[0]!, skus[1]!, skus[3]!, skus[5]!, skus[6]!])
    .execute();
  seller = { tenant, admin: await signIn(t.app, tenant.account, TEST_PASSWORD), whA, whB, skus };
  // Another tenant with stock at the same warehouse, interleaved SKU ids after the seller's.
  const o = await buildTenant(t.db);
  const oSkus = await insertSkus(t, o, 3, `KO${o.id}`);
  for (const id of oSkus) await stock(o, id, A, 5);
  other = { tenant: o, admin: await signIn(t.app, o.account, TEST_PASSWORD) };
});

/** Every page of a filter by page number, then by cursor: both walks, each page's total. */
async function walk(who: Session, filter: object, pageSize: number) {
  const byNumber: Row[][] = [];
  const totals: number[] = [];
  for (let page = 1; ; page += 1) {
    const r = await call(t.app, who, 'POST', LIST, { ...filter, page, pageSize });
    expect(r.status, r.msg).toBe(200);
    totals.push(r.data.total);
    if (r.data.list.length === 0) break;
    byNumber.push(r.data.list);
  }
  const byCursor: Row[][] = [];
  let cursor: string | undefined;
  for (let page = 1; page < 100; page += 1) {
    const r = await call(t.app, who, 'POST', LIST, { ...filter, page, pageSize, ...(cursor ? { cursor } : {}) });
    expect(r.status, r.msg).toBe(200);
    totals.push(r.data.total);
    if (r.data.list.length > 0) byCursor.push(r.data.list);
    // The next cursor is the page's last key, and only when more rows follow.
    const last = r.data.list.at(-1);
    const more = byNumber.length > page;
    expect(r.data.next_cursor).toBe(more ? keyOf(last) : null);
    if (!r.data.next_cursor) break;
    cursor = r.data.next_cursor;
  }
  return { byNumber, byCursor, totals };
}

describe('库存列表 keyset pages', () => {
  it('walks every filter shape by cursor with the rows, order and totals of page numbers', async () => {
    const { admin, whA } = seller;
    const filters = [
      {},
      { location_kind: 'overseas' },
      { warehouse_id: whA },
      { location_kind: 'china' },
      { low_stock: true },
      { keyword: `ks${seller.tenant.id}` },
      { low_stock: true, warehouse_id: whA },
      { keyword: '收纳盒', location_kind: 'overseas' },
    ];
    for (const filter of filters) {
      const all = await call(t.app, admin, 'POST', LIST, { ...filter, page: 1, pageSize: 100 });
      expect(all.status, all.msg).toBe(200);
      expect(all.data.next_cursor).toBeNull();
      const rows: Row[] = all.data.list;
      expect(rows.length, JSON.stringify(filter)).toBeGreaterThan(2);
      // The order the cursor relies on: SKU id, then location id, no duplicates.
      const keys = rows.map((r) => [r.stock_id, r.location_id]);
      expect(keys).toEqual([...keys].sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!));
      expect(new Set(rows.map(keyOf)).size).toBe(rows.length);
      for (const pageSize of Object.keys(filter).length === 0 ? [2, 3] : [3]) {
        const w = await walk(admin, filter, pageSize);
        expect(w.byCursor, JSON.stringify({ filter, pageSize })).toEqual(w.byNumber);
        expect(w.byCursor.flat()).toEqual(rows);
        expect(new Set(w.totals)).toEqual(new Set([rows.length]));
      }
    }
    // Ties: some page boundary of the whole list splits one SKU's places.
    const pages = (await walk(admin, {}, 2)).byCursor;
    expect(pages.some((p, i) => i > 0 && p[0]!.stock_id === pages[i - 1]!.at(-1)!.stock_id)).toBe(true);
  });

  it("never reaches another tenant's stock through a cursor; the operator's cursor follows its tenant filter", async () => {
    const mine = await call(t.app, seller.admin, 'POST', LIST, { page: 1, pageSize: 2, warehouse_id: seller.whA });
    const cursor = mine.data.next_cursor as string;
    expect(cursor).toMatch(/^\d+\.\d+$/);
    // The other tenant at the same warehouse, with the seller's cursor: only its own rows after that key.
    const theirs = await call(t.app, other.admin, 'POST', LIST, {
      page: 2,
      pageSize: 20,
      cursor,
      warehouse_id: seller.whA,
    });
    expect(theirs.status, theirs.msg).toBe(200);
    expect(theirs.data.list.length).toBe(3);
    expect(new Set(theirs.data.list.map((r: Row) => r.tenant_id))).toEqual(new Set([other.tenant.id]));
    expect(theirs.data.total).toBe(3);
    // A tenant's tenant_id is ignored, with or without a cursor.
    const sneaky = await call(t.app, other.admin, 'POST', LIST, { cursor, tenant_id: seller.tenant.id });
    expect(new Set(sneaky.data.list.map((r: Row) => r.tenant_id))).toEqual(new Set([other.tenant.id]));
    // The operator picking the seller walks the seller's rows only, by cursor as by number.
    const w = await walk(operator, { tenant_id: seller.tenant.id, location_kind: 'overseas' }, 3);
    expect(w.byCursor).toEqual(w.byNumber);
    expect(new Set(w.byCursor.flat().map((r) => r.tenant_id))).toEqual(new Set([seller.tenant.id]));
    // Every tenant's (no tenant filter): both walks agree and hold both tenants' rows.
    const everyone = await walk(operator, { warehouse_id: seller.whA }, 4);
    expect(everyone.byCursor).toEqual(everyone.byNumber);
    expect(new Set(everyone.byCursor.flat().map((r) => r.tenant_id))).toEqual(
      new Set([seller.tenant.id, other.tenant.id]),
    );
  });

  it('refuses a malformed cursor with 400 and a Chinese message', async () => {
    for (const cursor of ['abc', '1.2.3', '0.5', '5.0', '-1.2', '1', '', ' 1.2', '1234567890123456.1', 12, null]) {
      const r = await call(t.app, seller.admin, 'POST', LIST, { page: 2, cursor });
      expect(r.http, String(cursor)).toBe(400);
      expect(r.msg).toContain('翻页游标不合法');
    }
  });
});
