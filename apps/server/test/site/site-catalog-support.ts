import type { Database } from '../../src/db/database.js';
import type { SiteProductText, SiteProductVariation } from '../../src/modules/site/site.tables.js';
import { bumpSiteVersion } from '../../src/modules/site/storefront/page-cache.js';

/** Rows of the storefront catalog tests, written with Kysely (the builder's APIs are other work). */

export interface SiteRow {
  id: number;
  tenantId: number;
}

/** A published site of the tenant (and its domains' lookup rows). */
export async function insertSite(
  db: Database,
  tenantId: number,
  over: { slug: string; name?: string; domains?: string[]; languages?: string[]; published?: boolean; logo?: string },
): Promise<SiteRow> {
  const languages = over.languages ?? ['en', 'de'];
  const row = await db
    .insertInto('sites')
    .values({
      tenant_id: tenantId,
      name: over.name ?? 'Acme Home',
      slug: over.slug,
      domains: over.domains ?? [],
      logo_key: over.logo ?? null,
      favicon_key: null,
      currency: 'EUR',
      languages,
      default_language: languages[0]!,
      contact: JSON.stringify({ email: 'hello@acme.example', phone: '+49 30 1234567', address: 'Berlin' }),
      legal: JSON.stringify({}),
      published: over.published ?? true,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  for (const domain of over.domains ?? [])
    await db.insertInto('site_domains').values({ domain, site_id: id, tenant_id: tenantId }).execute();
  return { id, tenantId };
}

/** A category of the site; its id. */
export async function insertCategory(
  db: Database,
  site: SiteRow,
  slug: string,
  names: Record<string, string>,
  parentId: number | null = null,
  position = 0,
): Promise<number> {
  const row = await db
    .insertInto('site_categories')
    .values({
      tenant_id: site.tenantId,
      site_id: site.id,
      slug,
      names: JSON.stringify(names),
      parent_id: parentId,
      position,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  bumpSiteVersion(site.tenantId);
  return Number(row.id);
}

export interface ProductFields {
  slug: string;
  texts: Record<string, SiteProductText>;
  price?: string;
  compare_at_price?: string | null;
  pictures?: string[];
  variations?: SiteProductVariation[];
  category_ids?: number[];
  published?: boolean;
  /** Newer products list first (the default sort). */
  published_at?: Date;
}

/** Products of the site in one insert; their ids in order. */
export async function insertProducts(db: Database, site: SiteRow, list: ProductFields[]): Promise<number[]> {
  const rows = await db
    .insertInto('site_products')
    .values(
      list.map((f) => ({
        tenant_id: site.tenantId,
        site_id: site.id,
        slug: f.slug,
        texts: JSON.stringify(f.texts),
        pictures: JSON.stringify(f.pictures ?? []),
        price: f.price ?? '19.99',
        compare_at_price: f.compare_at_price ?? null,
        variations: JSON.stringify(f.variations ?? []),
        category_ids: f.category_ids ?? [],
        published: f.published ?? true,
        published_at: f.published_at ?? new Date(),
      })),
    )
    .returning('id')
    .execute();
  bumpSiteVersion(site.tenantId);
  return rows.map((r) => Number(r.id));
}

/** A product of the site; its id. */
export async function insertProduct(db: Database, site: SiteRow, f: ProductFields): Promise<number> {
  return (await insertProducts(db, site, [f]))[0]!;
}

/** A product's texts in English and German. */
export const texts = (title: string, extra: Partial<SiteProductText> = {}): Record<string, SiteProductText> => ({
  en: { title, description: '', bullets: [], ...extra },
  de: { title: `${title} DE`, description: '', bullets: [], ...extra },
});
