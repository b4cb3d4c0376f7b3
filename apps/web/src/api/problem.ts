import type { Answer } from '@console/shared/schemas/common';
import type { waybillPage } from '@console/shared/schemas/logistics';
import type { ProblemStatus, problemDetail, problemPage } from '@console/shared/schemas/problem';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from './http';
import { logisticsKeys } from './logistics';
import { orderKeys } from './order';

/** Query keys of problem parcels (问题件). */
export const problemKeys = {
  all: ['problem'] as const,
  list: (f: ProblemFilter) => [...problemKeys.all, 'list', f] as const,
  detail: (id: number) => [...problemKeys.all, 'detail', id] as const,
  waybills: (keyword: string) => [...problemKeys.all, 'waybills', keyword] as const,
};

/** The list's filters. */
export interface ProblemFilter {
  page: number;
  type?: number | undefined;
  status?: ProblemStatus | undefined;
  keyword?: string | undefined;
}

export type ProblemDetail = Answer<typeof problemDetail>;

/** 问题件 list. */
export function useProblems(f: ProblemFilter) {
  return useQuery({
    queryKey: problemKeys.list(f),
    queryFn: () =>
      get<Answer<typeof problemPage>>('/logistics/problem/list', {
        page: f.page,
        pageSize: 20,
        ...(f.type ? { type: f.type } : {}),
        ...(f.status ? { status: f.status } : {}),
        ...(f.keyword ? { keyword: f.keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

/** One problem parcel with its history. */
export function useProblem(id: number | null) {
  return useQuery({
    queryKey: problemKeys.detail(id ?? 0),
    queryFn: () => get<ProblemDetail>('/logistics/problem/detail', { id: id ?? 0 }),
    enabled: id !== null,
  });
}

/** Shipped waybills matching a tracking number, waybill number or Amazon order id (the report dialog). */
export function useShippedWaybills(keyword: string) {
  return useQuery({
    queryKey: problemKeys.waybills(keyword),
    queryFn: () =>
      get<Answer<typeof waybillPage>>('/logistics/waybill/list', { page: 1, pageSize: 10, status: '2', keyword }),
    enabled: keyword.length > 0,
  });
}

/** Report, step, compensate, close; each refreshes problem parcels, waybills and orders. */
export function useProblemMutations() {
  const qc = useQueryClient();
  const onSuccess = () => {
    qc.invalidateQueries({ queryKey: problemKeys.all });
    qc.invalidateQueries({ queryKey: logisticsKeys.all });
    qc.invalidateQueries({ queryKey: orderKeys.all });
  };
  return {
    report: useMutation({
      mutationFn: (b: { waybill_id: number; type: number; note?: string }) =>
        post<ProblemDetail>('/logistics/problem/report', b),
      onSuccess,
    }),
    step: useMutation({
      mutationFn: (b: { id: number; version: number; to: number; note?: string }) =>
        post<ProblemDetail>('/logistics/problem/transition', b),
      onSuccess,
    }),
    compensate: useMutation({
      mutationFn: (b: { id: number; version: number; amount: number; note?: string }) =>
        post<ProblemDetail>('/logistics/problem/compensate', b),
      onSuccess,
    }),
    close: useMutation({
      mutationFn: (b: { id: number; version: number; note: string }) =>
        post<ProblemDetail>('/logistics/problem/close', b),
      onSuccess,
    }),
  };
}
