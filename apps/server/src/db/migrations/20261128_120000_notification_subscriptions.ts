import { type Kysely, sql } from 'kysely';

/**
 * Issue 15 §3, offer notifications through SQS (docs/monitor.md "Notifications through SQS"):
 * the Notifications API destinations the console created (per application and region, by the
 * queue's ARN) and the sellers' subscriptions (per application, seller and notification type),
 * the notifications already applied to a watched ASIN (at-least-once delivery applied once) and
 * the queue messages set aside because they were not notifications the schema accepts.
 * None of them is tenant data: a subscription belongs to the Amazon seller, whoever bound it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notification_destinations (
      app text not null,
      region text not null,
      arn text not null,
      destination_id text not null,
      created_at timestamptz not null default now(),
      primary key (app, region, arn)
    )`.execute(db);
  await sql`
    create table notification_subscriptions (
      app text not null,
      seller_id text not null,
      notification_type text not null,
      region text not null,
      subscription_id text not null,
      destination_id text not null,
      created_at timestamptz not null default now(),
      verified_at timestamptz not null default now(),
      primary key (app, seller_id, notification_type)
    )`.execute(db);
  await sql`
    create table monitor_notification_receipts (
      notification_id text not null,
      monitor_id bigint not null,
      applied_at timestamptz not null default now(),
      primary key (notification_id, monitor_id)
    )`.execute(db);
  await sql`create index monitor_notification_receipts_applied_idx on monitor_notification_receipts (applied_at)`.execute(
    db,
  );
  await sql`
    create table notification_rejects (
      id bigserial primary key,
      queue text not null,
      message_id text not null,
      reason text not null,
      body text not null,
      received_at timestamptz not null default now()
    )`.execute(db);
}
