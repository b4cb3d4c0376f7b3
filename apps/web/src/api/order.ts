import type { Answer } from '@console/shared/schemas/common';
import type {
  OrderDetailData,
  OrderExpressBody,
  OrderListBody,
  OrderListData,
  OrderOverviewData,
  OrderPurchaseBody,
  orderItemStepData,
  orderSyncData,
} from '@console/shared/schemas/order';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from './http';

/** A purchase step's answer. */
export type OrderItemStep = Answer<typeof orderItemStepData>;

/** Query keys of orders. */
export const orderKeys = {
  all: ['order'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: OrderListBody) => [...orderKeys.lists(), filters] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  overview: () => [...orderKeys.all, 'overview'] as const,
};

/** A page of 订单处理 with the tabs' counts. */
export function useOrderList(filters: OrderListBody) {
  return useQuery({
    queryKey: orderKeys.list(filters),
    queryFn: () => post<OrderListData>('/order/list', filters),
    placeholderData: keepPreviousData,
  });
}

/** One order with items, purchases, history and margin. */
export function useOrderDetail(id: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: () => post<OrderDetailData>('/order/detail', { id }),
    enabled: id !== null,
  });
}

/** 订单首页's counts and sync states. */
export function useOrderOverview() {
  return useQuery({ queryKey: orderKeys.overview(), queryFn: () => post<OrderOverviewData>('/order/overview') });
}

/** Order mutations; each refreshes the lists, the open detail and the overview. */
export function useOrderMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: orderKeys.all });
  return {
    sync: useMutation({
      mutationFn: (shopId?: number) =>
        post<Answer<typeof orderSyncData>>('/order/sync', shopId ? { shop_id: shopId } : {}),
    }),
    purchase: useMutation({
      mutationFn: (body: OrderPurchaseBody) => post<OrderItemStep>('/order/purchase', body),
      onSuccess,
    }),
    express: useMutation({
      mutationFn: (body: OrderExpressBody) => post<OrderItemStep>('/order/express', body),
      onSuccess,
    }),
    note: useMutation({
      mutationFn: (body: { id: number; text: string }) => post<null>('/order/note', body),
      onSuccess,
    }),
    /** Refreshes everything after a sync job finished. */
    refresh: onSuccess,
  };
}
