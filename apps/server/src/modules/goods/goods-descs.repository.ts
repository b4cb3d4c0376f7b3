import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** The texts (descs) and versions of the tenant's products among `ids` not in the recycle bin. */
export function findGoodsDescs(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('goods')
    .select(['id', 'descs', 'version'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_delete', '=', 0)
    .execute();
}

/** Writes the texts of one of the tenant's products over `version`; bumps it. Undefined when stale. */
export function updateGoodsDescsVersioned(db: Db, tenantId: number, id: number, version: number, descs: string) {
  return db
    .updateTable('goods')
    .set({ descs, version: sql`version + 1`, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .where('is_delete', '=', 0)
    .returning(['version'])
    .executeTakeFirst();
}
