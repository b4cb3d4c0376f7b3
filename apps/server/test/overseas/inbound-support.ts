// Test rows for 入库单 and the inventory screens: warehouses and SKUs are inserted directly (the
// warehouse and SKU APIs are another area's), accounts through the factories.
import type { UserRow } from '../../src/db/types.js';
import type { TestContext } from '../harness.js';
import { randomName } from '../harness.js';

/** An active warehouse of the operator. */
export async function insertWarehouse(t: TestContext, name = '德国一号仓') {
  const r = await t.db
    .insertInto('overseas_warehouses')
    .values({ code: randomName('W').toUpperCase(), name, country: 'DE', address: {}, carriers: ['DHL'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** SKUs of a tenant (`prefix-1`, `prefix-2` …). */
export async function insertSkus(t: TestContext, tenant: UserRow, count: number, prefix = randomName('SKU')) {
  const ids: number[] = [];
  for (let i = 1; i <= count; i += 1) {
    const r = await t.db
      .insertInto('stock_products')
      .values({ tenant_id: tenant.id, sku: `${prefix}-${i}`, title: `收纳盒${i}`, created_by: tenant.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(r.id));
  }
  return ids;
}

/** A draft body: one box per entry, each a list of [stock id, quantity]. */
export function draftBody(warehouseId: number, boxes: [number, number][][]) {
  return {
    warehouse_id: warehouseId,
    shipping_method: 'sea',
    carrier: 'Matson',
    expected_date: '2026-12-20',
    boxes: boxes.map((lines) => ({ lines: lines.map(([stock_id, quantity]) => ({ stock_id, quantity })) })),
  };
}
