import type { SiteBlock, SiteTexts } from '@console/shared/schemas/site-blocks';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** The home page's slug: empty, so it never meets a landing page's (those have 1-60 characters). */
export const HOME_SLUG = '';

const PAGE_COLUMNS = [
  'id',
  'kind',
  'slug',
  'titles',
  'draft_blocks',
  'published_blocks',
  'published_at',
  'updated_at',
  'version',
] as const;

/** A page of blocks (`id` null: the home page, else a landing page of the site). */
function pageQuery(db: Db, tenantId: number, siteId: number, id: number | null) {
  const q = db
    .selectFrom('site_pages')
    .select(PAGE_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId);
  return id === null ? q.where('kind', '=', 'home') : q.where('id', '=', id).where('kind', '=', 'landing');
}

export function findPage(db: Db, tenantId: number, siteId: number, id: number | null) {
  return pageQuery(db, tenantId, siteId, id).executeTakeFirst();
}

export function lockPage(db: Db, tenantId: number, siteId: number, id: number | null) {
  return pageQuery(db, tenantId, siteId, id).forUpdate().executeTakeFirst();
}

export type PageRow = NonNullable<Awaited<ReturnType<typeof findPage>>>;

/** The site's pages, home first, then landing pages by slug (at most `limit`). */
export function listPages(db: Db, tenantId: number, siteId: number, limit: number) {
  return db
    .selectFrom('site_pages')
    .select(['id', 'kind', 'slug', 'titles', 'published_at', 'version'])
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .orderBy(sql`kind = 'home'`, 'desc')
    .orderBy('slug')
    .limit(limit)
    .execute();
}

export function countLandingPages(db: Db, tenantId: number, siteId: number) {
  return db
    .selectFrom('site_pages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('kind', '=', 'landing')
    .executeTakeFirstOrThrow();
}

/** Creates a page; undefined when the slug (or the one home page) exists already. */
export function insertPage(
  db: Db,
  tenantId: number,
  siteId: number,
  p: { kind: 'home' | 'landing'; slug: string; titles: SiteTexts; blocks: SiteBlock[] },
) {
  return db
    .insertInto('site_pages')
    .values({
      tenant_id: tenantId,
      site_id: siteId,
      kind: p.kind,
      slug: p.slug,
      titles: JSON.stringify(p.titles),
      draft_blocks: JSON.stringify(p.blocks),
    })
    .onConflict((oc) => oc.doNothing())
    .returning(PAGE_COLUMNS)
    .executeTakeFirst();
}

/** Replaces the draft (and the titles when given) if the page still has `version`. */
export function updateDraft(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  blocks: SiteBlock[],
  titles: SiteTexts | undefined,
) {
  return db
    .updateTable('site_pages')
    .set({
      draft_blocks: JSON.stringify(blocks),
      ...(titles && { titles: JSON.stringify(titles) }),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(PAGE_COLUMNS)
    .executeTakeFirst();
}

/** Copies the draft to the published blocks if the page still has `version`. */
export function publishDraft(db: Db, tenantId: number, id: number, version: number) {
  return db
    .updateTable('site_pages')
    .set({
      published_blocks: sql`draft_blocks`,
      published_at: sql`now()`,
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(PAGE_COLUMNS)
    .executeTakeFirst();
}

export function deleteLanding(db: Db, tenantId: number, id: number, version: number) {
  return db
    .deleteFrom('site_pages')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('kind', '=', 'landing')
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
}

/** Which of the ids are products of the tenant's site. */
export async function ownProductIds(db: Db, tenantId: number, siteId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('site_products')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** Which of the ids are categories of the tenant's site. */
export async function ownCategoryIds(db: Db, tenantId: number, siteId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('site_categories')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** The published blocks of the site's home page (null when none was published). */
export async function publishedHomeBlocks(db: Db, tenantId: number, siteId: number): Promise<unknown[] | null> {
  const row = await db
    .selectFrom('site_pages')
    .select('published_blocks')
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('kind', '=', 'home')
    .executeTakeFirst();
  return row?.published_blocks ?? null;
}

/** A published landing page by its slug. */
export function publishedLanding(db: Db, tenantId: number, siteId: number, slug: string) {
  return db
    .selectFrom('site_pages')
    .select(['titles', 'published_blocks'])
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('kind', '=', 'landing')
    .where('slug', '=', slug)
    .where('published_blocks', 'is not', null)
    .executeTakeFirst();
}

const CARD_COLUMNS = ['id', 'slug', 'texts', 'pictures', 'price'] as const;

/** Published products of the site by id (any order; the caller keeps the block's). */
export function publishedProductsByIds(db: Db, tenantId: number, siteId: number, ids: number[]) {
  return db
    .selectFrom('site_products')
    .select(CARD_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('published', '=', true)
    .where('id', 'in', ids)
    .execute();
}

/** The newest published products of a site category (at most `limit`). */
export function publishedProductsOfCategory(
  db: Db,
  tenantId: number,
  siteId: number,
  categoryId: number,
  limit: number,
) {
  return db
    .selectFrom('site_products')
    .select(CARD_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('published', '=', true)
    .where(sql<boolean>`category_ids @> array[${categoryId}]::bigint[]`)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type ProductCard = Awaited<ReturnType<typeof publishedProductsByIds>>[number];

/** A category's names (featured collection heading fallback and link). */
export function categoryOfSite(db: Db, tenantId: number, siteId: number, id: number) {
  return db
    .selectFrom('site_categories')
    .select(['id', 'slug', 'names'])
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
}
