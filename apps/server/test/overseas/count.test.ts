// 库存调整 and 盘点单 (issue 30 §1, docs/overseas.md "Adjustments and counts"): the operator adjusts
// and counts any tenant's stock (one movement each, refused below reserved, all or nothing),
// tenants read their counts, parallel posts post once; and the operator's view of every tenant.
import { beforeAll, describe, expect, it } from 'vitest';
import { postMovement } from '../../src/inventory/inventory.service.js';
import { inventoryMismatches } from '../../src/inventory/inventory-check.repository.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { insertSkus, insertWarehouse } from './inbound-support.js';

const t = useTestApp({ workers: false });
const V = '/PDD/overseas/inventory/';
const C = '/PDD/overseas/inventory/count/';

let operator: Session;
let opTenant: number;
beforeAll(async () => {
  const op = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  opTenant = op.id;
  operator = await signIn(t.app, op.account, TEST_PASSWORD);
});

/** A tenant with 3 SKUs at a warehouse: 10 on hand of SKU a (3 reserved), 5 of b, none of c. */
async function stocked() {
  const tenant = await buildTenant(t.db);
  const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const wh = await insertWarehouse(t, '美西仓');
  const [a, b, c] = (await insertSkus(t, tenant, 3)) as [number, number, number];
  const at = { kind: 'overseas' as const, warehouseId: wh };
  await t.db.transaction().execute(async (trx) => {
    const base = { tenantId: tenant.id, at, reason: 'receipt' as const, by: null };
    await postMovement(trx, { ...base, stockId: a, op: 'in', quantity: 10 });
    await postMovement(trx, { ...base, stockId: b, op: 'in', quantity: 5 });
    await postMovement(trx, { ...base, stockId: a, op: 'reserve', quantity: 3, reason: '' });
  });
  return { tenant, admin, wh, a, b, c };
}

const balance = async (stockId: number) =>
  (
    await t.db.selectFrom('stock_balances').select(['on_hand', 'reserved']).where('stock_id', '=', stockId).execute()
  )[0];

describe('stock adjustments', () => {
  it('adjusts one SKU as one movement for the operator only, with reasons, refusals and an audit line', async () => {
    const w = await stocked();
    const body = {
      tenant_id: w.tenant.id,
      stock_id: w.b,
      warehouse_id: w.wh,
      quantity: -2,
      reason: 'damaged',
      note: '压坏',
    };
    const r = await call(t.app, operator, 'POST', `${V}adjust`, body);
    expect([r.status, r.msg]).toEqual([200, '库存已调整']);
    expect(r.data).toMatchObject({ on_hand: 3, available: 3 });
    // Tenant roles (its admin too) never adjust; neither does an internal role without warehouse.operate.
    expect((await call(t.app, w.admin, 'POST', `${V}adjust`, body)).http).toBe(403);
    const clerk = await buildUser(t.db, w.tenant, { auth: 2 });
    expect(
      (await call(t.app, await signIn(t.app, clerk.account, TEST_PASSWORD), 'POST', `${V}adjust`, body)).http,
    ).toBe(403);
    const opTenantRow = await t.db.selectFrom('users').selectAll().where('id', '=', opTenant).executeTakeFirstOrThrow();
    const internalClerk = await buildUser(t.db, opTenantRow, { auth: 2 });
    const ic = await signIn(t.app, internalClerk.account, TEST_PASSWORD);
    expect((await call(t.app, ic, 'POST', `${V}adjust`, body)).http).toBe(403);
    // Another tenant's SKU id under this tenant: not found, nothing written.
    const other = await buildTenant(t.db);
    const [foreign] = await insertSkus(t, other, 1);
    const wrong = await call(t.app, operator, 'POST', `${V}adjust`, { ...body, stock_id: foreign });
    expect([wrong.http, wrong.msg]).toEqual([404, 'SKU不存在']);
    // Below reserved: 10 on hand, 3 reserved → at most −7.
    const tooMany = await call(t.app, operator, 'POST', `${V}adjust`, {
      ...body,
      stock_id: w.a,
      quantity: -8,
      reason: 'lost',
    });
    expect(tooMany.http).toBe(409);
    expect(tooMany.msg).toContain('已预留 3 件,最多可减少 7 件');
    expect(await balance(w.a)).toEqual({ on_hand: 10, reserved: 3 });
    const bad = [
      [{ ...body, quantity: 0 }, '调整数量不能为0'],
      [{ ...body, quantity: 2 }, '破损只能减少库存'],
      [{ ...body, reason: 'gain' }, '盘盈只能增加库存'],
      [{ ...body, reason: 'other', note: '' }, '原因为「其他」时请填写备注'],
      [{ ...body, reason: 'moon' }, '请选择调整原因'],
    ] as const;
    for (const [b, msg] of bad) expect((await call(t.app, operator, 'POST', `${V}adjust`, b)).msg).toBe(msg);
    // A gain in China (no warehouse) for a SKU never there.
    const china = await call(t.app, operator, 'POST', `${V}adjust`, {
      tenant_id: w.tenant.id,
      stock_id: w.c,
      quantity: 4,
      reason: 'gain',
    });
    expect(china.data).toMatchObject({ on_hand: 4 });
    const flow = await call(t.app, w.admin, 'POST', `${V}flow`, { reason: 'adjust' });
    expect(
      flow.data.list.map((m: Record<string, unknown>) => [
        m.kind,
        m.quantity,
        m.note,
        m.doc_type,
        m.reason_label,
        m.user_name,
      ]),
    ).toEqual([
      ['in', 4, '盘盈', 'adjust', '调整', '仓库'],
      ['out', 2, '破损:压坏', 'adjust', '调整', '仓库'],
    ]);
    expect(flow.data.list[1].doc_no).toBe(`库存调整#${r.data.id}`);
    const log = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('target_type', '=', 'stock_adjustment')
      .where('target_id', 'in', [String(r.data.id), String(china.data.id)])
      .execute();
    expect(log).toHaveLength(2);
    expect(await inventoryMismatches(t.db, w.tenant.id)).toEqual([]);
  });
});

