import type { SpApiRegion } from '@console/shared/constants/marketplaces';
import { arrayOf, type Checked, shape } from './shape.js';
import { SpApiError } from './sp-api.errors.js';
import { type SpApiDeps, SpApiHttp } from './sp-api.http.js';

/**
 * Notifications API v1 (`vendor/amazon-sp-api/models/notifications-api-model/notifications.json`):
 * destinations (where Amazon delivers: an SQS queue by its ARN) and subscriptions (a seller's
 * notification type delivered to a destination). The types are the model's definitions (same
 * names). Destination operations and `deleteSubscriptionById` are grantless: they act for the
 * application with a `client_credentials` token of scope `sellingpartnerapi::notifications`
 * (`grantlessCaller`); `createSubscription` and `getSubscription` act for a seller (its shop's client).
 */

/** The LWA scope of the Notifications API's grantless operations. */
export const NOTIFICATIONS_SCOPE = 'sellingpartnerapi::notifications';

/** `Destination` (an SQS or EventBridge resource). */
export interface Destination {
  name: string;
  destinationId: string;
  resource: { sqs?: { arn: string }; eventBridge?: { name: string; region: string; accountId: string } };
}

/** `ProcessingDirective` (only the event filter the console uses). */
export interface ProcessingDirective {
  eventFilter?: {
    eventFilterType: 'ANY_OFFER_CHANGED' | 'ORDER_CHANGE' | 'SHIPMENT_TRACKING_MILESTONE_CHANGED';
    marketplaceIds?: string[];
    aggregationSettings?: { aggregationTimePeriod: 'FiveMinutes' | 'TenMinutes' };
  };
}

/** `Subscription`. */
export interface Subscription {
  subscriptionId: string;
  payloadVersion: string;
  destinationId: string;
  processingDirective?: ProcessingDirective;
}

const destination = { destinationId: 'string', name: 'string', resource: 'object' } as const;
const subscription = { subscriptionId: 'string', payloadVersion: 'string', destinationId: 'string' } as const;

/** The `payload` of an answer checked with a shape. */
function payload<T>(check: (v: unknown) => Checked<T>, what: string) {
  return (body: unknown): Checked<T> => {
    const p = (body as { payload?: unknown } | null)?.payload;
    if (p === undefined) return { ok: false, reason: `${what}缺少payload` };
    return check(p);
  };
}

/** The seller-side operations (the shop's client: `client.notifications`). */
export class NotificationsApi {
  constructor(private readonly http: SpApiHttp) {}

  /**
   * createSubscription for a notification type to a destination. Amazon answers 409 when the
   * seller already has a subscription of the type for this application: that is kind
   * `rejected` with status 409 (`isConflict`), and `getSubscription` reads the existing one.
   */
  async createSubscription(
    notificationType: string,
    body: { payloadVersion: string; destinationId: string; processingDirective?: ProcessingDirective },
  ): Promise<Subscription> {
    const r = await this.http.send({
      operation: 'createSubscription',
      method: 'POST',
      path: `/notifications/v1/subscriptions/${encodeURIComponent(notificationType)}`,
      body,
      check: payload(shape<Subscription>(subscription, '订阅'), '订阅'),
    });
    return r.body;
  }

  /** getSubscription of a notification type (404 `not_found` when the seller has none). */
  async getSubscription(notificationType: string, payloadVersion?: string): Promise<Subscription> {
    const r = await this.http.send({
      operation: 'getSubscription',
      method: 'GET',
      path: `/notifications/v1/subscriptions/${encodeURIComponent(notificationType)}`,
      query: { payloadVersion },
      check: payload(shape<Subscription>(subscription, '订阅'), '订阅'),
    });
    return r.body;
  }
}

/** Whether an error is Amazon's 409 (the resource exists already). */
export function isConflict(err: unknown): boolean {
  return err instanceof SpApiError && err.status === 409;
}

/** The application-side (grantless) operations of one region. */
export class GrantlessNotificationsApi {
  constructor(readonly http: SpApiHttp) {}

  /** createDestination of an SQS queue (409 when a destination of the ARN exists: `getDestinations` finds it). */
  async createDestination(name: string, sqsArn: string): Promise<Destination> {
    const r = await this.http.send({
      operation: 'createDestination',
      method: 'POST',
      path: '/notifications/v1/destinations',
      body: { name, resourceSpecification: { sqs: { arn: sqsArn } } },
      check: payload(shape<Destination>(destination, '通知目的地'), '通知目的地'),
    });
    return r.body;
  }

  /** getDestinations: every destination of the application. */
  async getDestinations(): Promise<Destination[]> {
    const r = await this.http.send({
      operation: 'getDestinations',
      method: 'GET',
      path: '/notifications/v1/destinations',
      check: payload((v): Checked<Destination[]> => {
        const reason = arrayOf(destination, '通知目的地')(v);
        return reason ? { ok: false, reason } : { ok: true, value: v as Destination[] };
      }, '通知目的地列表'),
    });
    return r.body;
  }

  /** deleteSubscriptionById (any subscription of the application). */
  async deleteSubscriptionById(notificationType: string, subscriptionId: string): Promise<void> {
    await this.http.send({
      operation: 'deleteSubscriptionById',
      method: 'DELETE',
      path: `/notifications/v1/subscriptions/${encodeURIComponent(notificationType)}/${encodeURIComponent(subscriptionId)}`,
      check: (b) => ({ ok: true, value: b }),
    });
  }
}

/**
 * The grantless caller of a region: the application's own token (client credentials, cached
 * under `grantless:<client id>:<region>`) and its own rate-limit buckets (per application, not
 * per seller). `endpoint` overrides the region's base URL (the sandbox's simulator).
 */
export function grantlessCaller(deps: SpApiDeps, region: SpApiRegion, endpoint?: string): GrantlessNotificationsApi {
  const key = `grantless:${deps.lwa.clientId}:${region}`;
  return new GrantlessNotificationsApi(
    new SpApiHttp(
      {
        key,
        sellingPartnerId: key,
        region,
        grantlessScope: NOTIFICATIONS_SCOPE,
        refreshToken: () => '',
        ...(endpoint ? { endpoint } : {}),
      },
      deps,
    ),
  );
}
