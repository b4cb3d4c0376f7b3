import type {
  AccountStatsData,
  OrderStatsData,
  PerformanceStatsData,
  StatsKind,
  StatsQuery,
} from '@console/shared/schemas/statistics';
import { STATS_KIND_LABELS } from '@console/shared/schemas/statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getFile } from './goods-files';
import { get } from './http';

/** Query keys of the 系统 statistics. */
export const statsKeys = {
  all: ['statistics'] as const,
  of: (kind: StatsKind, q: StatsQuery) => [...statsKeys.all, kind, q] as const,
};

/** The range as query parameters; 0 (invalid or not given) is left out, the server then uses the last 30 days. */
const rangeQuery = (q: StatsQuery) => ({
  ...(q.startTime ? { startTime: q.startTime } : {}),
  ...(q.endTime ? { endTime: q.endTime } : {}),
});

/** 账号统计 of a range. */
export function useAccountStats(q: StatsQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: statsKeys.of('account', q),
    queryFn: () => get<AccountStatsData>('/amazon-user/accountStatistical', rangeQuery(q)),
    placeholderData: keepPreviousData,
  });
}

/** 订单统计 of a range. */
export function useOrderStats(q: StatsQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: statsKeys.of('order', q),
    queryFn: () => get<OrderStatsData>('/amazon-user/orderStatistical', rangeQuery(q)),
    placeholderData: keepPreviousData,
  });
}

/** 员工绩效 (`performanceStatistical`) of a range. */
export function usePerformanceStats(q: StatsQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: statsKeys.of('performance', q),
    queryFn: () => get<PerformanceStatsData>('/amazon-user/performanceStatistical', rangeQuery(q)),
    placeholderData: keepPreviousData,
  });
}

/** The screen's tables as an .xlsx download. */
export function exportStats(kind: StatsKind, q: StatsQuery) {
  const params = new URLSearchParams({ kind });
  for (const [k, v] of Object.entries(rangeQuery(q))) params.set(k, String(v));
  return getFile(`/amazon-user/statisticalExport?${params}`, `${STATS_KIND_LABELS[kind]}.xlsx`);
}
