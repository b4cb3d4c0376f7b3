import { createHash } from 'node:crypto';
import type { SpApiRegion } from '@console/shared/constants/marketplaces';
import type { SimOrder } from './sim-orders.js';

/**
 * The documents of the simulated reports, built from the seller's simulated orders
 * (docs/reports.md "Simulator"):
 * - feedback: every order that shipped gets the buyer's feedback a minute (Amazon time) after
 *   shipping; a refunded order gets 1 star, the others 3 to 5 stars chosen by the order id.
 * - performance: the account health report of the vendored schema
 *   (`schemas/reports/accountHealthReport-2020-11-18.json`) computed over the orders' windows;
 *   negative feedback (1-2 stars) counts as an order defect.
 */

const DAY = 86_400_000;
const FEEDBACK_DELAY_MS = 60_000;

const COMMENTS: Record<number, string> = {
  1: 'Item arrived damaged and I had to ask for a refund.',
  2: 'Late delivery and poor packaging.',
  3: 'OK product, delivery took a while.',
  4: 'Good seller, item as described.',
  5: 'Great product, fast shipping. Thank you!',
};

/** One feedback of the simulated buyers. */
export interface SimFeedback {
  at: number;
  rating: number;
  comments: string;
  orderId: string;
  email: string;
}

const shippedAt = (o: SimOrder) => o.timeline.find((t) => t.status === 'Shipped')?.at;

function ratingOf(o: SimOrder, now: number): number {
  if (o.refundAt !== undefined && o.refundAt >= 0 && o.refundAt <= now) return 1;
  const h = createHash('sha1').update(o.amazonOrderId).digest()[0]!;
  return [5, 5, 5, 4, 4, 3][h % 6]!;
}

/** The feedback the seller's orders have received by `now`. */
export function feedbackOf(orders: SimOrder[], now: number, timeScale: number): SimFeedback[] {
  const out: SimFeedback[] = [];
  for (const o of orders) {
    const shipped = shippedAt(o);
    if (shipped === undefined) continue;
    const at = shipped + FEEDBACK_DELAY_MS / timeScale;
    if (at > now) continue;
    const rating = ratingOf(o, now);
    out.push({ at, rating, comments: COMMENTS[rating]!, orderId: o.amazonOrderId, email: o.buyer.email });
  }
  return out.sort((a, b) => b.at - a.at);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Seller Central's date of the report: MM/DD/YY in North America, DD/MM/YY elsewhere. */
export function reportDate(at: number, region: SpApiRegion): string {
  const d = new Date(at);
  const [m, day, y] = [pad(d.getUTCMonth() + 1), pad(d.getUTCDate()), pad(d.getUTCFullYear() % 100)];
  return region === 'NA' ? `${m}/${day}/${y}` : `${day}/${m}/${y}`;
}

const clean = (s: string) => s.replace(/[\t\r\n]+/g, ' ');

/** GET_SELLER_FEEDBACK_DATA: tab-separated, a header row, newest first (since `since`). */
export function feedbackTsv(
  orders: SimOrder[],
  now: number,
  region: SpApiRegion,
  since: number,
  timeScale: number,
): string {
  const rows = feedbackOf(orders, now, timeScale).filter((f) => f.at >= since);
  const lines = ['Date\tRating\tComments\tResponse\tOrder ID\tRater Email'];
  for (const f of rows)
    lines.push([reportDate(f.at, region), String(f.rating), clean(f.comments), '', f.orderId, f.email].join('\t'));
  return `${lines.join('\n')}\n`;
}

type Status = 'GOOD' | 'BAD' | 'NONE';
const iso = (t: number) => new Date(t).toISOString().replace(/:\d\d\.\d{3}Z$/, 'Z');

function range(now: number, days: number, timeScale: number) {
  return { reportingDateFrom: iso(now - (days * DAY) / timeScale), reportingDateTo: iso(now) };
}

function judge(count: number, rate: number, target: number, condition: 'LESS_THAN' | 'GREATER_THAN'): Status {
  if (count === 0) return 'NONE';
  return (condition === 'LESS_THAN' ? rate < target : rate > target) ? 'GOOD' : 'BAD';
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10_000) / 10_000);
const flag = (n: number): Status => (n > 0 ? 'BAD' : 'GOOD');

function violation(now: number, timeScale: number) {
  return {
    reportingDateRange: range(now, 180, timeScale),
    defectsCount: 0,
    status: 'GOOD' as Status,
    targetValue: 0,
    targetCondition: 'EQUALS',
  };
}

