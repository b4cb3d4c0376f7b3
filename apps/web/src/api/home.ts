import type { Answer } from '@console/shared/schemas/common';
import type { homeChecklistData, homeReportData } from '@console/shared/schemas/home-report';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from './http';

/** The figures of 首页 (docs/home.md). */
export type HomeReport = Answer<typeof homeReportData>;

/** Query keys of 首页. */
export const homeKeys = { report: ['home', 'report'] as const };

/** `getNewReport`: the newest figures of the caller's role and tenant, and the checklist. */
export function useHomeReport() {
  return useQuery({ queryKey: homeKeys.report, queryFn: () => get<HomeReport>('/amazon-user/getNewReport') });
}

/** Closes (1) or shows again (0) the getting-started checklist; the report is read again. */
export function useChecklistDismiss() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (dismissed: 0 | 1) =>
      post<Answer<typeof homeChecklistData>>('/amazon-user/homeChecklist', { dismissed }),
    onSettled: () => qc.invalidateQueries({ queryKey: homeKeys.report }),
  });
}
