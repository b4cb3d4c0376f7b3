import { AGE_BUCKETS, type HomeSummaryData } from '@console/shared/schemas/overseas-home';
import { OUTBOUND_STATUSES } from '@console/shared/schemas/overseas-outbound';
import type { AppDeps } from '../../context.js';
import { ageBuckets, inboundThisWeek, lowStock, outboundCounts, stockFigures } from './overseas-home.repository.js';

/** 海外仓首页: the tenant's figures over every warehouse or one (docs/overseas.md "Home"). */
export async function homeSummary(deps: AppDeps, tenantId: number, warehouseId?: number): Promise<HomeSummaryData> {
  const [stock, low, outbound, ages, inbound] = await Promise.all([
    stockFigures(deps.db, tenantId, warehouseId),
    lowStock(deps.db, tenantId, warehouseId),
    outboundCounts(deps.db, tenantId, warehouseId),
    ageBuckets(deps.db, tenantId, warehouseId),
    inboundThisWeek(deps.db, tenantId, warehouseId),
  ]);
  const byStatus = Object.fromEntries(OUTBOUND_STATUSES.map((s) => [s, 0])) as HomeSummaryData['outbound_by_status'];
  for (const o of outbound) byStatus[o.status] = o.n;
  const buckets = Object.fromEntries(AGE_BUCKETS.map((b) => [b, 0])) as HomeSummaryData['age_buckets'];
  for (const a of ages) buckets[a.bucket as keyof typeof buckets] = a.units;
  return {
    stock_value: stock.filter((s) => s.value > 0).map((s) => ({ currency: s.currency, value_minor: s.value })),
    sku_count: stock.reduce((n, s) => n + s.skus, 0),
    on_hand: stock.reduce((n, s) => n + s.units, 0),
    low_stock: low,
    inbound_week: inbound ? { enabled: true, ...inbound } : { enabled: false, count: 0, units: 0 },
    outbound_by_status: byStatus,
    age_buckets: buckets,
  };
}
