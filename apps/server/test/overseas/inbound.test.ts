// 入库单 (issue 30 §2, docs/overseas.md "Inbound"): the flow draft → shipped → arrived →
// receiving → received / closed, receipts in the one ledger (damaged units out again), roles
// and the operator's reach, another tenant's ids, illegal steps, bad quantities, and a box
// received twice in parallel posting once.
import { beforeAll, describe, expect, it } from 'vitest';
import { inventoryMismatches } from '../../src/inventory/inventory-check.repository.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { draftBody, insertSkus, insertWarehouse } from './inbound-support.js';

const t = useTestApp({ workers: false });
const I = '/PDD/overseas/inbound/';

let operator: Session;
let wh: number;
beforeAll(async () => {
  const op = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  operator = await signIn(t.app, op.account, TEST_PASSWORD);
  wh = await insertWarehouse(t);
});

async function seller() {
  const tenant = await buildTenant(t.db);
  const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const skus = await insertSkus(t, tenant, 2);
  return { tenant, admin, skus };
}

/** A seller's inbound of two boxes (box 1: 10 of SKU 1; box 2: 5 of SKU 1 and 8 of SKU 2), shipped and arrived. */
async function arrived() {
  const s = await seller();
  const [a, b] = s.skus as [number, number];
  const saved = await call(
    t.app,
    s.admin,
    'POST',
    `${I}save`,
    draftBody(wh, [
      [[a, 10]],
      [
        [a, 5],
        [b, 8],
      ],
    ]),
  );
  expect(saved.status, saved.msg).toBe(200);
  const id: number = saved.data.id;
  expect((await call(t.app, s.admin, 'POST', `${I}ship`, { id, tracking_no: 'MATU123' })).status).toBe(200);
  expect((await call(t.app, operator, 'POST', `${I}arrive`, { id })).data.status).toBe('arrived');
  const boxes = saved.data.box_list as { id: number; lines: { id: number; stock_id: number }[] }[];
  return { ...s, id, number: saved.data.number as string, boxes, a, b };
}

const balances = (tenantId: number) =>
  t.db
    .selectFrom('stock_balances as b')
    .innerJoin('stock_locations as l', 'l.id', 'b.location_id')
    .select(['b.stock_id', 'b.on_hand', 'l.kind', 'l.warehouse_id'])
    .where('b.tenant_id', '=', tenantId)
    .orderBy('b.stock_id')
    .execute();

