import type { Database } from '../../src/db/database.js';
import type { UserRow } from '../../src/db/types.js';

/**
 * A first-leg shipment of a tenant (for "another tenant's id" tests, `buildTenantRows`): a draft
 * of one SKU of its own, one box.
 */
export async function buildFbaShipmentRow(db: Database, tenant: UserRow, marker: string) {
  const sku = await db
    .insertInto('stock_products')
    .values({ tenant_id: tenant.id, sku: `FS-${marker}`, title: `${marker} fba sku`, created_by: tenant.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('fba_shipments')
    .values({
      tenant_id: tenant.id,
      shop_id: 0,
      marketplace: 'de',
      marketplace_id: 'A1PA6795UKMFR9',
      number: `FS-${marker}`,
      name: marker,
      source_address: JSON.stringify({ name: marker }),
      boxes: JSON.stringify([
        {
          length_mm: 1,
          width_mm: 1,
          height_mm: 1,
          weight_g: 1,
          quantity: 1,
          items: [{ stock_id: sku.id, quantity: 1 }],
        },
      ]),
      problems: '[]',
      steps: '{}',
      fc_shipments: '[]',
      created_by: tenant.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('fba_shipment_items')
    .values({
      shipment_id: Number(row.id),
      tenant_id: tenant.id,
      stock_id: Number(sku.id),
      msku: `FS-${marker}`,
      quantity: 1,
    })
    .execute();
  return Number(row.id);
}
