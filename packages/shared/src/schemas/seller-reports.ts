import { z } from 'zod';
import { dbId, paged, pageQuery, secondsQuery } from './common.js';

/**
 * 卖家绩效 and 卖家反馈 (issue 31 §4, docs/reports.md): the account health and seller feedback
 * reports of Amazon's Reports API, fetched per shop and kept as history.
 */

/** The report types the console fetches (Amazon's names) and their Chinese names. */
export const SELLER_REPORT_TYPES = {
  GET_V2_SELLER_PERFORMANCE_REPORT: '卖家绩效',
  GET_SELLER_FEEDBACK_DATA: '卖家反馈',
} as const;
export type SellerReportType = keyof typeof SELLER_REPORT_TYPES;
export const sellerReportType = z.enum(['GET_V2_SELLER_PERFORMANCE_REPORT', 'GET_SELLER_FEEDBACK_DATA'], {
  error: '报告类型不正确',
});

/** One rate metric of the account health report (rates are ratios 0..1, as Amazon gives them). */
export const rateFigure = z.object({
  rate: z.number(),
  count: z.number().int(),
  total: z.number().int(),
  /** GOOD / BAD / NONE. */
  status: z.string(),
  target: z.number(),
  /** LESS_THAN / GREATER_THAN / EQUALS. */
  condition: z.string(),
  from: z.string(),
  to: z.string(),
});
export type RateFigure = z.infer<typeof rateFigure>;

const odrFigure = z.object({
  order_count: z.number().int(),
  defects: z.number().int(),
  negative_feedback: z.number().int(),
  claims: z.number().int(),
  chargebacks: z.number().int(),
  rate: z.number(),
  status: z.string(),
  target: z.number(),
});

/** What the console keeps of one account health report (one marketplace). */
export const performanceFigures = z.object({
  marketplace_id: z.string(),
  /** NORMAL / AT_RISK / DEACTIVATED. */
  account_status: z.string(),
  /** GREAT / WARNED (or Amazon's other values). */
  ahr_status: z.string(),
  period_from: z.string(),
  period_to: z.string(),
  odr_mfn: odrFigure,
  odr_afn: odrFigure,
  late_shipment: rateFigure,
  pre_fulfillment_cancel: rateFigure,
  valid_tracking: rateFigure,
  on_time_delivery: rateFigure,
  policy: z.array(
    z.object({ key: z.string(), label: z.string(), count: z.number().int(), status: z.string(), target: z.number() }),
  ),
});
export type PerformanceFigures = z.infer<typeof performanceFigures>;

/** One feedback row as read from the report (`feedback_date` YYYY-MM-DD). */
export interface FeedbackRow {
  feedback_date: string;
  rating: number;
  comments: string;
  response: string;
  order_id: string;
  rater_email: string;
}

const shopIdField = dbId('店铺ID', 'integer');

/** `POST /reports/refresh` (刷新): fetch both reports of a shop (or every usable shop) now. */
export const reportsRefreshBody = z.strictObject({
  shop_id: shopIdField.optional(),
  report_type: sellerReportType.optional(),
});
export type ReportsRefreshBody = z.infer<typeof reportsRefreshBody>;
export const reportsRefreshData = z.object({ job_id: z.string() });

/** The result of a refresh job. */
export const reportsRefreshResult = z.object({
  reports: z.number().int(),
  done: z.number().int(),
  errors: z.array(z.string()),
});
export type ReportsRefreshResult = z.infer<typeof reportsRefreshResult>;

/** `POST /reports/performance`: each usable shop's newest figures and its history (trend). */
export const reportsPerformanceBody = z.strictObject({
  shop_id: shopIdField.optional(),
  /** History points per shop (default 30). */
  history: z
    .number()
    .int()
    .min(1, { error: '历史条数必须大于0' })
    .max(365, { error: '历史条数不能大于365' })
    .optional(),
});
export type ReportsPerformanceBody = z.infer<typeof reportsPerformanceBody>;

const fetchState = z.object({
  /** Seconds; null: never fetched. */
  last_fetched_at: z.number().int().nullable(),
  last_error: z.string(),
  running: z.boolean(),
});

export const reportsPerformanceData = z.object({
  interval_hours: z.number(),
  list: z.array(
    z.object({
      shop_id: z.number().int(),
      shop_name: z.string(),
      marketplace_id: z.string(),
      marketplace_name: z.string(),
      state: fetchState,
      /** The newest DONE report's figures (null: none yet). */
      figures: performanceFigures.nullable(),
      history: z.array(
        z.object({
          id: z.number().int(),
          fetched_at: z.number().int(),
          /** done / fatal / cancelled / failed. */
          state: z.string(),
          error: z.string(),
          odr: z.number().nullable(),
          late_shipment: z.number().nullable(),
          pre_fulfillment_cancel: z.number().nullable(),
          valid_tracking: z.number().nullable(),
          account_status: z.string(),
        }),
      ),
    }),
  ),
});
export type ReportsPerformanceData = z.infer<typeof reportsPerformanceData>;

const dateRangeChecks = <T extends z.ZodType<{ startTime?: number | undefined; endTime?: number | undefined }>>(s: T) =>
  s.refine((b) => !b.startTime || !b.endTime || b.startTime <= b.endTime, {
    error: '开始时间不能晚于结束时间',
    path: ['startTime'],
  });

/** The filters of 卖家反馈 (the list's and the export's). */
const feedbackFilters = {
  shop_id: shopIdField.optional(),
  rating: z.coerce.number().int().min(1, { error: '评分为1到5' }).max(5, { error: '评分为1到5' }).optional(),
  startTime: secondsQuery,
  endTime: secondsQuery,
};

/** `POST /reports/feedback/list`: the kept feedback, filtered; counts by rating over the same filter. */
export const reportsFeedbackBody = dateRangeChecks(z.strictObject({ ...pageQuery, ...feedbackFilters }));
export type ReportsFeedbackBody = z.infer<typeof reportsFeedbackBody>;

/** `GET /reports/feedback/export`: the list's filters without paging (query parameters). */
export const reportsFeedbackExportQuery = dateRangeChecks(z.strictObject(feedbackFilters));
export type ReportsFeedbackExportQuery = z.infer<typeof reportsFeedbackExportQuery>;
/** Most rows one export holds (newest first); the file says so in its last row when cut. */
export const FEEDBACK_EXPORT_MAX = 50_000;

export const feedbackItem = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  marketplace_id: z.string(),
  /** YYYY-MM-DD. */
  feedback_date: z.string(),
  rating: z.number().int(),
  comments: z.string(),
  response: z.string(),
  order_id: z.string(),
  /** The console's order with that Amazon order id (null: not synced). */
  order_row_id: z.number().int().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const reportsFeedbackData = paged(feedbackItem).extend({
  /** Rows per rating 1..5 over the filter (the rating filter left out). */
  counts: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
    5: z.number().int(),
  }),
  state: fetchState,
});
export type ReportsFeedbackData = z.infer<typeof reportsFeedbackData>;
