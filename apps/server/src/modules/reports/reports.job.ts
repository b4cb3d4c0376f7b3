import {
  type ReportsRefreshResult,
  reportsRefreshResult,
  SELLER_REPORT_TYPES,
  type SellerReportType,
  sellerReportType,
} from '@console/shared/schemas/seller-reports';
import { z } from 'zod';
import { defineJob } from '../../lib/server-module.js';
import { reportShops, syncStates } from './reports.repository.js';
import { fetchShopReport } from './reports.service.js';

/** A refresh waits this long for a run already fetching the same shop x type (its report serves both). */
const REFRESH_LEASE_WAIT_MS = 30 * 60_000;
const TYPES = Object.keys(SELLER_REPORT_TYPES) as SellerReportType[];

/**
 * Every hour: each authorized shop's report types whose last fetch is older than
 * `config.sellerReportHours` (default 24), or never finished, are fetched one after the other
 * (a failed fetch is tried again at the next tick; a pair another run holds is left to it).
 */
export const reportsScheduled = defineJob({
  kind: 'seller-reports-scheduled',
  payload: z.object({}),
  schedule: { cron: '23 * * * *', data: {} },
  async run(ctx) {
    const { deps } = ctx;
    if (deps.config.sellerReportHours === 0) return; // scheduled fetches switched off: 刷新 only
    const before = Date.now() - deps.config.sellerReportHours * 3_600_000;
    const last = new Map((await syncStates(deps.db)).map((s) => [`${s.shop_id}|${s.report_type}`, s.last_fetched_at]));
    for (const shop of await reportShops(deps.db)) {
      for (const type of TYPES) {
        if (ctx.signal?.aborted) return;
        const at = last.get(`${shop.id}|${type}`);
        if (at && at.getTime() >= before) continue;
        await fetchShopReport(deps, shop, type);
      }
    }
  },
});

const refreshPayload = z.object({
  shop_ids: z.array(z.number().int().positive()).max(1000),
  types: z.array(sellerReportType).min(1).max(2),
  /** When 刷新 was pressed (ms): a shop x type fetched since then is not fetched again. */
  requested_at: z.number().int(),
});

/** 刷新 on demand: the given shops' reports now, progress per shop x type. */
export const reportsRefreshJob = defineJob<z.infer<typeof refreshPayload>, ReportsRefreshResult>({
  kind: 'seller-reports-refresh',
  payload: refreshPayload,
  access: 'shop.use',
  failMessage: '获取卖家报告失败,请稍后重试',
  // Runs mostly wait on Amazon preparing reports: other tenants' refreshes run beside them.
  concurrency: 4,
  async run(ctx, p) {
    const job = ctx.job;
    if (!job) return;
    const shops = await reportShops(ctx.deps.db, { tenantId: job.tenantId, shopIds: p.shop_ids });
    const pairs = shops.flatMap((shop) => p.types.map((type) => ({ shop, type })));
    const total: ReportsRefreshResult = { reports: 0, done: 0, errors: [] };
    await ctx.progress.update(0, { total: pairs.length, result: total });
    let n = 0;
    for (const { shop, type } of pairs) {
      const state = (await syncStates(ctx.deps.db, job.tenantId)).find(
        (s) => s.shop_id === shop.id && s.report_type === type,
      );
      const fresh = state?.last_fetched_at && state.last_fetched_at.getTime() >= p.requested_at;
      if (!fresh) {
        const r = await fetchShopReport(ctx.deps, shop, type, { leaseWaitMs: REFRESH_LEASE_WAIT_MS });
        total.reports += r.reports;
        total.done += r.done;
        total.errors.push(...r.errors);
      }
      await ctx.progress.update(++n, { result: { ...total, errors: [...total.errors] } });
    }
    await ctx.progress.done(reportsRefreshResult.parse(total));
  },
});
