import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { SiteProductVariation } from './site.tables.js';

type Db = Kysely<DB>;

/** The site's products among `ids` with their variations, locked in id order (checkout and cancel queue on them). */
export async function lockStockRows(db: Db, tenantId: number, siteId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('site_products')
    .select(['id', 'variations'])
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => ({ id: Number(r.id), variations: r.variations as SiteProductVariation[] }));
}

/**
 * Writes a locked product's variations with new stock counts. The version moves on (a form opened
 * before would write the old counts back: it is told to reload), `updated_at` does not (a sale is
 * no edit of the product).
 */
export async function writeStock(db: Db, tenantId: number, id: number, variations: SiteProductVariation[]) {
  await db
    .updateTable('site_products')
    .set({ variations: JSON.stringify(variations), version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
