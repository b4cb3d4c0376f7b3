import type { SpApiRegion } from '@console/shared/constants/marketplaces';
import type { Config } from '../../config.js';
import type { AppDeps } from '../../context.js';
import { grantlessCaller, isConflict, type Subscription } from '../../marketplace/notifications.client.js';
import { sandbox } from '../../marketplace/sandbox.js';
import { sandboxSqs } from '../../marketplace/sandbox-sqs.js';
import { liveSpApiDeps } from '../../marketplace/sp-api.deps.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import type { SpApiDeps } from '../../marketplace/sp-api.http.js';
import { openShop } from '../shop/shop-client.js';
import {
  dropDestination,
  dropSubscription,
  findDestination,
  findSubscription,
  saveDestination,
  saveSubscription,
  shopsWantingOfferNotifications,
  subscriptionsOf,
} from './monitor-notify.repository.js';

/**
 * Subscriptions to `ANY_OFFER_CHANGED` (docs/monitor.md "Notifications through SQS"): a seller
 * whose shop is authorized and has watched ASINs in 通知 mode (our offer is on them) is
 * subscribed with the Notifications API to the console's SQS queue, once: the destination (the
 * queue's ARN, grantless) and the subscription ids are kept in PostgreSQL; Amazon's 409 (it
 * exists already) is answered with `getDestinations` / `getSubscription`. A seller with no such
 * ASIN left is unsubscribed (`deleteSubscriptionById`). Real shops use `SQS_QUEUE_ARN` (none set:
 * they are polled only); sandbox shops the in-server SQS simulator's queue.
 */

/** The notification type the monitor subscribes to. */
export const OFFER_NOTIFICATION = 'ANY_OFFER_CHANGED';
/** The name destinations get. */
export const DESTINATION_NAME = 'store-group-console';

/** Where one Amazon (real or sandbox) delivers: the application, the queue ARN, its SP-API parts. */
interface Target {
  app: 'live' | 'sandbox';
  arn: string;
  api: SpApiDeps;
  endpoint?: (region: SpApiRegion) => string;
}

/** Subscriptions confirmed with Amazon by this process (`app|seller`); others are checked once. */
const confirmed = new WeakMap<Config, Set<string>>();
function confirmedOf(config: Config): Set<string> {
  let s = confirmed.get(config);
  if (!s) {
    s = new Set();
    confirmed.set(config, s);
  }
  return s;
}

/** Forgets which subscriptions this process confirmed (tests: as a restarted process). */
export function forgetConfirmedSubscriptions(config: Config): void {
  confirmed.delete(config);
}

async function targetOf(deps: AppDeps, isSandbox: boolean): Promise<Target | undefined> {
  if (isSandbox) {
    const [sb, q] = await Promise.all([sandbox(deps.config, deps.db), sandboxSqs(deps.config)]);
    return { app: 'sandbox', arn: q.queue.arn, api: sb.deps, endpoint: (r) => sb.endpoint(r) };
  }
  const sqs = deps.config.sqs;
  if (!sqs) return undefined;
  return { app: 'live', arn: sqs.queueArn, api: liveSpApiDeps(deps.config.spapi, deps.db) };
}

/** The destination id of the target's queue in a region: remembered, created, or found after a 409. */
async function ensureDestination(deps: AppDeps, t: Target, region: SpApiRegion): Promise<string> {
  const have = await findDestination(deps.db, t.app, region, t.arn);
  if (have) return have;
  const api = grantlessCaller(t.api, region, t.endpoint?.(region));
  let id: string | undefined;
  try {
    id = (await api.createDestination(DESTINATION_NAME, t.arn)).destinationId;
  } catch (err) {
    if (!isConflict(err)) throw err;
    id = (await api.getDestinations()).find((d) => d.resource.sqs?.arn === t.arn)?.destinationId;
    if (!id) throw err;
  }
  await saveDestination(deps.db, { app: t.app, region, arn: t.arn, destination_id: id });
  return id;
}

const notFound = (err: unknown) => err instanceof SpApiError && err.kind === 'not_found';

/** A shop whose seller the monitor wants offer notifications for. */
export interface SubscribingShop {
  id: number;
  tenant_id: number;
  seller_id: string | null;
  region: SpApiRegion;
  sandbox: boolean;
}

/**
 * Makes sure the shop's seller is subscribed to ANY_OFFER_CHANGED at the target's queue:
 * `created` when this call created the subscription, `existing` when Amazon already had it,
 * `skipped` when real shops have no queue configured.
 */