/** The account health report (one marketplace) of the seller's orders at `now`. */
export function performanceReport(orders: SimOrder[], marketplaceId: string, now: number, timeScale: number) {
  const within = (days: number) =>
    orders.filter((o) => o.createdAt >= now - (days * DAY) / timeScale && o.createdAt <= now);
  const negative = new Set(
    feedbackOf(orders, now, timeScale)
      .filter((f) => f.rating <= 2)
      .map((f) => f.orderId),
  );
  const odr = (channel: 'MFN' | 'AFN') => {
    const list = within(60).filter((o) => o.channel === channel);
    const neg = list.filter((o) => negative.has(o.amazonOrderId)).length;
    const rate = ratio(neg, list.length);
    return {
      reportingDateRange: range(now, 60, timeScale),
      orderCount: list.length,
      orderWithDefects: { count: neg, status: flag(neg) },
      claims: { count: 0, status: 'GOOD' as Status },
      chargebacks: { count: 0, status: 'GOOD' as Status },
      negativeFeedback: { count: neg, status: flag(neg) },
      fulfillmentType: channel,
      status: judge(list.length, rate, 0.01, 'LESS_THAN'),
      rate,
      targetValue: 0.01,
      targetCondition: 'LESS_THAN',
    };
  };
  const mfn30 = within(30).filter((o) => o.channel === 'MFN');
  const shipped30 = mfn30.filter((o) => shippedAt(o) !== undefined);
  const late = shipped30.filter((o) => (shippedAt(o) ?? 0) > o.latestShipAt).length;
  const mfn7 = within(7).filter((o) => o.channel === 'MFN');
  const cancelled = mfn7.filter((o) => o.timeline.some((t) => t.status === 'Canceled' && t.at <= now)).length;
  const lateRate = ratio(late, shipped30.length);
  const cancelRate = ratio(cancelled, mfn7.length);
  const mfnOdr = odr('MFN');
  const afnOdr = odr('AFN');
  const trackingRate = shipped30.length ? 1 : 0;
  const bad = [mfnOdr.status, afnOdr.status, judge(shipped30.length, lateRate, 0.04, 'LESS_THAN')].includes('BAD');
  const metric = {
    marketplaceId,
    invoiceDefectRate: {
      reportingDateRange: range(now, 30, timeScale),
      orderCount: 0,
      invoiceDefect: { count: 0, status: 'GOOD' as Status },
      missingInvoice: { count: 0, status: 'GOOD' as Status },
      lateInvoice: { count: 0, status: 'GOOD' as Status },
      status: 'NONE' as Status,
      rate: 0,
      targetValue: 0.05,
      targetCondition: 'LESS_THAN',
    },
    lateShipmentRate: {
      reportingDateRange: range(now, 30, timeScale),
      orderCount: shipped30.length,
      lateShipmentCount: late,
      status: judge(shipped30.length, lateRate, 0.04, 'LESS_THAN'),
      rate: lateRate,
      targetValue: 0.04,
      targetCondition: 'LESS_THAN',
    },
    orderDefectRate: { mfn: mfnOdr, afn: afnOdr },
    onTimeDeliveryRate: {
      reportingDateRange: range(now, 14, timeScale),
      shipmentCountWithValidTracking: shipped30.length,
      onTimeDeliveryCount: shipped30.length,
      status: judge(shipped30.length, trackingRate, 0.9, 'GREATER_THAN'),
      rate: trackingRate,
      targetValue: 0.9,
      targetCondition: 'GREATER_THAN',
    },
    unitOnTimeDeliveryRate: {
      reportingDateRange: range(now, 14, timeScale),
      status: judge(shipped30.length, trackingRate, 0.9, 'GREATER_THAN'),
      targetValue: 0.9,
      targetCondition: 'GREATER_THAN',
      unitOnTimeDeliveryCount: shipped30.length,
      totalUnitCount: shipped30.length,
      rate: trackingRate,
    },
    validTrackingRate: {
      reportingDateRange: range(now, 30, timeScale),
      shipmentCount: shipped30.length,
      validTrackingCount: shipped30.length,
      status: judge(shipped30.length, trackingRate, 0.95, 'GREATER_THAN'),
      rate: trackingRate,
      targetValue: 0.95,
      targetCondition: 'GREATER_THAN',
    },
    preFulfillmentCancellationRate: {
      reportingDateRange: range(now, 7, timeScale),
      orderCount: mfn7.length,
      cancellationCount: cancelled,
      status: judge(mfn7.length, cancelRate, 0.025, 'LESS_THAN'),
      rate: cancelRate,
      targetValue: 0.025,
      targetCondition: 'LESS_THAN',
    },
    warningStates: [],
    accountHealthRating: {
      ahrStatus: bad ? 'WARNED' : 'GREAT',
      accountHealthRatingStatus: bad ? 'WARNED' : 'GREAT',
      reportingDateRange: range(now, 180, timeScale),
    },
    listingPolicyViolations: violation(now, timeScale),
    productAuthenticityCustomerComplaints: violation(now, timeScale),
    productConditionCustomerComplaints: violation(now, timeScale),
    productSafetyCustomerComplaints: violation(now, timeScale),
    receivedIntellectualPropertyComplaints: violation(now, timeScale),
    restrictedProductPolicyViolations: violation(now, timeScale),
    suspectedIntellectualPropertyViolations: violation(now, timeScale),
    foodAndProductSafetyIssues: violation(now, timeScale),
    otherPolicyViolations: violation(now, timeScale),
    documentRequests: violation(now, timeScale),
  };
  return {
    accountStatuses: [{ marketplaceId, status: bad ? 'AT_RISK' : 'NORMAL' }],
    performanceMetrics: [metric],
  };
}
