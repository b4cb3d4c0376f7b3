import { USAGE_PLANS } from '../../marketplace/rate-limits.js';

/**
 * The polling budget of a shop (issue 15 §3, §5; docs/monitor.md "Budget"). Offers of polled
 * ASINs are read with getItemOffersBatch (20 ASINs a request) and getItemOffers (one), both
 * within the shop's usage plans, so a shop reads at most
 *
 *   C = 20 x r_batch + r_single  ASINs per second   (Amazon's default plans: 20 x 0.1 + 0.5 = 2.5)
 *
 * An ASIN of weight w among polled ASINs of total weight W is read every
 *
 *   T(w) = max(T_min, W / (C x w))  seconds
 *
 * which spends exactly C when the shop is busy (the sum over ASINs of 1/T is C). Weights:
 * priority 3 (高) 4, 2 (中) 2, 1 (低) 1. ASINs the shop offers itself are told of by Amazon's
 * ANY_OFFER_CHANGED notification and only read every `NOTIFIED_SAFETY_MS` as a safety net.
 */

/** Polling weight of a priority. */
export const PRIORITY_WEIGHT: Record<number, number> = { 1: 1, 2: 2, 3: 4 };

/** ASINs per second a shop's pricing limits allow (Amazon time; multiplied by the time scale). */
export const SHOP_CAPACITY = 20 * USAGE_PLANS.getItemOffersBatch.rate + USAGE_PLANS.getItemOffers.rate;

/** Shortest time between two reads of an ASIN: offers do not change faster than people do. */
export const MIN_INTERVAL_MS = 60_000;

/** How often an ASIN with notifications is read anyway (a lost notification is found within this). */
export const NOTIFIED_SAFETY_MS = 6 * 3_600_000;

/** How often the catalog (title, brand, image) of a watched ASIN is read for content alerts. */
export const CONTENT_INTERVAL_MS = 6 * 3_600_000;

/** Total polling weight of a shop from its polled ASINs per priority. */
export function totalWeight(byPriority: { priority: number; n: number }[]): number {
  return byPriority.reduce((s, p) => s + (PRIORITY_WEIGHT[p.priority] ?? 2) * p.n, 0);
}

/** Milliseconds until the next read of an ASIN (`scale`: the time scale of tests and the benchmark). */
export function intervalMs(o: { priority: number; notified: boolean; totalWeight: number; scale: number }): number {
  if (o.notified) return NOTIFIED_SAFETY_MS / o.scale;
  const w = PRIORITY_WEIGHT[o.priority] ?? 2;
  const budgetMs = (Math.max(o.totalWeight, w) / (SHOP_CAPACITY * w)) * 1000;
  return Math.max(MIN_INTERVAL_MS, budgetMs) / o.scale;
}