describe('overseas inbound', () => {
  it('runs draft → shipped → arrived → receiving → closed with a short box, posts receipts once, and is acknowledged', async () => {
    const w = await arrived();
    expect(w.number).toMatch(/^IB\d{8}-0001$/);
    const [box1, box2] = w.boxes as [(typeof w.boxes)[0], (typeof w.boxes)[0]];
    // Box 1 complete: receiving.
    const r1 = await call(t.app, operator, 'POST', `${I}receive`, {
      id: w.id,
      boxes: [{ box_id: box1.id, lines: [{ line_id: box1.lines[0]!.id, counted: 10 }] }],
    });
    expect([r1.status, r1.data?.status], r1.msg).toEqual([200, 'receiving']);
    // Box 2: SKU 1 short by 2, SKU 2 all there but 1 damaged: every box counted, differences: closed.
    const r2 = await call(t.app, operator, 'POST', `${I}receive`, {
      id: w.id,
      boxes: [
        {
          box_id: box2.id,
          lines: [
            { line_id: box2.lines[0]!.id, counted: 3 },
            { line_id: box2.lines[1]!.id, counted: 8, damaged: 1 },
          ],
        },
      ],
    });
    expect([r2.status, r2.data?.status, r2.data?.has_difference], r2.msg).toEqual([200, 'closed', true]);
    const lines = r2.data.box_list.flatMap((b: { lines: unknown[] }) => b.lines);
    expect(
      lines.map((l: { difference: string; quantity_counted: number }) => `${l.quantity_counted}:${l.difference}`),
    ).toEqual(['10:', '3:short', '8:damaged']);
    // Sound units only are available: 13 of SKU 1, 7 of SKU 2 at the warehouse.
    expect(await balances(w.tenant.id)).toEqual([
      { stock_id: w.a, on_hand: 13, kind: 'overseas', warehouse_id: wh },
      { stock_id: w.b, on_hand: 7, kind: 'overseas', warehouse_id: wh },
    ]);
    const moves = await t.db
      .selectFrom('stock_movements')
      .select(['kind', 'reason', 'quantity', 'doc_type', 'doc_id', 'created_by'])
      .where('tenant_id', '=', w.tenant.id)
      .orderBy('id')
      .execute();
    expect(moves.map((m) => `${m.kind} ${m.reason} ${m.quantity} ${m.doc_type}#${m.doc_id}`)).toEqual([
      `in receipt 10 inbound#${w.id}`,
      `in receipt 3 inbound#${w.id}`,
      `in receipt 8 inbound#${w.id}`,
      `out damaged 1 inbound#${w.id}`,
    ]);
    expect(await inventoryMismatches(t.db, w.tenant.id)).toEqual([]);
    // Receiving again is an illegal step now; nothing more is posted.
    const again = await call(t.app, operator, 'POST', `${I}receive`, {
      id: w.id,
      boxes: [{ box_id: box1.id, lines: [{ line_id: box1.lines[0]!.id, counted: 10 }] }],
    });
    expect([again.http, again.msg]).toEqual([400, `入库单 ${w.number} 当前状态为「已关闭(有差异)」,不能收货`]);
    // The seller sees the difference and acknowledges it once.
    const seen = await call(t.app, w.admin, 'POST', `${I}detail`, { id: w.id });
    expect([seen.data.units_sent, seen.data.units_counted, seen.data.acknowledged_at]).toEqual([23, 21, null]);
    const ack = await call(t.app, w.admin, 'POST', `${I}acknowledge`, { id: w.id });
    expect([ack.status, typeof ack.data.acknowledged_at]).toEqual([200, 'number']);
    const ack2 = await call(t.app, w.admin, 'POST', `${I}acknowledge`, { id: w.id });
    expect([ack2.http, ack2.msg]).toEqual([400, `入库单 ${w.number} 的差异已确认`]);
    const log = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('target_type', '=', 'overseas_inbound')
      .where('target_id', '=', String(w.id))
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual([
      'overseas.inbound.create',
      'overseas.inbound.ship',
      'overseas.inbound.arrive',
      'overseas.inbound.receive',
      'overseas.inbound.receive',
      'overseas.inbound.acknowledge',
    ]);
  });

  it('receives every box without difference as received; close marks boxes never counted short', async () => {
    const w = await arrived();
    const all = w.boxes.map((b) => ({
      box_id: b.id,
      lines: b.lines.map((l, i) => ({ line_id: l.id, counted: [10, 5, 8][i + (b === w.boxes[0] ? 0 : 1)]! })),
    }));
    const r = await call(t.app, operator, 'POST', `${I}receive`, { id: w.id, boxes: all });
    expect([r.status, r.data?.status, r.data?.has_difference], r.msg).toEqual([200, 'received', false]);
    const ack = await call(t.app, w.admin, 'POST', `${I}acknowledge`, { id: w.id });
    expect([ack.http, ack.msg]).toEqual([400, `入库单 ${w.number} 当前状态为「已收货」,不能确认差异`]);

    const v = await arrived();
    const box1 = v.boxes[0]!;
    await call(t.app, operator, 'POST', `${I}receive`, {
      id: v.id,
      boxes: [{ box_id: box1.id, lines: [{ line_id: box1.lines[0]!.id, counted: 10 }] }],
    });
    const closed = await call(t.app, operator, 'POST', `${I}close`, { id: v.id });
    expect([closed.status, closed.data?.status], closed.msg).toEqual([200, 'closed']);
    const box2 = closed.data.box_list[1];
    expect(box2.received_at).toBeNull();
    expect(
      box2.lines.map((l: { quantity_counted: number; difference: string }) => [l.quantity_counted, l.difference]),
    ).toEqual([
      [0, 'short'],
      [0, 'short'],
    ]);
    expect((await balances(v.tenant.id)).map((b) => b.on_hand)).toEqual([10]);
  });

  it('posts a box received twice in parallel once', async () => {
    const w = await arrived();
    const body = {
      id: w.id,
      boxes: w.boxes.map((b) => ({ box_id: b.id, lines: b.lines.map((l) => ({ line_id: l.id, counted: 1 })) })),
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call(t.app, operator, 'POST', `${I}receive`, body)),
    );
    expect(results.map((r) => r.http).sort()).toEqual([200, 400, 400, 400]);
    const n = await t.db
      .selectFrom('stock_movements')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('doc_type', '=', 'inbound')
      .where('doc_id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(3);
    expect(await inventoryMismatches(t.db, w.tenant.id)).toEqual([]);
  });

  it('lets the stock roles draft and the operator alone take the warehouse steps', async () => {
    const s = await seller();
    const body = draftBody(wh, [[[s.skus[0]!, 2]]]);
    for (const auth of [1, 2] as const) {
      const u = await signIn(t.app, (await buildUser(t.db, s.tenant, { auth })).account, TEST_PASSWORD);
      expect((await call(t.app, u, 'POST', `${I}save`, body)).status).toBe(200);
      expect((await call(t.app, u, 'POST', `${I}arrive`, { id: 1 })).http).toBe(403);
    }
    const buyer = await signIn(t.app, (await buildUser(t.db, s.tenant, { auth: 3 })).account, TEST_PASSWORD);
    const monitor = await signIn(t.app, (await buildUser(t.db, s.tenant, { auth: 6 })).account, TEST_PASSWORD);
    const trader = await signIn(t.app, (await buildTenant(t.db, { auth: 5 })).account, TEST_PASSWORD);
    for (const u of [buyer, monitor, trader]) {
      expect((await call(t.app, u, 'POST', `${I}save`, body)).http).toBe(403);
      expect((await call(t.app, u, 'POST', `${I}list`, {})).http).toBe(403);
    }
    // The seller's admin is not the operator.
    const saved = await call(t.app, s.admin, 'POST', `${I}save`, body);
    for (const path of ['arrive', 'close'])
      expect((await call(t.app, s.admin, 'POST', `${I}${path}`, { id: saved.data.id })).http).toBe(403);
    const list = await call(t.app, s.admin, 'POST', `${I}list`, {});
    expect([list.data.total, list.data.counts]).toEqual([3, { draft: 3 }]);
  });

  it("keeps another tenant's inbounds and SKUs out of reach; the operator sees every tenant's", async () => {
    const w = await arrived();
    const other = await seller();
    for (const path of ['detail', 'acknowledge'])
      expect((await call(t.app, other.admin, 'POST', `${I}${path}`, { id: w.id })).http).toBe(404);
    expect((await call(t.app, other.admin, 'POST', `${I}ship`, { id: w.id, tracking_no: 'X' })).http).toBe(404);
    const foreign = await call(t.app, other.admin, 'POST', `${I}save`, draftBody(wh, [[[w.a, 1]]]));
    expect([foreign.http, foreign.msg]).toEqual([404, 'SKU不存在']);
    const edit = await call(t.app, other.admin, 'POST', `${I}save`, {
      ...draftBody(wh, [[[other.skus[0]!, 1]]]),
      id: w.id,
      version: 1,
    });
    expect(edit.http).toBe(404);
    expect((await call(t.app, other.admin, 'POST', `${I}list`, { keyword: w.number })).data.total).toBe(0);
    // Inbound numbers are per tenant: the operator's keyword finds every tenant's first of the day.
    const opList = await call(t.app, operator, 'POST', `${I}list`, { keyword: w.number, pageSize: 200 });
    const tenants = new Set(opList.data.list.map((r: { tenant_id: number }) => r.tenant_id));
    expect(tenants.size).toBeGreaterThan(1);
    expect(opList.data.list.find((r: { id: number }) => r.id === w.id)?.tenant_name).toBe(w.tenant.account);
    const mine = await call(t.app, operator, 'POST', `${I}list`, { tenant_id: w.tenant.id });
    expect(mine.data.list.map((r: { id: number }) => r.id)).toEqual([w.id]);
    const byTenant = await call(t.app, operator, 'POST', `${I}list`, { tenant_id: other.tenant.id });
    expect(byTenant.data.total).toBe(0);
    expect((await call(t.app, operator, 'POST', `${I}detail`, { id: w.id })).data.number).toBe(w.number);
  });

  it('refuses illegal steps naming the status, and bad quantities', async () => {
    const s = await seller();
    const [a, b] = s.skus as [number, number];
    const saved = await call(t.app, s.admin, 'POST', `${I}save`, draftBody(wh, [[[a, 4]]]));
    const id = saved.data.id;
    const arrive = await call(t.app, operator, 'POST', `${I}arrive`, { id });
    expect([arrive.http, arrive.msg]).toEqual([400, `入库单 ${saved.data.number} 当前状态为「草稿」,不能到仓`]);
    expect((await call(t.app, operator, 'POST', `${I}close`, { id })).http).toBe(400);
    const box = saved.data.box_list[0];
    const early = await call(t.app, operator, 'POST', `${I}receive`, {
      id,
      boxes: [{ box_id: box.id, lines: [{ line_id: box.lines[0].id, counted: 4 }] }],
    });
    expect(early.msg).toContain('当前状态为「草稿」,不能收货');
    // A draft changes with its version; a shipped one does not.
    const edited = await call(t.app, s.admin, 'POST', `${I}save`, {
      ...draftBody(wh, [
        [
          [a, 4],
          [b, 2],
        ],
      ]),
      id,
      version: 1,
    });
    expect([edited.status, edited.data?.units_sent, edited.data?.version], edited.msg).toEqual([200, 6, 2]);
    expect(
      (await call(t.app, s.admin, 'POST', `${I}save`, { ...draftBody(wh, [[[a, 1]]]), id, version: 1 })).http,
    ).toBe(409);
    expect((await call(t.app, s.admin, 'POST', `${I}ship`, { id, tracking_no: ' ' })).http).toBe(400);
    expect((await call(t.app, s.admin, 'POST', `${I}ship`, { id, tracking_no: 'T1' })).status).toBe(200);
    const ship2 = await call(t.app, s.admin, 'POST', `${I}ship`, { id, tracking_no: 'T1' });
    expect(ship2.msg).toContain('当前状态为「已发货」,不能发货');
    const late = await call(t.app, s.admin, 'POST', `${I}save`, { ...draftBody(wh, [[[a, 1]]]), id, version: 2 });
    expect([late.http, late.msg]).toEqual([400, `入库单 ${saved.data.number} 当前状态为「已发货」,不能修改`]);
    // Bad quantities and boxes.
    for (const bad of [
      draftBody(wh, [[[a, 0]]]),
      draftBody(wh, [[[a, -1]]]),
      draftBody(wh, [[[a, 1.5]]]),
      draftBody(wh, [
        [
          [a, 1],
          [a, 2],
        ],
      ]),
      draftBody(wh, []),
      { ...draftBody(wh, [[[a, 1]]]), shipping_method: 'boat' },
    ]) {
      const r = await call(t.app, s.admin, 'POST', `${I}save`, bad);
      expect(r.http, JSON.stringify(bad)).toBe(400);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await call(t.app, s.admin, 'POST', `${I}save`, draftBody(999_999, [[[a, 1]]]))).http).toBe(404);
    await call(t.app, operator, 'POST', `${I}arrive`, { id });
    const detail = (await call(t.app, operator, 'POST', `${I}detail`, { id })).data;
    const [l1, l2] = detail.box_list[0].lines;
    for (const lines of [
      [
        { line_id: l1.id, counted: -1 },
        { line_id: l2.id, counted: 2 },
      ],
      [
        { line_id: l1.id, counted: 2, damaged: 3 },
        { line_id: l2.id, counted: 2 },
      ],
      [{ line_id: l1.id, counted: 4 }],
      [
        { line_id: l1.id, counted: 4 },
        { line_id: l1.id, counted: 4 },
      ],
    ]) {
      const r = await call(t.app, operator, 'POST', `${I}receive`, {
        id,
        boxes: [{ box_id: detail.box_list[0].id, lines }],
      });
      expect(r.http, JSON.stringify(lines)).toBe(400);
    }
    expect(await balances(s.tenant.id)).toEqual([]);
  });
});
