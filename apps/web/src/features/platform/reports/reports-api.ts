import type {
  ReportsFeedbackBody,
  ReportsFeedbackData,
  ReportsPerformanceData,
  ReportsRefreshBody,
  ReportsRefreshResult,
} from '@console/shared/schemas/seller-reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getFile } from '../../../api/goods-files';
import { post } from '../../../api/http';
import { useJobProgress } from '../../../api/jobs';

/** Query keys of 卖家绩效 and 卖家反馈 (刷新 reads them again when its job ends). */
export const reportKeys = {
  all: ['seller-reports'] as const,
  performance: (shopId?: number) => [...reportKeys.all, 'performance', shopId ?? 0] as const,
  feedback: (f: ReportsFeedbackBody) => [...reportKeys.all, 'feedback', f] as const,
};

/** Each usable shop x marketplace's newest figures and history. */
export function usePerformance(shopId?: number) {
  return useQuery({
    queryKey: reportKeys.performance(shopId),
    queryFn: () =>
      post<ReportsPerformanceData>('/reports/performance', shopId === undefined ? {} : { shop_id: shopId }),
  });
}

/** One page of kept feedback with counts by rating. */
export function useFeedback(f: ReportsFeedbackBody) {
  return useQuery({
    queryKey: reportKeys.feedback(f),
    queryFn: () => post<ReportsFeedbackData>('/reports/feedback/list', f),
  });
}

/** 刷新: starts the fetch job and follows it; the report screens read again when it ends. */
export function useRefreshReports(jobId: string | null) {
  const qc = useQueryClient();
  const start = useMutation({
    mutationFn: (body: ReportsRefreshBody) => post<{ job_id: string }>('/reports/refresh', body),
  });
  const reload = useCallback(() => qc.invalidateQueries({ queryKey: reportKeys.all }), [qc]);
  return { start, job: useJobProgress<ReportsRefreshResult>(jobId), reload };
}

/** 导出: the feedback of the applied filters (without paging) as an .xlsx download. */
export function exportFeedback(f: ReportsFeedbackBody) {
  const { page: _p, pageSize: _s, ...filters } = f;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return getFile(`/reports/feedback/export${qs ? `?${qs}` : ''}`, '卖家反馈.xlsx');
}
