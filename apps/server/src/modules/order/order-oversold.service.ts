import type { Database } from '../../db/database.js';
import { markOversold } from './order-oversold.repository.js';

/**
 * Recomputes the 超卖 flags of a shop's order items after a listing's stock known to the console
 * changed (docs/orders.md "Oversold"): a follow offer's quantity edited or the offer stopped, an
 * upload that carried a quantity reached Amazon. In the caller's transaction when it has one, so
 * the flags move with the stock that decides them. Answers the items flagged now.
 */
export function recomputeOversold(db: Database, tenantId: number, shopId: number): Promise<number> {
  return markOversold(db, tenantId, shopId);
}
