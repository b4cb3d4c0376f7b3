import type {
  OverseasWarehouse,
  WarehouseListBody,
  WarehouseSaveBody,
  WarehouseToggleBody,
} from '@console/shared/schemas/overseas-warehouse';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from './http';

/** Query keys of the 海外仓 warehouses. */
export const warehouseKeys = {
  all: ['overseas-warehouse'] as const,
  list: (f: WarehouseListBody) => [...warehouseKeys.all, 'list', f] as const,
};

/** The warehouses: the operator all (or the active ones), tenants the active ones. */
export function useWarehouseList(filters: WarehouseListBody = {}, enabled = true) {
  return useQuery({
    queryKey: warehouseKeys.list(filters),
    queryFn: () => post<{ list: OverseasWarehouse[] }>('/overseas/warehouse/list', filters),
    enabled,
    staleTime: 30_000,
  });
}

/** Save and toggle (the operator's); each refreshes the lists. */
export function useWarehouseMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: warehouseKeys.all });
  return {
    save: useMutation({
      mutationFn: (body: WarehouseSaveBody) => post<OverseasWarehouse>('/overseas/warehouse/save', body),
      onSuccess,
    }),
    toggle: useMutation({
      mutationFn: (body: WarehouseToggleBody) => post<OverseasWarehouse>('/overseas/warehouse/toggle', body),
      onSuccess,
    }),
  };
}
