// 海外仓首页 (issue 30 §2, docs/overseas.md "Home"): stock value, low stock against the reorder
// point, outbound by status and storage age buckets (FIFO over receipts), per tenant.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../harness.js';
import { receive, recipient, sku, tenantWorld, warehouse } from './outbound-support.js';

const t = useTestApp({ workers: false });

describe('overseas home', () => {
  it('sums stock value, finds low stock, buckets storage age first in first out', async () => {
    const w = await tenantWorld(t);
    const other = await tenantWorld(t);
    const wh = await warehouse(t);
    const a = await sku(t, w.tenant, `HA-${w.tenant.id}`); // declared 10.00 USD, reorder point 3
    const b = await sku(t, w.tenant, `HB-${w.tenant.id}`);
    await receive(t, w.tenant.id, a, wh.id, 10);
    // The first 10 units of A came 100 days ago, the next 5 today; B: 2 units 40 days ago.
    await sql`update stock_movements set created_at = now() - interval '100 days' where stock_id = ${a}`.execute(t.db);
    await receive(t, w.tenant.id, a, wh.id, 5);
    await receive(t, w.tenant.id, b, wh.id, 2);
    await sql`update stock_movements set created_at = now() - interval '40 days' where stock_id = ${b}`.execute(t.db);
    await receive(t, other.tenant.id, await sku(t, other.tenant, `HX-${other.tenant.id}`), wh.id, 99);
    const s = await w.as(0);
    // 7 units of A leave (the oldest go first): 3 of the 100-day layer stay.
    await t.db.transaction().execute(async (trx) => {
      const { postMovement } = await import('../../src/inventory/inventory.service.js');
      await postMovement(trx, {
        tenantId: w.tenant.id,
        stockId: a,
        at: { kind: 'overseas', warehouseId: wh.id },
        op: 'out',
        quantity: 7,
        reason: 'adjust',
        by: w.tenant.id,
      });
    });
    const ob = await call(t.app, s, 'POST', '/PDD/overseas/outbound/save', {
      warehouse_id: wh.id,
      recipient,
      lines: [{ stock_id: b, quantity: 1 }],
    });
    expect(ob.status).toBe(200);
    const r = await call(t.app, s, 'POST', '/PDD/overseas/home/summary', {});
    expect(r.status).toBe(200);
    expect(r.data.stock_value).toEqual([{ currency: 'USD', value_minor: (8 + 2) * 1000 }]);
    expect([r.data.sku_count, r.data.on_hand]).toEqual([2, 10]);
    // B: 2 on hand, 1 reserved, 1 available <= 3.
    expect(r.data.low_stock).toEqual({
      count: 1,
      list: [expect.objectContaining({ sku: `HB-${w.tenant.id}`, available: 1, reorder_point: 3 })],
    });
    expect(r.data.outbound_by_status).toMatchObject({ created: 1, shipped: 0 });
    expect(r.data.age_buckets).toEqual({ '0-30': 5, '31-60': 2, '61-90': 0, '90+': 3 });
    expect(typeof r.data.inbound_week.enabled).toBe('boolean');
    const one = await call(t.app, s, 'POST', '/PDD/overseas/home/summary', { warehouse_id: (await warehouse(t)).id });
    expect([one.data.on_hand, one.data.low_stock.count]).toEqual([0, 0]);
    expect((await call(t.app, await w.as(3), 'POST', '/PDD/overseas/home/summary', {})).status).toBe(403);
  });
});
