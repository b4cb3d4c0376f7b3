import type { Generated } from 'kysely';

/** A Notifications API destination the console created (migration 20261128_120000). */
export interface NotificationDestinationsTable {
  /** `live` (the console's SP-API application) or `sandbox` (the sandbox Amazon's). */
  app: string;
  region: string;
  arn: string;
  destination_id: string;
  created_at: Generated<Date>;
}

/** A seller's subscription to a notification type, as Amazon confirmed it. */
export interface NotificationSubscriptionsTable {
  app: string;
  seller_id: string;
  notification_type: string;
  region: string;
  subscription_id: string;
  destination_id: string;
  created_at: Generated<Date>;
  verified_at: Generated<Date>;
}

/** A notification applied to a watched ASIN (redelivered copies are skipped). */
export interface MonitorNotificationReceiptsTable {
  notification_id: string;
  monitor_id: number;
  applied_at: Generated<Date>;
}

/** A queue message set aside: not a notification the vendored schema accepts. */
export interface NotificationRejectsTable {
  id: Generated<number>;
  queue: string;
  message_id: string;
  reason: string;
  body: string;
  received_at: Generated<Date>;
}

declare module '../../db/types.js' {
  /** Offer notifications through SQS (no tenant data: subscriptions belong to Amazon sellers). */
  interface DB {
    notification_destinations: NotificationDestinationsTable;
    notification_subscriptions: NotificationSubscriptionsTable;
    monitor_notification_receipts: MonitorNotificationReceiptsTable;
    notification_rejects: NotificationRejectsTable;
  }
}
