// 库存列表 / 库存流水 (issue 30 §2, docs/overseas.md "Inventory screens"): balances per SKU and
// location with low stock, the flow with Chinese reasons, documents and who, keyset pages,
// filters, roles and tenancy.
import { locationLabel } from '@console/shared/inventory/location-label';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHINA, postMovement } from '../../src/inventory/inventory.service.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { draftBody, insertSkus, insertWarehouse } from './inbound-support.js';

const t = useTestApp({ workers: false });
const I = '/PDD/overseas/inbound/';
const V = '/PDD/overseas/inventory/';

let operator: Session;
beforeAll(async () => {
  const op = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  operator = await signIn(t.app, op.account, TEST_PASSWORD);
});

/** A tenant with 3 SKUs: SKU 1 received through an inbound (10), SKU 2 in China (4, reorder point 5), SKU 3 nowhere. */
async function stocked() {
  const tenant = await buildTenant(t.db);
  const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const wh = await insertWarehouse(t, '美西仓');
  const [a, b] = await insertSkus(t, tenant, 3);
  await t.db.updateTable('stock_products').set({ reorder_point: 5 }).where('id', '=', b!).execute();
  const saved = await call(t.app, admin, 'POST', `${I}save`, draftBody(wh, [[[a!, 10]]]));
  const id = saved.data.id;
  await call(t.app, admin, 'POST', `${I}ship`, { id, tracking_no: 'T1' });
  await call(t.app, operator, 'POST', `${I}arrive`, { id });
  const box = saved.data.box_list[0];
  const r = await call(t.app, operator, 'POST', `${I}receive`, {
    id,
    boxes: [{ box_id: box.id, lines: [{ line_id: box.lines[0].id, counted: 10 }] }],
  });
  expect(r.status, r.msg).toBe(200);
  await t.db.transaction().execute(async (trx) => {
    await postMovement(trx, {
      tenantId: tenant.id,
      stockId: b!,
      at: CHINA,
      op: 'in',
      quantity: 4,
      reason: '',
      by: tenant.id,
    });
    await postMovement(trx, {
      tenantId: tenant.id,
      stockId: a!,
      at: { kind: 'overseas', warehouseId: wh },
      op: 'reserve',
      quantity: 3,
      reason: '',
      by: null,
    });
  });
  return { tenant, admin, wh, a: a!, b: b!, inbound: id as number, number: saved.data.number as string };
}

