import type { GoodsFilter } from '@console/shared';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { containsPattern } from '../../db/paging.js';
import { QueryShapes, type SlotOf } from '../../db/query-shapes.js';
import type { DB, GoodsRow } from '../../db/types.js';
import type { StoredPrices } from './goods.tables.js';

type Db = Kysely<DB>;

type GoodsQuery = SelectQueryBuilder<DB, 'goods', object>;

/** One condition of the product filter: its name in the query shape, its value, how it filters. */
interface GoodsCondition {
  name: string;
  value: unknown;
  apply: (q: GoodsQuery, value: never) => GoodsQuery;
}

/** The conditions of a filter, in a fixed order (without the status tab when `withStatus` is false). */
function goodsConditions(tenantId: number, f: GoodsFilter, withStatus: boolean): GoodsCondition[] {
  const c: GoodsCondition[] = [
    { name: 'tenant', value: tenantId, apply: (q, v: number) => q.where('goods.tenant_id', '=', v) },
    { name: 'deleted', value: f.is_delete, apply: (q, v: number) => q.where('goods.is_delete', '=', v) },
  ];
  if (f.type) c.push({ name: 'type', value: f.type, apply: (q, v: number) => q.where('goods.type', '=', v) });
  if (withStatus && f.status !== 'all') {
    c.push({ name: 'status', value: f.status, apply: (q, v: string) => q.where('goods.audit_status', '=', v) });
  }
  if (f.keyword) {
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

/**
 * The 待完善 condition: products that still lack an image, a price, an English title, or an
 * EAN on some variation (the same tests as the home page's counts in goods-overview.repository).
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

/** A variation without an EAN (JSON path over `parentage`). */
export const LACKING_EAN_PATH = '$.children[*] ? (!exists(@.ean))';

/** Applies conditions with their values, or with slots when a query shape is compiled. */
function applyConditions(q: GoodsQuery, conditions: GoodsCondition[], slot?: SlotOf): GoodsQuery {
  return conditions.reduce((acc, c, i) => c.apply(acc, slot ? slot(i) : (c.value as never)), q);
}

/** The tenant's products matching a filter (without the status tab when `withStatus` is false). */
export function filteredGoods(db: Db, tenantId: number, f: GoodsFilter, withStatus = true): GoodsQuery {
  return applyConditions(db.selectFrom('goods'), goodsConditions(tenantId, f, withStatus));
}

/** Columns of a list row (no long texts); the claim list shows the same. */
export const LIST_COLUMNS = [
  'goods.id',
  'goods.title',
  'goods.sku',
  'goods.type',
  'goods.audit_status',
  'goods.is_delete',
  'goods.images',
  'goods.prices',
  'goods.category_id',
  'goods.creator_id',
  'goods.tags',
  'goods.created_at',
  'goods.updated_at',
  'goods.version',
  'goods.claimable',
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

/** A page in stable order (newest id first): keyset after `cursor`, else by offset. */
export async function listGoodsPage(
  db: Db,
  tenantId: number,
  f: GoodsFilter,
  page: { page: number; pageSize: number; cursor?: number },
) {
  const conditions = goodsConditions(tenantId, f, true);
  const n = conditions.length;
  const byCursor = Boolean(page.cursor);
  const values = [
    ...conditions.map((c) => c.value),
    page.pageSize,
    byCursor ? page.cursor : (page.page - 1) * page.pageSize,
  ];
  const key = `page:${conditions.map((c) => c.name).join(',')}:${byCursor ? 'cursor' : 'offset'}`;
  const compiled = listShapes.compiled(key, values, (slot) => {
    const rows = pageQuery(applyConditions(db.selectFrom('goods'), conditions, slot)).limit(slot(n));
    return byCursor ? rows.where('goods.id', '<', slot(n + 1)) : rows.offset(slot(n + 1));
  });
  return (await db.executeQuery(compiled)).rows;
}

/** Products per audit status under the filter (the status tabs). */
export async function countByStatus(db: Db, tenantId: number, f: GoodsFilter): Promise<Record<string, number>> {
  const conditions = goodsConditions(tenantId, f, false);
  const key = `counts:${conditions.map((c) => c.name).join(',')}`;
  const compiled = listShapes.compiled(
    key,
    conditions.map((c) => c.value),
    (slot) =>
      applyConditions(db.selectFrom('goods'), conditions, slot)
        .select(['goods.audit_status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('goods.audit_status'),
  );
  const rows = (await db.executeQuery(compiled)).rows;
  return Object.fromEntries(rows.map((r) => [r.audit_status, Number(r.n)]));
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

/** Stores the variations (parentage) of one of the tenant's products, without a version bump (same save). */
export async function setGoodsParentage(db: Db, tenantId: number, id: number, parentage: string): Promise<void> {
  await db.updateTable('goods').set({ parentage }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}
