import { API_PREFIX } from '@console/shared/constants/app';
import type { Answer } from '@console/shared/schemas/common';
import type {
  ChannelCreateBody,
  ChannelRow,
  ChannelUpdateBody,
  consumePage,
  InterceptCounts,
  parcelPage,
  parcelStepData,
  quoteBody,
  quoteData,
  ReviewStatus,
  readyPage,
  reviewRules,
  trackingData,
  waybillPage,
  waybillRow,
  waybillStepData,
} from '@console/shared/schemas/logistics';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { get, post } from './http';
import { orderKeys } from './order';

/** Query keys of logistics. */
export const logisticsKeys = {
  all: ['logistics'] as const,
  parcels: (status: ReviewStatus, page: number) => [...logisticsKeys.all, 'parcels', status, page] as const,
  waybills: (page: number, keyword: string) => [...logisticsKeys.all, 'waybills', page, keyword] as const,
  options: () => [...logisticsKeys.all, 'options'] as const,
  ready: (page: number, keyword: string) => [...logisticsKeys.all, 'ready', page, keyword] as const,
  managed: () => [...logisticsKeys.all, 'managed'] as const,
  consume: (page: number, keyword: string) => [...logisticsKeys.all, 'consume', page, keyword] as const,
  rules: () => [...logisticsKeys.all, 'rules'] as const,
  tracking: (id: number) => [...logisticsKeys.all, 'tracking', id] as const,
  counts: () => [...logisticsKeys.all, 'counts'] as const,
};

/** What waits on each tab of 运费审核 (and, for reviewers, the balance parcels are paid from). */
export function useInterceptCounts() {
  return useQuery({
    queryKey: logisticsKeys.counts(),
    queryFn: () => get<InterceptCounts>('/logistics/intercept/counts'),
  });
}

/** The tenant's 运费审核 rules (over-estimate percentage, margin and balance checks). */
export function useReviewRules(enabled: boolean) {
  return useQuery({
    queryKey: logisticsKeys.rules(),
    queryFn: () => get<Answer<typeof reviewRules>>('/logistics/intercept/rules'),
    enabled,
  });
}

/** Saves the rules with the version read (409 when someone saved meanwhile). */
export function useSaveReviewRules() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: Answer<typeof reviewRules>) => post<Answer<typeof reviewRules>>('/logistics/intercept/rules', b),
    onSuccess: () => qc.invalidateQueries({ queryKey: logisticsKeys.rules() }),
  });
}

/** The carrier's tracking events of a waybill (轨迹). */
export function useTracking(id: number | null) {
  return useQuery({
    queryKey: logisticsKeys.tracking(id ?? 0),
    queryFn: () => get<Answer<typeof trackingData>>('/logistics/waybill/tracking', { id }),
    enabled: id !== null,
  });
}

/** 运费审核: parcels in a review state. */
export function useParcels(status: ReviewStatus, page: number) {
  return useQuery({
    queryKey: logisticsKeys.parcels(status, page),
    queryFn: () =>
      get<Answer<typeof parcelPage>>('/logistics/intercept/list', { review_status: status, page, pageSize: 20 }),
    placeholderData: keepPreviousData,
  });
}

