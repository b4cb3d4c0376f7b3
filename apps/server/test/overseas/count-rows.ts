import type { Database } from '../../src/db/database.js';
import type { UserRow } from '../../src/db/types.js';

/**
 * A stock count (盘点单) of a tenant (for "another tenant's id" tests, `buildTenantRows`): open,
 * at a warehouse location of its own, with one line of a SKU of its own; the marker is its note.
 */
export async function buildCountRow(db: Database, tenant: UserRow, marker: string) {
  const w = await db
    .insertInto('overseas_warehouses')
    .values({
      code: `PDW-${marker}-${tenant.id}`,
      name: `${marker} count warehouse`,
      country: 'DE',
      address: {},
      carriers: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const loc = await db
    .insertInto('stock_locations')
    .values({ tenant_id: tenant.id, kind: 'overseas', warehouse_id: w.id, marketplace_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sku = await db
    .insertInto('stock_products')
    .values({ tenant_id: tenant.id, sku: `PD-${marker}`, title: `${marker} count sku`, created_by: tenant.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const count = await db
    .insertInto('stock_counts')
    .values({
      tenant_id: tenant.id,
      location_id: Number(loc.id),
      warehouse_id: w.id,
      number: `PD-${marker}`,
      note: marker,
      created_by: tenant.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stock_count_lines')
    .values({ count_id: Number(count.id), tenant_id: tenant.id, stock_id: Number(sku.id), expected: 0 })
    .execute();
  return Number(count.id);
}
