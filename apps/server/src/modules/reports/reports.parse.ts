import type { SpApiRegion } from '@console/shared/constants/marketplaces';
import type { FeedbackRow, PerformanceFigures, RateFigure } from '@console/shared/schemas/seller-reports';
import { AppError } from '../../lib/app-error.js';

/**
 * Reading the two report documents (docs/reports.md "Documents"):
 * - GET_V2_SELLER_PERFORMANCE_REPORT: JSON of `accountHealthReport-2020-11-18.json`; the
 *   figures of one marketplace are kept (rates as Amazon gives them, ratios 0..1).
 * - GET_SELLER_FEEDBACK_DATA: tab-separated with a header row; columns are found by name
 *   (Date, Rating, Comments, Response, Order ID, Rater Email; others ignored).
 */

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const count = (v: unknown) => Math.max(0, Math.round(num(obj(v).count ?? v)));

function rateFigure(v: unknown, countKey: string, totalKey: string): RateFigure {
  const m = obj(v);
  const range = obj(m.reportingDateRange);
  return {
    rate: num(m.rate),
    count: Math.round(num(m[countKey])),
    total: Math.round(num(m[totalKey])),
    status: str(m.status),
    target: num(m.targetValue),
    condition: str(m.targetCondition),
    from: str(range.reportingDateFrom),
    to: str(range.reportingDateTo),
  };
}

function odr(v: unknown) {
  const m = obj(v);
  return {
    order_count: Math.round(num(m.orderCount)),
    defects: count(m.orderWithDefects),
    negative_feedback: count(m.negativeFeedback),
    claims: count(m.claims),
    chargebacks: count(m.chargebacks),
    rate: num(m.rate),
    status: str(m.status),
    target: num(m.targetValue),
  };
}

/** The policy compliance metrics of the report and their Chinese names. */
export const POLICY_METRICS = {
  listingPolicyViolations: '违反商品政策',
  productAuthenticityCustomerComplaints: '商品真实性买家投诉',
  productConditionCustomerComplaints: '商品状况买家投诉',
  productSafetyCustomerComplaints: '商品安全买家投诉',
  receivedIntellectualPropertyComplaints: '知识产权投诉',
  restrictedProductPolicyViolations: '违反受限商品政策',
  suspectedIntellectualPropertyViolations: '涉嫌侵犯知识产权',
  foodAndProductSafetyIssues: '食品和商品安全问题',
  otherPolicyViolations: '其他违反政策',
  documentRequests: '文件请求',
} as const;

const malformed = (why: string) => new AppError(502, `卖家绩效报告格式不正确:${why}`);

/** The figures of one marketplace of an account health report. */
export function parsePerformanceReport(text: string, marketplaceId: string): PerformanceFigures {
  let doc: Json;
  try {
    doc = obj(JSON.parse(text));
  } catch {
    throw malformed('不是JSON');
  }
  const metrics = Array.isArray(doc.performanceMetrics) ? doc.performanceMetrics.map(obj) : [];
  const m = metrics.find((x) => x.marketplaceId === marketplaceId) ?? metrics[0];
  if (!m) throw malformed('缺少performanceMetrics');
  const statuses = Array.isArray(doc.accountStatuses) ? doc.accountStatuses.map(obj) : [];
  const account = statuses.find((x) => x.marketplaceId === marketplaceId) ?? statuses[0] ?? {};
  const ahr = obj(m.accountHealthRating);
  const odrs = obj(m.orderDefectRate);
  const ahrRange = obj(ahr.reportingDateRange);
  return {
    marketplace_id: str(m.marketplaceId) || marketplaceId,
    account_status: str(account.status),
    ahr_status: str(ahr.ahrStatus) || str(ahr.accountHealthRatingStatus),
    period_from: str(ahrRange.reportingDateFrom),
    period_to: str(ahrRange.reportingDateTo),
    odr_mfn: odr(odrs.mfn),
    odr_afn: odr(odrs.afn),
    late_shipment: rateFigure(m.lateShipmentRate, 'lateShipmentCount', 'orderCount'),
    pre_fulfillment_cancel: rateFigure(m.preFulfillmentCancellationRate, 'cancellationCount', 'orderCount'),
    valid_tracking: rateFigure(m.validTrackingRate, 'validTrackingCount', 'shipmentCount'),
    on_time_delivery: rateFigure(m.onTimeDeliveryRate, 'onTimeDeliveryCount', 'shipmentCountWithValidTracking'),
    policy: Object.entries(POLICY_METRICS).map(([key, label]) => {
      const p = obj(m[key]);
      return { key, label, count: Math.round(num(p.defectsCount)), status: str(p.status), target: num(p.targetValue) };
    }),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A report date as `YYYY-MM-DD`: ISO, or Seller Central's M/D/YY (North America) or D/M/YY (elsewhere). */
export function feedbackDate(raw: string, region: SpApiRegion): string | null {
  const s = raw.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})$/.exec(s);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  const [month, day] = region === 'NA' ? [a, b] : [b, a];
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The rows of a feedback report (rows without an order id, date or 1-5 rating are skipped). */
export function parseFeedbackReport(text: string, region: SpApiRegion): FeedbackRow[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  if (lines.length === 0) return [];
  const head = lines[0]!.split('\t').map((h) => h.trim().toLowerCase());
  const col = (name: string) => head.indexOf(name);
  const [iDate, iRating, iComments, iResponse, iOrder, iEmail] = [
    col('date'),
    col('rating'),
    col('comments'),
    col('response'),
    col('order id'),
    col('rater email'),
  ];
  if (iDate < 0 || iRating < 0 || iOrder < 0) throw new AppError(502, '卖家反馈报告缺少Date、Rating或Order ID列');
  const out: FeedbackRow[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split('\t');
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const date = feedbackDate(cell(iDate), region);
    const rating = Number(cell(iRating));
    const orderId = cell(iOrder);
    if (!date || !orderId || !Number.isInteger(rating) || rating < 1 || rating > 5) continue;
    out.push({
      feedback_date: date,
      rating,
      comments: cell(iComments).slice(0, 2000),
      response: cell(iResponse).slice(0, 2000),
      order_id: orderId.slice(0, 40),
      rater_email: cell(iEmail).slice(0, 200),
    });
  }
  return out;
}
