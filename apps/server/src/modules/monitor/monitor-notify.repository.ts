import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import './monitor-notify.tables.js';

type Db = Kysely<DB>;

/**
 * SQL of offer notifications through SQS (docs/monitor.md). These rows are the Amazon
 * seller's and the application's, not a tenant's: a seller bound by two tenants has one
 * subscription. What a tenant sees of them goes through its watched ASINs.
 */

/** The destination id of a queue ARN for an application and region, if created. */
export async function findDestination(db: Db, app: string, region: string, arn: string) {
  const r = await db
    .selectFrom('notification_destinations')
    .select('destination_id')
    .where('app', '=', app)
    .where('region', '=', region)
    .where('arn', '=', arn)
    .executeTakeFirst();
  return r?.destination_id;
}

/** Remembers a destination (idempotent). */
export async function saveDestination(
  db: Db,
  row: { app: string; region: string; arn: string; destination_id: string },
) {
  await db
    .insertInto('notification_destinations')
    .values(row)
    .onConflict((oc) => oc.columns(['app', 'region', 'arn']).doUpdateSet({ destination_id: row.destination_id }))
    .execute();
}

/** Forgets a destination Amazon refused (deleted there): the next subscription creates it again. */
export async function dropDestination(db: Db, app: string, region: string, arn: string) {
  await db
    .deleteFrom('notification_destinations')
    .where('app', '=', app)
    .where('region', '=', region)
    .where('arn', '=', arn)
    .execute();
}

/** A seller's subscription of a notification type. */
export function findSubscription(db: Db, app: string, sellerId: string, type: string) {
  return db
    .selectFrom('notification_subscriptions')
    .select(['app', 'seller_id', 'region', 'subscription_id', 'destination_id', 'verified_at'])
    .where('app', '=', app)
    .where('seller_id', '=', sellerId)
    .where('notification_type', '=', type)
    .executeTakeFirst();
}

/** Records (or refreshes) a subscription Amazon confirmed. */
export async function saveSubscription(
  db: Db,
  row: {
    app: string;
    seller_id: string;
    notification_type: string;
    region: string;
    subscription_id: string;
    destination_id: string;
  },
) {
  await db
    .insertInto('notification_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['app', 'seller_id', 'notification_type']).doUpdateSet({
        subscription_id: row.subscription_id,
        destination_id: row.destination_id,
        region: row.region,
        verified_at: sql`now()`,
      }),
    )
    .execute();
}

/** Removes a subscription row. */
export async function dropSubscription(db: Db, app: string, sellerId: string, type: string) {
  await db
    .deleteFrom('notification_subscriptions')
    .where('app', '=', app)
    .where('seller_id', '=', sellerId)
    .where('notification_type', '=', type)
    .execute();
}

/** Subscriptions of an application and type. */
export function subscriptionsOf(db: Db, app: string, type: string) {
  return db
    .selectFrom('notification_subscriptions')
    .select(['seller_id', 'region', 'subscription_id'])
    .where('app', '=', app)
    .where('notification_type', '=', type)
    .execute();
}

/**
 * Authorized shops with watched ASINs in notification mode (our shop has an offer on them),
 * one per sandbox flag and seller: the sellers whose ANY_OFFER_CHANGED the console wants.
 */
export async function shopsWantingOfferNotifications(db: Db) {
  const rows = await db
    .selectFrom('shops as s')
    .innerJoin('monitor_asins as a', (j) => j.onRef('a.shop_id', '=', 's.id').onRef('a.tenant_id', '=', 's.tenant_id'))
    .select(['s.id', 's.tenant_id', 's.seller_id', 's.region', 's.sandbox'])
    .where('a.our_offer', '=', true)
    .where('s.auth_status', '=', 'authorized')
    .where('s.seller_id', 'is not', null)
    .groupBy(['s.id', 's.tenant_id', 's.seller_id', 's.region', 's.sandbox'])
    .orderBy('s.id')
    .execute();
  const seen = new Set<string>();
  return rows.filter((r) => {
    const k = `${r.sandbox}|${r.seller_id}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Records that a notification was applied to a watched ASIN: false when it already was. */
export async function takeReceipt(db: Db, notificationId: string, monitorId: number): Promise<boolean> {
  const r = await db
    .insertInto('monitor_notification_receipts')
    .values({ notification_id: notificationId, monitor_id: monitorId })
    .onConflict((oc) => oc.doNothing())
    .returning('monitor_id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Forgets receipts older than SQS keeps a message (14 days at most). */
export async function pruneReceipts(db: Db, before: Date) {
  await db.deleteFrom('monitor_notification_receipts').where('applied_at', '<', before).execute();
}

/** Sets a queue message aside. */
export async function saveReject(db: Db, row: { queue: string; message_id: string; reason: string; body: string }) {
  await db.insertInto('notification_rejects').values(row).execute();
}

/** The latest set-aside messages (tests, operators). */
export function latestRejects(db: Db, limit = 20) {
  return db
    .selectFrom('notification_rejects')
    .select(['id', 'queue', 'message_id', 'reason', 'body', 'received_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
