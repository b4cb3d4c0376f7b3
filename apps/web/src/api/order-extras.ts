import type { Answer } from '@console/shared/schemas/common';
import type {
  ManualDetailData,
  ManualListBody,
  ManualSaveBody,
  ManualTransitionBody,
  manualListData,
} from '@console/shared/schemas/manual-order';
import type { OrderExportColumnKey, OrderExportFilter } from '@console/shared/schemas/order-export';
import type { SalesBody, SalesData } from '@console/shared/schemas/order-sales';
import type { ALI1688_LOGISTICS_LABELS } from '@console/shared/schemas/purchase-1688';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postForFile } from './goods-files';
import { post } from './http';

/** Query keys of 销量统计 and 手工单. */
export const orderExtraKeys = {
  all: ['order-extra'] as const,
  sales: (body: Partial<SalesBody>) => [...orderExtraKeys.all, 'sales', body] as const,
  manual: () => [...orderExtraKeys.all, 'manual'] as const,
  manualList: (body: Partial<ManualListBody>) => [...orderExtraKeys.manual(), 'list', body] as const,
  manualDetail: (id: number) => [...orderExtraKeys.manual(), 'detail', id] as const,
};

/** 订单导出: the workbook itself (up to 1,000 orders) or the job that writes it. */
export function exportOrders(filter: OrderExportFilter, columns: OrderExportColumnKey[]) {
  return postForFile<{ job_id: string; total: number }>('/order/export', { filter, columns }, 'order-export.xlsx');
}

/** 销量统计 of a grouping, range and filters. */
export function useSales(body: Partial<SalesBody>) {
  return useQuery({
    queryKey: orderExtraKeys.sales(body),
    queryFn: () => post<SalesData>('/order/asinSales', body),
    placeholderData: keepPreviousData,
  });
}

/** A page of 手工单 with the counts per status. */
export function useManualList(body: Partial<ManualListBody>) {
  return useQuery({
    queryKey: orderExtraKeys.manualList(body),
    queryFn: () => post<Answer<typeof manualListData>>('/order/manual/list', body),
    placeholderData: keepPreviousData,
  });
}

/** One 手工单 with its history. */
export function useManualDetail(id: number | null) {
  return useQuery({
    queryKey: orderExtraKeys.manualDetail(id ?? 0),
    queryFn: () => post<ManualDetailData>('/order/manual/detail', { id }),
    enabled: id !== null,
  });
}

type Step = { id: number; version: number; status: number };

/** 手工单 changes; each refreshes the list and the open detail. */
export function useManualMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: orderExtraKeys.manual() });
  return {
    save: useMutation({
      mutationFn: (body: Omit<Partial<ManualSaveBody>, 'marketplace'> & { marketplace?: string | null }) =>
        post<Step>('/order/manual/save', body),
      onSuccess,
    }),
    transition: useMutation({
      mutationFn: (body: Omit<ManualTransitionBody, 'reason'> & { reason?: string }) =>
        post<Step>('/order/manual/transition', body),
      onSuccess,
    }),
  };
}

/** 1688 purchasing: place an item's purchase on 1688, read its logistics (refresh the orders after). */
export function use1688Mutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: ['order'] });
  return {
    purchase: useMutation({
      mutationFn: (body: { item_id: number; version: number; quantity: number }) =>
        post<{ express_status: string; version: number }>('/order/purchase1688', body),
      onSuccess,
    }),
    logistics: useMutation({
      mutationFn: (itemId: number) =>
        post<{ status: keyof typeof ALI1688_LOGISTICS_LABELS; tracking_no: string; express_status: string }>(
          '/order/logistics1688',
          { item_id: itemId },
        ),
      onSuccess,
    }),
  };
}