describe('overseas inventory', () => {
  it('lists on hand, reserved and available per SKU and location, with filters and low stock', async () => {
    const w = await stocked();
    const all = await call(t.app, w.admin, 'POST', `${V}list`, {});
    expect(all.status, all.msg).toBe(200);
    expect(
      all.data.list.map((r: Record<string, unknown>) => [
        r.stock_id,
        r.location_kind,
        r.location_name,
        r.on_hand,
        r.reserved,
        r.available,
        r.low_stock,
      ]),
    ).toEqual([
      [w.a, 'overseas', '美西仓', 10, 3, 7, false],
      [w.b, 'china', '国内备货仓', 4, 0, 4, true],
    ]);
    const low = await call(t.app, w.admin, 'POST', `${V}list`, { low_stock: true });
    expect(low.data.list.map((r: { stock_id: number }) => r.stock_id)).toEqual([w.b]);
    expect((await call(t.app, w.admin, 'POST', `${V}list`, { location_kind: 'china' })).data.total).toBe(1);
    expect((await call(t.app, w.admin, 'POST', `${V}list`, { warehouse_id: w.wh })).data.list[0].stock_id).toBe(w.a);
    expect((await call(t.app, w.admin, 'POST', `${V}list`, { location_kind: 'fba' })).data.total).toBe(0);
    expect((await call(t.app, w.admin, 'POST', `${V}list`, { keyword: '收纳盒2' })).data.list[0].stock_id).toBe(w.b);
    // The keyword ignores case in the SKU; `%` and `_` are letters, not wildcards.
    const sku = (await t.db.selectFrom('stock_products').select('sku').where('id', '=', w.a).executeTakeFirstOrThrow())
      .sku;
    const lower = await call(t.app, w.admin, 'POST', `${V}list`, { keyword: sku.toLowerCase() });
    expect(lower.data.list.map((r: { stock_id: number }) => r.stock_id)).toEqual([w.a]);
    expect((await call(t.app, w.admin, 'POST', `${V}list`, { keyword: '收纳%' })).data.total).toBe(0);
    // A page past the last keeps the total.
    const past = await call(t.app, w.admin, 'POST', `${V}list`, { page: 5, pageSize: 20 });
    expect([past.data.list, past.data.total]).toEqual([[], 2]);
    expect((await call(t.app, w.admin, 'POST', `${V}list`, { location_kind: 'moon' })).http).toBe(400);
  });

  it('pins low stock + keyword: the reorder point copied to each balance follows the SKU', async () => {
    const tenant = await buildTenant(t.db);
    const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const wh = await insertWarehouse(t, '低库存仓');
    const [a, b, c] = await insertSkus(t, tenant, 3, `Low_${tenant.id}`);
    const [d] = await insertSkus(t, tenant, 1, `Other_${tenant.id}`);
    const setPoint = (id: number, n: number) =>
      t.db.updateTable('stock_products').set({ reorder_point: n }).where('id', '=', id).execute();
    await setPoint(a!, 5);
    await setPoint(d!, 5);
    const post = (stockId: number, op: 'in' | 'reserve', quantity: number, at = CHINA) =>
      t.db
        .transaction()
        .execute((trx) => postMovement(trx, { tenantId: tenant.id, stockId, at, op, quantity, reason: '', by: null }));
    await post(a!, 'in', 4); // low: 4 ≤ 5
    await post(a!, 'in', 10, { kind: 'overseas', warehouseId: wh }); // 10 > 5
    await post(b!, 'in', 2); // 2 > 0
    await post(c!, 'in', 3);
    await post(c!, 'reserve', 3); // available 0 ≤ 0
    await post(d!, 'in', 1); // low, but not the keyword
    const low = async (body: object = {}) => {
      const r = await call(t.app, admin, 'POST', `${V}list`, { low_stock: true, keyword: `low_${tenant.id}`, ...body });
      expect(r.status, r.msg).toBe(200);
      return [
        r.data.total,
        r.data.list.map((x: Record<string, unknown>) => [x.stock_id, x.location_kind, x.available]),
      ];
    };
    expect(await low()).toEqual([
      2,
      [
        [a, 'china', 4],
        [c, 'china', 0],
      ],
    ]);
    // Reorder points changed after the balances exist: the copies follow (triggers), both ways.
    await setPoint(b!, 2);
    await setPoint(a!, 3);
    expect(await low()).toEqual([
      2,
      [
        [b, 'china', 2],
        [c, 'china', 0],
      ],
    ]);
    expect(await low({ page: 2, pageSize: 1 })).toEqual([2, [[c, 'china', 0]]]);
    // `_` in the keyword is a letter (no wildcard): `low-` finds nothing.
    expect(await low({ keyword: `low-${tenant.id}` })).toEqual([0, []]);
    expect((await call(t.app, admin, 'POST', `${V}list`, { low_stock: true })).data.total).toBe(3);
  });

  it('shows the flow newest first with reason, document and who, keyset-paged and filtered', async () => {
    const w = await stocked();
    const flow = await call(t.app, w.admin, 'POST', `${V}flow`, {});
    expect(flow.status, flow.msg).toBe(200);
    expect(
      flow.data.list.map((m: Record<string, unknown>) => [
        m.kind,
        m.reason_label,
        m.quantity,
        m.balance_after,
        m.doc_no,
      ]),
    ).toEqual([
      ['reserve', '手工', 3, 10, ''],
      ['in', '手工', 4, 4, ''],
      ['in', '入库单收货', 10, 10, w.number],
    ]);
    // The receipt was the operator's: the tenant sees 仓库, not the operator's account.
    expect(flow.data.list[2].user_name).toBe('仓库');
    expect(flow.data.list[0].user_name).toBeNull();
    const p1 = await call(t.app, w.admin, 'POST', `${V}flow`, { pageSize: 2 });
    expect([p1.data.list.length, typeof p1.data.next_cursor]).toEqual([2, 'number']);
    const p2 = await call(t.app, w.admin, 'POST', `${V}flow`, { pageSize: 2, cursor: p1.data.next_cursor });
    expect([p2.data.list.map((m: { doc_no: string }) => m.doc_no), p2.data.next_cursor]).toEqual([[w.number], null]);
    const byDoc = await call(t.app, w.admin, 'POST', `${V}flow`, { doc_no: w.number });
    expect(byDoc.data.list.map((m: { doc_id: number }) => m.doc_id)).toEqual([w.inbound]);
    expect(
      (await call(t.app, w.admin, 'POST', `${V}flow`, { doc_type: 'inbound', doc_id: w.inbound })).data.list,
    ).toHaveLength(1);
    expect((await call(t.app, w.admin, 'POST', `${V}flow`, { reason: 'receipt' })).data.list).toHaveLength(1);
    const sku = (await call(t.app, w.admin, 'POST', `${V}list`, { location_kind: 'china' })).data.list[0].sku;
    expect(
      (await call(t.app, w.admin, 'POST', `${V}flow`, { sku })).data.list.map((m: { stock_id: number }) => m.stock_id),
    ).toEqual([w.b]);
    const locations = await call(t.app, w.admin, 'POST', `${V}locations`, {});
    const overseas = locations.data.list.find((l: { kind: string }) => l.kind === 'overseas');
    expect((await call(t.app, w.admin, 'POST', `${V}flow`, { location_id: overseas.id })).data.list).toHaveLength(2);
    const now = Math.floor(Date.now() / 1000);
    expect((await call(t.app, w.admin, 'POST', `${V}flow`, { start_time: now + 3600 })).data.list).toEqual([]);
    expect(
      (await call(t.app, w.admin, 'POST', `${V}flow`, { start_time: now - 3600, end_time: now + 3600 })).data.list,
    ).toHaveLength(3);
    expect((await call(t.app, w.admin, 'POST', `${V}flow`, { reason: 'lost' })).http).toBe(400);
    expect((await call(t.app, w.admin, 'POST', `${V}flow`, { pageSize: 0 })).http).toBe(400);
  });

  it('names an FBA row by its place (亚马逊FBA · 德国) and its shipment number, not raw ids', async () => {
    const tenant = await buildTenant(t.db);
    const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
    const [a] = await insertSkus(t, tenant, 1);
    const number = `FS-${tenant.id}`;
    const shipment = await sql<{ id: string }>`
      insert into fba_shipments (tenant_id, shop_id, marketplace, marketplace_id, number, source_address, created_by)
      values (${tenant.id}, 0, 'DE', 'A1PA6795UKMFR9', ${number}, '{}', ${tenant.id}) returning id`.execute(t.db);
    await t.db.transaction().execute((trx) =>
      postMovement(trx, {
        tenantId: tenant.id,
        stockId: a!,
        at: { kind: 'fba', marketplaceId: 'A1PA6795UKMFR9' },
        op: 'in',
        quantity: 6,
        reason: 'receipt',
        doc: { type: 'fba_shipment', id: Number(shipment.rows[0]!.id) },
        by: null,
      }),
    );
    const row = (await call(t.app, admin, 'POST', `${V}flow`, {})).data.list[0];
    expect([row.doc_type, row.doc_no, locationLabel(row.location_kind, row.location_name)]).toEqual([
      'fba_shipment',
      number,
      '亚马逊FBA · 德国',
    ]);
  });

  it("keeps another tenant's stock and documents out, and refuses roles without warehouse.use", async () => {
    const w = await stocked();
    const other = await buildTenant(t.db);
    const o = await signIn(t.app, other.account, TEST_PASSWORD);
    expect((await call(t.app, o, 'POST', `${V}list`, {})).data.total).toBe(0);
    expect((await call(t.app, o, 'POST', `${V}flow`, {})).data.list).toEqual([]);
    expect((await call(t.app, o, 'POST', `${V}flow`, { doc_no: w.number })).data.list).toEqual([]);
    expect((await call(t.app, o, 'POST', `${V}flow`, { stock_id: w.a })).data.list).toEqual([]);
    for (const auth of [3, 6] as const) {
      const u = await signIn(t.app, (await buildUser(t.db, w.tenant, { auth })).account, TEST_PASSWORD);
      expect((await call(t.app, u, 'POST', `${V}list`, {})).http).toBe(403);
      expect((await call(t.app, u, 'POST', `${V}flow`, {})).http).toBe(403);
    }
    const clerk = await signIn(t.app, (await buildUser(t.db, w.tenant, { auth: 2 })).account, TEST_PASSWORD);
    expect((await call(t.app, clerk, 'POST', `${V}list`, {})).data.total).toBe(2);
    const trader = await signIn(t.app, (await buildTenant(t.db, { auth: 5 })).account, TEST_PASSWORD);
    expect((await call(t.app, trader, 'POST', `${V}flow`, {})).http).toBe(403);
  });
});
