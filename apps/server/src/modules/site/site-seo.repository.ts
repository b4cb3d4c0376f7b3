import type { StoredSiteSeo } from '@console/shared/schemas/site-seo';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** The tenant's site with its SEO settings; with `lock`, locked for the save's transaction. */
export function siteSeoOfTenant(db: Db, tenantId: number, lock = false) {
  const q = db
    .selectFrom('sites')
    .select(['id', 'name', 'currency', 'languages', 'default_language', 'seo'])
    .where('tenant_id', '=', tenantId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

/** Writes the SEO settings (the basic settings' version is not touched: the SEO form has its own). */
export async function writeSiteSeo(db: Db, tenantId: number, seo: StoredSiteSeo): Promise<void> {
  await db
    .updateTable('sites')
    .set({ seo: sql<never>`${JSON.stringify(seo)}::jsonb` })
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** The storefront's sitemap: a site's tenant, SEO settings and languages (the site found by slug or host). */
export function sitemapSite(db: Db, siteId: number) {
  return db.selectFrom('sites').select(['tenant_id', 'seo']).where('id', '=', siteId).executeTakeFirst();
}

/** The site's categories for the sitemap (a site has at most a few thousand; the caller leaves hidden ones out). */
export async function sitemapCategories(db: Db, tenantId: number, siteId: number, limit: number) {
  const rows = await db
    .selectFrom('site_categories')
    .select(['id', 'parent_id', 'slug', 'published'])
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), parent_id: r.parent_id === null ? null : Number(r.parent_id) }));
}

/** How many published products the sitemap lists (those marked `noindex` are left out). */
export async function countPublishedProducts(db: Db, tenantId: number, siteId: number): Promise<number> {
  const r = await db
    .selectFrom('site_products')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('published', '=', true)
    .where('noindex', '=', false)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** One file's worth of published product slugs (in id order) and when each last changed. */
export function publishedProductPage(db: Db, tenantId: number, siteId: number, offset: number, limit: number) {
  return db
    .selectFrom('site_products')
    .select(['slug', sql<string>`to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD')`.as('lastmod')])
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('published', '=', true)
    .where('noindex', '=', false)
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}
