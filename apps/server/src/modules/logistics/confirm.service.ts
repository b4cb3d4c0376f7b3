import { OTHER_CARRIER } from '@console/shared/constants/carriers';
import { MARKETPLACES } from '@console/shared/constants/marketplaces';
import type { AppDeps } from '../../context.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import { openShop } from '../shop/shop-client.js';
import {
  claimDueConfirmations,
  confirmationContext,
  confirmationDone,
  confirmationRetry,
} from './confirm.repository.js';
import { markOrderShipped, orderEvent, orderItemsOf } from './logistics.repository.js';

/** How long one worker holds a confirmation before another may take it (a crash leaves it to expire). */
export const CONFIRM_LEASE_SECONDS = 120;
/** Longest wait for a rate-limit slot within one run; past it the row waits for the next run. */
const MAX_WAIT_MS = 20_000;

/** Thrown by a test's `afterSend` seam: the worker stops right after Amazon took the call (no catch handles it). */
export class WorkerCrash extends Error {}

/** Seconds until the next attempt after `attempts` failed ones: 30 s doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/** Failures worth another attempt later (throttled, unavailable, no answer, rate-limit slot too far). */
function retryable(e: unknown): boolean {
  return (
    e instanceof SpApiError &&
    ['throttled', 'unavailable', 'timeout', 'network', 'deferred', 'malformed'].includes(e.kind)
  );
}

/**
 * Sends the due shipment confirmations (issue 18 §2; shipped waybills and, since issue 30 §2,
 * shipped overseas outbounds of Amazon orders), exactly once each:
 * - a row is leased before the call; a crash after Amazon took the call leaves the lease to run
 *   out, and the next attempt first reads the order (`getOrder`): already Shipped means the
 *   earlier call arrived, so nothing is sent again;
 * - the call runs through the client's per-seller rate-limit scheduler (`confirmShipment`:
 *   2 per second, burst 10), and a throttled or failed call is retried later with back-off;
 * - success marks the console's order Shipped in the same transaction as the row.
 * Answers how many rows it handled.
 */
export async function processDueConfirmations(
  deps: AppDeps,
  opts: { limit?: number; tenantId?: number; afterSend?: (waybillId: number) => void } = {},
): Promise<number> {
  const rows = await claimDueConfirmations(deps.db, opts.limit ?? 50, CONFIRM_LEASE_SECONDS, opts.tenantId);
  for (const r of rows) {
    const c = await confirmationContext(deps.db, r.tenant_id, r);
    if (!c?.tracking_no) {
      await confirmationRetry(deps.db, r.id, '运单不存在或没有跟踪号', null);
      continue;
    }
    try {
      const { client } = await openShop(deps, r.tenant_id, c.shop_id);
      const marketplaceId = MARKETPLACES.find((m) => m.code === c.marketplace)?.marketplaceId;
      if (!marketplaceId) throw new Error(`unknown marketplace ${c.marketplace}`);
      let sent = false;
      if (r.attempts > 1) {
        // An earlier attempt may have reached Amazon before its worker stopped.
        const o = await client.orders.getOrder(c.amazon_order_id);
        sent = o.OrderStatus === 'Shipped';
      }
      if (!sent) {
        const items = await orderItemsOf(deps.db, r.tenant_id, c.order_id);
        await client.orders.confirmShipment(
          c.amazon_order_id,
          {
            marketplaceId,
            packageDetail: {
              packageReferenceId: c.waybill_no,
              carrierCode: c.carrier_code,
              ...(c.carrier_code === OTHER_CARRIER ? { carrierName: c.carrier_name } : {}),
              trackingNumber: c.tracking_no,
              shipDate: new Date(c.shipped_at ?? Date.now()).toISOString(),
              orderItems: items.map((i) => ({ orderItemId: i.amazon_item_id, quantity: i.quantity })),
            },
          },
          { maxWaitMs: MAX_WAIT_MS },
        );
        opts.afterSend?.(r.waybill_id ?? 0);
      }
      await deps.db.transaction().execute(async (trx) => {
        await confirmationDone(trx, r.id);
        await markOrderShipped(trx, r.tenant_id, c.order_id, `已向亚马逊确认发货(${c.carrier_code} ${c.tracking_no})`);
      });
    } catch (e) {
      if (e instanceof WorkerCrash) throw e;
      const message = e instanceof Error ? e.message : String(e);
      if (retryable(e)) {
        await confirmationRetry(deps.db, r.id, message, retryDelaySeconds(r.attempts));
      } else {
        await deps.db.transaction().execute(async (trx) => {
          await confirmationRetry(trx, r.id, message, null);
          await orderEvent(trx, r.tenant_id, c.order_id, 'warning', `亚马逊确认发货失败:${message}`, null);
        });
      }
    }
  }
  return rows.length;
}
