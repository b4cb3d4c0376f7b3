import type {
  FbaStockItemsData,
  FbaStockStatusData,
  FbaStockSyncBody,
  FbaStockSyncResult,
} from '@console/shared/schemas/fba-stock';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { post } from './http';
import { useJobProgress } from './jobs';
import { inboundKeys } from './overseas-inbound';

/** Query keys of FBA stock (同步FBA库存 refreshes them and 库存列表). */
export const fbaStockKeys = {
  all: ['fba-stock'] as const,
  status: () => [...fbaStockKeys.all, 'status'] as const,
  items: (ids: number[]) => [...fbaStockKeys.all, 'items', ids] as const,
};

/** Each shop x marketplace's last FBA stock sync. */
export function useFbaStockStatus(enabled = true) {
  return useQuery({
    queryKey: fbaStockKeys.status(),
    queryFn: () => post<FbaStockStatusData>('/fba/stock/status', {}),
    enabled,
  });
}

/** Amazon's last breakdown of SKUs (the expanded FBA rows of 库存列表). */
export function useFbaStockItems(stockIds: number[]) {
  return useQuery({
    queryKey: fbaStockKeys.items(stockIds),
    queryFn: () => post<FbaStockItemsData>('/fba/stock/items', { stock_ids: stockIds }),
    enabled: stockIds.length > 0,
  });
}

/** 同步FBA库存: starts the job; its progress is polled by `useFbaStockSyncJob`. */
export function useStartFbaStockSync() {
  return useMutation({
    mutationFn: (body: FbaStockSyncBody) => post<{ job_id: string }>('/fba/stock/sync', body),
  });
}

/** The progress of a 同步FBA库存 job; when it ends, the stock screens read again. */
export function useFbaStockSyncJob(jobId: string | null) {
  const qc = useQueryClient();
  // Stable, so a screen may refresh once when the job ends (an effect on it runs once).
  const refresh = useCallback(
    () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: fbaStockKeys.all }),
        qc.invalidateQueries({ queryKey: inboundKeys.all }),
      ]),
    [qc],
  );
  return { job: useJobProgress<FbaStockSyncResult>(jobId), refresh };
}
