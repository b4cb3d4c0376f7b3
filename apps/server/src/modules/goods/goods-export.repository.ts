import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type Selection, selectedIds } from './goods-batch.repository.js';

type Db = Kysely<DB>;

/** How many products of the tenant a selection holds. */
export async function countSelected(db: Db, tenantId: number, sel: Selection): Promise<number> {
  const r = await db
    .selectFrom('goods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', selectedIds(db, tenantId, sel))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** One batch of exported products, newest first, below the keyset cursor (the last id of the batch before). */
export function exportBatch(db: Db, tenantId: number, sel: Selection, limit: number, below?: number) {
  let q = db
    .selectFrom('goods')
    .leftJoin('users', 'users.id', 'goods.creator_id')
    .select([
      'goods.id',
      'goods.sku',
      'goods.type',
      'goods.audit_status',
      'goods.category_id',
      'goods.base_info',
      'goods.descs',
      'goods.prices',
      'goods.parentage',
      'goods.images',
      'goods.created_at',
      'goods.updated_at',
      'users.user_name',
    ])
    .where('goods.tenant_id', '=', tenantId)
    .where('goods.id', 'in', selectedIds(db, tenantId, sel))
    .orderBy('goods.id', 'desc')
    .limit(limit);
  if (below !== undefined) q = q.where('goods.id', '<', below);
  return q.execute();
}

/** A product row of the export. */
export type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number];
