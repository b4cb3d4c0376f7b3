// Rows of the own site for tenancy.test.ts (buildTenantRows in factories.ts), without factories' imports.
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import type { UserRow } from '../../src/db/types.js';

/**
 * A site with one category and one product for `tenant` (tenancy.test.ts: "another tenant's
 * ids"); the site is reused when the tenant has one already (other builders may make it first).
 */
export async function buildSiteRows(
  db: Database,
  tenant: UserRow,
  marker: string,
): Promise<{ siteCategory: number; siteProduct: number }> {
  await db
    .insertInto('sites')
    .values({
      tenant_id: tenant.id,
      name: `${marker} site`,
      slug: `t${tenant.id}-site`,
      domains: [],
      logo_key: null,
      favicon_key: null,
      currency: 'EUR',
      languages: ['en'],
      default_language: 'en',
      contact: JSON.stringify({ email: '', phone: '', address: '' }),
      legal: JSON.stringify({}),
      published: false,
      created_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  const site = await db.selectFrom('sites').select('id').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
  const slug = `${marker.toLowerCase().replace(/[^a-z0-9]/g, '')}-${tenant.id}`;
  const category = await db
    .insertInto('site_categories')
    .values({
      tenant_id: tenant.id,
      site_id: Number(site.id),
      slug,
      names: JSON.stringify({ en: `${marker} category` }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('site_products')
    .values({
      tenant_id: tenant.id,
      site_id: Number(site.id),
      goods_id: null,
      slug,
      texts: JSON.stringify({ en: { title: `${marker} product`, description: '', bullets: [] } }),
      pictures: JSON.stringify([]),
      price: '10.00',
      compare_at_price: null,
      variations: JSON.stringify([]),
      category_ids: [Number(category.id)],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { siteCategory: Number(category.id), siteProduct: Number(row.id) };
}
