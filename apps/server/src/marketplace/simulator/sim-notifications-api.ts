import { randomUUID } from 'node:crypto';
import type { SpApiOperation } from '../rate-limits.js';
import { anyOfferChanged } from './sim-notifications.js';
import type { SimReq, SimRes, SpApiSimulator } from './sim-server.js';
import { amazonError } from './sim-server.js';
import { sqsQueueByArn } from './sim-sqs.js';

/**
 * The Notifications API v1 of the simulator (`notifications-api-model/notifications.json`):
 * destinations per application and region (an SQS queue by ARN; grantless), subscriptions per
 * application, seller and notification type (`createSubscription`/`getSubscription` with the
 * seller's token, `deleteSubscriptionById` grantless). Once a seller subscribed to
 * `ANY_OFFER_CHANGED`, every offer change on an ASIN it offers is sent to the destination's
 * queue, as Amazon does: the SQS simulator hosting that ARN (`sim-sqs.ts`) receives it.
 */

/** Operations that take a grantless token (and refuse a seller's). */
export const GRANTLESS_OPERATIONS: ReadonlySet<SpApiOperation> = new Set([
  'createDestination',
  'getDestinations',
  'deleteSubscriptionById',
]);

/** Notification types the simulator accepts subscriptions for, with their payload versions. */
const TYPES: Record<string, string[]> = { ANY_OFFER_CHANGED: ['1.0'] };

interface SimDestination {
  destinationId: string;
  clientId: string;
  region: string;
  name: string;
  arn: string;
}

interface SimSubscription {
  subscriptionId: string;
  clientId: string;
  sellerId: string;
  region: string;
  notificationType: string;
  payloadVersion: string;
  destinationId: string;
  processingDirective?: unknown;
}

/** The simulator's notification state. */
export interface SimNotificationState {
  destinations: Map<string, SimDestination>;
  subscriptions: Map<string, SimSubscription>;
  /** Notifications sent to a queue (tests count them). */
  sent: number;
}

const states = new WeakMap<SpApiSimulator, SimNotificationState>();

/** The notification state of a simulator (created on first use, with the delivery hook). */
export function simNotifications(sim: SpApiSimulator): SimNotificationState {
  let s = states.get(sim);
  if (!s) {
    s = { destinations: new Map(), subscriptions: new Map(), sent: 0 };
    states.set(sim, s);
    const state = s;
    sim.market.onOfferChange((c) => deliver(sim, state, c));
  }
  return s;
}

/** Sends ANY_OFFER_CHANGED of a change to every subscribed seller with an offer on the ASIN. */
function deliver(
  sim: SpApiSimulator,
  s: SimNotificationState,
  c: { marketplaceId: string; asin: string; time: string },
) {
  const sellers = new Set<string>();
  for (const l of sim.listings.values())
    if (l.asin === c.asin && l.marketplaceId === c.marketplaceId) sellers.add(l.sellerId);
  for (const o of sim.market.offers(c.marketplaceId, c.asin)) sellers.add(o.sellerId);
  for (const sub of s.subscriptions.values()) {
    if (sub.notificationType !== 'ANY_OFFER_CHANGED' || !sellers.has(sub.sellerId)) continue;
    const dest = s.destinations.get(sub.destinationId);
    const queue = dest ? sqsQueueByArn(dest.arn) : undefined;
    if (!queue) continue;
    const n = anyOfferChanged(sim, sub.sellerId, c);
    n.NotificationMetadata.ApplicationId = sim.apps.find((a) => a.clientId === sub.clientId)?.appId ?? '';
    n.NotificationMetadata.SubscriptionId = sub.subscriptionId;
    queue.send(JSON.stringify(n));
    s.sent++;
  }
}

const regionOf = (req: SimReq) => req.region ?? 'NA';
const clientOf = (sim: SpApiSimulator, req: SimReq) =>
  sim.accessTokens.get(String(req.headers['x-amz-access-token'] ?? ''))?.clientId ?? '';
const subKey = (clientId: string, sellerId: string, type: string) => `${clientId}|${sellerId}|${type}`;
const destinationView = (d: SimDestination) => ({
  name: d.name,
  destinationId: d.destinationId,
  resource: { sqs: { arn: d.arn } },
});
const subscriptionView = (s: SimSubscription) => ({
  subscriptionId: s.subscriptionId,
  payloadVersion: s.payloadVersion,
  destinationId: s.destinationId,
  ...(s.processingDirective ? { processingDirective: s.processingDirective } : {}),
});
const SQS_ARN = /^arn:aws:sqs:\S+:\S+:\S+/;

