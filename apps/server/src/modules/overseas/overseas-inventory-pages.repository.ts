import { type Compilable, type Kysely, sql } from 'kysely';
import { pageLimit, QueryShapes, type SlotOf } from '../../db/query-shapes.js';
import type { DB } from '../../db/types.js';
import type { LocationKind, StockDocType } from '../../inventory/inventory.tables.js';
import type { StockMovementReason } from '../order/order-stock.tables.js';
import { tallyTotal } from './overseas-inventory-tallies.repository.js';

/**
 * The statements of 库存列表 and 库存流水 (issue 30 §4: p95 < 50 ms on 1,000,000 movements with
 * 20 clients; docs/overseas.md "Inventory screens"). Each is built and compiled once per filter
 * shape (`db/query-shapes.ts`) and sent as a named statement, planned once per connection, the
 * keyword's too: its test is `strpos`, which no index answers and whose selectivity the planner
 * does not guess from the keyword, so one plan serves every keyword (the tenant's SKUs are read
 * once into an array of ids). Times come as Unix seconds from PostgreSQL; the list is one
 * statement with its total (one round trip, one pool connection); the total of a tenant or a
 * place is the sum of its tallies, not a count (`overseas-inventory-tallies.repository.ts`).
 */

type Db = Kysely<DB>;

/** Whose stock a read covers: one tenant, or every tenant (null: the operator without a tenant filter). */
export type TenantScope = number | null;

const shapes = new QueryShapes();

/** A tenant's account (the operator's lists name the tenant of each row). */
const tenantName = (id: ReturnType<typeof sql.ref>) =>
  sql<string>`coalesce((select u2.account from users u2 where u2.id = ${id}), '')`;

/** A location's display name (the server's): 国内备货仓, the warehouse's name, or FBA with its marketplace. */
export const locationName = sql<string>`case l.kind when 'china' then '国内备货仓'
  when 'overseas' then coalesce(w.name, '海外仓') else 'FBA ' || coalesce(l.marketplace_id, '') end`;

const epoch = (ref: string) => sql<string>`floor(extract(epoch from ${sql.ref(ref)}))::int8`;

/** A statement as `QueryShapes` builds it (a raw statement compiles against the database). */
const compilable = <R>(db: Db, raw: ReturnType<typeof sql<R>>): Compilable<R> => ({ compile: () => raw.compile(db) });

export interface InventoryFilter {
  page: number;
  pageSize: number;
  location_kind?: LocationKind | undefined;
  warehouse_id?: number | undefined;
  keyword?: string | undefined;
  low_stock?: boolean | undefined;
  /** Keyset paging: the rows after this (SKU id, location id); no offset then. */
  after?: { stockId: number; locationId: number } | undefined;
}

/** 库存列表's cursor (`<stock_id>.<location_id>`, checked by the request schema) as keys. */
export function cursorKeys(cursor: string | undefined): InventoryFilter['after'] {
  if (cursor === undefined) return undefined;
  const [stockId, locationId] = cursor.split('.').map(Number);
  return { stockId: stockId!, locationId: locationId! };
}

/** One row of 库存列表's statement: the total on every row; the page's columns null when the page is empty. */
export interface InventoryPageRow {
  total: number;
  /** Tally rows read beyond one per place (0 when the total is a count). */
  tally_extra: number;
  tenant_id: number | null;
  tenant_name: string | null;
  stock_id: string | null;
  sku: string | null;
  title: string | null;
  location_id: string | null;
  location_kind: LocationKind | null;
  warehouse_id: number | null;
  location_name: string | null;
  on_hand: number | null;
  reserved: number | null;
  reorder_point: number | null;
  updated_s: string | null;
}

/**
 * 库存列表's one statement: the total of the filtered balances and, joined laterally, the page
 * (SKU id order, then location) with one row more than the page (whether a next page exists).
 * The page's keys come first from the balances' indexes alone, index-only: the tenant's
 * `(tenant_id, stock_id, location_id)`, or for one place (a tenant's warehouse, or its China
 * stock) the primary key `(location_id, stock_id)`, whose order is then the page's; an offset
 * walks those entries, a keyset cursor (`after`) starts at its key. Only the page's rows are then
 * joined to their SKU, place and tenant, so a deep page or a wide warehouse never joins or names
 * the rows it skips. An empty page still answers one row with the total.
 */
