import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { LocationKind, StockDocType } from '../../inventory/inventory.tables.js';
import type { StockMovementReason } from '../order/order-stock.tables.js';

type Db = Kysely<DB>;

/** A tenant's account (the operator's lists name the tenant of each row). */
const tenantName = (id: ReturnType<typeof sql.ref>) =>
  sql<string>`coalesce((select u2.account from users u2 where u2.id = ${id}), '')`;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A location's display name: 国内备货仓, the warehouse's name, or FBA with its marketplace. */
const locationName = sql<string>`case l.kind when 'china' then '国内备货仓'
  when 'overseas' then coalesce(w.name, '海外仓') else 'FBA ' || coalesce(l.marketplace_id, '') end`;

export interface InventoryFilter {
  page: number;
  pageSize: number;
  location_kind?: LocationKind | undefined;
  warehouse_id?: number | undefined;
  keyword?: string | undefined;
  low_stock?: boolean | undefined;
}

/** Whose stock a read covers: one tenant, or every tenant (null: the operator without a tenant filter). */
export type TenantScope = number | null;

/**
 * The balances under the filters, alone: the place as location ids first (one warehouse then
 * reads its balances in key order (location_id, stock_id)), the SKU's name and reorder point
 * through an `exists` only when a filter needs them.
 */
function filteredBalances(db: Db, tenantId: TenantScope, f: InventoryFilter) {
  let q = db.selectFrom('stock_balances as b');
  if (tenantId !== null) q = q.where('b.tenant_id', '=', tenantId);
  if (f.location_kind || f.warehouse_id !== undefined) q = q.where('b.location_id', 'in', placeIds(db, tenantId, f));
  if (f.keyword || f.low_stock) {
    q = q.where(({ exists, selectFrom }) => {
      let p = selectFrom('stock_products as p').select(sql`1`.as('one')).whereRef('p.id', '=', 'b.stock_id');
      if (f.keyword) {
        const k = like(f.keyword);
        p = p.where((eb) => eb.or([eb('p.sku', 'ilike', k), eb('p.title', 'ilike', k)]));
      }
      if (f.low_stock) p = p.where(sql<boolean>`b.on_hand - b.reserved <= p.reorder_point`);
      return exists(p);
    });
  }
  return q;
}

/** The tenant's locations of a kind and/or warehouse (a subquery). */
function placeIds(db: Db, tenantId: TenantScope, f: InventoryFilter) {
  let l = db.selectFrom('stock_locations as l2').select('l2.id');
  if (tenantId !== null) l = l.where('l2.tenant_id', '=', tenantId);
  if (f.location_kind) l = l.where('l2.kind', '=', f.location_kind);
  if (f.warehouse_id !== undefined) l = l.where('l2.warehouse_id', '=', f.warehouse_id);
  return l;
}

/**
 * The page of 库存列表 (SKU id order, then location): the statement the benchmark also runs by
 * hand. The page's keys come first from the balances alone (an index walk, offset included);
 * only those rows are then joined to their SKU, place and tenant, so a deep page or a wide
 * warehouse never joins or names the rows it skips.
 */
export function inventoryPageQuery(db: Db, tenantId: TenantScope, f: InventoryFilter) {
  const keys = filteredBalances(db, tenantId, f)
    .select(['b.location_id', 'b.stock_id'])
    .orderBy('b.stock_id')
    .orderBy('b.location_id')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return db
    .selectFrom(keys.as('k'))
    .innerJoin('stock_balances as b', (j) =>
      j.onRef('b.location_id', '=', 'k.location_id').onRef('b.stock_id', '=', 'k.stock_id'),
    )
    .innerJoin('stock_products as p', 'p.id', 'b.stock_id')
    .innerJoin('stock_locations as l', 'l.id', 'b.location_id')
    .leftJoin('overseas_warehouses as w', 'w.id', 'l.warehouse_id')
    .select([
      'b.tenant_id',
      tenantName(sql.ref('b.tenant_id')).as('tenant_name'),
      'b.stock_id',
      'p.sku',
      'p.title',
      'b.location_id',
      'l.kind as location_kind',
      'l.warehouse_id',
      locationName.as('location_name'),
      'b.on_hand',
      'b.reserved',
      'p.reorder_point',
      'b.updated_at',
    ])
    .orderBy('b.stock_id')
    .orderBy('b.location_id');
}

/** The total of 库存列表 under the same filters (the balances alone; see `filteredBalances`). */
export function inventoryCountQuery(db: Db, tenantId: TenantScope, f: InventoryFilter) {
  return filteredBalances(db, tenantId, f).select(sql<number>`count(*)::int`.as('n'));
}

/**
 * 库存列表: the tenant's balances per SKU and location with a total. Reads `stock_balances`
 * (one row per SKU and place), never sums movements.
 */
