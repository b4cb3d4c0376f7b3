import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/types.js';
import './search.tables.js';
import type { SiteProductText } from '../site.tables.js';
import type { ProductCard } from './storefront-catalog.repository.js';

type Db = Kysely<DB>;

/**
 * Read-only queries of the storefront's search page (docs/site.md "Search"), over
 * `site_product_search` (migration 20261210_700000: published products only, one row per
 * language, kept by triggers on `site_products`). Every query names the tenant and the site.
 */

/** `like` pattern of a text: its wildcards and the escape character taken literally. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Ids of the published products whose title in `lang` contains `text` (case-insensitive), newest
 * publication first, at most `limit`: the trigram index finds them (or, for a text without
 * trigrams, the btree in this order is walked until `limit` match).
 */
export async function searchProductIds(
  db: Db,
  q: { tenantId: number; siteId: number; lang: string; text: string },
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('site_product_search')
    .select('product_id')
    .where('tenant_id', '=', q.tenantId)
    .where('site_id', '=', q.siteId)
    .where('lang', '=', q.lang)
    .where('title', 'like', likeContains(q.text.toLowerCase()))
    .orderBy(sql`published_at desc nulls last`)
    .orderBy('product_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.product_id));
}

/**
 * The cards of these products in the given order, leaving out any that is no longer published
 * (the id list may be a few seconds old) or not the site's.
 */
export async function productCardsByIds(
  db: Db,
  q: { tenantId: number; siteId: number; lang: string; fallback: string },
  ids: readonly number[],
): Promise<ProductCard[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('site_products')
    // A card shows the title only: the descriptions (up to 10,000 characters per language) are
    // neither sent nor parsed (`coalesce` of the language's texts as the catalog's cards do).
    .select([
      'id',
      'slug',
      sql<SiteProductText | null>`jsonb_build_object('title', coalesce(texts -> ${q.lang}, texts -> ${q.fallback}) -> 'title')`.as(
        'text',
      ),
      sql<string | null>`pictures ->> 0`.as('picture'),
      'price',
      'compare_at_price',
    ])
    .where('tenant_id', '=', q.tenantId)
    .where('site_id', '=', q.siteId)
    .where('published', '=', true)
    .where(sql<boolean>`id = any(${sql.val([...ids])}::bigint[])`)
    .execute();
  const byId = new Map(rows.map((r): [number, ProductCard] => [Number(r.id), { ...r, id: Number(r.id) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