export function inventoryListQuery(db: Db, tenantId: TenantScope, f: InventoryFilter) {
  const offset = f.after ? 0 : (f.page - 1) * f.pageSize;
  const values: unknown[] = [];
  const at = (v: unknown) => values.push(v) - 1;
  const slots = {
    tenant: tenantId === null ? -1 : at(tenantId),
    kind: f.location_kind ? at(f.location_kind) : -1,
    warehouse: f.warehouse_id !== undefined ? at(f.warehouse_id) : -1,
    keyword: f.keyword ? at(f.keyword) : -1,
    offset: offset > 0 ? at(offset) : -1,
    afterStock: f.after ? at(f.after.stockId) : -1,
    afterLocation: f.after ? at(f.after.locationId) : -1,
  };
  // One place: at most one location of the tenant answers (unique per tenant, kind and warehouse).
  const onePlace = tenantId !== null && (f.warehouse_id !== undefined || f.location_kind === 'china');
  const key = `list:${Object.entries(slots)
    .filter(([, i]) => i >= 0)
    .map(([k]) => k)
    .join(',')}:${f.low_stock ? 'low' : ''}:${onePlace ? 'one' : ''}:${f.pageSize}`;
  return shapes.compiled<InventoryPageRow>(key, values, (slot) => listStatement(db, f, slots, onePlace, slot), {
    prepare: true,
  });
}

function listStatement(db: Db, f: InventoryFilter, s: Record<string, number>, onePlace: boolean, slot: SlotOf) {
  const places = () => {
    let l = db.selectFrom('stock_locations as l2').select('l2.id');
    if (s.tenant! >= 0) l = l.where('l2.tenant_id', '=', slot(s.tenant!));
    if (s.kind! >= 0) l = l.where('l2.kind', '=', slot(s.kind!));
    if (s.warehouse! >= 0) l = l.where('l2.warehouse_id', '=', slot(s.warehouse!));
    return l;
  };
  const filtered = () => {
    let q = db.selectFrom('stock_balances as b');
    // One place: the location is the tenant's, so its primary-key range alone is the tenant's
    // balances there (index-only); the low filter keeps the tenant for its partial index.
    if (s.tenant! >= 0 && (!onePlace || f.low_stock)) q = q.where('b.tenant_id', '=', slot(s.tenant!));
    if (onePlace) q = q.where('b.location_id', '=', places());
    else if (s.kind! >= 0 || s.warehouse! >= 0) q = q.where(sql<boolean>`b.location_id = any(array(${places()}))`);
    // The balance's copy of its SKU's reorder point: the partial index stock_balances_low_idx
    // holds exactly these rows (migration 20261208_200000), in SKU order.
    if (f.low_stock) q = q.where(sql<boolean>`b.on_hand - b.reserved <= b.reorder_point`);
    // The keyword's SKU ids, once per statement (the `kw` CTE below): an index condition on
    // the balances' (tenant, SKU, place) order for both the count and the page, instead of a
    // hash join of every low balance with the tenant's SKUs.
    if (s.keyword! >= 0) q = q.where(sql<boolean>`b.stock_id = any((select kw.ids from kw)::int8[])`);
    return q;
  };
  let keys = filtered()
    .select(['b.location_id', 'b.stock_id'])
    .orderBy('b.stock_id')
    .orderBy('b.location_id')
    .limit(pageLimit(f.pageSize + 1));
  if (s.afterStock! >= 0)
    keys = keys.where(sql<boolean>`(b.stock_id, b.location_id) > (${slot(s.afterStock!)}, ${slot(s.afterLocation!)})`);
  if (s.offset! >= 0) keys = keys.offset(slot(s.offset!));
  const page = db
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
      epoch('b.updated_at').as('updated_s'),
    ])
    .orderBy('b.stock_id')
    .orderBy('b.location_id');
  // Only the tenant or the place filters: the total is the tallies' sum (exact, a few rows);
  // low stock or a keyword: a count of the filtered balances.
  const total =
    f.low_stock || s.keyword! >= 0
      ? filtered().select([sql<number>`count(*)::int`.as('total'), sql<number>`0`.as('tally_extra')])
      : tallyTotal(db, {
          tenant: s.tenant! >= 0 ? slot(s.tenant!) : undefined,
          places: s.kind! >= 0 || s.warehouse! >= 0 ? places() : undefined,
        });
  // search_text: lower(sku || E'\n' || title), stored (migration 20261207_150000); `strpos`
  // (no wildcards to escape) with the keyword lowered once (an init plan, not per SKU).
  const kw = s.keyword! >= 0 ? sql`with kw as (select array(${skuMatches(db, s, slot)}) as ids) ` : sql``;
  return compilable(
    db,
    sql<InventoryPageRow>`${kw}select t.total, t.tally_extra, pg.* from ${total} t
      left join lateral ${page} pg on true
      order by pg.stock_id, pg.location_id`,
  );
}

