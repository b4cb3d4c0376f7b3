import type { GoodsFilter } from '@console/shared/schemas/goods';
import { MIN_MAIN_IMAGE_SIDE } from '@console/shared/validation/goods-save';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { containsPattern } from '../../db/paging.js';
import { pageLimit, QueryShapes, type SlotOf } from '../../db/query-shapes.js';
import type { DB, GoodsRow } from '../../db/types.js';
import type { StoredPrices } from './goods.tables.js';

type Db = Kysely<DB>;

export type GoodsQuery = SelectQueryBuilder<DB, 'goods', object>;

/** One condition of the product filter: its name in the query shape, its value, how it filters. */
export interface GoodsCondition {
  name: string;
  value: unknown;
  apply: (q: GoodsQuery, value: never) => GoodsQuery;
}

/**
 * A product-list filter narrowed to the caller's data scope (issue 13 §5): `creators` are the
 * accounts whose products it reaches, null or absent for the whole tenant. Set by the server
 * from the session (`goodsReachOf`), never taken from a request.
 */
export type ScopedGoodsFilter = GoodsFilter & { creators?: readonly number[] | null };

/** The scope condition on `goods`: a product of one of these creators (the one form used by every query). */
export const createdByAnyOf = (creators: readonly number[]) => sql<boolean>`goods.creator_id = any(${creators}::int[])`;

/** The conditions of a filter, in a fixed order (without the status tab when `withStatus` is false). */
export function goodsConditions(tenantId: number, f: ScopedGoodsFilter, withStatus: boolean): GoodsCondition[] {
  const c: GoodsCondition[] = [
    { name: 'tenant', value: tenantId, apply: (q, v: number) => q.where('goods.tenant_id', '=', v) },
    { name: 'deleted', value: f.is_delete, apply: (q, v: number) => q.where('goods.is_delete', '=', v) },
  ];
  if (f.creators) {
    c.push({
      name: 'scope',
      value: [...f.creators],
      apply: (q, v: number[]) => q.where(createdByAnyOf(v)),
    });
  }
  if (f.type) c.push({ name: 'type', value: f.type, apply: (q, v: number) => q.where('goods.type', '=', v) });
  if (withStatus && f.status !== 'all') {
    c.push({ name: 'status', value: f.status, apply: (q, v: string) => q.where('goods.audit_status', '=', v) });
  }
  if (f.keyword) {
    const grams = keywordGrams(tenantId, f.keyword);
    if (grams.length > 0) {
      c.push({
        name: 'grams',
        value: grams,
        apply: (q, v: string[]) => q.where(sql<boolean>`${TENANT_GRAMS} @> ${v}::text[]`),
      });
    }
    const pattern = containsPattern(f.keyword.toLowerCase());
    c.push({ name: 'keyword', value: pattern, apply: (q, v: string) => q.where('goods.search_text', 'like', v) });
  }
  if (f.category_id) {
    c.push({ name: 'category', value: f.category_id, apply: (q, v: number) => q.where('goods.category_id', '=', v) });
  }
  if (f.creator_id) {
    c.push({ name: 'creator', value: f.creator_id, apply: (q, v: number) => q.where('goods.creator_id', '=', v) });
  }
  if (f.lack) c.push(lackCondition(f.lack));
  if (f.startTime) {
    c.push({
      name: 'start',
      value: f.startTime,
      apply: (q, v: number) => q.where('goods.created_at', '>=', sql<Date>`to_timestamp(${v})`),
    });
  }
  if (f.endTime) {
    c.push({
      name: 'end',
      value: f.endTime,
      apply: (q, v: number) => q.where('goods.created_at', '<=', sql<Date>`to_timestamp(${v})`),
    });
  }
  return c;
}

/** The expression of `goods_tenant_grams_idx` (migration 20261125_114046): the tenant's trigrams of a product. */
const TENANT_GRAMS = sql`goods_tenant_grams(goods.tenant_id, goods.search_text)`;

