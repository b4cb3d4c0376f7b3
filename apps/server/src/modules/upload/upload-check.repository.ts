import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** What the check before sending shows of products: title and first image (the tenant's, not recycled). */
export function goodsHeads(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('goods')
    .select(['id', 'title', 'sku', 'images'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** How many codes of the tenant's EAN pool are free. */
export async function freeEanCount(db: Db, tenantId: number): Promise<number> {
  const r = await db
    .selectFrom('goods_eans')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'free')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
