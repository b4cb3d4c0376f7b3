import { z } from 'zod';
import { defineJob } from '../../lib/server-module.js';
import { tenantTimeZone } from '../account/tenant-time-zone.repository.js';
import { foldStatusCounts } from '../home/order-status-counts.repository.js';
import { drainOrderRollup, orderDirtyTenants } from './order-stats-rollup.repository.js';
import { drainPerfRollup, perfDirtyTenants } from './perf-stats-rollup.repository.js';

/**
 * Drains the dirty marks of the statistics rollups (订单统计, 员工绩效) every 10 minutes: per tenant
 * with marks, takes them and rebuilds the built days they forgot, so the first read after quiet
 * hours does not pay for the day's writes (docs/statistics.md). Only tenants with built days: a
 * tenant that never read keeps its marks for its first read (the job never empties the mark tables
 * of tenants it has nothing to rebuild for). Reads still refresh on their own (the job may lag).
 * Also folds 首页's kept order counts per status (order-status-counts.repository.ts).
 */
export async function drainStatsRollups(db: Parameters<typeof drainPerfRollup>[0], signal?: AbortSignal) {
  for (const tenantId of await orderDirtyTenants(db)) {
    if (signal?.aborted) return;
    await drainOrderRollup(db, tenantId, await tenantTimeZone(db, tenantId));
  }
  for (const tenantId of await perfDirtyTenants(db)) {
    if (signal?.aborted) return;
    await drainPerfRollup(db, tenantId, await tenantTimeZone(db, tenantId));
  }
  await foldStatusCounts(db);
}

export const statsDrainJob = defineJob({
  kind: 'statistics-drain',
  payload: z.object({}),
  schedule: { cron: '*/10 * * * *', data: {} },
  policy: 'stately',
  async run(ctx) {
    await drainStatsRollups(ctx.deps.db, ctx.signal);
  },
});
