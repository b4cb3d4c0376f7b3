import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import type { LogisticsParcelsTable, StoredLabel } from './logistics.tables.js';

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
      .orderBy('o.distributed_at', 'desc')
      .orderBy('o.id', 'desc'),
  );
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

const WAYBILL_COLUMNS = [
  'w.id',
  'w.parcel_id',
  'w.order_id',
  'w.channel_id',
  'w.waybill_no',
  'w.tracking_no',
  'w.carrier_code',
  'w.carrier_name',
  'w.label',
  'w.status',
  'w.freight',
  'w.service_fee',
  'w.currency',
  'w.weight_g',
  'w.cancelled_at',
  'w.shipped_at',
  'w.created_at',
  'w.version',
  'w.problem_id',
] as const;

/** Inserts a waybill (no tracking number yet: the carrier is asked after the money is held). */
export function insertWaybill(
  db: Db,
  tenantId: number,
  v: {
    parcel_id: number;
    order_id: number;
    channel_id: number;
    waybill_no: string;
    carrier_code: string;
    carrier_name: string;
    freight: number;
    service_fee: number;
    currency: string;
    weight_g: number;
    created_by: number;
    /** The problem parcel a re-dispatch or reshipment waybill is made for (issue 18 §4). */
    problem_id?: number;
  },
) {
  return db
    .insertInto('logistics_waybills')
    .values({ ...v, tenant_id: tenantId })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** How many waybills (cancelled ones too) an order has had: the next number's suffix. */
export async function waybillCountOfOrder(db: Db, tenantId: number, orderId: number): Promise<number> {
  const r = await db
    .selectFrom('logistics_waybills')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Stores the carrier's answer. */
export function setWaybillTracking(db: Db, tenantId: number, id: number, trackingNo: string, label: StoredLabel) {
  return db
    .updateTable('logistics_waybills')
    .set({ tracking_no: trackingNo, label: JSON.stringify(label), version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** A waybill of the tenant (optionally locked). */
export function findWaybill(db: Db, tenantId: number, id: number, lock = false) {
  let q = db
    .selectFrom('logistics_waybills as w')
    .select(WAYBILL_COLUMNS)
    .where('w.tenant_id', '=', tenantId)
    .where('w.id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The active (not cancelled) first waybill of an order (follow-up waybills of problem parcels aside). */
export function activeWaybillOfOrder(db: Db, tenantId: number, orderId: number) {
  return db
    .selectFrom('logistics_waybills as w')
    .select(WAYBILL_COLUMNS)
    .where('w.tenant_id', '=', tenantId)
    .where('w.order_id', '=', orderId)
    .where('w.cancelled_at', 'is', null)
    .where('w.problem_id', 'is', null)
    .executeTakeFirst();
}

/**
 * A waybill of the parcel still waiting for its tracking number (the carrier was unreachable
 * when it was made): the first one or a problem parcel's follow-up, newest first.
 */
export function waitingWaybillOfParcel(db: Db, tenantId: number, parcelId: number) {
  return db
    .selectFrom('logistics_waybills as w')
    .select(WAYBILL_COLUMNS)
    .where('w.tenant_id', '=', tenantId)
    .where('w.parcel_id', '=', parcelId)
    .where('w.cancelled_at', 'is', null)
    .where('w.tracking_no', 'is', null)
    .where('w.status', '=', '0')
    .orderBy('w.id', 'desc')
    .executeTakeFirst();
}

/** Marks a waybill cancelled. */
export function cancelWaybillRow(db: Db, tenantId: number, id: number, reason: string) {
  return db
    .updateTable('logistics_waybills')
    .set({ cancelled_at: sql`now()`, cancel_reason: reason, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .where('status', '=', '0')
    .executeTakeFirst();
}

/** '0' -> '2' once: answers the row only to the call that moved it. */
export function markWaybillShipped(db: Db, tenantId: number, id: number, userId: number) {
  return db
    .updateTable('logistics_waybills')
    .set({ status: '2', shipped_at: sql`now()`, shipped_by: userId, version: sql`version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', '0')
    .where('cancelled_at', 'is', null)
    .where('tracking_no', 'is not', null)
    .returning(['id'])
    .executeTakeFirst();
}

/** Waybills by ids of the tenant with what their labels print. */
export function waybillsForLabels(db: Db, tenantId: number, ids: number[]) {
  return db
    .selectFrom('logistics_waybills as w')
    .innerJoin('orders as o', (j) => j.onRef('o.id', '=', 'w.order_id').onRef('o.tenant_id', '=', 'w.tenant_id'))
    .innerJoin('logistics_channels as c', 'c.id', 'w.channel_id')
    .innerJoin('logistics_parcels as p', 'p.id', 'w.parcel_id')
    .select([
      'w.id',
      'w.waybill_no',
      'w.tracking_no',
      'w.carrier_code',
      'w.carrier_name',
      'w.label',
      'w.weight_g',
      'w.cancelled_at',
      'w.created_at',
      'o.amazon_order_id',
      'o.buyer',
      'o.ship_city',
      'o.ship_state',
      'o.ship_postal',
      'o.ship_country',
      'c.name as channel_name',
      'c.service',
      'p.is_electric',
    ])
    .where('w.tenant_id', '=', tenantId)
    .where('w.id', 'in', ids)
    .orderBy('w.id')
    .execute();
}

/** One page of the tenant's waybills, newest first, with the confirmation state. */
export function listWaybills(
  db: Db,
  tenantId: number,
  f: { page: number; pageSize: number; status?: '0' | '2' | undefined; keyword?: string | undefined },
) {
  let q = db
    .selectFrom('logistics_waybills as w')
    .innerJoin('orders as o', (j) => j.onRef('o.id', '=', 'w.order_id').onRef('o.tenant_id', '=', 'w.tenant_id'))
    .where('w.tenant_id', '=', tenantId);
  if (f.status) q = q.where('w.status', '=', f.status).where('w.cancelled_at', 'is', null);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) =>
      eb.or([
        eb('o.amazon_order_id', 'ilike', like),
        eb('w.tracking_no', 'ilike', like),
        eb('w.waybill_no', 'ilike', like),
      ]),
    );
  }
  return pageAndTotal(q, f, (q) =>
    q
      .innerJoin('logistics_channels as c', 'c.id', 'w.channel_id')
      .leftJoin('logistics_confirmations as k', 'k.waybill_id', 'w.id')
      .select([
        ...WAYBILL_COLUMNS,
        'o.amazon_order_id',
        'c.name as channel_name',
        'k.status as confirm_status',
        'k.last_error as confirm_error',
      ])
      .orderBy('w.id', 'desc'),
  );
}

/** The ledger entries posted against waybills (`ref_type` waybill) of the tenant. */
export function waybillEntries(db: Db, tenantId: number, waybillIds: number[]) {
  if (waybillIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ledger_entries')
    .select(['id', 'type', 'op', 'amount', 'available_change', 'frozen_change', 'ref_id', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('ref_type', '=', 'waybill')
    .where(
      'ref_id',
      'in',
      waybillIds.map((i) => String(i)),
    )
    .orderBy('id')
    .execute();
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
