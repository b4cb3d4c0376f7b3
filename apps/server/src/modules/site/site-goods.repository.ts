import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { SiteProductText, SiteProductVariation } from './site.tables.js';

type Db = Kysely<DB>;

/** What a save writes of a site product. */
export interface SiteGoodsFields {
  texts: Partial<Record<string, SiteProductText>>;
  pictures: string[];
  price: string;
  compare_at_price: string | null;
  variations: SiteProductVariation[];
  category_ids: number[];
  /** Left out of search engines (absent: unchanged on update, false on insert). */
  noindex?: boolean;
}

/** What the library gives an import or a sync (the texts, pictures and variations; the price when asked). */
export type LibraryFields = Omit<SiteGoodsFields, 'category_ids' | 'compare_at_price' | 'price' | 'noindex'> & {
  price?: string;
};

const json = <T extends Partial<SiteGoodsFields>>(f: T) => ({
  ...f,
  ...(f.texts ? { texts: JSON.stringify(f.texts) } : {}),
  ...(f.pictures ? { pictures: JSON.stringify(f.pictures) } : {}),
  ...(f.variations ? { variations: JSON.stringify(f.variations) } : {}),
});

/** The columns of a product with whether its library product changed since it was last taken in. */
function selectGoods(db: Db) {
  return db
    .selectFrom('site_products as p')
    .leftJoin('goods as g', (j) => j.onRef('g.tenant_id', '=', 'p.tenant_id').onRef('g.id', '=', 'p.goods_id'))
    .select([
      'p.id',
      'p.site_id',
      'p.goods_id',
      'p.slug',
      'p.texts',
      'p.pictures',
      'p.price',
      'p.compare_at_price',
      'p.variations',
      'p.category_ids',
      'p.noindex',
      'p.published',
      'p.published_at',
      'p.library_synced_at',
      'p.updated_at',
      'p.version',
      sql<boolean>`coalesce(g.is_delete = 0 and g.updated_at > p.library_synced_at, false)`.as('library_updated'),
    ]);
}
export type SiteGoodsRecord = Awaited<ReturnType<ReturnType<typeof selectGoods>['executeTakeFirstOrThrow']>>;

/** The library product's `updated_at` as PostgreSQL holds it (microseconds: a JS Date would cut them). */
export const libraryTime = (tenantId: number, goodsId: number) =>
  sql<Date>`(select g.updated_at from goods g where g.tenant_id = ${tenantId} and g.id = ${goodsId})`;

/** Escapes `%`, `_` and `\` for a `like` pattern. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SiteGoodsFilter {
  keyword: string;
  published: 'all' | '1' | '0';
  category_id?: number | undefined;
}

function filtered(db: Db, tenantId: number, siteId: number, f: SiteGoodsFilter) {
  let q = selectGoods(db).where('p.tenant_id', '=', tenantId).where('p.site_id', '=', siteId);
  if (f.published !== 'all') q = q.where('p.published', '=', f.published === '1');
  if (f.category_id) q = q.where(sql<boolean>`p.category_ids @> array[${f.category_id}]::bigint[]`);
  if (f.keyword) {
    const pattern = `%${likeText(f.keyword.toLowerCase())}%`;
    // Texts of every language and variation SKUs, through their jsonb text (one site's rows).
    q = q.where((eb) =>
      eb.or([eb(sql`lower(p.texts::text)`, 'like', pattern), eb(sql`lower(p.variations::text)`, 'like', pattern)]),
    );
  }
  return q;
}

/** One page of a site's products, newest change first, and the total of the filter. */
export async function listSiteGoods(
  db: Db,
  tenantId: number,
  siteId: number,
  f: SiteGoodsFilter,
  page: { offset: number; limit: number },
) {
  const base = filtered(db, tenantId, siteId, f);
  const [rows, total] = await Promise.all([
    base.orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').offset(page.offset).limit(page.limit).execute(),
    db
      .selectFrom(base.as('x'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** One product of the tenant's site. */
export function findSiteGoods(db: Db, tenantId: number, siteId: number, id: number) {
  return selectGoods(db)
    .where('p.tenant_id', '=', tenantId)
    .where('p.site_id', '=', siteId)
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/** Products of the tenant's site by id, locked in id order (publish, sync, delete). */
export function lockSiteGoods(db: Db, tenantId: number, siteId: number, ids: readonly number[]) {
  return selectGoods(db)
    .where('p.tenant_id', '=', tenantId)
    .where('p.site_id', '=', siteId)
    .where('p.id', 'in', ids)
    .orderBy('p.id')
    .forUpdate('p')
    .execute();
}

/** The slugs of the site that start with `base` (to pick a free one). */
export async function slugsLike(db: Db, tenantId: number, siteId: number, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('site_products')
    .select('slug')
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('slug', 'like', `${likeText(base)}%`)
    .execute();
  return new Set(rows.map((r) => r.slug));
}

/** Creates a product; its id. */
export async function insertSiteGoods(
  db: Db,
  v: SiteGoodsFields & {
    tenant_id: number;
    site_id: number;
    slug: string;
    goods_id: number | null;
    library_synced_at: ReturnType<typeof libraryTime> | null;
  },
): Promise<number> {
  const row = await db.insertInto('site_products').values(json(v)).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Updates a product only at `version`; bumps it. False when stale or gone. */
export async function updateSiteGoodsVersioned(
  db: Db,
  tenantId: number,
  siteId: number,
  id: number,
  version: number,
  f: SiteGoodsFields,
): Promise<boolean> {
  const r = await db
    .updateTable('site_products')
    .set({ ...json(f), updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Sets the library's fields of a locked product and the library time they were taken at. */
export async function applyLibraryFields(
  db: Db,
  tenantId: number,
  id: number,
  f: LibraryFields,
  goodsId: number,
): Promise<void> {
  await db
    .updateTable('site_products')
    .set({
      ...json(f),
      library_synced_at: libraryTime(tenantId, goodsId),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Publishes or withdraws locked products (only those not already so); the number changed. */
export async function setSiteGoodsPublished(
  db: Db,
  tenantId: number,
  ids: readonly number[],
  published: boolean,
): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .updateTable('site_products')
    .set({
      published,
      published_at: published ? sql`now()` : null,
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('published', '=', !published)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Deletes locked products; the number deleted. */
export async function deleteSiteGoods(db: Db, tenantId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .deleteFrom('site_products')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The library products (of `goodsIds`) already on the site. */
export async function goodsOnSite(db: Db, tenantId: number, siteId: number, goodsIds: readonly number[]) {
  if (goodsIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('site_products')
    .select('goods_id')
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('goods_id', 'in', goodsIds)
    .execute();
  return new Set(rows.map((r) => Number(r.goods_id)));
}

/** The tenant's library products (not in the recycle bin) with what a site product takes from them. */
export function libraryGoods(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('goods')
    .select(['id', 'sku', 'title', 'descs', 'prices', 'parentage', 'images', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('is_delete', '=', 0)
    .where('id', 'in', ids)
    .execute();
}
export type LibraryRow = Awaited<ReturnType<typeof libraryGoods>>[number];

/** The ids of `ids` that are categories of the site. */
export async function siteCategoryIds(db: Db, tenantId: number, siteId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('site_categories')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}
