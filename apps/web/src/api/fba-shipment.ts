import type { FnskuLabelLayout } from '@console/shared/schemas/fba-labels';
import type {
  FbaShipmentDetail,
  FbaShipmentListBody,
  FbaShipmentListData,
  FbaShipmentSaveBody,
  FbaShipmentShipBody,
  FbaTransportConfirmBody,
} from '@console/shared/schemas/fba-shipment';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postForFile, saveBlob } from './goods-files';
import { post } from './http';

/** Query keys of 头程发货. */
export const fbaShipmentKeys = {
  all: ['fba-shipment'] as const,
  list: (f: Partial<FbaShipmentListBody>) => [...fbaShipmentKeys.all, 'list', f] as const,
  detail: (id: number) => [...fbaShipmentKeys.all, 'detail', id] as const,
  skus: (keyword: string) => [...fbaShipmentKeys.all, 'skus', keyword] as const,
};

/** A status the workflow job is still moving (the screens poll while one shows). */
export const WORKING = new Set(['planning', 'packing', 'placement', 'transport']);

export function useFbaShipmentList(filters: Partial<FbaShipmentListBody>) {
  return useQuery({
    queryKey: fbaShipmentKeys.list(filters),
    queryFn: () => post<FbaShipmentListData>('/fba/shipment/list', filters),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((r) => WORKING.has(r.status)) ? 2000 : false),
  });
}

export function useFbaShipmentDetail(id: number | null) {
  return useQuery({
    queryKey: fbaShipmentKeys.detail(id ?? 0),
    queryFn: () => post<FbaShipmentDetail>('/fba/shipment/detail', { id }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && WORKING.has(q.state.data.status) ? 2000 : false),
  });
}

/** The tenant's SKUs with the units available in China. */
export function useFbaSkuOptions(keyword: string) {
  return useQuery({
    queryKey: fbaShipmentKeys.skus(keyword),
    queryFn: () =>
      post<{ list: { id: number; sku: string; title: string; china_available: number }[] }>(
        '/fba/shipment/sku-options',
        { keyword },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Save, start, ship and sync; each refreshes the lists and details. */
export function useFbaShipmentMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: fbaShipmentKeys.all });
  return {
    save: useMutation({
      mutationFn: (b: FbaShipmentSaveBody) => post<FbaShipmentDetail>('/fba/shipment/save', b),
      onSuccess: done,
    }),
    start: useMutation({
      mutationFn: (id: number) => post<{ job_id: string }>('/fba/shipment/start', { id }),
      onSuccess: done,
    }),
    ship: useMutation({
      mutationFn: (b: FbaShipmentShipBody) => post<FbaShipmentDetail>('/fba/shipment/ship', b),
      onSuccess: done,
    }),
    sync: useMutation({
      mutationFn: (id: number) => post<FbaShipmentDetail>('/fba/shipment/sync', { id }),
      onSuccess: done,
    }),
    confirmPlacement: useMutation({
      mutationFn: (b: { id: number; placement_option_id: string }) =>
        post<{ job_id: string }>('/fba/shipment/placement/confirm', b),
      onSuccess: done,
    }),
    confirmTransport: useMutation({
      mutationFn: (b: FbaTransportConfirmBody) => post<{ job_id: string }>('/fba/shipment/transport/confirm', b),
      onSuccess: done,
    }),
  };
}

/** Downloads the shipment's FNSKU labels (a layout) or carton labels as a PDF. */
export async function downloadShipmentLabels(id: number, kind: 'fnsku' | 'carton', layout?: FnskuLabelLayout) {
  const r = await postForFile<unknown>(
    '/fba/shipment/labels',
    { id, kind, ...(layout ? { layout } : {}) },
    `${kind}.pdf`,
  );
  if (r.kind === 'file') saveBlob(r.blob, r.fileName);
}
