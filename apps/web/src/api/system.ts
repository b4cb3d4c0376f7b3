import type { Answer } from '@console/shared/schemas/common';
import type { operaLogPage } from '@console/shared/schemas/system';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from './http';

export { getTraderSetting } from './session';

/** Query keys of the system domain. */
export const systemKeys = {
  all: ['system'] as const,
  traderSetting: () => [...systemKeys.all, 'trader-setting'] as const,
  operaLog: (filters: OperaLogFilters) => [...systemKeys.all, 'opera-log', filters] as const,
};

/** Filters of the operation log (times in unix seconds). */
export interface OperaLogFilters {
  page: number;
  pageSize: number;
  user_id?: number;
  action?: string;
  startTime?: number;
  endTime?: number;
}

/** The operation-log page query. */
export function useOperaLog(filters: OperaLogFilters) {
  return useQuery({
    queryKey: systemKeys.operaLog(filters),
    queryFn: () => get<Answer<typeof operaLogPage>>('/opera-log/list', { ...filters }),
    placeholderData: keepPreviousData,
  });
}
