import type { Database } from '../../src/db/database.js';
import type { UserRow } from '../../src/db/types.js';

/**
 * An inbound of a tenant (for "another tenant's id" tests, `buildTenantRows`): a draft at a
 * warehouse of its own with one box and one line of a SKU of its own.
 */
export async function buildInboundRows(db: Database, tenant: UserRow, marker: string) {
  const w = await db
    .insertInto('overseas_warehouses')
    .values({
      code: `IBW-${marker}-${tenant.id}`,
      name: `${marker} inbound warehouse`,
      country: 'DE',
      address: {},
      carriers: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sku = await db
    .insertInto('stock_products')
    .values({ tenant_id: tenant.id, sku: `IB-${marker}`, title: `${marker} inbound sku`, created_by: tenant.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inbound = await db
    .insertInto('overseas_inbounds')
    .values({
      tenant_id: tenant.id,
      warehouse_id: w.id,
      number: `IB-${marker}`,
      shipping_method: 'sea',
      note: marker,
      expected_date: null,
      created_by: tenant.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const box = await db
    .insertInto('overseas_inbound_boxes')
    .values({ inbound_id: Number(inbound.id), tenant_id: tenant.id, box_no: 1, received_at: null, received_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const line = await db
    .insertInto('overseas_inbound_lines')
    .values({
      inbound_id: Number(inbound.id),
      box_id: Number(box.id),
      tenant_id: tenant.id,
      stock_id: Number(sku.id),
      quantity_sent: 1,
      quantity_counted: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { inbound: Number(inbound.id), inboundBox: Number(box.id), inboundLine: Number(line.id) };
}
