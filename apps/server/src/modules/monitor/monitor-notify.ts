import { timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../context.js';
import { secretBox } from '../../lib/secret-box.js';
import { sandbox } from '../../marketplace/sandbox.js';
import { deliverOfferNotifications } from '../../marketplace/simulator/sim-notifications.js';

/**
 * Where offer notifications reach the console (docs/monitor.md "Hybrid watching"). Amazon
 * delivers ANY_OFFER_CHANGED to a queue the seller's application subscribes; the console takes
 * them at `POST /PDD/monitor/notify/any-offer-changed` from a relay on the same machine (or,
 * for sandbox shops, from the built-in simulator), authenticated by a token derived from the
 * console's secret key and accepted on loopback only.
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

let listenUrl: string | undefined;

/** The server's own notification endpoint, once it listens (set by the monitor routes). */
export function setNotificationEndpoint(url: string | undefined): void {
  listenUrl = url;
}

/**
 * Makes the sandbox Amazon deliver ANY_OFFER_CHANGED for sandbox shops to this server, when
 * the server listens (API tests that only inject requests poll instead).
 */
export async function wireSandboxNotifications(deps: AppDeps): Promise<boolean> {
  if (!listenUrl) return false;
  const sb = await sandbox(deps.config, deps.db);
  deliverOfferNotifications(sb.sim, { url: listenUrl, token: notificationToken(deps) });
  return true;
}
