import { DEFAULT_TIME_ZONE } from '@console/shared/constants/time-zone';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** The tenant's time zone (kept on its main account row); China time when the row is missing. */
export async function tenantTimeZone(db: Db, tenantId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('time_zone')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** Sets the tenant's time zone (a name `isTimeZone` accepted); true when the tenant exists. */
export async function setTenantTimeZone(db: Db, tenantId: number, timeZone: string): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ time_zone: timeZone })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', tenantId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
