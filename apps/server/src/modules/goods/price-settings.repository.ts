import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** The saved price settings of one user of the tenant (undefined when never saved). */
export function findPriceSettings(db: Db, tenantId: number, userId: number) {
  return db
    .selectFrom('price_settings')
    .select(['countries', 'quantity_lo', 'quantity_hi', 'version'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** What a save writes. */
export interface PriceSettingsWrite {
  countries: string;
  quantity_lo: number;
  quantity_hi: number;
}

/** First save of a user's settings; undefined when someone saved them first. */
export function insertPriceSettings(db: Db, tenantId: number, userId: number, values: PriceSettingsWrite) {
  return db
    .insertInto('price_settings')
    .values({ user_id: userId, tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'tenant_id']).doNothing())
    .returning('version')
    .executeTakeFirst();
}

/** Saves over `version`; bumps it. Undefined when stale. */
export function updatePriceSettingsVersioned(
  db: Db,
  tenantId: number,
  userId: number,
  version: number,
  values: PriceSettingsWrite,
) {
  return db
    .updateTable('price_settings')
    .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('version', '=', version)
    .returning('version')
    .executeTakeFirst();
}
