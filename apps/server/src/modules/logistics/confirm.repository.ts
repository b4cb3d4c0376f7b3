import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** Queues the confirmation of a shipped waybill (in the shipping transaction: it exists iff the waybill shipped). */
export function queueConfirmation(db: Db, tenantId: number, waybillId: number, orderId: number) {
  return db
    .insertInto('logistics_confirmations')
    .values({ tenant_id: tenantId, waybill_id: waybillId, order_id: orderId })
    .onConflict((oc) => oc.columns(['waybill_id', 'tenant_id']).doNothing())
    .execute();
}

/** Queues the confirmation of a shipped overseas outbound of an Amazon order (docs/overseas.md "Outbound"). */
export function queueOutboundConfirmation(db: Db, tenantId: number, outboundId: number, orderId: number) {
  return db
    .insertInto('logistics_confirmations')
    .values({ tenant_id: tenantId, outbound_id: outboundId, order_id: orderId })
    .onConflict((oc) => oc.columns(['outbound_id', 'tenant_id']).doNothing())
    .execute();
}

/**
 * Takes up to `limit` due confirmations with a lease of `leaseSeconds` (a crashed worker's
 * lease runs out and the row is taken again). `SKIP LOCKED` lets several workers share the rows.
 */
export function claimDueConfirmations(db: Db, limit: number, leaseSeconds: number, tenantId?: number) {
  return db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom('logistics_confirmations')
      .select(['id'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]));
    if (tenantId !== undefined) q = q.where('tenant_id', '=', tenantId);
    const ids = await q.orderBy('id').limit(limit).forUpdate().skipLocked().execute();
    if (ids.length === 0) return [];
    return trx
      .updateTable('logistics_confirmations')
      .set({ lease_until: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`attempts + 1` })
      .where(
        'id',
        'in',
        ids.map((r) => r.id),
      )
      .returning(['id', 'tenant_id', 'waybill_id', 'outbound_id', 'order_id', 'attempts'])
      .execute();
  });
}

/** The confirmation is done (Amazon has the tracking number). */
export function confirmationDone(db: Db, id: number) {
  return db
    .updateTable('logistics_confirmations')
    .set({ status: 'done', done_at: sql`now()`, lease_until: null, last_error: '' })
    .where('id', '=', id)
    .execute();
}

/** Another attempt after `delaySeconds`, or `failed` (Amazon refused the request itself). */
export function confirmationRetry(db: Db, id: number, error: string, delaySeconds: number | null) {
  return db
    .updateTable('logistics_confirmations')
    .set(
      delaySeconds === null
        ? { status: 'failed', lease_until: null, last_error: error.slice(0, 500) }
        : {
            lease_until: null,
            last_error: error.slice(0, 500),
            next_attempt_at: sql`now() + make_interval(secs => ${delaySeconds})`,
          },
    )
    .where('id', '=', id)
    .execute();
}

/** What a confirmation sends: the waybill (or the overseas outbound, its number as the package reference), the order and its shop. */
export function confirmationContext(
  db: Db,
  tenantId: number,
  subject: { waybill_id: number | null; outbound_id: number | null },
) {
  if (subject.outbound_id !== null) {
    return db
      .selectFrom('overseas_outbounds as w')
      .innerJoin('orders as o', (j) => j.onRef('o.id', '=', 'w.order_id').onRef('o.tenant_id', '=', 'w.tenant_id'))
      .select([
        'w.id',
        'w.number as waybill_no',
        'w.tracking_no',
        'w.carrier_code',
        'w.carrier_name',
        'w.shipped_at',
        'o.id as order_id',
        'o.shop_id',
        'o.marketplace',
        'o.amazon_order_id',
      ])
      .where('w.tenant_id', '=', tenantId)
      .where('w.id', '=', subject.outbound_id)
      .where('w.status', '=', 'shipped')
      .executeTakeFirst();
  }
  const waybillId = subject.waybill_id ?? 0;
  return db
    .selectFrom('logistics_waybills as w')
    .innerJoin('orders as o', (j) => j.onRef('o.id', '=', 'w.order_id').onRef('o.tenant_id', '=', 'w.tenant_id'))
    .select([
      'w.id',
      'w.waybill_no',
      'w.tracking_no',
      'w.carrier_code',
      'w.carrier_name',
      'w.shipped_at',
      'o.id as order_id',
      'o.shop_id',
      'o.marketplace',
      'o.amazon_order_id',
    ])
    .where('w.tenant_id', '=', tenantId)
    .where('w.id', '=', waybillId)
    .executeTakeFirst();
}