describe('stock counts', () => {
  it('snapshots, saves, posts the differences against on hand at post time, once', async () => {
    const w = await stocked();
    const created = await call(t.app, operator, 'POST', `${C}create`, { tenant_id: w.tenant.id, warehouse_id: w.wh });
    expect([created.status, created.msg]).toEqual([200, '盘点单已创建']);
    const id = created.data.id;
    expect(created.data.number).toMatch(/^PD\d{6}\d+$/);
    expect(created.data.line_list.map((l: { stock_id: number; expected: number }) => [l.stock_id, l.expected])).toEqual(
      [
        [w.a, 10],
        [w.b, 5],
      ],
    );
    expect(
      (await call(t.app, w.admin, 'POST', `${C}create`, { tenant_id: w.tenant.id, warehouse_id: w.wh })).http,
    ).toBe(403);
    const [la, lb] = created.data.line_list;
    const early = await call(t.app, operator, 'POST', `${C}post`, { id });
    expect([early.http, early.msg]).toEqual([400, '还有 2 个SKU未填写实盘数量']);
    const saved = await call(t.app, operator, 'POST', `${C}save`, {
      id,
      lines: [
        { line_id: la.id, counted: 9 },
        { line_id: lb.id, counted: 7 },
      ],
    });
    expect(saved.data.line_list.map((l: { difference: number }) => l.difference)).toEqual([-1, 2]);
    // A movement between snapshot and post: 1 more of b arrives; the post counts against 6, not 5.
    await t.db.transaction().execute((trx) =>
      postMovement(trx, {
        tenantId: w.tenant.id,
        stockId: w.b,
        at: { kind: 'overseas', warehouseId: w.wh },
        op: 'in',
        quantity: 1,
        reason: 'receipt',
        by: null,
      }),
    );
    // The tenant reads its count but never posts it.
    expect((await call(t.app, w.admin, 'POST', `${C}detail`, { id })).data.status).toBe('open');
    expect((await call(t.app, w.admin, 'POST', `${C}post`, { id })).http).toBe(403);
    const posts = await Promise.all([1, 2, 3, 4].map(() => call(t.app, operator, 'POST', `${C}post`, { id })));
    expect(posts.filter((p) => p.status === 200)).toHaveLength(1);
    expect(posts.filter((p) => p.http === 400).map((p) => p.msg)[0]).toMatch(/当前状态为「已过账」,不能过账/);
    const done = await call(t.app, w.admin, 'POST', `${C}detail`, { id });
    expect(
      done.data.line_list.map((l: Record<string, unknown>) => [l.expected, l.counted, l.on_hand, l.difference]),
    ).toEqual([
      [10, 9, 10, -1],
      [5, 7, 6, 1],
    ]);
    expect([await balance(w.a), await balance(w.b)]).toEqual([
      { on_hand: 9, reserved: 3 },
      { on_hand: 7, reserved: 0 },
    ]);
    const flow = await call(t.app, w.admin, 'POST', `${V}flow`, { doc_no: done.data.number });
    expect(flow.data.list.map((m: Record<string, unknown>) => [m.kind, m.quantity, m.reason_label, m.doc_no])).toEqual([
      ['in', 1, '盘点', done.data.number],
      ['out', 1, '盘点', done.data.number],
    ]);
    const list = await call(t.app, w.admin, 'POST', `${C}list`, {});
    expect(list.data.list.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([[id, 'posted']]);
    const other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
    expect((await call(t.app, other, 'POST', `${C}detail`, { id })).http).toBe(404);
    expect((await call(t.app, other, 'POST', `${C}list`, { tenant_id: w.tenant.id })).data.total).toBe(0);
    expect((await call(t.app, operator, 'POST', `${C}cancel`, { id })).http).toBe(400);
    expect(await inventoryMismatches(t.db, w.tenant.id)).toEqual([]);
  });

  it("picks SKUs for a count by SKU, name or barcode, the warehouse's or those in stock; the operator only", async () => {
    const w = await stocked();
    await t.db.updateTable('stock_products').set({ barcode: 'EAN-4006381' }).where('id', '=', w.c).execute();
    // SKU a: 10 on hand, b: 5, c: none (with a zero balance at the warehouse after a receipt and a pick).
    await t.db.transaction().execute(async (trx) => {
      const base = { tenantId: w.tenant.id, at: { kind: 'overseas' as const, warehouseId: w.wh }, stockId: w.c };
      await postMovement(trx, { ...base, op: 'in', quantity: 1, reason: 'receipt', by: null });
      await postMovement(trx, { ...base, op: 'out', quantity: 1, reason: 'adjust', by: null });
    });
    const pick = (body: object, s = operator) =>
      call(t.app, s, 'POST', `${C}skus`, { tenant_id: w.tenant.id, warehouse_id: w.wh, ...body });
    const ids = (r: { data: { list: { stock_id: number }[] } }) => r.data.list.map((x) => x.stock_id);
    const sku = (await t.db.selectFrom('stock_products').select('sku').where('id', '=', w.a).executeTakeFirstOrThrow())
      .sku;
    const bySku = await pick({ keyword: sku.toLowerCase() });
    expect(bySku.status, bySku.msg).toBe(200);
    expect(bySku.data).toMatchObject({ list: [{ stock_id: w.a, sku, on_hand: 10 }], more: false });
    expect(ids(await pick({ keyword: '收纳盒2' }))).toEqual([w.b]);
    expect(ids(await pick({ keyword: 'ean-4006' }))).toEqual([w.c]);
    expect(ids(await pick({ scope: 'warehouse' }))).toEqual([w.a, w.b, w.c]);
    expect(ids(await pick({ scope: 'stocked' }))).toEqual([w.a, w.b]);
    // Another warehouse holds none of them; an empty keyword is refused in Chinese.
    const other = await insertWarehouse(t, '美东仓');
    expect(ids(await pick({ scope: 'warehouse', warehouse_id: other }))).toEqual([]);
    expect((await pick({ keyword: sku, warehouse_id: other })).data.list[0].on_hand).toBe(0);
    expect((await pick({ keyword: ' ' })).msg).toBe('请输入SKU、名称或条码');
    expect((await pick({ scope: 'stocked', tenant_id: 99_999_999 })).http).toBe(404);
    expect((await pick({ scope: 'stocked' }, w.admin)).http).toBe(403);
    // The picked SKUs make the count.
    const made = await call(t.app, operator, 'POST', `${C}create`, {
      tenant_id: w.tenant.id,
      warehouse_id: w.wh,
      stock_ids: ids(await pick({ scope: 'warehouse' })),
      note: '',
    });
    expect(made.status, made.msg).toBe(200);
    expect(made.data.line_list.map((l: { stock_id: number; expected: number }) => [l.stock_id, l.expected])).toEqual([
      [w.a, 10],
      [w.b, 5],
      [w.c, 0],
    ]);
  });

  it('writes nothing when a line fails halfway (counted below reserved), and cancels', async () => {
    const w = await stocked();
    const created = await call(t.app, operator, 'POST', `${C}create`, {
      tenant_id: w.tenant.id,
      warehouse_id: w.wh,
      stock_ids: [w.b, w.a, w.c],
    });
    const lines = created.data.line_list as { id: number; stock_id: number }[];
    expect(lines.map((l) => l.stock_id)).toEqual([w.a, w.b, w.c]);
    // Posted in SKU order: a (+2) posts, then b (1 counted, 2 reserved) is refused: a's movement goes too.
    await t.db.transaction().execute((trx) =>
      postMovement(trx, {
        tenantId: w.tenant.id,
        stockId: w.b,
        at: { kind: 'overseas', warehouseId: w.wh },
        op: 'reserve',
        quantity: 2,
        reason: '',
        by: null,
      }),
    );
    const counted = new Map([
      [w.a, 12],
      [w.b, 1],
      [w.c, 4],
    ]);
    await call(t.app, operator, 'POST', `${C}save`, {
      id: created.data.id,
      lines: lines.map((l) => ({ line_id: l.id, counted: counted.get(l.stock_id) })),
    });
    const before = await t.db.selectFrom('stock_movements').select('id').where('tenant_id', '=', w.tenant.id).execute();
    const r = await call(t.app, operator, 'POST', `${C}post`, { id: created.data.id });
    expect(r.http).toBe(409);
    expect(r.msg).toContain('少于已预留的件数');
    const after = await t.db.selectFrom('stock_movements').select('id').where('tenant_id', '=', w.tenant.id).execute();
    expect(after).toHaveLength(before.length);
    expect([await balance(w.a), await balance(w.b)]).toEqual([
      { on_hand: 10, reserved: 3 },
      { on_hand: 5, reserved: 2 },
    ]);
    expect((await call(t.app, operator, 'POST', `${C}detail`, { id: created.data.id })).data.status).toBe('open');
    expect((await call(t.app, operator, 'POST', `${C}cancel`, { id: created.data.id })).data.status).toBe('cancelled');
    // Another tenant's SKU in a count: not found.
    const other = await buildTenant(t.db);
    const [foreign] = await insertSkus(t, other, 1);
    const bad = await call(t.app, operator, 'POST', `${C}create`, {
      tenant_id: w.tenant.id,
      warehouse_id: w.wh,
      stock_ids: [foreign],
    });
    expect([bad.http, bad.msg]).toEqual([404, 'SKU不存在']);
    expect(await inventoryMismatches(t.db, w.tenant.id)).toEqual([]);
  });
});

describe('operator view of the inventory', () => {
  it('shows the operator every tenant with a tenant filter; a tenant only its own', async () => {
    const w1 = await stocked();
    const w2 = await stocked();
    const all = await call(t.app, operator, 'POST', `${V}list`, { pageSize: 200 });
    const tenants = new Set(all.data.list.map((r: { tenant_id: number }) => r.tenant_id));
    expect(tenants.has(w1.tenant.id) && tenants.has(w2.tenant.id)).toBe(true);
    const one = await call(t.app, operator, 'POST', `${V}list`, { tenant_id: w2.tenant.id });
    expect(one.data.list.map((r: { tenant_id: number; tenant_name: string }) => [r.tenant_id, r.tenant_name])).toEqual([
      [w2.tenant.id, w2.tenant.account],
      [w2.tenant.id, w2.tenant.account],
    ]);
    const flow = await call(t.app, operator, 'POST', `${V}flow`, { tenant_id: w1.tenant.id });
    expect(flow.data.list.every((m: { tenant_id: number }) => m.tenant_id === w1.tenant.id)).toBe(true);
    expect(flow.data.list).toHaveLength(3);
    // A tenant passing another tenant's id still sees only its own.
    const own = await call(t.app, w1.admin, 'POST', `${V}list`, { tenant_id: w2.tenant.id });
    expect(own.data.list.map((r: { tenant_id: number }) => r.tenant_id)).toEqual([w1.tenant.id, w1.tenant.id]);
    const ownFlow = await call(t.app, w1.admin, 'POST', `${V}flow`, { tenant_id: w2.tenant.id });
    expect(ownFlow.data.list.every((m: { tenant_id: number }) => m.tenant_id === w1.tenant.id)).toBe(true);
  });
});