/**
 * The trigrams every product whose `search_text` contains `keyword` has in
 * `goods_tenant_grams_idx`, prefixed with the tenant (`42:hai`): the three-letter windows
 * inside each run of ASCII letters and digits of the lower-cased keyword. pg_trgm splits text
 * into words at every other character and pads each word, so a run inside the keyword is
 * inside some word of a matching product and its inner windows are among that product's
 * trigrams, whatever the database's locale makes of other characters. Empty when the keyword
 * has no such run of three (then the older trigram index serves the LIKE alone).
 */
export function keywordGrams(tenantId: number, keyword: string): string[] {
  const grams = new Set<string>();
  for (const run of keyword.toLowerCase().split(/[^a-z0-9]+/)) {
    for (let i = 0; i + 3 <= run.length; i++) grams.add(`${tenantId}:${run.slice(i, i + 3)}`);
  }
  return [...grams].sort();
}

/**
 * The 待完善 condition: products that still lack an image, a price, an English title, an
 * EAN on some variation, or a main image of at least 500 px (the same tests as the home page's counts in goods-overview.repository).
 * Each compares with a bound value, so every kind is its own query shape.
 */
function lackCondition(lack: string): GoodsCondition {
  switch (lack) {
    case 'image':
      return {
        name: 'lack:image',
        value: 0,
        apply: (q, v: number) => q.where(sql`jsonb_array_length(goods.images)`, '=', v),
      };
    case 'price':
      return {
        name: 'lack:price',
        value: '{}',
        apply: (q, v: string) => q.where('goods.prices', '=', sql<StoredPrices>`${v}::jsonb`),
      };
    case 'small_image':
      return {
        name: 'lack:small_image',
        value: MIN_MAIN_IMAGE_SIDE,
        apply: (q, v: number) => q.where(SMALL_MAIN_IMAGE, '<', v),
      };
    case 'en_title':
      return {
        name: 'lack:en_title',
        value: '',
        apply: (q, v: string) => q.where(sql`coalesce(goods.descs->'en'->>'title', '')`, '=', v),
      };
    default:
      return {
        name: 'lack:ean',
        value: LACKING_EAN_PATH,
        apply: (q, v: string) => q.where(sql<boolean>`jsonb_path_exists(goods.parentage, ${v}::jsonpath)`),
      };
  }
}

/**
 * The long side of the main image as the upload measured it (null when unknown, so such
 * products never count as having a small main image).
 */
export const SMALL_MAIN_IMAGE = sql<number>`greatest((goods.images->0->>'width')::int, (goods.images->0->>'height')::int)`;

/** A variation without an EAN (JSON path over `parentage`). */
export const LACKING_EAN_PATH = '$.children[*] ? (!exists(@.ean))';

/**
 * Applies conditions with their values, or with slots when a query shape is compiled (the
 * condition at i takes slot `from + i`).
 */
export function applyConditions(q: GoodsQuery, conditions: GoodsCondition[], slot?: SlotOf, from = 0): GoodsQuery {
  return conditions.reduce((acc, c, i) => c.apply(acc, slot ? slot(from + i) : (c.value as never)), q);
}

/** The tenant's products matching a filter (without the status tab when `withStatus` is false). */
export function filteredGoods(db: Db, tenantId: number, f: ScopedGoodsFilter, withStatus = true): GoodsQuery {
  return applyConditions(db.selectFrom('goods'), goodsConditions(tenantId, f, withStatus));
}

/** Table columns a list row shows as they are (no long texts). */
const LIST_PLAIN_COLUMNS = [
  'goods.id',
  'goods.title',
  'goods.sku',
  'goods.type',
  'goods.audit_status',
  'goods.is_delete',
  'goods.prices',
  'goods.category_id',
  'goods.creator_id',
  'goods.tags',
  'goods.version',
  'goods.claimable',
] as const;

/** Table columns a list row is made of; the keyword window keeps these. */
const LIST_SOURCE_COLUMNS = [...LIST_PLAIN_COLUMNS, 'goods.images', 'goods.created_at', 'goods.updated_at'] as const;

