import type { GoodsFilter } from '@console/shared';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { containsPattern } from '../../db/paging.js';
import type { DB, GoodsRow } from '../../db/types.js';

type Db = Kysely<DB>;

/** The tenant's products matching a filter (without the status tab when `withStatus` is false). */
export function filteredGoods(db: Db, tenantId: number, f: GoodsFilter, withStatus = true) {
  let q = db.selectFrom('goods').where('goods.tenant_id', '=', tenantId).where('goods.is_delete', '=', f.is_delete);
  if (f.type) q = q.where('goods.type', '=', f.type);
  if (withStatus && f.status !== 'all') q = q.where('goods.audit_status', '=', f.status);
  if (f.keyword) q = q.where('goods.search_text', 'like', containsPattern(f.keyword.toLowerCase()));
  if (f.category_id) q = q.where('goods.category_id', '=', f.category_id);
  if (f.creator_id) q = q.where('goods.creator_id', '=', f.creator_id);
  if (f.startTime) q = q.where('goods.created_at', '>=', sql<Date>`to_timestamp(${f.startTime})`);
  if (f.endTime) q = q.where('goods.created_at', '<=', sql<Date>`to_timestamp(${f.endTime})`);
  return q;
}

type GoodsQuery = SelectQueryBuilder<DB, 'goods', object>;

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
] as const;

/** A page in stable order (newest id first): keyset after `cursor`, else by offset. */
export async function listGoodsPage(q: GoodsQuery, page: { page: number; pageSize: number; cursor?: number }) {
  let rows = q
    .leftJoin('users', 'users.id', 'goods.creator_id')
    .select([...LIST_COLUMNS, 'users.user_name as creator_name'])
    .select(sql<number>`jsonb_array_length(coalesce(goods.parentage->'children', '[]'::jsonb))`.as('variation_count'))
    .orderBy('goods.id', 'desc')
    .limit(page.pageSize);
  if (page.cursor) rows = rows.where('goods.id', '<', page.cursor);
  else rows = rows.offset((page.page - 1) * page.pageSize);
  return rows.execute();
}

/** Products per audit status under the filter (the status tabs). */
export async function countByStatus(q: GoodsQuery): Promise<Record<string, number>> {
  const rows = await q
    .select(['goods.audit_status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('goods.audit_status')
    .execute();
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
