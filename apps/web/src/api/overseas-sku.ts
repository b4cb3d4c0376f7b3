import type {
  OverseasSku,
  SkuExportBody,
  SkuImportBody,
  SkuListBody,
  SkuListData,
  SkuSaveBody,
} from '@console/shared/schemas/overseas-sku';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postForFile } from './goods-files';
import { post } from './http';

/** Query keys of the 海外仓 SKUs. */
export const skuKeys = {
  all: ['overseas-sku'] as const,
  list: (f: SkuListBody) => [...skuKeys.all, 'list', f] as const,
  one: (id: number) => [...skuKeys.all, 'one', id] as const,
};

/** SKU列表: a page of SKUs with stock per warehouse. */
export function useSkuList(filters: SkuListBody) {
  return useQuery({
    queryKey: skuKeys.list(filters),
    queryFn: () => post<SkuListData>('/overseas/sku/list', filters),
    placeholderData: keepPreviousData,
  });
}

/** One SKU (添加SKU with `?id=`). */
export function useSku(id: number | null) {
  return useQuery({
    queryKey: skuKeys.one(id ?? 0),
    queryFn: () => post<OverseasSku>('/overseas/sku/get', { id }),
    enabled: id !== null,
  });
}

/** The SKUs of a filter as .xlsx (a file answer). */
export const exportSkus = (body: SkuExportBody) => postForFile<never>('/overseas/sku/export', body, '海外仓SKU.xlsx');

/** Save, delete and import; each refreshes the SKU queries. */
export function useSkuMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: skuKeys.all });
  return {
    save: useMutation({ mutationFn: (body: SkuSaveBody) => post<OverseasSku>('/overseas/sku/save', body), onSuccess }),
    remove: useMutation({
      mutationFn: (id: number) => post<{ deleted: number }>('/overseas/sku/delete', { id }),
      onSuccess,
    }),
    importFile: useMutation({
      mutationFn: (body: SkuImportBody) =>
        post<{ created: number; updated: number }>('/overseas/sku/import', body, { silent: true }),
      onSuccess,
    }),
  };
}