/**
 * The select list of a list row; the claim list shows the same. PostgreSQL hands over what the
 * row shows: the first picture's address rather than every picture, and the times as Unix
 * seconds rather than text that Node parses into dates (a fifth of a first page's cost).
 */
export const LIST_COLUMNS = [
  ...LIST_PLAIN_COLUMNS,
  sql<string>`coalesce(goods.images->0->>'url', '')`.as('thumbnail'),
  sql<string>`floor(extract(epoch from goods.created_at))::int8`.as('created_s'),
  sql<string>`floor(extract(epoch from goods.updated_at))::int8`.as('updated_s'),
] as const;

/** The list's statements, compiled once per filter shape (`db/query-shapes.ts`). */
const listShapes = new QueryShapes();

function pageQuery(q: GoodsQuery) {
  return q
    .leftJoin('users', 'users.id', 'goods.creator_id')
    .select([...LIST_COLUMNS, 'users.user_name as creator_name'])
    .select(sql<number>`jsonb_array_length(coalesce(goods.parentage->'children', '[]'::jsonb))`.as('variation_count'))
    .orderBy('goods.id', 'desc');
}

/**
 * The newest products of a keyword filter's other conditions that a keyword page reads first.
 * A common word fills a page within them (reading the id index newest first and stopping at
 * the page's end), where the trigram index would fetch and sort every match of the tenant; a
 * rare word does not, and the trigram index then finds its few matches.
 */
export const KEYWORD_WINDOW = 1000;

/**
 * A page in stable order (newest id first): keyset after `cursor`, else by offset. A keyword
 * page first looks among the newest products unless `matches` is 'few' (its capped count
 * stopped below the cap, so the trigram index finds and sorts them all cheaply).
 */
export async function listGoodsPage(
  db: Db,
  tenantId: number,
  f: ScopedGoodsFilter,
  page: { page: number; pageSize: number; cursor?: number },
  matches: 'many' | 'few' = 'many',
) {
  const conditions = goodsConditions(tenantId, f, true);
  if (f.keyword && matches === 'many') {
    const rows = await keywordWindowPage(db, conditions, page);
    if (rows) return rows;
  }
  const n = conditions.length;
  const at = page.cursor ? 'cursor' : page.page > 1 ? 'offset' : 'first';
  // Slots: the conditions' values, then the cursor or the offset (the page size is a literal).
  const values: unknown[] = conditions.map((c) => c.value);
  if (at === 'cursor') values.push(page.cursor);
  if (at === 'offset') values.push((page.page - 1) * page.pageSize);
  const key = `page:${conditions.map((c) => c.name).join(',')}:${at}:${page.pageSize}`;
  const compiled = listShapes.compiled(
    key,
    values,
    (slot) => {
      const rows = pageQuery(applyConditions(db.selectFrom('goods'), conditions, slot)).limit(pageLimit(page.pageSize));
      return at === 'cursor' ? rows.where('goods.id', '<', slot(n)) : at === 'offset' ? rows.offset(slot(n)) : rows;
    },
    // A keyword's best plan depends on the word (trigram index or not): planned each time.
    { prepare: !f.keyword },
  );
  return (await db.executeQuery(compiled)).rows;
}

/**
 * A keyword page looked for among the newest KEYWORD_WINDOW products of the other
 * conditions; undefined when they hold fewer matches than the page needs (then the whole
 * filter is asked, through the trigram index). The rows are the same either way: when the
 * window holds offset + pageSize matches, no older product can be among the first ones.
 */
