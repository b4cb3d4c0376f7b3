import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { SiteSeoOverride } from './site.tables.js';

type Db = Kysely<DB>;

const COLUMNS = [
  'id',
  'parent_id',
  'position',
  'slug',
  'names',
  'seo',
  'library_category_id',
  'published',
  'version',
] as const;

interface RawRow {
  id: number | string;
  parent_id: number | string | null;
  position: number;
  slug: string;
  names: Partial<Record<string, string>>;
  seo: unknown;
  library_category_id: number | null;
  published: boolean;
  version: number;
}

/** A row with numeric ids (bigint columns come back as text) and its typed SEO overrides. */
const toRow = (r: RawRow) => ({
  ...r,
  id: Number(r.id),
  parent_id: r.parent_id === null ? null : Number(r.parent_id),
  seo: (r.seo ?? {}) as SiteSeoOverride,
});

/** The tenant's site as the category screens need it; with `lock`, locked for the transaction (serialises tree writes). */
export function siteOfTenant(db: Db, tenantId: number, lock = false) {
  const q = db.selectFrom('sites').select(['id', 'languages', 'default_language']).where('tenant_id', '=', tenantId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

/** Every category of the site in tree order (bounded by the service's per-site limit). */
export async function listSiteCategories(db: Db, tenantId: number, siteId: number) {
  const rows = await db
    .selectFrom('site_categories')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .orderBy('parent_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}
export type SiteCategoryRow = Awaited<ReturnType<typeof listSiteCategories>>[number];

/** Site products filed under each category of the site (only categories that have some). */
export async function productCounts(db: Db, tenantId: number, siteId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('site_products')
    .select([sql<string>`unnest(category_ids)`.as('category_id'), sql<string>`count(*)`.as('n')])
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [Number(r.category_id), Number(r.n)]));
}

/** How many site products are filed under one category. */
export async function productCountOf(db: Db, tenantId: number, siteId: number, id: number): Promise<number> {
  const r = await db
    .selectFrom('site_products')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where(sql<boolean>`category_ids @> ARRAY[${id}]::bigint[]`)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface SiteCategoryFields {
  parent_id: number | null;
  position: number;
  slug: string;
  names: Partial<Record<string, string>>;
  seo: SiteSeoOverride;
  library_category_id: number | null;
  /** Only updates set it (a new category is shown). */
  published?: boolean;
}

/** jsonb columns as parameters (`seo` is declared Generated<Json>, which takes no plain string). */
const jsonb = (v: unknown) => sql<never>`${JSON.stringify(v)}::jsonb`;
const json = (f: Partial<SiteCategoryFields>) => {
  const { names, seo, ...rest } = f;
  return { ...rest, ...(names ? { names: jsonb(names) } : {}), ...(seo ? { seo: jsonb(seo) } : {}) };
};

/** Inserts categories of the site; their rows in the given order. */
export async function insertSiteCategories(db: Db, tenantId: number, siteId: number, rows: SiteCategoryFields[]) {
  if (rows.length === 0) return [];
  const out = await db
    .insertInto('site_categories')
    .values(
      rows.map((r) => ({
        tenant_id: tenantId,
        site_id: siteId,
        parent_id: r.parent_id,
        position: r.position,
        slug: r.slug,
        names: jsonb(r.names),
        seo: jsonb(r.seo),
        library_category_id: r.library_category_id,
      })),
    )
    .returning(COLUMNS)
    .execute();
  return out.map(toRow);
}

/** Updates a category and bumps its version. */
export async function updateSiteCategory(db: Db, tenantId: number, id: number, f: Partial<SiteCategoryFields>) {
  const r = await db
    .updateTable('site_categories')
    .set({ ...json(f), updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRow(r);
}

/** Sets the positions of siblings (`ids` in their new order) without touching their versions. */
export async function renumberSiblings(db: Db, tenantId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update site_categories c set position = o.pos - 1
    from unnest(${ids}::bigint[]) with ordinality as o(id, pos)
    where c.tenant_id = ${tenantId} and c.id = o.id and c.position <> o.pos - 1`.execute(db);
}

/** Deletes a category of the tenant. */
export async function deleteSiteCategory(db: Db, tenantId: number, id: number): Promise<void> {
  await db.deleteFrom('site_categories').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
