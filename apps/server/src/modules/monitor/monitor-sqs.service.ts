import type { Message } from '@aws-sdk/client-sqs';
import type { Config } from '../../config.js';
import type { AppDeps } from '../../context.js';
import { parseAnyOfferChanged } from '../../marketplace/notifications/any-offer-changed.js';
import { sandboxSqs } from '../../marketplace/sandbox-sqs.js';
import { SqsQueue } from '../../marketplace/sqs.client.js';
import { receiveOfferNotification } from './monitor.service.js';
import { saveReject, subscriptionsOf } from './monitor-notify.repository.js';
import { OFFER_NOTIFICATION } from './monitor-subscribe.service.js';

/**
 * The SQS consumer of offer notifications (docs/monitor.md "Notifications through SQS"):
 * long-polls the queue, checks each body against the vendored `AnyOfferChangedNotification`
 * schema, applies it through the same function as the notification endpoint
 * (`receiveOfferNotification`, once per notification id and watched ASIN) and deletes the
 * message only after the reading is committed. SQS delivers at least once: a message whose
 * delete was lost (a crash, a timeout) comes back and is applied as nothing. A body that is not
 * such a notification is set aside in `notification_rejects`, logged, and deleted.
 */

/** A queue the consumer reads and the shops its notifications may reach. */
export interface NotificationQueue {
  name: 'live' | 'sandbox';
  /** Sandbox notifications reach sandbox shops only; real ones real shops only. */
  sandbox: boolean;
  queue: SqsQueue;
}

/** Seconds a received message stays hidden while it is applied (then SQS hands it out again). */
export const VISIBILITY_SECONDS = 60;
/** The longest wait SQS allows for a long poll. */
export const MAX_WAIT_SECONDS = 20;
/** Bodies kept of set-aside messages (characters). */
const REJECT_BODY_CHARS = 64 * 1024;

/** What one receive did. */
export interface ConsumeResult {
  received: number;
  /** Watched ASINs a notification changed. */
  applied: number;
  /** Copies of notifications applied before (redelivered), deleted without a change. */
  duplicates: number;
  /** Messages set aside (not a notification the schema accepts). */
  rejected: number;
  /** Messages left in the queue after an error (SQS hands them out again). */
  failed: number;
}

const liveQueues = new WeakMap<Config, SqsQueue>();

/** The queues to read: the configured SQS queue, and the sandbox's once a sandbox seller is subscribed. */
export async function notificationQueues(deps: AppDeps): Promise<NotificationQueue[]> {
  const out: NotificationQueue[] = [];
  const s = deps.config.sqs;
  if (s) {
    let q = liveQueues.get(deps.config);
    if (!q) {
      q = new SqsQueue({ queueUrl: s.queueUrl, region: s.region, credentials: s.credentials, endpoint: s.endpoint });
      liveQueues.set(deps.config, q);
    }
    out.push({ name: 'live', sandbox: false, queue: q });
  }
  if ((await subscriptionsOf(deps.db, 'sandbox', OFFER_NOTIFICATION)).length > 0)
    out.push({ name: 'sandbox', sandbox: true, queue: (await sandboxSqs(deps.config)).client });
  return out;
}

/** One message: applied, set aside or left for another try. */
async function handle(
  deps: AppDeps,
  q: NotificationQueue,
  m: Message,
  o: { beforeDelete?: (m: Message) => void | Promise<void>; log: (line: string) => void },
  r: ConsumeResult,
) {
  const id = m.MessageId ?? '';
  const raw = m.Body ?? '';
  let reason: string | undefined;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    reason = 'the body is not JSON';
  }
  const parsed = reason ? undefined : parseAnyOfferChanged(body);
  if (parsed && !parsed.ok) reason = parsed.detail;
  if (reason || !parsed?.ok) {
    await saveReject(deps.db, {
      queue: q.name,
      message_id: id,
      reason: reason ?? 'not a notification',
      body: raw.slice(0, REJECT_BODY_CHARS),
    });
    o.log(`SQS queue ${q.name}: message ${id} set aside and not applied: ${reason}`);
    if (m.ReceiptHandle) await q.queue.delete(m.ReceiptHandle);
    r.rejected++;
    return;
  }
  const applied = await receiveOfferNotification(deps, parsed.value, { sandbox: q.sandbox });
  r.applied += applied.applied;
  r.duplicates += applied.duplicates;
  // Committed: only now may the message go.
  await o.beforeDelete?.(m);
  if (m.ReceiptHandle) await q.queue.delete(m.ReceiptHandle);
}

/** Receives once (long polling up to `waitSeconds`) and handles what came. */
export async function consumeOnce(
  deps: AppDeps,
  q: NotificationQueue,
  o: {
    waitSeconds?: number;
    visibilitySeconds?: number;
    signal?: AbortSignal;
    /** Called between the committed apply and the delete (tests make it fail: a crash). */
    beforeDelete?: (m: Message) => void | Promise<void>;
    log?: (line: string) => void;
  } = {},
): Promise<ConsumeResult> {
  const log = o.log ?? ((l: string) => console.warn(l));
  const r: ConsumeResult = { received: 0, applied: 0, duplicates: 0, rejected: 0, failed: 0 };
  const messages = await q.queue.receive({
    waitSeconds: o.waitSeconds ?? MAX_WAIT_SECONDS,
    visibilitySeconds: o.visibilitySeconds ?? VISIBILITY_SECONDS,
    signal: o.signal,
  });
  r.received = messages.length;
  for (const m of messages) {
    try {
      await handle(deps, q, m, { beforeDelete: o.beforeDelete, log }, r);
    } catch (err) {
      r.failed++;
      log(
        `SQS queue ${q.name}: message ${m.MessageId ?? ''} left for redelivery: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  return r;
}

/** Reads a queue for `windowMs` (long polls back to back) or until `signal` aborts. */
export async function consumeFor(
  deps: AppDeps,
  q: NotificationQueue,
  windowMs: number,
  signal?: AbortSignal,
): Promise<ConsumeResult> {
  const total: ConsumeResult = { received: 0, applied: 0, duplicates: 0, rejected: 0, failed: 0 };
  const end = Date.now() + windowMs;
  while (!signal?.aborted) {
    const left = end - Date.now();
    if (left < 1000) break;
    try {
      const r = await consumeOnce(deps, q, {
        waitSeconds: Math.min(MAX_WAIT_SECONDS, Math.floor(left / 1000)),
        signal,
      });
      for (const k of Object.keys(total) as (keyof ConsumeResult)[]) total[k] += r[k];
    } catch (err) {
      if (signal?.aborted) break;
      console.warn(`SQS queue ${q.name}: receive failed: ${err instanceof Error ? err.message : String(err)}`);
      await new Promise((res) => setTimeout(res, Math.min(5000, Math.max(0, end - Date.now()))));
    }
  }
  return total;
}
