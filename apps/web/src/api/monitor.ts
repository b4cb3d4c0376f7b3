import type { Answer } from '@console/shared/schemas/common';
import type {
  alertListData,
  caseDetailData,
  caseListData,
  monitorAddData,
  monitorCheckData,
  monitorDetailData,
  monitorListData,
  monitorOverviewData,
  monitorSettingsData,
  monitorShopsData,
} from '@console/shared/schemas/monitor';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from './http';
import { messageKeys } from './messages';

/** A page of watched ASINs with the account's limit. */
export type MonitorList = Answer<typeof monitorListData>;
/** One watched ASIN. */
export type MonitorAsin = MonitorList['list'][number];
/** Filters of 跟卖监控. */
export interface MonitorFilters {
  page: number;
  pageSize: number;
  keyword?: string;
  filter?: 'all' | 'hijacked' | 'alerts' | 'lost';
}
/** A page of removal cases. */
export type CaseList = Answer<typeof caseListData>;
/** One removal case. */
export type MonitorCase = CaseList['list'][number];
/** Filters of 跟卖移除. */
export interface CaseFilters {
  page: number;
  pageSize: number;
  keyword?: string;
  status?: MonitorCase['status'];
}

/** Query keys of the monitor. */
export const monitorKeys = {
  all: ['monitor'] as const,
  overview: () => [...monitorKeys.all, 'overview'] as const,
  list: (f: MonitorFilters) => [...monitorKeys.all, 'list', f] as const,
  detail: (id: number, days: number) => [...monitorKeys.all, 'detail', id, days] as const,
  alerts: (f: object) => [...monitorKeys.all, 'alerts', f] as const,
  cases: (f: CaseFilters) => [...monitorKeys.all, 'cases', f] as const,
  caseDetail: (id: number) => [...monitorKeys.all, 'case', id] as const,
  settings: () => [...monitorKeys.all, 'settings'] as const,
};

/** 监控首页 figures. */
export function useMonitorOverview() {
  return useQuery({
    queryKey: monitorKeys.overview(),
    queryFn: () => get<Answer<typeof monitorOverviewData>>('/monitor/overview'),
    refetchInterval: 30_000,
  });
}

/** A page of watched ASINs (refreshed every 15 s: checks run by themselves). */
export function useMonitorList(f: MonitorFilters) {
  return useQuery({
    queryKey: monitorKeys.list(f),
    queryFn: () => get<MonitorList>('/monitor/asin/list', { ...f }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

/** One watched ASIN with offers, history and alerts. */
export function useMonitorDetail(id: number | null, days = 30) {
  return useQuery({
    queryKey: monitorKeys.detail(id ?? 0, days),
    queryFn: () => get<Answer<typeof monitorDetailData>>('/monitor/asin/detail', { id: id ?? 0, days }),
    enabled: id !== null,
  });
}

/** A page of alerts. */
export function useMonitorAlerts(f: { page: number; pageSize: number; handled?: 0 | 1 }) {
  return useQuery({
    queryKey: monitorKeys.alerts(f),
    queryFn: () => get<Answer<typeof alertListData>>('/monitor/alert/list', f),
    placeholderData: keepPreviousData,
  });
}

/** A page of removal cases. */
export function useMonitorCases(f: CaseFilters) {
  return useQuery({
    queryKey: monitorKeys.cases(f),
    queryFn: () => get<CaseList>('/monitor/case/list', { ...f }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

/** One case with evidence and texts. */
export function useCaseDetail(id: number | null) {
  return useQuery({
    queryKey: monitorKeys.caseDetail(id ?? 0),
    queryFn: () => get<Answer<typeof caseDetailData>>('/monitor/case/detail', { id: id ?? 0 }),
    enabled: id !== null,
  });
}

/** The shops the account may watch through (authorized ones). */
export function useMonitorShops() {
  return useQuery({
    queryKey: [...monitorKeys.all, 'shops'],
    queryFn: () => get<Answer<typeof monitorShopsData>>('/monitor/shops'),
  });
}

/** The tenant's monitor settings. */
export function useMonitorSettings() {
  return useQuery({
    queryKey: monitorKeys.settings(),
    queryFn: () => get<Answer<typeof monitorSettingsData>>('/monitor/settings'),
  });
}

function useMonitorPost<B, R>(url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<R>(url, body),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: monitorKeys.all });
      void qc.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}

/** Monitor mutations; each refreshes the monitor's lists and the message badge. */
export function useMonitorMutations() {
  return {
    add: useMonitorPost<
      {
        shop_id: number;
        marketplace: string;
        asins: string;
        priority: number;
        own_brand: boolean;
        band_min: number | null;
        band_max: number | null;
      },
      Answer<typeof monitorAddData>
    >('/monitor/asin/add'),
    update: useMonitorPost<
      {
        id: number;
        version: number;
        priority: number;
        own_brand: boolean;
        band_min: number | null;
        band_max: number | null;
      },
      { id: number; version: number }
    >('/monitor/asin/update'),
    remove: useMonitorPost<{ ids: number[] }, { deleted: number }>('/monitor/asin/delete'),
    check: useMonitorPost<{ ids: number[] }, Answer<typeof monitorCheckData>>('/monitor/asin/check'),
    handle: useMonitorPost<{ ids: number[] }, { affected: number }>('/monitor/alert/handle'),
    caseStatus: useMonitorPost<
      { id: number; version: number; status: MonitorCase['status']; seller_name?: string },
      { id: number; version: number }
    >('/monitor/case/status'),
    settings: useMonitorPost<{ removed_after_minutes: number }, { removed_after_minutes: number }>('/monitor/settings'),
  };
}
