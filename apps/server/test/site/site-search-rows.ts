// A published site product for buildTenantRows (factories.ts): its search rows (site_product_search,
// written by the triggers of migration 20261210_700000) give the backup drill rows of that table.
import type { Database } from '../../src/db/database.js';
import type { UserRow } from '../../src/db/types.js';

/** A published product on the tenant's site (made by buildSiteRows just before); its id. */
export async function buildSiteSearchRow(db: Database, tenant: UserRow, marker: string): Promise<number> {
  const site = await db.selectFrom('sites').select('id').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
  const row = await db
    .insertInto('site_products')
    .values({
      tenant_id: tenant.id,
      site_id: Number(site.id),
      goods_id: null,
      slug: `${marker.toLowerCase().replace(/[^a-z0-9]/g, '')}-${tenant.id}-published`,
      texts: JSON.stringify({ en: { title: `${marker} published product`, description: '', bullets: [] } }),
      pictures: JSON.stringify([]),
      price: '12.00',
      compare_at_price: null,
      variations: JSON.stringify([]),
      category_ids: [],
      published: true,
      published_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
