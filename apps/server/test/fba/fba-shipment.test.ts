import type { Auth } from '@console/shared/constants/roles';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { topUp } from '../logistics/logistics-support.js';
import { fbaWorld, P, skuNames } from './fba-shipment-support.js';

/** 头程发货 `/fba/shipment/*` (issue 30 §3, docs/fba.md) against the in-server simulator. */
const t = useTestApp({ spapi: { ...loadConfig({}).spapi, timeScale: 200 } });
const w = fbaWorld(t);

/** A seller with two SKUs landing in two fulfilment centres, `china` units each in China, planned with `units` each. */
async function plannedShipment(china = 50, units = 10, tag = '') {
  const s = await w.seller();
  const ids = await w.skus(s.admin, s.sellerId, skuNames(2, false, tag), china);
  const detail = await w.planned(s.s, w.draft(s.shopId, ids, units));
  return { ...s, ids, detail };
}

describe('/fba/shipment workflow', () => {
  it('walks plan → packing → placement (split over two centres) → transport → labels', async () => {
    const { detail, s } = await plannedShipment();
    expect(detail.status, detail.error).toBe('labels_ready');
    expect(detail.inbound_plan_id).toMatch(/^wf/);
    for (const step of ['plan', 'packing_options', 'packing_information', 'placement', 'transport', 'labels'])
      expect(detail.steps[step]?.state, step).toBe('done');
    expect(detail.fc_shipments).toHaveLength(2);
    expect(new Set(detail.fc_shipments.map((f: { fc: string }) => f.fc)).size).toBe(2);
    for (const f of detail.fc_shipments) {
      expect(f.confirmation_id).toMatch(/^FBA[0-9A-Z]{9}$/);
      expect(f.box_ids.length).toBe(1);
      expect(f.items).toHaveLength(1);
    }
    for (const i of detail.items) expect(i.fnsku).toMatch(/^X00/);

    const list = await call(t.app, s, 'POST', `${P}/list`, {});
    expect(list.data.list[0]).toMatchObject({ id: detail.id, status: 'labels_ready', units: 20, boxes: 2 });
    expect(list.data.counts.labels_ready).toBe(1);

    for (const payload of [
      { id: detail.id, kind: 'fnsku', layout: 'thermal-60x30' },
      { id: detail.id, kind: 'carton' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${P}/labels`,
        headers: s.headers,
        cookies: s.cookies,
        payload,
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('stops in failed with Amazon problems in Chinese when boxes have no dimensions; fixed boxes start again', async () => {
    const s = await w.seller();
    const ids = await w.skus(s.admin, s.sellerId, skuNames(1), 20);
    const body = w.draft(s.shopId, ids, 5, { noSize: true });
    const failed = await w.planned(s.s, body);
    expect(failed.status).toBe('failed');
    expect(failed.failed_step).toBe('packing_information');
    expect(failed.error).toContain('提交装箱信息失败');
    expect(failed.error).toContain('箱子缺少尺寸');
    expect(failed.problems.map((p: { code: string }) => p.code)).toContain('BoxDimensionsMissing');
    // Printing carton labels needs box ids: refused in Chinese.
    const carton = await call(t.app, s.s, 'POST', `${P}/labels`, { id: failed.id, kind: 'carton' });
    expect(carton.http).toBe(400);
    expect(carton.msg).toContain('箱号');

    const fixed = await call(t.app, s.s, 'POST', `${P}/save`, {
      ...w.draft(s.shopId, ids, 5),
      id: failed.id,
      version: failed.version,
    });
    expect(fixed.http, fixed.msg).toBe(200);
    expect(fixed.data).toMatchObject({ status: 'draft', error: '', problems: [] });
    const started = await call(t.app, s.s, 'POST', `${P}/start`, { id: failed.id });
    await w.waitJob(s.s, started.data.job_id, 600);
    const again = await call(t.app, s.s, 'POST', `${P}/detail`, { id: failed.id });
    expect(again.data.status, again.data.error).toBe('labels_ready');
  });

  it('refuses a plan of units not boxed, and a start of a shipment already planned', async () => {
    const { detail, s, ids, shopId } = await plannedShipment();
    const body = w.draft(shopId, ids, 10);
    const bad = await call(t.app, s, 'POST', `${P}/save`, {
      ...body,
      items: body.items.map((i) => ({ ...i, quantity: 11 })),
    });
    expect(bad.http).toBe(400);
    expect(bad.msg).toMatch(/发货11件,箱内合计10件/);
    const start = await call(t.app, s, 'POST', `${P}/start`, { id: detail.id });
    expect(start.http).toBe(400);
    expect(start.msg).toContain('待发货');
  });
});

describe('/fba/shipment ship and sync', () => {
  it('ships once from China under parallel repeats; the cost is charged once', async () => {
    const { detail, s, ids, admin } = await plannedShipment(50, 10);
    await topUp(t, admin.id, 1_000_000);
    const body = { id: detail.id, carrier: 'DHL', tracking_no: '1Z999', cost_minor: 12_345 };
    const tries = await Promise.all(Array.from({ length: 5 }, () => call(t.app, s, 'POST', `${P}/ship`, body)));
    expect(tries.filter((r) => r.http === 200)).toHaveLength(1);
    for (const r of tries.filter((x) => x.http !== 200)) expect(r.msg).toContain('已发货');
    for (const id of ids) expect(await w.stock(admin.id, id)).toEqual({ china: 40, fba: 0 });
    const moves = await t.db
      .selectFrom('stock_movements')
      .select(['reason', 'doc_type', 'doc_id', 'quantity'])
      .where('tenant_id', '=', admin.id)
      .where('doc_type', '=', 'fba_shipment')
      .execute();
    expect(moves).toHaveLength(2);
    expect(moves.every((m) => m.reason === 'transfer' && Number(m.doc_id) === detail.id && m.quantity === 10)).toBe(
      true,
    );
    const entries = await t.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('tenant_id', '=', admin.id)
      .where('idem_key', '=', `fba-shipment-cost:${detail.id}`)
      .execute();
    expect(entries).toHaveLength(1);
    const after = await call(t.app, s, 'POST', `${P}/detail`, { id: detail.id });
    expect(after.data).toMatchObject({
      status: 'shipped',
      carrier: 'DHL',
      tracking_no: '1Z999',
      cost_minor: 12_345,
      error: '',
    });
  });

  it('refuses to ship with 库存不足 when China lacks the units, moving nothing', async () => {
    const { detail, s, ids, admin } = await plannedShipment(5, 10, 'L');
    const r = await call(t.app, s, 'POST', `${P}/ship`, { id: detail.id, carrier: 'DHL', tracking_no: 'T1' });
    expect(r.msg).toContain('库存不足');
    expect(r.http).toBeGreaterThanOrEqual(400);
    for (const id of ids) expect(await w.stock(admin.id, id)).toEqual({ china: 5, fba: 0 });
    expect((await call(t.app, s, 'POST', `${P}/detail`, { id: detail.id })).data.status).toBe('labels_ready');
  });

  it('syncs receipts into FBA stock exactly once, with a short receipt shown against sent', async () => {
    const { detail, s, ids, admin, inbound } = await plannedShipment(50, 10);
    const early = await call(t.app, s, 'POST', `${P}/sync`, { id: detail.id });
    expect(early.http).toBe(400);
    await call(t.app, s, 'POST', `${P}/ship`, { id: detail.id, carrier: 'DHL', tracking_no: 'T2' });
    const msku0 = detail.items.find((i: { stock_id: number }) => i.stock_id === ids[0]).msku;
    inbound.shortages.set(msku0, 2);
    // Receiving: half of the final count received.
    inbound.timing = { inTransit: 0, delivered: 0, checkedIn: 0, receiving: 0, closed: 1e9, fcProcessing: 0 };
    const half = await call(t.app, s, 'POST', `${P}/sync`, { id: detail.id });
    expect(half.http, half.msg).toBe(200);
    expect(half.data.status).toBe('receiving');
    expect(await w.stock(admin.id, ids[0]!)).toEqual({ china: 40, fba: 4 });
    expect(await w.stock(admin.id, ids[1]!)).toEqual({ china: 40, fba: 5 });
    // Closed: all but the shortage; parallel syncs post the rest once.
    inbound.timing = { ...inbound.timing, closed: 0 };
    const syncs = await Promise.all(
      Array.from({ length: 4 }, () => call(t.app, s, 'POST', `${P}/sync`, { id: detail.id })),
    );
    expect(syncs.every((r) => r.http === 200)).toBe(true);
    const done = await call(t.app, s, 'POST', `${P}/sync`, { id: detail.id });
    expect(done.data.status).toBe('closed');
    expect(done.data.units).toBe(20);
    expect(done.data.units_received).toBe(18);
    const byStock = Object.fromEntries(
      done.data.items.map((i: { stock_id: number; quantity_received: number }) => [i.stock_id, i.quantity_received]),
    );
    expect(byStock).toEqual({ [ids[0]!]: 8, [ids[1]!]: 10 });
    expect(await w.stock(admin.id, ids[0]!)).toEqual({ china: 40, fba: 8 });
    expect(await w.stock(admin.id, ids[1]!)).toEqual({ china: 40, fba: 10 });
    const receipts = await t.db
      .selectFrom('stock_movements')
      .select(({ fn }) => fn.sum<number>('quantity').as('units'))
      .where('tenant_id', '=', admin.id)
      .where('reason', '=', 'receipt')
      .where('doc_type', '=', 'fba_shipment')
      .executeTakeFirstOrThrow();
    expect(Number(receipts.units)).toBe(18);
  });
});

describe('/fba/shipment access', () => {
  it('is for the roles that keep stock (fba.use): 3, 5 and 6 are refused', async () => {
    const s = await w.seller();
    const codes: Record<number, number> = {};
    const sessions: Record<number, Session> = { 0: s.s };
    for (const auth of [1, 2, 3, 4, 5, 6] as Auth[]) {
      const u = await buildUser(t.db, s.admin, { auth });
      sessions[auth] = await signIn(t.app, u.account, TEST_PASSWORD);
    }
    for (const auth of [0, 1, 2, 3, 4, 5, 6])
      codes[auth] = (await call(t.app, sessions[auth]!, 'POST', `${P}/list`, {})).http;
    expect(codes).toEqual({ 0: 200, 1: 200, 2: 200, 3: 403, 4: 200, 5: 403, 6: 403 });
  });

  it("answers 404 for another tenant's shipment, shop and SKUs", async () => {
    const a = await w.seller();
    const ids = await w.skus(a.admin, a.sellerId, skuNames(1), 10);
    const saved = await call(t.app, a.s, 'POST', `${P}/save`, w.draft(a.shopId, ids, 5));
    expect(saved.http, saved.msg).toBe(200);
    const b = await w.seller();
    const id = saved.data.id;
    for (const [path, body] of [
      ['detail', { id }],
      ['start', { id }],
      ['sync', { id }],
      ['ship', { id, carrier: 'DHL', tracking_no: 'X' }],
      ['labels', { id, kind: 'fnsku' }],
      [
        'save',
        {
          ...w.draft(b.shopId, [], 5),
          items: [{ stock_id: ids[0], quantity: 5 }],
          boxes: w.draft(b.shopId, ids, 5).boxes,
        },
      ],
      ['save', w.draft(a.shopId, ids, 5)],
    ] as [string, object][])
      expect((await call(t.app, b.s, 'POST', `${P}/${path}`, body)).http, path).toBe(404);
    expect((await call(t.app, b.s, 'POST', `${P}/list`, {})).data.total).toBe(0);
  });
});
