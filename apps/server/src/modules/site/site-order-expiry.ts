import type { Kysely } from 'kysely';
import type { PaymentAdapter } from '../../adapters/payment/payment.js';
import type { DB } from '../../db/types.js';
import { findUnpaidOrders } from './site-order.repository.js';
import { settleFromProvider } from './site-order.service.js';

/**
 * Minutes an unpaid site order holds its units before it is cancelled (docs/site.md "Unpaid
 * orders"; WooCommerce's "hold stock" default). A buyer who left the provider's page never
 * locks the stock for good.
 */
export const SITE_ORDER_HOLD_MINUTES = 60;

/** What one sweep did. */
export interface ExpiryResult {
  cancelled: number;
  /** Paid at the provider though its notification never came: settled as paid now. */
  paid: number;
  /** Left pending: the provider could not be asked, or its answer does not settle the order (logged). */
  left: number;
}

/**
 * Ends the unpaid orders of every tenant placed more than `holdMinutes` ago: asks the provider to
 * end each payment (`cancelPayment`), then settles the order from the provider's answer — 已取消
 * with its units given back, or 已付款 when the buyer paid first. Settling is the same conditional
 * move as a notification's, so a buyer's return racing the sweep changes the order once.
 */
export async function expireUnpaidOrders(
  db: Kysely<DB>,
  payment: PaymentAdapter,
  opts: { holdMinutes?: number; limit?: number; log?: (line: string) => void } = {},
): Promise<ExpiryResult> {
  const log = opts.log ?? ((l: string) => console.warn(l));
  const rows = await findUnpaidOrders(db, payment.name, opts.holdMinutes ?? SITE_ORDER_HOLD_MINUTES, opts.limit ?? 200);
  const out: ExpiryResult = { cancelled: 0, paid: 0, left: 0 };
  for (const o of rows) {
    try {
      const info = await payment.cancelPayment(o.payment_id!);
      const moved = await settleFromProvider(db, o.tenant_id, o, info.status, info);
      if (moved?.status === 'cancelled') out.cancelled++;
      else if (moved?.status === 'paid') out.paid++;
      else {
        out.left++;
        log(
          `unpaid site order ${o.order_no} (tenant ${o.tenant_id}) left pending: the provider answers ${info.status}`,
        );
      }
    } catch (err) {
      out.left++;
      log(
        `unpaid site order ${o.order_no} (tenant ${o.tenant_id}) left pending: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  return out;
}
