import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/types.js';
import type { SiteProductText, SiteProductVariation, SiteSeoOverride } from '../site.tables.js';
import { visibleCategories } from './category-visibility.js';

type Db = Kysely<DB>;

/**
 * Read-only queries of the storefront's catalog pages (docs/site.md "Catalog pages"): every query
 * names the tenant and the site, and products are only ever read when published.
 */

/** A site's SEO settings (the storefront's site row does not carry them). */
export function siteCatalogInfo(db: Db, tenantId: number, siteId: number) {
  return db
    .selectFrom('sites')
    .select('seo')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', siteId)
    .executeTakeFirst();
}

/** Most categories a site's navigation reads (a tree is a few hundred at most). */
export const MAX_CATEGORIES = 2000;

export interface CatalogCategory {
  id: number;
  parent_id: number | null;
  position: number;
  slug: string;
  names: Partial<Record<string, string>>;
  seo: SiteSeoOverride;
}

/** The site's categories the storefront shows (hidden ones and their subtrees left out) in tree order, bounded. */
export async function siteCategories(db: Db, tenantId: number, siteId: number): Promise<CatalogCategory[]> {
  const rows = await db
    .selectFrom('site_categories')
    .select(['id', 'parent_id', 'position', 'slug', 'names', 'seo', 'published'])
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .orderBy('parent_id', 'asc')
    .orderBy('position', 'asc')
    .orderBy('id', 'asc')
    .limit(MAX_CATEGORIES)
    .execute();
  // `seo` is a Generated<Json<...>> column: Kysely's select type nests the ColumnType.
  const all = rows.map((r) => ({
    id: Number(r.id),
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    position: r.position,
    slug: r.slug,
    names: r.names,
    seo: r.seo as unknown as SiteSeoOverride,
    published: r.published,
  }));
  return visibleCategories(all).map(({ published: _shown, ...c }) => c);
}

/** A product as a card of a list: its texts in one language only. */
export interface ProductCard {
  id: number;
  slug: string;
  text: SiteProductText | null;
  picture: string | null;
  price: string;
  compare_at_price: string | null;
}

/** Card columns: the texts in `lang`, else in `fallback` (the site's default language). */
const cardColumns = (lang: string, fallback: string) =>
  [
    'id',
    'slug',
    sql<SiteProductText | null>`coalesce(texts -> ${lang}, texts -> ${fallback})`.as('text'),
    sql<string | null>`pictures ->> 0`.as('picture'),
    'price',
    'compare_at_price',
  ] as const;

const toCard = (r: Omit<ProductCard, 'id'> & { id: number | string }): ProductCard => ({ ...r, id: Number(r.id) });

export type CatalogSort = 'newest' | 'price_asc' | 'price_desc';

/** A page of the published products in any of the categories, and how many there are. */
export async function categoryProducts(
  db: Db,
  q: { tenantId: number; siteId: number; categoryIds: number[]; lang: string; fallback: string; sort: CatalogSort },
  offset: number,
  limit: number,
): Promise<{ rows: ProductCard[]; total: number }> {
  const base = db
    .selectFrom('site_products')
    .where('tenant_id', '=', q.tenantId)
    .where('site_id', '=', q.siteId)
    .where('published', '=', true)
    .where(sql<boolean>`category_ids && ${sql.val(q.categoryIds)}::bigint[]`);
  let list = base.select(cardColumns(q.lang, q.fallback));
  if (q.sort === 'price_asc') list = list.orderBy('price', 'asc');
  else if (q.sort === 'price_desc') list = list.orderBy('price', 'desc');
  else list = list.orderBy(sql`published_at desc nulls last`);
  const [rows, count] = await Promise.all([
    list.orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toCard), total: Number(count.n) };
}

export interface CatalogProduct {
  id: number;
  slug: string;
  texts: Partial<Record<string, SiteProductText>>;
  pictures: string[];
  price: string;
  compare_at_price: string | null;
  variations: SiteProductVariation[];
  category_ids: number[];
  seo: SiteSeoOverride;
  /** 不被搜索引擎收录. */
  noindex: boolean;
}

/** A published product of the site by its address segment. */
export async function publishedProductBySlug(
  db: Db,
  tenantId: number,
  siteId: number,
  slug: string,
): Promise<CatalogProduct | undefined> {
  const r = await db
    .selectFrom('site_products')
    .select([
      'id',
      'slug',
      'texts',
      'pictures',
      'price',
      'compare_at_price',
      'variations',
      'category_ids',
      'seo',
      'noindex',
    ])
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('slug', '=', slug)
    .where('published', '=', true)
    .executeTakeFirst();
  return (
    r && { ...r, id: Number(r.id), category_ids: r.category_ids.map(Number), seo: r.seo as unknown as SiteSeoOverride }
  );
}

/** Whether a stored file is a picture of a published product of the site (its own or a variation's). */
export async function isPublishedPicture(db: Db, tenantId: number, siteId: number, key: string): Promise<boolean> {
  const r = await db
    .selectFrom('site_products')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('published', '=', true)
    .where((eb) =>
      eb.or([
        sql<boolean>`pictures @> ${JSON.stringify([key])}::jsonb`,
        sql<boolean>`variations @> ${JSON.stringify([{ picture: key }])}::jsonb`,
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(r);
}
