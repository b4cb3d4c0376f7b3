import { marketplaceById } from '@console/shared/constants/marketplaces';
import { can } from '@console/shared/permissions/can';
import type {
  ReportsFeedbackBody,
  ReportsFeedbackData,
  ReportsFeedbackExportQuery,
  ReportsPerformanceBody,
  ReportsPerformanceData,
  ReportsRefreshBody,
  SellerReportType,
} from '@console/shared/schemas/seller-reports';
import { FEEDBACK_EXPORT_MAX, SELLER_REPORT_TYPES } from '@console/shared/schemas/seller-reports';
import type { Actor, AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import type { JobClient } from '../../jobs/job-queue.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { subjectOf } from '../account/account.presenter.js';
import { shopMarketplaceIds } from '../fba/fba-stock.service.js';
import { audit } from '../system/audit.js';
import { reportsRefreshJob } from './reports.job.js';
import {
  type FeedbackFilter,
  feedbackCounts,
  feedbackForExport,
  feedbackPage,
  performanceHistory,
  reportShops,
  syncStates,
} from './reports.repository.js';
import { feedbackWorkbook } from './reports-export.js';

const secs = (d: Date) => Math.floor(d.getTime() / 1000);
const mpName = (id: string) => marketplaceById(id)?.name ?? id;

/** The shops a user reads reports of: every authorized shop with `shop.manage`, else those given to the account. */
export function usableShops(deps: AppDeps, tenantId: number, user: UserRow, shopIds?: number[]) {
  const all = can(subjectOf(user), 'shop.manage', { internalIds: deps.config.internalIds });
  return reportShops(deps.db, { tenantId, shopIds, ...(all ? {} : { userId: user.id }) });
}

/** One shop given, it must be the caller's usable shop (another tenant's id: 404). */
async function shopsOf(deps: AppDeps, tenantId: number, user: UserRow, shopId: number | undefined) {
  const shops = await usableShops(deps, tenantId, user, shopId === undefined ? undefined : [shopId]);
  if (shopId !== undefined && shops.length === 0) throw notFound('店铺不存在或未授权');
  return shops;
}

async function stateOf(deps: AppDeps, tenantId: number, shopIds: number[], type: SellerReportType) {
  const states = (await syncStates(deps.db, tenantId)).filter(
    (s) => s.report_type === type && shopIds.includes(s.shop_id),
  );
  const now = Date.now();
  const fetched = states.map((s) => s.last_fetched_at).filter((d): d is Date => !!d);
  return {
    last_fetched_at: fetched.length ? secs(new Date(Math.min(...fetched.map((d) => d.getTime())))) : null,
    last_error: states
      .map((s) => s.last_error)
      .filter(Boolean)
      .join('\n'),
    running: states.some((s) => !!s.lease_until && s.lease_until.getTime() > now),
  };
}

/** 刷新: enqueues the fetch of the shop's (or every usable shop's) reports with its audit line. */
export async function startRefresh(
  deps: AppDeps,
  jobs: JobClient,
  actor: Actor,
  user: UserRow,
  body: ReportsRefreshBody,
) {
  const shops = await shopsOf(deps, actor.tenantId, user, body.shop_id);
  if (shops.length === 0) throw badRequest('没有已授权的店铺,请先在店铺管理绑定店铺');
  const types = body.report_type ? [body.report_type] : (Object.keys(SELLER_REPORT_TYPES) as SellerReportType[]);
  return deps.db.transaction().execute(async (trx) => {
    const job = await jobs.enqueue(
      reportsRefreshJob,
      actor,
      { shop_ids: shops.map((s) => s.id), types, requested_at: Date.now() },
      { tx: trx, total: shops.length * types.length },
    );
    await audit(trx, actor, {
      action: 'reports.refresh',
      targetType: 'seller_report',
      targetId: job.id,
      after: { shops: shops.length, types: types.map((t) => SELLER_REPORT_TYPES[t]) },
    });
    return { job_id: job.id };
  });
}

/** 卖家绩效: per usable shop x marketplace, the newest figures and the history. */
export async function performance(
  deps: AppDeps,
  tenantId: number,
  user: UserRow,
  body: ReportsPerformanceBody,
): Promise<ReportsPerformanceData> {
  const shops = await shopsOf(deps, tenantId, user, body.shop_id);
  const ids = shops.map((s) => s.id);
  const [history, states] = await Promise.all([
    performanceHistory(deps.db, tenantId, ids, body.history ?? 30),
    syncStates(deps.db, tenantId),
  ]);
  const now = Date.now();
  return {
    interval_hours: deps.config.sellerReportHours,
    list: shops.flatMap((shop) => {
      const s = states.find((x) => x.shop_id === shop.id && x.report_type === 'GET_V2_SELLER_PERFORMANCE_REPORT');
      return shopMarketplaceIds(shop.marketplaces).map((mp) => {
        const runs = history.filter((h) => h.shop_id === shop.id && h.marketplace_id === mp);
        const newest = runs.find((r) => r.state === 'done' && r.figures);
        return {
          shop_id: shop.id,
          shop_name: shop.name,
          marketplace_id: mp,
          marketplace_name: mpName(mp),
          state: {
            last_fetched_at: s?.last_fetched_at ? secs(s.last_fetched_at) : null,
            last_error: s?.last_error ?? '',
            running: !!s?.lease_until && s.lease_until.getTime() > now,
          },
          figures: newest?.figures ?? null,
          history: runs.map((r) => {
            const f = r.figures;
            return {
              id: Number(r.id),
              fetched_at: secs(r.fetched_at),
              state: r.state,
              error: r.error,
              odr: f ? Math.max(f.odr_mfn.rate, f.odr_afn.rate) : null,
              late_shipment: f ? f.late_shipment.rate : null,
              pre_fulfillment_cancel: f ? f.pre_fulfillment_cancel.rate : null,
              valid_tracking: f ? f.valid_tracking.rate : null,
              account_status: f?.account_status ?? '',
            };
          }),
        };
      });
    }),
  };
}

/** Beijing's calendar day of a unix second (the users' day; spec section 5 ranges are in seconds). */
function day(seconds: number): string {
  return new Date(seconds * 1000 + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The feedback filter of the list's (or export's) filters over the caller's usable shops. */
async function feedbackFilter(
  deps: AppDeps,
  tenantId: number,
  user: UserRow,
  q: ReportsFeedbackExportQuery,
): Promise<FeedbackFilter> {
  const shops = await shopsOf(deps, tenantId, user, q.shop_id);
  return {
    shopIds: shops.map((s) => s.id),
    rating: q.rating,
    from: q.startTime ? day(q.startTime) : undefined,
    to: q.endTime ? day(q.endTime) : undefined,
  };
}

/** 卖家反馈 导出: the filtered feedback (at most `FEEDBACK_EXPORT_MAX` rows, newest first) as .xlsx. */
export async function feedbackExport(deps: AppDeps, tenantId: number, user: UserRow, q: ReportsFeedbackExportQuery) {
  const filter = await feedbackFilter(deps, tenantId, user, q);
  const rows = await feedbackForExport(deps.db, tenantId, filter, FEEDBACK_EXPORT_MAX + 1);
  return feedbackWorkbook(
    rows.slice(0, FEEDBACK_EXPORT_MAX).map((r) => ({
      feedback_date: r.feedback_date,
      rating: r.rating,
      comments: r.comments,
      response: r.response,
      order_id: r.order_id,
      marketplace: mpName(r.marketplace_id),
      shop_name: r.shop_name ?? '',
    })),
    rows.length > FEEDBACK_EXPORT_MAX,
  );
}

/** 卖家反馈: one page of the kept feedback, counts by rating, the fetch state. */
export async function feedback(
  deps: AppDeps,
  tenantId: number,
  user: UserRow,
  body: ReportsFeedbackBody,
): Promise<ReportsFeedbackData> {
  const filter = await feedbackFilter(deps, tenantId, user, body);
  const shopIds = filter.shopIds;
  const [page, counts, state] = await Promise.all([
    feedbackPage(deps.db, tenantId, filter, body.page, body.pageSize),
    feedbackCounts(deps.db, tenantId, filter),
    stateOf(deps, tenantId, shopIds, 'GET_SELLER_FEEDBACK_DATA'),
  ]);
  const byRating = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const c of counts) byRating[c.rating as 1 | 2 | 3 | 4 | 5] = Number(c.n);
  return {
    list: page.rows.map((r) => ({
      id: Number(r.id),
      shop_id: r.shop_id,
      shop_name: r.shop_name ?? '',
      marketplace_id: r.marketplace_id,
      feedback_date: r.feedback_date,
      rating: r.rating,
      comments: r.comments,
      response: r.response,
      order_id: r.order_id,
      order_row_id: r.order_row_id === null ? null : Number(r.order_row_id),
    })),
    total: page.total,
    page: body.page,
    pageSize: body.pageSize,
    counts: byRating,
    state,
  };
}
