import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** Which of these ids are live products of the tenant (not in the recycle bin). */
export async function liveGoodsIds(db: Kysely<DB>, tenantId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('goods')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_delete', '=', 0)
    .execute();
  return rows.map((r) => Number(r.id));
}