export async function listInventory(db: Db, tenantId: TenantScope, f: InventoryFilter) {
  const [rows, total] = await Promise.all([
    inventoryPageQuery(db, tenantId, f).execute(),
    inventoryCountQuery(db, tenantId, f).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

export interface FlowFilter {
  pageSize: number;
  cursor?: number | undefined;
  stock_id?: number | number[] | undefined;
  location_id?: number | undefined;
  reason?: StockMovementReason | undefined;
  doc_type?: StockDocType | undefined;
  doc_id?: number | number[] | undefined;
  order_id?: number | number[] | undefined;
  start_time?: number | undefined;
  end_time?: number | undefined;
}

/**
 * 库存流水: the tenant's movements newest first, keyset-paged on id (`cursor`: the last id of
 * the page before). Each filter has an index beginning with the tenant and ending with the id
 * (location, SKU, reason; the document's own index), so a page reads about `pageSize` rows.
 */
export function flowQuery(db: Db, tenantId: TenantScope, f: FlowFilter) {
  // The page's ids first, from the movements alone: a filter's index (tenant, column, id desc)
  // answers them index-only, which the planner prefers to walking the primary key backwards and
  // reading every newer row of other reasons or places to filter it.
  let k = db.selectFrom('stock_movements as k').select('k.id');
  if (tenantId !== null) k = k.where('k.tenant_id', '=', tenantId);
  if (f.cursor !== undefined) k = k.where('k.id', '<', f.cursor);
  if (f.stock_id !== undefined) k = k.where('k.stock_id', 'in', [f.stock_id].flat());
  if (f.location_id !== undefined) k = k.where('k.location_id', '=', f.location_id);
  if (f.reason !== undefined) k = k.where('k.reason', '=', f.reason);
  if (f.doc_type !== undefined) k = k.where('k.doc_type', '=', f.doc_type);
  if (f.doc_id !== undefined) k = k.where('k.doc_id', 'in', [f.doc_id].flat());
  if (f.order_id !== undefined) k = k.where('k.order_id', 'in', [f.order_id].flat());
  if (f.start_time !== undefined) k = k.where('k.created_at', '>=', new Date(f.start_time * 1000));
  if (f.end_time !== undefined) k = k.where('k.created_at', '<', new Date(f.end_time * 1000));
  const ids = k.orderBy('k.id', 'desc').limit(f.pageSize + 1);
  const q = db
    .selectFrom(ids.as('ids'))
    .innerJoin('stock_movements as m', 'm.id', 'ids.id')
    .innerJoin('stock_products as p', 'p.id', 'm.stock_id')
    .innerJoin('stock_locations as l', 'l.id', 'm.location_id')
    .leftJoin('overseas_warehouses as w', 'w.id', 'l.warehouse_id')
    .leftJoin('users as u', 'u.id', 'm.created_by');
  return q
    .select([
      'm.id',
      'm.tenant_id',
      tenantName(sql.ref('m.tenant_id')).as('tenant_name'),
      'm.stock_id',
      'p.sku',
      'p.title',
      'm.location_id',
      'l.kind as location_kind',
      locationName.as('location_name'),
      'm.kind',
      'm.reason',
      'm.quantity',
      'm.balance_after',
      'm.reserved_after',
      'm.doc_type',
      'm.doc_id',
      'm.note',
      'm.created_at',
      sql<
        string | null
      >`case when u.id is null then null when u.tenant_id = m.tenant_id then coalesce(nullif(u.user_name, ''), u.account) else '仓库' end`.as(
        'user_name',
      ),
      sql<string | null>`case m.doc_type
        when 'inbound' then (select i.number from overseas_inbounds i where i.id = m.doc_id and i.tenant_id = m.tenant_id)
        when 'order' then (select o.amazon_order_id from orders o where o.id = m.doc_id and o.tenant_id = m.tenant_id)
        when 'count' then (select c.number from stock_counts c where c.id = m.doc_id and c.tenant_id = m.tenant_id)
        when 'outbound' then (select ob.number from overseas_outbounds ob where ob.id = m.doc_id and ob.tenant_id = m.tenant_id)
        else null end`.as('doc_no'),
      sql<
        string | null
      >`(select o.amazon_order_id from orders o where o.id = m.order_id and o.tenant_id = m.tenant_id)`.as('order_no'),
    ])
    .orderBy('m.id', 'desc');
}

/** A page of 库存流水 (one row more than the page: whether a next page exists). */
export function listFlow(db: Db, tenantId: TenantScope, f: FlowFilter) {
  return flowQuery(db, tenantId, f).execute();
}

/** The SKUs of that exact SKU text: the tenant's one, or every tenant's (at most 100) for the operator. */
export async function skuIdsOf(db: Db, tenantId: TenantScope, sku: string) {
  let q = db.selectFrom('stock_products').select('id').where('sku', '=', sku);
  if (tenantId !== null) q = q.where('tenant_id', '=', tenantId);
  const rows = await q.orderBy('id').limit(100).execute();
  return rows.map((r) => Number(r.id));
}

/**
 * A document number: an inbound (IB…), a count (PD…) or an Amazon order, of the tenant (or of
 * every tenant for the operator: numbers repeat across tenants, so at most 100 ids).
 */
export async function documentOf(
  db: Db,
  tenantId: TenantScope,
  no: string,
): Promise<{ type: 'inbound' | 'count' | 'order'; ids: number[] } | undefined> {
  const t = tenantId === null ? sql<boolean>`true` : sql<boolean>`tenant_id = ${tenantId}`;
  const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id));
  const ib = ids(
    await db.selectFrom('overseas_inbounds').select('id').where('number', '=', no).where(t).limit(100).execute(),
  );
  if (ib.length) return { type: 'inbound', ids: ib };
  const pd = ids(
    await db.selectFrom('stock_counts').select('id').where('number', '=', no).where(t).limit(100).execute(),
  );
  if (pd.length) return { type: 'count', ids: pd };
  const o = ids(
    await db.selectFrom('orders').select('id').where('amazon_order_id', '=', no).where(t).limit(100).execute(),
  );
  return o.length ? { type: 'order', ids: o } : undefined;
}

/** The tenant's locations (the flow's filter). */
export function tenantLocations(db: Db, tenantId: number) {
  return db
    .selectFrom('stock_locations as l')
    .leftJoin('overseas_warehouses as w', 'w.id', 'l.warehouse_id')
    .select(['l.id', 'l.kind', 'l.warehouse_id', locationName.as('name')])
    .where('l.tenant_id', '=', tenantId)
    .orderBy('l.id')
    .execute();
}
