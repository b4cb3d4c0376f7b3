import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** Id and creator of the tenant's products among `ids` (missing and other tenants' ids are left out). */
export function goodsCreatorsOf(db: Db, tenantId: number, ids: readonly number[]) {
  return db
    .selectFrom('goods')
    .select(['goods.id', 'goods.creator_id'])
    .where('goods.tenant_id', '=', tenantId)
    .where('goods.id', 'in', [...ids])
    .execute();
}
