import type { Answer } from '@console/shared/schemas/common';
import type { ExportColumnKey, exportColumnsView } from '@console/shared/schemas/goods-export';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoodsSelection } from './goods';
import { postForFile } from './goods-files';
import { get } from './http';

/** Query keys of the product export. */
export const goodsExportKeys = {
  columns: () => ['goods', 'export-columns'] as const,
};

/** The caller's remembered export columns (kept on the server per user). */
export function useExportColumns(enabled: boolean) {
  return useQuery({
    queryKey: goodsExportKeys.columns(),
    queryFn: () => get<Answer<typeof exportColumnsView>>('/amazon-user/exportColumns'),
    enabled,
  });
}

/** After an export: the columns it was sent with are now the remembered ones. */
export function useRememberExportColumns() {
  const qc = useQueryClient();
  return (columns: ExportColumnKey[]) => qc.setQueryData(goodsExportKeys.columns(), { columns });
}

/**
 * Exports a selection with the chosen columns: the workbook itself (small selections) or the
 * id of the job that writes it (more than 1,000 products).
 */
export function exportGoods(selection: GoodsSelection, columns: ExportColumnKey[]) {
  return postForFile<{ job_id: string }>('/amazon-user/exportSelectTableData', { ...selection, columns }, 'goods.xlsx');
}