/** The ids of the SKUs (of the tenant, or of every tenant for the operator) whose SKU or title holds the keyword. */
function skuMatches(db: Db, s: Record<string, number>, slot: SlotOf) {
  let q = db
    .selectFrom('stock_products as p')
    .select('p.id')
    .where(sql<boolean>`strpos(p.search_text, (select lower(${slot(s.keyword!)}))) > 0`);
  if (s.tenant! >= 0) q = q.where('p.tenant_id', '=', slot(s.tenant!));
  return q;
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
 * 库存流水: the movements newest first, keyset-paged on id (`cursor`: the last id of the page
 * before), one more than the page (whether a next page exists). The page's ids come first from
 * the movements alone: each filter has an index beginning with the tenant and ending with the id
 * (location, SKU, reason; the document's own index), which answers them index-only, rather than
 * walking the primary key backwards past every newer row of other reasons or places; only the
 * page's rows are then joined. Lists of ids are one array value (`= any`), so a shape does not
 * depend on their length.
 */
export function flowQuery(db: Db, tenantId: TenantScope, f: FlowFilter) {
  const list = (v: number | number[] | undefined) => (v === undefined ? undefined : [v].flat());
  const stocks = list(f.stock_id);
  const given: [string, unknown][] = [
    ['tenant', tenantId ?? undefined],
    ['cursor', f.cursor],
    // One SKU (the usual filter) is a plain equality: with `= any(array)` the generic plan does
    // not know the array's length and walked the primary key backwards past every newer movement
    // of other SKUs (56,000 rows on the bench data) instead of the SKU's index.
    ['stock1', stocks?.length === 1 ? stocks[0] : undefined],
    ['stock', stocks && stocks.length !== 1 ? stocks : undefined],
    ['location', f.location_id],
    ['reason', f.reason],
    ['doc_type', f.doc_type],
    ['doc_id', list(f.doc_id)],
    ['order_id', list(f.order_id)],
    ['start', f.start_time === undefined ? undefined : new Date(f.start_time * 1000)],
    ['end', f.end_time === undefined ? undefined : new Date(f.end_time * 1000)],
  ];
  const used = given.filter(([, v]) => v !== undefined);
  const slotOf = new Map(used.map(([k], i) => [k, i]));
  const key = `flow:${used.map(([k]) => k).join(',')}:${f.pageSize}`;
  return shapes.compiled(
    key,
    used.map(([, v]) => v),
    (slot) => {
      const s = (k: string) => slot(slotOf.get(k)!);
      const has = (k: string) => slotOf.has(k);
      let k = db.selectFrom('stock_movements as k').select('k.id');
      if (has('tenant')) k = k.where('k.tenant_id', '=', s('tenant'));
      if (has('cursor')) k = k.where('k.id', '<', s('cursor'));
      if (has('stock1')) k = k.where('k.stock_id', '=', s('stock1'));
      if (has('stock')) k = k.where(sql<boolean>`k.stock_id = any(${s('stock')}::int8[])`);
      if (has('location')) k = k.where('k.location_id', '=', s('location'));
      if (has('reason')) k = k.where('k.reason', '=', s('reason'));
      if (has('doc_type')) k = k.where('k.doc_type', '=', s('doc_type'));
      if (has('doc_id')) k = k.where(sql<boolean>`k.doc_id = any(${s('doc_id')}::int8[])`);
      if (has('order_id')) k = k.where(sql<boolean>`k.order_id = any(${s('order_id')}::int8[])`);
      if (has('start')) k = k.where('k.created_at', '>=', s('start'));
      if (has('end')) k = k.where('k.created_at', '<', s('end'));
      return flowPage(db, k.orderBy('k.id', 'desc').limit(pageLimit(f.pageSize + 1)));
    },
    { prepare: true },
  );
}

function flowPage(db: Db, ids: ReturnType<typeof idsOf>) {
  return db
    .selectFrom(ids.as('ids'))
    .innerJoin('stock_movements as m', 'm.id', 'ids.id')
    .innerJoin('stock_products as p', 'p.id', 'm.stock_id')
    .innerJoin('stock_locations as l', 'l.id', 'm.location_id')
    .leftJoin('overseas_warehouses as w', 'w.id', 'l.warehouse_id')
    .leftJoin('users as u', 'u.id', 'm.created_by')
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
      epoch('m.created_at').as('created_s'),
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
        when 'fba_shipment' then (select fs.number from fba_shipments fs where fs.id = m.doc_id and fs.tenant_id = m.tenant_id)
        else null end`.as('doc_no'),
      sql<
        string | null
      >`(select o.amazon_order_id from orders o where o.id = m.order_id and o.tenant_id = m.tenant_id)`.as('order_no'),
    ])
    .orderBy('m.id', 'desc');
}

/** The ids' sub-select of a flow page (the type `flowPage` takes). */
const idsOf = (db: Db) => db.selectFrom('stock_movements as k').select('k.id');
