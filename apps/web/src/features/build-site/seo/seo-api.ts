import type { SiteSeo, SiteSeoSaveBody } from '@console/shared/schemas/site-seo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../api/http';

const seoKey = ['site', 'seo'] as const;

/** The SEO form (`GET /site/seo/get`; version 0 before the first save). */
export function useSiteSeo() {
  return useQuery({ queryKey: seoKey, queryFn: () => get<SiteSeo>('/site/seo/get') });
}

/** Saves the whole form (`POST /site/seo/save`); the answer replaces the cached form. */
export function useSaveSiteSeo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteSeoSaveBody) => post<SiteSeo>('/site/seo/save', body),
    onSuccess: (data) => qc.setQueryData(seoKey, data),
  });
}
