import type {
  InboundDetail,
  InboundListBody,
  InboundListData,
  InboundReceiveBody,
  InboundSaveBody,
} from '@console/shared/schemas/overseas-inbound';
import type {
  InventoryFlowBody,
  InventoryFlowData,
  InventoryListBody,
  InventoryListData,
  LocationKind,
} from '@console/shared/schemas/overseas-inventory';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from './http';

/** Query keys of 入库单 and the inventory screens (an inbound step refreshes both). */
export const inboundKeys = {
  all: ['overseas-inbound'] as const,
  list: (f: Partial<InboundListBody>) => [...inboundKeys.all, 'list', f] as const,
  detail: (id: number) => [...inboundKeys.all, 'detail', id] as const,
  skus: (keyword: string) => [...inboundKeys.all, 'skus', keyword] as const,
  warehouses: () => [...inboundKeys.all, 'warehouses'] as const,
  inventory: (f: Partial<InventoryListBody>) => [...inboundKeys.all, 'inventory', f] as const,
  flow: (f: Partial<InventoryFlowBody>) => [...inboundKeys.all, 'flow', f] as const,
  locations: () => [...inboundKeys.all, 'locations'] as const,
};

export function useInboundList(filters: Partial<InboundListBody>) {
  return useQuery({
    queryKey: inboundKeys.list(filters),
    queryFn: () => post<InboundListData>('/overseas/inbound/list', filters),
    placeholderData: keepPreviousData,
  });
}

export function useInboundDetail(id: number | null) {
  return useQuery({
    queryKey: inboundKeys.detail(id ?? 0),
    queryFn: () => post<InboundDetail>('/overseas/inbound/detail', { id }),
    enabled: id !== null,
  });
}

/** The tenant's SKUs to put in boxes. */
export function useInboundSkuOptions(keyword: string) {
  return useQuery({
    queryKey: inboundKeys.skus(keyword),
    queryFn: () =>
      post<{ list: { id: number; sku: string; title: string }[] }>('/overseas/inbound/sku-options', {
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useInboundWarehouses() {
  return useQuery({
    queryKey: inboundKeys.warehouses(),
    queryFn: () =>
      post<{ list: { id: number; code: string; name: string; country: string }[] }>('/overseas/inbound/warehouses', {}),
  });
}

/** Save and the steps; each refreshes the inbound and inventory queries. */
export function useInboundMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: inboundKeys.all });
  const step = (path: string) =>
    useMutation({ mutationFn: (id: number) => post<InboundDetail>(`/overseas/inbound/${path}`, { id }), onSuccess });
  return {
    save: useMutation({
      mutationFn: (b: InboundSaveBody) => post<InboundDetail>('/overseas/inbound/save', b),
      onSuccess,
    }),
    ship: useMutation({
      mutationFn: (b: { id: number; carrier: string; tracking_no: string }) =>
        post<InboundDetail>('/overseas/inbound/ship', b),
      onSuccess,
    }),
    receive: useMutation({
      mutationFn: (b: InboundReceiveBody) => post<InboundDetail>('/overseas/inbound/receive', b),
      onSuccess,
    }),
    arrive: step('arrive'),
    close: step('close'),
    acknowledge: step('acknowledge'),
  };
}

export function useInventoryList(filters: Partial<InventoryListBody>) {
  return useQuery({
    queryKey: inboundKeys.inventory(filters),
    queryFn: () => post<InventoryListData>('/overseas/inventory/list', filters),
    placeholderData: keepPreviousData,
  });
}

export function useInventoryFlow(filters: Partial<InventoryFlowBody>) {
  return useQuery({
    queryKey: inboundKeys.flow(filters),
    queryFn: () => post<InventoryFlowData>('/overseas/inventory/flow', filters),
    placeholderData: keepPreviousData,
  });
}

/** The flow's places: the caller's own, or (the operator) those of the chosen tenant. */
export function useInventoryLocations(tenantId?: number) {
  return useQuery({
    queryKey: [...inboundKeys.locations(), tenantId ?? 0],
    queryFn: () =>
      post<{ list: { id: number; kind: LocationKind; name: string; warehouse_id: number | null }[] }>(
        '/overseas/inventory/locations',
        tenantId ? { tenant_id: tenantId } : {},
      ),
  });
}
