import type { Database } from '../../src/db/database.js';
import type { UserRow } from '../../src/db/types.js';

/**
 * An overseas outbound of a tenant (for "another tenant's id" tests, `buildTenantRows`): a row
 * in status created at a warehouse of its own, no lines (nothing reserved).
 */
export async function buildOutboundRow(db: Database, tenant: UserRow, marker: string): Promise<number> {
  const w = await db
    .insertInto('overseas_warehouses')
    .values({
      code: `OBW-${marker}-${tenant.id}`,
      name: `${marker} warehouse`,
      country: 'DE',
      address: {},
      carriers: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('overseas_outbounds')
    .values({
      tenant_id: tenant.id,
      warehouse_id: w.id,
      number: `OBT${tenant.id}${marker}`.slice(0, 40),
      source: 'manual',
      order_id: null,
      recipient: JSON.stringify({
        name: marker,
        phone: '',
        line1: 'x',
        line2: '',
        city: 'x',
        state: '',
        postal_code: '1',
        country: 'DE',
      }),
      created_by: tenant.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
