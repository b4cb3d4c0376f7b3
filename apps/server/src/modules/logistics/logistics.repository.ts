import { type Insertable, type Kysely, type RawBuilder, sql, type Updateable } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import type { LogisticsParcelsTable } from './logistics.tables.js';

type Db = Kysely<DB>;

/** An order as logistics needs it (another tenant's id finds nothing). `lock` for the shipping steps. */
export function findShippableOrder(db: Db, tenantId: number, orderId: number, lock = false) {
  let q = db
    .selectFrom('orders')
    .select([
      'id',
      'shop_id',
      'marketplace',
      'amazon_order_id',
      'status',
      'express_status',
      'fulfillment_channel',
      'ship_country',
      'ship_city',
      'ship_state',
      'ship_postal',
      'buyer',
      'total_minor',
      'currency',
      'parcel_weight_g',
      'parcel_length_cm',
      'parcel_width_cm',
      'parcel_height_cm',
      'distributed_at',
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The items of an order, for confirmShipment (Amazon item ids and quantities). */
export function orderItemsOf(db: Db, tenantId: number, orderId: number) {
  return db
    .selectFrom('order_items')
    .select(['amazon_item_id', 'quantity'])
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

const PARCEL_COLUMNS = [
  'p.id',
  'p.order_id',
  'p.channel_id',
  'p.weight_g',
  'p.length_mm',
  'p.width_mm',
  'p.height_mm',
  'p.is_electric',
  'p.country',
  'p.chargeable_g',
  'p.freight',
  'p.service_fee',
  'p.estimate',
  'p.margin',
  'p.review_status',
  'p.hold_reasons',
  'p.review_note',
  'p.reviewed_by',
  'p.reviewed_at',
  'p.last_error',
  'p.last_error_at',
  'p.created_at',
  'p.version',
] as const;

/** The parcel of an order (any review state). */
export function findParcelOfOrder(db: Db, tenantId: number, orderId: number) {
  return db
    .selectFrom('logistics_parcels as p')
    .select(PARCEL_COLUMNS)
    .where('p.tenant_id', '=', tenantId)
    .where('p.order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst();
}

/** A parcel locked for a review or waybill step. */
export function lockParcel(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('logistics_parcels as p')
    .select(PARCEL_COLUMNS)
    .where('p.tenant_id', '=', tenantId)
    .where('p.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The values of a parcel's measure, quote and review. */
export type ParcelValues = Omit<
  Insertable<LogisticsParcelsTable>,
  'id' | 'tenant_id' | 'created_at' | 'updated_at' | 'version' | 'review_note' | 'reviewed_by' | 'reviewed_at'
>;

/** Inserts or replaces the parcel of an order (a new measure resets its review). */
export function upsertParcel(db: Db, tenantId: number, v: ParcelValues) {
  return db
    .insertInto('logistics_parcels')
    .values({ ...v, tenant_id: tenantId })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'order_id']).doUpdateSet({
        ...v,
        review_note: '',
        reviewed_by: null,
        reviewed_at: null,
        updated_at: sql`now()`,
        version: sql`logistics_parcels.version + 1`,
      }),
    )
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
}

/** A review step on a parcel at `version`; undefined when stale. */
export function updateParcelReview(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  patch: Partial<
    Pick<
      Updateable<LogisticsParcelsTable>,
      | 'review_status'
      | 'review_note'
      | 'channel_id'
      | 'freight'
      | 'service_fee'
      | 'chargeable_g'
      | 'margin'
      | 'hold_reasons'
    >
  > & { reviewed_by?: number },
) {
  return db
    .updateTable('logistics_parcels')
    .set({
      ...patch,
      ...(patch.reviewed_by !== undefined ? { reviewed_at: sql`now()` } : {}),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(['id', 'version'])
    .executeTakeFirst();
}

/** One page of the tenant's parcels in a review state (运费审核), newest first. */
export function listParcels(
  db: Db,
  tenantId: number,
  f: { page: number; pageSize: number; review_status: string; keyword?: string | undefined },
) {
  let q = db
    .selectFrom('logistics_parcels as p')
    .innerJoin('orders as o', (j) => j.onRef('o.id', '=', 'p.order_id').onRef('o.tenant_id', '=', 'p.tenant_id'))
    .where('p.tenant_id', '=', tenantId)
    .where('p.review_status', '=', f.review_status as LogisticsParcelsTable['review_status']);
  if (f.keyword) q = q.where('o.amazon_order_id', 'ilike', containsPattern(f.keyword));
  return pageAndTotal(q, f, (q) =>
    q
      .innerJoin('logistics_channels as c', 'c.id', 'p.channel_id')
      .leftJoin('shops as s', 's.id', 'o.shop_id')
      .leftJoin('logistics_waybills as w', (j) => j.onRef('w.parcel_id', '=', 'p.id').on('w.cancelled_at', 'is', null))
      .select([...PARCEL_COLUMNS, 'o.amazon_order_id', 'o.marketplace', 'c.name as channel_name', 'w.id as waybill_id'])
      .select(sql<string>`coalesce(s.name, '')`.as('shop_name'))
      .orderBy('p.id', 'desc'),
  );
}

/**
 * One page of the orders ready to ship (待提交): self-fulfilled, Unshipped, every item received,
 * distributed by 配货 with its parcel recorded, and no parcel other than a cancelled one.
 */
export function listReadyOrders(
  db: Db,
  tenantId: number,
  f: { page: number; pageSize: number; keyword?: string | undefined },
) {
  let q = db
    .selectFrom('orders as o')
    .leftJoin('logistics_parcels as p', (j) =>
      j.onRef('p.order_id', '=', 'o.id').onRef('p.tenant_id', '=', 'o.tenant_id'),
    )
    .where('o.tenant_id', '=', tenantId)
    .where('o.status', '=', 'Unshipped')
    .where('o.fulfillment_channel', '=', '1')
    .where('o.express_status', '=', '3')
    .where('o.distributed_at', 'is not', null)
    .where('o.parcel_weight_g', 'is not', null)
    .where((eb) => eb.or([eb('p.id', 'is', null), eb('p.review_status', '=', 'cancelled')]));
  if (f.keyword) q = q.where('o.amazon_order_id', 'ilike', containsPattern(f.keyword));
  return pageAndTotal(q, f, (q) =>
    q
      .leftJoin('shops as s', 's.id', 'o.shop_id')
      .select([
        'o.id as order_id',
        'o.amazon_order_id',
        'o.marketplace',
        'o.ship_country',
        'o.parcel_weight_g',
        'o.parcel_length_cm',
        'o.parcel_width_cm',
        'o.parcel_height_cm',
        'o.distributed_at',
        'p.id as parcel_id',
      ])
      .select(sql<string>`coalesce(s.name, '')`.as('shop_name'))
      .select(sql<boolean>`exists(${batteryGoodsOf(sql.ref('o.tenant_id'), sql.ref('o.id'))})`.as('battery_goods'))
      .orderBy('o.distributed_at', 'desc')
      .orderBy('o.id', 'desc'),
  );
}

/** The order's items whose product is marked 带电 (`goods.base_info.is_electric` 1), as a subquery. */
function batteryGoodsOf(tenantId: RawBuilder<unknown> | number, orderId: RawBuilder<unknown> | number) {
  return sql`select 1 from order_items i
    join goods g on g.id = i.goods_id and g.tenant_id = i.tenant_id
    where i.tenant_id = ${tenantId} and i.order_id = ${orderId}
      and g.base_info->>'is_electric' in ('1', 'true')`;
}

/** Whether a product of the order is marked 带电: the parcel then carries a battery whatever the shipper ticks. */
export async function orderHasBatteryGoods(db: Db, tenantId: number, orderId: number): Promise<boolean> {
  const r = await sql<{ yes: boolean }>`select exists(${batteryGoodsOf(tenantId, orderId)}) as yes`.execute(db);
  return r.rows[0]?.yes === true;
}

/** The tenant's review rules (defaults when never set). */
export async function reviewRulesOf(db: Db, tenantId: number) {
  const r = await db
    .selectFrom('logistics_review_rules')
    .select(['over_estimate_pct', 'check_margin', 'check_balance', 'version'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return r ?? { over_estimate_pct: 30, check_margin: true, check_balance: true, version: 1 };
}

/** Saves the rules at `version` (the first save of the defaults has version 1); undefined when stale. */
export async function saveReviewRules(
  db: Db,
  tenantId: number,
  version: number,
  v: { over_estimate_pct: number; check_margin: boolean; check_balance: boolean },
) {
  const updated = await db
    .updateTable('logistics_review_rules')
    .set({ ...v, updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('version', '=', version)
    .returning(['over_estimate_pct', 'check_margin', 'check_balance', 'version'])
    .executeTakeFirst();
  if (updated || version !== 1) return updated;
  return db
    .insertInto('logistics_review_rules')
    .values({ ...v, tenant_id: tenantId, version: 2 })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .returning(['over_estimate_pct', 'check_margin', 'check_balance', 'version'])
    .executeTakeFirst();
}

/** Marks the order Shipped with a history line (its Amazon confirmation is done). */
export async function markOrderShipped(db: Db, tenantId: number, orderId: number, text: string) {
  await db
    .updateTable('orders')
    .set({ status: 'Shipped', updated_at: sql`now()`, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orderId)
    .where('status', '=', 'Unshipped')
    .execute();
  await db
    .insertInto('order_events')
    .values({ tenant_id: tenantId, order_id: orderId, kind: 'shipped', text, user_id: null })
    .execute();
}

/** A history line on an order. */
export function orderEvent(
  db: Db,
  tenantId: number,
  orderId: number,
  kind: string,
  text: string,
  userId: number | null,
) {
  return db
    .insertInto('order_events')
    .values({ tenant_id: tenantId, order_id: orderId, kind, text, user_id: userId })
    .execute();
}

/** The lines of an order a customs declaration lists (title, quantity, what the buyer paid, the product). */
export function orderLinesForDeclaration(db: Db, tenantId: number, orderId: number) {
  return db
    .selectFrom('order_items')
    .select(['title', 'asin', 'seller_sku', 'quantity', 'item_price_minor', 'currency', 'goods_id'])
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/**
 * What waits on each tab of 运费审核 (issue 29 §2): parcels per review state (approved and passed
 * only while without an active waybill; cancelled all), the orders ready to submit (the filter of
 * `listReadyOrders`) and the waybills not shipped. Three counting queries.
 */
export async function interceptCountsOf(db: Db, tenantId: number) {
  const parcels = await db
    .selectFrom('logistics_parcels as p')
    .leftJoin('logistics_waybills as w', (j) =>
      j.onRef('w.parcel_id', '=', 'p.id').onRef('w.tenant_id', '=', 'p.tenant_id').on('w.cancelled_at', 'is', null),
    )
    .where('p.tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('w.id', 'is', null), eb('p.review_status', 'in', ['held', 'cancelled'])]))
    .select(['p.review_status', sql<string>`count(distinct p.id)`.as('n')])
    .groupBy('p.review_status')
    .execute();
  const ready = await db
    .selectFrom('orders as o')
    .leftJoin('logistics_parcels as p', (j) =>
      j.onRef('p.order_id', '=', 'o.id').onRef('p.tenant_id', '=', 'o.tenant_id'),
    )
    .where('o.tenant_id', '=', tenantId)
    .where('o.status', '=', 'Unshipped')
    .where('o.fulfillment_channel', '=', '1')
    .where('o.express_status', '=', '3')
    .where('o.distributed_at', 'is not', null)
    .where('o.parcel_weight_g', 'is not', null)
    .where((eb) => eb.or([eb('p.id', 'is', null), eb('p.review_status', '=', 'cancelled')]))
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const waybills = await db
    .selectFrom('logistics_waybills')
    .where('tenant_id', '=', tenantId)
    .where('cancelled_at', 'is', null)
    .where('status', '=', '0')
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const of = (s: string) => Number(parcels.find((r) => r.review_status === s)?.n ?? 0);
  return {
    ready: Number(ready.n),
    held: of('held'),
    approved: of('approved'),
    passed: of('passed'),
    cancelled: of('cancelled'),
    waybills: Number(waybills.n),
  };
}

/**
 * Keeps (a text) or clears (null) the last failure of an action on a parcel; not versioned (no
 * review state changes). Clearing writes only a row that has one (a successful 创建运单 of a
 * parcel that never failed writes nothing).
 */
export function setParcelError(db: Db, tenantId: number, id: number, error: string | null) {
  let q = db
    .updateTable('logistics_parcels')
    .set(error === null ? { last_error: null, last_error_at: null } : { last_error: error, last_error_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id);
  if (error === null) q = q.where('last_error', 'is not', null);
  return q.executeTakeFirst();
}
