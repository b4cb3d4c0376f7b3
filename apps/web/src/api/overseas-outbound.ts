import type { HomeSummaryData } from '@console/shared/schemas/overseas-home';
import type {
  OutboundEligibleData,
  OutboundListBody,
  OutboundListData,
  OutboundRecipientBody,
  OutboundRow,
  OutboundStockData,
} from '@console/shared/schemas/overseas-outbound';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from './http';

/** Query keys of the 出库单 and the 海外仓首页. */
export const outboundKeys = {
  all: ['overseas-outbound'] as const,
  list: (f: Partial<OutboundListBody>) => [...outboundKeys.all, 'list', f] as const,
  stock: (warehouseId: number | undefined, keyword: string) =>
    [...outboundKeys.all, 'stock', warehouseId, keyword] as const,
  eligible: (ids: number[]) => [...outboundKeys.all, 'eligible', ids] as const,
  home: (warehouseId: number | undefined) => [...outboundKeys.all, 'home', warehouseId] as const,
};

/** 出库单列表: a page with the tabs' counts (`scope: 'warehouse'` for the warehouse's view). */
export function useOutboundList(f: Partial<OutboundListBody>) {
  return useQuery({
    queryKey: outboundKeys.list(f),
    queryFn: () => post<OutboundListData>('/overseas/outbound/list', f),
    placeholderData: keepPreviousData,
  });
}

/** Active warehouses and, for one, the tenant's SKUs with what is available there. */
export function useOutboundStock(warehouseId: number | undefined, keyword = '') {
  return useQuery({
    queryKey: outboundKeys.stock(warehouseId, keyword),
    queryFn: () =>
      post<OutboundStockData>('/overseas/outbound/stock', {
        ...(warehouseId ? { warehouse_id: warehouseId } : {}),
        ...(keyword ? { keyword } : {}),
      }),
  });
}

/** 海外仓发货 flags of an order-list page (one request per page). */
export function useOutboundEligible(orderIds: number[], enabled: boolean) {
  return useQuery({
    queryKey: outboundKeys.eligible(orderIds),
    queryFn: () => post<OutboundEligibleData>('/overseas/outbound/eligible', { order_ids: orderIds }, { silent: true }),
    enabled: enabled && orderIds.length > 0,
  });
}

/** 海外仓首页 figures. */
export function useHomeSummary(warehouseId: number | undefined) {
  return useQuery({
    queryKey: outboundKeys.home(warehouseId),
    queryFn: () => post<HomeSummaryData>('/overseas/home/summary', warehouseId ? { warehouse_id: warehouseId } : {}),
  });
}

export interface SaveOutboundBody {
  warehouse_id: number;
  recipient: OutboundRecipientBody;
  lines: { stock_id: number; quantity: number }[];
  carrier_code?: string;
  channel?: string;
  remark?: string;
}

type Step = { id: number; status: OutboundRow['status']; version: number };

/** Create, cancel and the warehouse's steps; each refreshes the outbound queries. */
export function useOutboundMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: outboundKeys.all });
  return {
    save: useMutation({
      mutationFn: (body: SaveOutboundBody) => post<OutboundRow>('/overseas/outbound/save', body),
      onSuccess,
    }),
    fromOrder: useMutation({
      mutationFn: (body: { order_id: number; warehouse_id: number; carrier_code?: string }) =>
        post<OutboundRow>('/overseas/outbound/from-order', body),
      onSuccess,
    }),
    cancel: useMutation({
      mutationFn: (id: number) => post<Step>('/overseas/outbound/cancel', { id }),
      onSuccess,
    }),
    step: useMutation({
      mutationFn: (b: { step: 'pick' | 'pack'; id: number }) =>
        post<Step>(`/overseas/outbound/${b.step}`, { id: b.id }),
      onSuccess,
    }),
    ship: useMutation({
      mutationFn: (b: { id: number; tracking_no: string; carrier_code?: string; carrier_name?: string }) =>
        post<Step>('/overseas/outbound/ship', b),
      onSuccess,
    }),
  };
}
