import type { SiteBasic, SiteBasicSaveBody } from '@console/shared/schemas/site';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../api/http';

/** Query keys of the own site. */
export const siteKeys = { basic: ['site', 'basic'] as const };

/** The tenant's site form (`GET /site/basic/get`; defaults and version 0 before the first save). */
export function useSiteBasic() {
  return useQuery({ queryKey: siteKeys.basic, queryFn: () => get<SiteBasic>('/site/basic/get') });
}

/** Saves the form (`POST /site/basic/save`); the answer replaces the cached form. */
export function useSaveSiteBasic() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteBasicSaveBody) => post<SiteBasic>('/site/basic/save', body),
    onSuccess: (data) => qc.setQueryData(siteKeys.basic, data),
  });
}
