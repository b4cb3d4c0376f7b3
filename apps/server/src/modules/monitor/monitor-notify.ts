import { timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../context.js';
import { secretBox } from '../../lib/secret-box.js';

/**
 * The notification endpoint `POST /PDD/monitor/notify/any-offer-changed` (docs/monitor.md
 * "Notifications through SQS"): the alternative to the built-in SQS consumer for a relay of
 * one's own on the same machine, authenticated by a token derived from the console's secret key
 * and accepted on loopback only. Both apply through `receiveOfferNotification`.
 */

/** The token a relay sends in `x-notification-token`. */
export function notificationToken(deps: AppDeps): string {
  return secretBox(deps.config).derive('monitor-offer-notifications').toString('hex');
}

/** Whether a request carries the token. */
export function tokenValid(deps: AppDeps, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const want = Buffer.from(notificationToken(deps));
  const got = Buffer.from(header);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** Whether an address is this machine. */
export function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}