function createDestination(sim: SpApiSimulator, req: SimReq): SimRes {
  const s = simNotifications(sim);
  const b = req.json as { name?: unknown; resourceSpecification?: { sqs?: { arn?: unknown } } } | null;
  const arn = b?.resourceSpecification?.sqs?.arn;
  if (typeof b?.name !== 'string' || !b.name || typeof arn !== 'string' || !SQS_ARN.test(arn) || arn.length > 1000)
    return amazonError(400, 'InvalidInput', 'name and resourceSpecification.sqs.arn (an SQS queue ARN) are required.');
  const clientId = clientOf(sim, req);
  const region = regionOf(req);
  for (const d of s.destinations.values())
    if (d.clientId === clientId && d.region === region && d.arn === arn)
      return amazonError(409, 'Conflict', 'A destination for this resource already exists.', d.destinationId);
  const d: SimDestination = { destinationId: randomUUID(), clientId, region, name: b.name, arn };
  s.destinations.set(d.destinationId, d);
  return { status: 200, body: { payload: destinationView(d) } };
}

function getDestinations(sim: SpApiSimulator, req: SimReq): SimRes {
  const clientId = clientOf(sim, req);
  const list = [...simNotifications(sim).destinations.values()].filter(
    (d) => d.clientId === clientId && d.region === regionOf(req),
  );
  return { status: 200, body: { payload: list.map(destinationView) } };
}

function createSubscription(sim: SpApiSimulator, req: SimReq): SimRes {
  const s = simNotifications(sim);
  const type = req.params[0] ?? '';
  const versions = TYPES[type];
  if (!versions) return amazonError(400, 'InvalidInput', `Notification type ${type} is not supported.`);
  const b = req.json as { payloadVersion?: unknown; destinationId?: unknown; processingDirective?: unknown } | null;
  if (typeof b?.payloadVersion !== 'string' || !versions.includes(b.payloadVersion))
    return amazonError(400, 'InvalidInput', `payloadVersion must be one of ${versions.join(', ')}.`);
  const clientId = clientOf(sim, req);
  const dest = typeof b.destinationId === 'string' ? s.destinations.get(b.destinationId) : undefined;
  if (!dest || dest.clientId !== clientId || dest.region !== regionOf(req))
    return amazonError(400, 'InvalidInput', 'The destination does not exist.');
  const key = subKey(clientId, req.sellerId, type);
  const existing = s.subscriptions.get(key);
  if (existing)
    return amazonError(
      409,
      'Conflict',
      'A subscription for this notification type already exists.',
      existing.subscriptionId,
    );
  const sub: SimSubscription = {
    subscriptionId: randomUUID(),
    clientId,
    sellerId: req.sellerId,
    region: regionOf(req),
    notificationType: type,
    payloadVersion: b.payloadVersion,
    destinationId: dest.destinationId,
    ...(b.processingDirective ? { processingDirective: b.processingDirective } : {}),
  };
  s.subscriptions.set(key, sub);
  return { status: 200, body: { payload: subscriptionView(sub) } };
}

function getSubscription(sim: SpApiSimulator, req: SimReq): SimRes {
  const type = req.params[0] ?? '';
  if (!TYPES[type]) return amazonError(400, 'InvalidInput', `Notification type ${type} is not supported.`);
  const sub = simNotifications(sim).subscriptions.get(subKey(clientOf(sim, req), req.sellerId, type));
  if (!sub) return amazonError(404, 'NotFound', 'The subscription does not exist.');
  return { status: 200, body: { payload: subscriptionView(sub) } };
}

function deleteSubscriptionById(sim: SpApiSimulator, req: SimReq): SimRes {
  const [type, id] = req.params;
  const s = simNotifications(sim);
  const clientId = clientOf(sim, req);
  for (const [k, sub] of s.subscriptions)
    if (sub.subscriptionId === id && sub.notificationType === type && sub.clientId === clientId) {
      s.subscriptions.delete(k);
      return { status: 200, body: {} };
    }
  return amazonError(404, 'NotFound', 'The subscription does not exist.');
}

const seg = '([^/]+)';

/** The Notifications API routes (registered in `sim-server.ts`). */
export function notificationRoutes(): {
  method: string;
  pattern: RegExp;
  operation: SpApiOperation;
  handle: (sim: SpApiSimulator, req: SimReq) => SimRes;
}[] {
  return [
    {
      method: 'POST',
      pattern: /^\/notifications\/v1\/destinations$/,
      operation: 'createDestination',
      handle: createDestination,
    },
    {
      method: 'GET',
      pattern: /^\/notifications\/v1\/destinations$/,
      operation: 'getDestinations',
      handle: getDestinations,
    },
    {
      method: 'POST',
      pattern: new RegExp(`^/notifications/v1/subscriptions/${seg}$`),
      operation: 'createSubscription',
      handle: createSubscription,
    },
    {
      method: 'GET',
      pattern: new RegExp(`^/notifications/v1/subscriptions/${seg}$`),
      operation: 'getSubscription',
      handle: getSubscription,
    },
    {
      method: 'DELETE',
      pattern: new RegExp(`^/notifications/v1/subscriptions/${seg}/${seg}$`),
      operation: 'deleteSubscriptionById',
      handle: deleteSubscriptionById,
    },
  ];
}
