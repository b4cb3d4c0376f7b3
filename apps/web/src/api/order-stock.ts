import type { Answer } from '@console/shared/schemas/common';
import type {
  DistributionDoneBody,
  DistributionListBody,
  DistributionListData,
  DistributionOrder,
  distributionStepData,
  OrderAssignBody,
  orderAssigneesData,
  StockFillBody,
  StockListBody,
  StockListData,
  StockLogBody,
  StockLogData,
  StockMoveBody,
  StockProduct,
  StockSaveBody,
  StockUnfillBody,
  stockMoveData,
} from '@console/shared/schemas/order-stock';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from './http';
import type { OrderItemStep } from './order';
import { orderKeys } from './order';

/** Query keys of 配货, stock-up and assignment (under the order keys, so an order change refreshes them). */
export const orderOpsKeys = {
  distribution: (f: DistributionListBody) => [...orderKeys.all, 'distribution', f] as const,
  stock: (f: StockListBody) => [...orderKeys.all, 'stock', f] as const,
  stockLog: (f: StockLogBody) => [...orderKeys.all, 'stock-log', f] as const,
  assignees: () => [...orderKeys.all, 'assignees'] as const,
};

/** A page of 配货 (待配货 / 已配货). */
export function useDistributionList(filters: DistributionListBody) {
  return useQuery({
    queryKey: orderOpsKeys.distribution(filters),
    queryFn: () => post<DistributionListData>('/order/distribution/list', filters),
    placeholderData: keepPreviousData,
  });
}

/** 备货商品: a page of stock-up products. */
export function useStockList(filters: StockListBody, enabled = true) {
  return useQuery({
    queryKey: orderOpsKeys.stock(filters),
    queryFn: () => post<StockListData>('/order/stock/list', filters),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** 入库记录 / 出库记录: a page of the stock ledger. */
export function useStockLog(filters: StockLogBody) {
  return useQuery({
    queryKey: orderOpsKeys.stockLog(filters),
    queryFn: () => post<StockLogData>('/order/stock/log', filters),
    placeholderData: keepPreviousData,
  });
}

/** The accounts orders can be given to (only for those who assign). */
export function useAssignees(enabled: boolean) {
  return useQuery({
    queryKey: orderOpsKeys.assignees(),
    queryFn: () => post<Answer<typeof orderAssigneesData>>('/order/assignees'),
    enabled,
    staleTime: 60_000,
  });
}

/** 配货, stock and assignment changes; each refreshes every order query. */
export function useOrderOpsMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: orderKeys.all });
  return {
    scan: useMutation({
      mutationFn: (code: string) => post<{ list: DistributionOrder[] }>('/order/distribution/scan', { code }),
    }),
    distribute: useMutation({
      mutationFn: (body: DistributionDoneBody) =>
        post<Answer<typeof distributionStepData>>('/order/distribution/done', body),
      onSuccess,
    }),
    /** 知道了 on an item's kept 确认收货 failure. */
    dismissReceiveError: useMutation({
      mutationFn: (itemId: number) =>
        post<{ item_id: number }>('/order/distribution/dismiss-error', { item_id: itemId }),
      onSuccess,
    }),
    undo: useMutation({
      mutationFn: (body: { id: number; version: number }) =>
        post<Answer<typeof distributionStepData>>('/order/distribution/undo', body),
      onSuccess,
    }),
    saveStock: useMutation({
      mutationFn: (body: StockSaveBody) => post<StockProduct>('/order/stock/save', body),
      onSuccess,
    }),
    deleteStock: useMutation({
      mutationFn: (id: number) => post<{ deleted: number }>('/order/stock/delete', { id }),
      onSuccess,
    }),
    move: useMutation({
      mutationFn: ({ kind, ...body }: StockMoveBody & { kind: 'in' | 'out' }) =>
        post<Answer<typeof stockMoveData>>(`/order/stock/${kind}`, body),
      onSuccess,
    }),
    fill: useMutation({
      mutationFn: (body: StockFillBody) => post<OrderItemStep>('/order/stock/fill', body),
      onSuccess,
    }),
    unfill: useMutation({
      mutationFn: (body: StockUnfillBody) => post<OrderItemStep>('/order/stock/unfill', body),
      onSuccess,
    }),
    assign: useMutation({
      mutationFn: (body: OrderAssignBody) => post<{ assigned: number }>('/order/assign', body),
      onSuccess,
    }),
  };
}
