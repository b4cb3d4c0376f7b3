import type { Database } from '../src/db/database.js';
import type { UserRow } from '../src/db/types.js';

/** A GPSR compliance profile of a tenant (for "another tenant's id" tests, `buildTenantRows`); the marker is in its texts. */
export async function buildGpsrRow(db: Database, tenant: UserRow, marker: string): Promise<number> {
  const row = await db
    .insertInto('gpsr_profiles')
    .values({
      tenant_id: tenant.id,
      creator_id: tenant.id,
      name: `${marker} GPSR档案`,
      manufacturer_name: `${marker} maker`,
      manufacturer_address: `${marker} street`,
      manufacturer_email: 'maker@example.com',
      rp_name: `${marker} rp`,
      rp_address: `${marker} Berlin`,
      rp_email: 'rp@example.com',
      safety_attestation: true,
      warnings: JSON.stringify({ de: `${marker} Warnung` }),
      documents: '[]',
      remark: marker,
      missing: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