/** The tenant's waybills. */
export function useWaybills(page: number, keyword: string) {
  return useQuery({
    queryKey: logisticsKeys.waybills(page, keyword),
    queryFn: () =>
      get<Answer<typeof waybillPage>>('/logistics/waybill/list', {
        page,
        pageSize: 20,
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

/** The channels the tenant ships with. */
export function useChannelOptions() {
  return useQuery({
    queryKey: logisticsKeys.options(),
    queryFn: () => get<{ list: ChannelRow[] }>('/logistics/channel/options'),
  });
}

/** 待提交: the orders 配货 made ready, with their recorded parcels. */
export function useReadyOrders(page: number, keyword: string) {
  return useQuery({
    queryKey: logisticsKeys.ready(page, keyword),
    queryFn: () =>
      get<Answer<typeof readyPage>>('/logistics/parcel/ready', {
        page,
        pageSize: 20,
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

/** The channels of the caller's book (物流渠道: the operator's, or a trader's own). */
export function useManagedChannels(enabled = true) {
  return useQuery({
    queryKey: logisticsKeys.managed(),
    queryFn: () => get<{ list: ChannelRow[] }>('/logistics/channel/list'),
    enabled,
  });
}

/** 试算: the freight of a parcel on each of the tenant's channels. */
export function useQuote(body: z.input<typeof quoteBody> | null) {
  return useQuery({
    queryKey: [...logisticsKeys.all, 'quote', body] as const,
    queryFn: () => post<Answer<typeof quoteData>>('/logistics/channel/quote', body),
    enabled: body !== null,
  });
}

/** Saves a channel of the caller's book (create without id, update with id and version); the form shows errors. */
export function useSaveChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: ChannelCreateBody | ChannelUpdateBody) =>
      post<ChannelRow>('id' in b ? '/logistics/channel/update' : '/logistics/channel/create', b, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: logisticsKeys.all }),
  });
}

/** 消费记录: fees per waybill and order. */
export function useConsumeList(page: number, keyword: string) {
  return useQuery({
    queryKey: logisticsKeys.consume(page, keyword),
    queryFn: () =>
      get<Answer<typeof consumePage>>('/logistics/consume/list', {
        page,
        pageSize: 20,
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

/** The URL of the labels PDF of waybills (opens in a new tab). */
export function labelsUrl(ids: number[], size: '100x100' | '100x150'): string {
  return `${API_PREFIX}/logistics/waybill/labels?ids=${ids.join(',')}&size=${size}`;
}

type ParcelStep = Answer<typeof parcelStepData>;

/** Review and waybill steps; each refreshes the logistics lists and the orders. */
export function useLogisticsMutations() {
  const qc = useQueryClient();
  const onSuccess = () => {
    qc.invalidateQueries({ queryKey: logisticsKeys.all });
    qc.invalidateQueries({ queryKey: orderKeys.all });
  };
  return {
    submit: useMutation({
      mutationFn: (b: { order_id: number; channel_id: number; is_electric: boolean }) =>
        post<ParcelStep>('/logistics/parcel/submit', b),
      onSuccess,
    }),
    approve: useMutation({
      mutationFn: (b: { id: number; version: number; note?: string; accept_low_balance?: boolean }) =>
        post<ParcelStep>('/logistics/intercept/approve', b),
      onSuccess,
    }),
    cancel: useMutation({
      mutationFn: (b: { id: number; version: number; note: string }) =>
        post<ParcelStep>('/logistics/intercept/cancel', b),
      onSuccess,
    }),
    changeChannel: useMutation({
      mutationFn: (b: { id: number; version: number; channel_id: number }) =>
        post<ParcelStep>('/logistics/intercept/change-channel', b),
      onSuccess,
    }),
    // A refusal stays on the parcel's row (kept by the server), so no passing toast; the lists refresh to show it.
    createWaybill: useMutation({
      mutationFn: (parcelId: number) =>
        post<Answer<typeof waybillRow>>('/logistics/waybill/create', { parcel_id: parcelId }, { silent: true }),
      onSettled: onSuccess,
    }),
    dismissError: useMutation({
      mutationFn: (id: number) => post<{ id: number }>('/logistics/parcel/dismiss-error', { id }),
      onSuccess,
    }),
    // 发货's and 取消运单's refusals are kept on the waybill by the server and shown on its row.
    dismissWaybillError: useMutation({
      mutationFn: (id: number) => post<{ id: number }>('/logistics/waybill/dismiss-error', { id }),
      onSuccess,
    }),
    ship: useMutation({
      mutationFn: (id: number) =>
        post<Answer<typeof waybillStepData>>('/logistics/waybill/ship', { id }, { silent: true }),
      onSettled: onSuccess,
    }),
    cancelWaybill: useMutation({
      mutationFn: (id: number) =>
        post<Answer<typeof waybillStepData>>('/logistics/waybill/cancel', { id }, { silent: true }),
      onSettled: onSuccess,
    }),
  };
}
