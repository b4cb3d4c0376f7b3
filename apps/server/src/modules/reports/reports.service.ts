import { marketplaceById } from '@console/shared/constants/marketplaces';
import type { PerformanceFigures, SellerReportType } from '@console/shared/schemas/seller-reports';
import type { AppDeps } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { SpApiError } from '../../marketplace/sp-api.errors.js';
import type { FetchedReport } from '../../marketplace/sp-api.reports.js';
import { shopMarketplaceIds } from '../fba/fba-stock.service.js';
import { openShop } from '../shop/shop-client.js';
import { negativeFeedback, performanceRead } from './reports.messages.js';
import { parseFeedbackReport, parsePerformanceReport } from './reports.parse.js';
import {
  insertRun,
  releaseReportLease,
  reportLeaseHeld,
  takeReportLease,
  upsertFeedback,
} from './reports.repository.js';

/**
 * Fetching one shop's report of a type (docs/reports.md "Fetching"): under the shop x type
 * lease, for each marketplace of the shop, createReport → getReport until it ends →
 * getReportDocument → download, then the history row, the figures or feedback rows, and the
 * messages. A run that finds the lease held waits for it to be freed and fetches nothing (the
 * holder's report serves both: parallel refreshes create one report).
 */

/** How long a run holds its shop x type (a crashed run's hold expires then). */
const LEASE_MS = 40 * 60_000;
const LEASE_POLL_MS = 250;
/** Days of feedback a report asks for (Amazon keeps the last 365). */
export const FEEDBACK_DAYS = 90;

export type ReportShop = { id: number; tenant_id: number; name: string; marketplaces: string[] };

export interface ReportFetchResult {
  /** Reports that ended (any state). */
  reports: number;
  /** Reports that ended DONE and were stored. */
  done: number;
  /** Another run held the shop x type; this one waited for it and fetched nothing. */
  joined: boolean;
  errors: string[];
}

const messageOf = (err: unknown) =>
  err instanceof SpApiError || err instanceof AppError ? err.message : '获取报告失败,请稍后重试';

/** Polling of the job (sandbox shops run faster by the scheduler's time scale). */
export interface FetchOptions {
  leaseWaitMs?: number;
  poll?: { firstPollMs?: number; maxPollMs?: number; timeoutMs?: number };
}

/** Fetches one shop's report of a type, every marketplace of the shop. */
export async function fetchShopReport(
  deps: AppDeps,
  shop: ReportShop,
  type: SellerReportType,
  opts: FetchOptions = {},
): Promise<ReportFetchResult> {
  const res: ReportFetchResult = { reports: 0, done: 0, joined: false, errors: [] };
  if (!(await takeReportLease(deps.db, shop.tenant_id, shop.id, type, LEASE_MS))) {
    res.joined = true;
    const deadline = Date.now() + (opts.leaseWaitMs ?? 0);
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, LEASE_POLL_MS));
      if (!(await reportLeaseHeld(deps.db, shop.tenant_id, shop.id, type))) break;
    }
    return res;
  }
  const errors: string[] = [];
  try {
    const { client } = await openShop(deps, shop.tenant_id, shop.id);
    // The marketplaces side by side: each report mostly waits on Amazon preparing it, and
    // createReport's burst (15) covers a unified account's marketplaces.
    const one = async (mp: string) => {
      const mpName = marketplaceById(mp)?.name ?? mp;
      const now = new Date();
      const from = type === 'GET_SELLER_FEEDBACK_DATA' ? new Date(now.getTime() - FEEDBACK_DAYS * 86_400_000) : null;
      let fetched: FetchedReport;
      try {
        fetched = await client.reports.fetchReport(
          {
            reportType: type,
            marketplaceIds: [mp],
            ...(from ? { dataStartTime: from.toISOString(), dataEndTime: now.toISOString() } : {}),
          },
          opts.poll,
        );
      } catch (err) {
        const error = messageOf(err);
        errors.push(`店铺「${shop.name}」${mpName}:${error}`);
        await insertRun(deps.db, {
          tenant_id: shop.tenant_id,
          shop_id: shop.id,
          report_type: type,
          marketplace_id: mp,
          amazon_report_id: '',
          period_from: from,
          period_to: from ? now : null,
          state: 'failed',
          error,
          figures: null,
          rows: 0,
        });
        return;
      }
      res.reports++;
      const stored = await storeReport(deps, shop, type, mp, fetched, from, now);
      if (stored.error) errors.push(`店铺「${shop.name}」${mpName}:${stored.error}`);
      else res.done++;
    };
    await Promise.all(shopMarketplaceIds(shop.marketplaces).map(one));
  } catch (err) {
    errors.push(`店铺「${shop.name}」:${messageOf(err)}`);
  } finally {
    await releaseReportLease(deps.db, shop.tenant_id, shop.id, type, errors.join('\n').slice(0, 2000));
  }
  res.errors.push(...errors);
  return res;
}

/** Stores a finished report (history row and its data) in one transaction; answers the error a user reads. */
async function storeReport(
  deps: AppDeps,
  shop: ReportShop,
  type: SellerReportType,
  marketplaceId: string,
  fetched: FetchedReport,
  from: Date | null,
  now: Date,
): Promise<{ error: string }> {
  const base = {
    tenant_id: shop.tenant_id,
    shop_id: shop.id,
    report_type: type,
    marketplace_id: marketplaceId,
    amazon_report_id: fetched.report.reportId,
    period_from: from,
    period_to: from ? now : null,
  };
  if (fetched.status !== 'DONE') {
    const error =
      fetched.status === 'FATAL'
        ? `亚马逊报告处理失败(FATAL)${fetched.message ? `:${fetched.message}` : ''}`
        : '亚马逊取消了报告(该时段没有数据)';
    await insertRun(deps.db, {
      ...base,
      state: fetched.status === 'FATAL' ? 'fatal' : 'cancelled',
      error,
      figures: null,
      rows: 0,
    });
    return { error: fetched.status === 'FATAL' ? error : '' };
  }
  let figures: PerformanceFigures | null = null;
  let feedback: ReturnType<typeof parseFeedbackReport> = [];
  try {
    if (type === 'GET_V2_SELLER_PERFORMANCE_REPORT') figures = parsePerformanceReport(fetched.content, marketplaceId);
    else feedback = parseFeedbackReport(fetched.content, marketplaceById(marketplaceId)?.region ?? 'NA');
  } catch (err) {
    const error = messageOf(err);
    await insertRun(deps.db, { ...base, state: 'failed', error, figures: null, rows: 0 });
    return { error };
  }
  await deps.db.transaction().execute(async (trx) => {
    const period = figures
      ? { period_from: dateOrNull(figures.period_from), period_to: dateOrNull(figures.period_to) }
      : {};
    const runId = await insertRun(trx, {
      ...base,
      ...period,
      state: 'done',
      error: '',
      figures,
      rows: feedback.length,
    });
    if (figures) await performanceRead(trx, shop, figures);
    else {
      const fresh = await upsertFeedback(trx, shop, marketplaceId, runId, feedback);
      const freshKeys = new Set(fresh.map((f) => f.order_id));
      await negativeFeedback(
        trx,
        shop,
        marketplaceId,
        feedback.filter((f) => freshKeys.has(f.order_id)),
      );
    }
  });
  return { error: '' };
}

function dateOrNull(s: string): Date | null {
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t);
}
