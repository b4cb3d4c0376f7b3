/** Waybills of the logistics module (issue 18 §2): rows, tracking numbers, shipping, labels and ledger entries. */
import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import type { StoredLabel } from './logistics.tables.js';

type Db = Kysely<DB>;

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
  'w.last_error',
  'w.last_error_at',
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

/**
 * Keeps (a text) or clears (null) the last refused 发货 / 取消运单 of a waybill (issue 29 §2); not
 * versioned (the waybill's state does not change). Clearing writes only a row that has one.
 */
export function setWaybillError(db: Db, tenantId: number, id: number, error: string | null) {
  let q = db
    .updateTable('logistics_waybills')
    .set(error === null ? { last_error: null, last_error_at: null } : { last_error: error, last_error_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id);
  if (error === null) q = q.where('last_error', 'is not', null);
  return q.executeTakeFirst();
}
