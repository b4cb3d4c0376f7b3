// A page of blocks for tenancy.test.ts (buildTenantRows in factories.ts), without factories' imports.
import type { Database } from '../../src/db/database.js';
import type { UserRow } from '../../src/db/types.js';

/** A landing page (version 1, one text block) of the tenant's site; the site is made by `buildSiteRows` first. */
export async function buildSitePageRow(db: Database, tenant: UserRow, marker: string): Promise<number> {
  const site = await db.selectFrom('sites').select('id').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
  const row = await db
    .insertInto('site_pages')
    .values({
      tenant_id: tenant.id,
      site_id: Number(site.id),
      kind: 'landing',
      slug: `${marker.toLowerCase().replace(/[^a-z0-9]/g, '')}-page`,
      titles: JSON.stringify({ en: `${marker} page` }),
      draft_blocks: JSON.stringify([{ type: 'rich_text', key: 't', markdown: { en: `${marker} text` } }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
