import type {
  CountCreateBody,
  CountDetail,
  CountListBody,
  CountListData,
  CountSaveBody,
  CountSkusBody,
  CountSkusData,
  InventoryAdjustBody,
} from '@console/shared/schemas/overseas-count';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from './http';
import { inboundKeys } from './overseas-inbound';

/** Query keys of 盘点单, under the inventory's (a post or an adjustment refreshes the list and the flow too). */
const countKeys = {
  list: (f: Partial<CountListBody>) => [...inboundKeys.all, 'count', 'list', f] as const,
  detail: (id: number) => [...inboundKeys.all, 'count', 'detail', id] as const,
};

export function useCountList(filters: Partial<CountListBody>, enabled = true) {
  return useQuery({
    queryKey: countKeys.list(filters),
    queryFn: () => post<CountListData>('/overseas/inventory/count/list', filters),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCountDetail(id: number | null) {
  return useQuery({
    queryKey: countKeys.detail(id ?? 0),
    queryFn: () => post<CountDetail>('/overseas/inventory/count/detail', { id }),
    enabled: id !== null,
  });
}

/** 库存调整 and the count's steps (the operator's); each refreshes the inventory queries. */
export function useCountMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: inboundKeys.all });
  const step = (path: string) =>
    useMutation({
      mutationFn: (id: number) => post<CountDetail>(`/overseas/inventory/count/${path}`, { id }),
      onSuccess,
    });
  return {
    adjust: useMutation({
      mutationFn: (b: InventoryAdjustBody) => post<{ id: number; on_hand: number }>('/overseas/inventory/adjust', b),
      onSuccess,
    }),
    create: useMutation({
      mutationFn: (b: CountCreateBody) => post<CountDetail>('/overseas/inventory/count/create', b),
      onSuccess,
    }),
    save: useMutation({
      mutationFn: (b: CountSaveBody) => post<CountDetail>('/overseas/inventory/count/save', b),
      onSuccess,
    }),
    /** 盘点单's SKU picker: a tenant's SKUs by keyword, the warehouse's, or those in stock there. */
    pick: useMutation({
      mutationFn: (b: CountSkusBody) => post<CountSkusData>('/overseas/inventory/count/skus', b),
    }),
    post: step('post'),
    cancel: step('cancel'),
  };
}
