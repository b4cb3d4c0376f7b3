import { z } from 'zod';
import { defineJob } from '../../lib/server-module.js';
import { pruneReceipts } from './monitor-notify.repository.js';
import { consumeFor, notificationQueues } from './monitor-sqs.service.js';
import { syncOfferSubscriptions } from './monitor-subscribe.service.js';

/** How long one run reads the queues: it ends before the next minute's run starts. */
export const NOTIFY_WINDOW_MS = 55_000;
/** Receipts are kept longer than SQS keeps a message (14 days at most). */
const RECEIPT_DAYS = 15;

/**
 * Every minute: subscribes the sellers with 通知 ASINs to ANY_OFFER_CHANGED (and unsubscribes
 * those without), then long-polls the notification queues for 55 seconds, applying each
 * notification and deleting it afterwards (docs/monitor.md "Notifications through SQS").
 * `stately`: one run at a time system-wide, so two processes do not poll the same queue in
 * turns for nothing (several consumers would still be safe: receipts make applying idempotent).
 */
export const monitorNotifyJob = defineJob({
  kind: 'monitor-notify',
  payload: z.object({}),
  schedule: { cron: '* * * * *', data: {} },
  policy: 'stately',
  async run(ctx) {
    await syncOfferSubscriptions(ctx.deps).catch((err: unknown) =>
      console.warn(`ANY_OFFER_CHANGED subscriptions not synchronised: ${err instanceof Error ? err.message : err}`),
    );
    await pruneReceipts(ctx.deps.db, new Date(Date.now() - RECEIPT_DAYS * 86_400_000));
    const queues = await notificationQueues(ctx.deps);
    await Promise.all(queues.map((q) => consumeFor(ctx.deps, q, NOTIFY_WINDOW_MS, ctx.signal)));
  },
});