export async function ensureOfferSubscription(
  deps: AppDeps,
  shop: SubscribingShop,
): Promise<'created' | 'existing' | 'skipped'> {
  const t = await targetOf(deps, shop.sandbox);
  if (!t || !shop.seller_id) return 'skipped';
  const sellerId = shop.seller_id;
  const key = `${t.app}|${sellerId}`;
  const done = confirmedOf(deps.config);
  if (done.has(key)) return 'existing';
  const destinationId = await ensureDestination(deps, t, shop.region);
  const { client } = await openShop(deps, shop.tenant_id, shop.id);
  const row = await findSubscription(deps.db, t.app, sellerId, OFFER_NOTIFICATION);
  let sub: Subscription | undefined;
  if (row) {
    // Known here: confirm it once per process (it may have been deleted at Amazon meanwhile).
    try {
      sub = await client.notifications.getSubscription(OFFER_NOTIFICATION);
    } catch (err) {
      if (!notFound(err)) throw err;
    }
  }
  if (sub && sub.destinationId !== destinationId) {
    // Subscribed to another queue (the queue setting changed): move it to this one.
    await grantlessCaller(t.api, shop.region, t.endpoint?.(shop.region))
      .deleteSubscriptionById(OFFER_NOTIFICATION, sub.subscriptionId)
      .catch((err: unknown) => {
        if (!notFound(err)) throw err;
      });
    sub = undefined;
  }
  let created = false;
  if (!sub) {
    try {
      sub = await client.notifications.createSubscription(OFFER_NOTIFICATION, { payloadVersion: '1.0', destinationId });
      created = true;
    } catch (err) {
      if (isConflict(err)) {
        // Another process (or an earlier run that lost its answer) subscribed it: read it.
        sub = await client.notifications.getSubscription(OFFER_NOTIFICATION);
      } else {
        // A refused destination (deleted at Amazon): forget it, so the next run creates it again.
        if (err instanceof SpApiError && err.status === 400) await dropDestination(deps.db, t.app, shop.region, t.arn);
        throw err;
      }
    }
  }
  await saveSubscription(deps.db, {
    app: t.app,
    seller_id: sellerId,
    notification_type: OFFER_NOTIFICATION,
    region: shop.region,
    subscription_id: sub.subscriptionId,
    destination_id: sub.destinationId,
  });
  done.add(key);
  return created ? 'created' : 'existing';
}

/** What a synchronisation did. */
export interface SubscriptionSync {
  created: number;
  existing: number;
  removed: number;
  failed: number;
}

/**
 * Subscribes every seller that has watched ASINs in 通知 mode and unsubscribes those with none
 * left (each seller on its own: one failure is logged and the others go on).
 */
export async function syncOfferSubscriptions(
  deps: AppDeps,
  log: (line: string) => void = (l) => console.warn(l),
): Promise<SubscriptionSync> {
  const out: SubscriptionSync = { created: 0, existing: 0, removed: 0, failed: 0 };
  const wanted = await shopsWantingOfferNotifications(deps.db);
  for (const shop of wanted) {
    try {
      const r = await ensureOfferSubscription(deps, shop);
      if (r === 'created') out.created++;
      else if (r === 'existing') out.existing++;
    } catch (err) {
      out.failed++;
      log(`ANY_OFFER_CHANGED subscription of seller ${shop.seller_id} (shop ${shop.id}) failed: ${errText(err)}`);
    }
  }
  for (const app of ['live', 'sandbox'] as const) {
    const keep = new Set(wanted.filter((s) => s.sandbox === (app === 'sandbox')).map((s) => s.seller_id));
    for (const row of await subscriptionsOf(deps.db, app, OFFER_NOTIFICATION)) {
      if (keep.has(row.seller_id)) continue;
      try {
        const t = await targetOf(deps, app === 'sandbox');
        if (t) {
          const region = row.region as SpApiRegion;
          await grantlessCaller(t.api, region, t.endpoint?.(region))
            .deleteSubscriptionById(OFFER_NOTIFICATION, row.subscription_id)
            .catch((err: unknown) => {
              if (!notFound(err)) throw err;
            });
        }
        await dropSubscription(deps.db, app, row.seller_id, OFFER_NOTIFICATION);
        confirmedOf(deps.config).delete(`${app}|${row.seller_id}`);
        out.removed++;
      } catch (err) {
        out.failed++;
        log(`ANY_OFFER_CHANGED unsubscription of seller ${row.seller_id} failed: ${errText(err)}`);
      }
    }
  }
  return out;
}

function errText(err: unknown): string {
  if (err instanceof SpApiError) return `${err.kind} (HTTP ${err.status ?? '-'})`;
  return err instanceof Error ? err.message : String(err);
}
