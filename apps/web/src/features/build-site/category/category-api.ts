import type {
  SiteCategoryCreateBody,
  SiteCategoryMoveBody,
  SiteCategoryNode,
  SiteCategoryPublishBody,
  SiteCategoryTree,
  SiteCategoryUpdateBody,
} from '@console/shared/schemas/site-category';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../api/http';

/** Query key of the site's category tree. */
export const siteCategoryKey = ['site', 'category', 'tree'] as const;

/** The tree and the site's languages (`site: null` before the site is created). */
export function useSiteCategories() {
  return useQuery({ queryKey: siteCategoryKey, queryFn: () => get<SiteCategoryTree>('/site/category/list') });
}

/** The category writes; each reloads the tree when it ends (saved or refused). */
export function useSiteCategoryMutations() {
  const qc = useQueryClient();
  const settle = { onSettled: () => qc.invalidateQueries({ queryKey: siteCategoryKey }) };
  return {
    create: useMutation({
      mutationFn: (b: SiteCategoryCreateBody) => post<SiteCategoryNode>('/site/category/create', b),
      ...settle,
    }),
    update: useMutation({
      mutationFn: (b: SiteCategoryUpdateBody) => post<SiteCategoryNode>('/site/category/update', b),
      ...settle,
    }),
    move: useMutation({ mutationFn: (b: SiteCategoryMoveBody) => post('/site/category/move', b), ...settle }),
    publish: useMutation({
      mutationFn: (b: SiteCategoryPublishBody) => post<SiteCategoryNode>('/site/category/publish', b),
      ...settle,
    }),
    remove: useMutation({
      mutationFn: (b: { id: number; version: number }) => post('/site/category/delete', b),
      ...settle,
    }),
    importLibrary: useMutation({
      mutationFn: () => post<{ created: number; existing: number }>('/site/category/import-library'),
      ...settle,
    }),
  };
}