async function keywordWindowPage(
  db: Db,
  conditions: GoodsCondition[],
  page: { page: number; pageSize: number; cursor?: number },
) {
  const keyword = conditions.find((c) => c.name === 'keyword')!;
  const others = conditions.filter((c) => c.name !== 'keyword' && c.name !== 'grams');
  const byCursor = Boolean(page.cursor);
  const skip = byCursor ? 0 : (page.page - 1) * page.pageSize;
  const needed = skip + page.pageSize;
  if (needed > KEYWORD_WINDOW) return undefined;
  const n = others.length;
  // Slots: the other conditions, the window size, the pattern, the page's end, the cursor.
  const values = [...others.map((c) => c.value), KEYWORD_WINDOW, keyword.value, needed];
  if (byCursor) values.push(page.cursor);
  const key = `window:${others.map((c) => c.name).join(',')}:${byCursor ? 'cursor' : 'first'}`;
  const compiled = listShapes.compiled(key, values, (slot) => {
    let newest = applyConditions(db.selectFrom('goods'), others, slot)
      .select([...LIST_SOURCE_COLUMNS, 'goods.search_text', 'goods.parentage'])
      .orderBy('goods.id', 'desc')
      .limit(slot(n));
    if (byCursor) newest = newest.where('goods.id', '<', slot(n + 3));
    // The window is aliased `goods` and holds every column the page reads, so the page's
    // builder applies to it as to the table.
    const windowed = db.selectFrom(newest.as('goods')) as unknown as GoodsQuery;
    return pageQuery(windowed.where('goods.search_text', 'like', slot(n + 1))).limit(slot(n + 2));
  });
  const rows = (await db.executeQuery(compiled)).rows;
  return rows.length < needed ? undefined : rows.slice(skip);
}

export function findGoods(db: Db, tenantId: number, id: number): Promise<GoodsRow | undefined> {
  return db.selectFrom('goods').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** The neighbour of `id` in list order (newest first): `prev` is the next newer, `next` the next older. */
export async function neighbourId(q: GoodsQuery, id: number, dir: 'prev' | 'next'): Promise<number | null> {
  const r = await q
    .select('goods.id')
    .where('goods.id', dir === 'prev' ? '>' : '<', id)
    .orderBy('goods.id', dir === 'prev' ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? Number(r.id) : null;
}

/** Stored form of a product (JSON sections as text for the driver). */
export interface GoodsWrite {
  type: number;
  sku: string;
  category_id: number | null;
  product_template_id: number | null;
  base_info: string;
  descs: string;
  prices: string;
  parentage: string;
  images: string;
  extra_attrs: string;
  tags: string[];
  link_url: string;
  source: string;
}

export function insertGoods(db: Db, tenantId: number, creatorId: number, w: GoodsWrite, auditStatus = 'willAudit') {
  return db
    .insertInto('goods')
    .values({ ...w, tenant_id: tenantId, creator_id: creatorId, audit_status: auditStatus })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Saves over the version the editor loaded; returns nothing when the row changed meanwhile. */
export function updateGoodsVersioned(db: Db, tenantId: number, id: number, version: number, w: GoodsWrite) {
  return db
    .updateTable('goods')
    .set({ ...w, version: sql`version + 1`, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .where('is_delete', '=', 0)
    .returningAll()
    .executeTakeFirst();
}

/** The tenant's rows among `ids` (id, status, recycle flag), for batch checks. */
export function goodsStates(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('goods')
    .select(['id', 'audit_status', 'is_delete', 'title'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

/** Writes the EANs a create settled: the variations and the baseInfo with the 产品ID (same transaction, same version). */
export async function setGoodsEans(
  db: Db,
  tenantId: number,
  id: number,
  parentage: string,
  baseInfo: object,
): Promise<void> {
  await db
    .updateTable('goods')
    .set({ parentage, base_info: JSON.stringify(baseInfo) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/**
 * Sets the 产品ID of one of the tenant's products over the version the editor loaded
 * (version + 1); returns nothing when the row changed meanwhile or is in the recycle bin.
 */
export function setGoodsProductIdVersioned(db: Db, tenantId: number, id: number, version: number, code: string) {
  return db
    .updateTable('goods')
    .set({
      base_info: sql`base_info || jsonb_build_object('product_id', ${code}::text)` as unknown as string,
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .where('is_delete', '=', 0)
    .returning(['id', 'version', 'title'])
    .executeTakeFirst();
}
