import type { Paged } from '@console/shared/schemas/common';
import type {
  SiteGoods,
  SiteGoodsCreateBody,
  SiteGoodsImportResult,
  SiteGoodsListQuery,
  SiteGoodsRow,
  SiteGoodsSyncResult,
  SiteGoodsUpdateBody,
  SiteRounding,
} from '@console/shared/schemas/site-goods';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../api/http';

/** Query keys of the site products. */
export const siteGoodsKeys = {
  all: ['site', 'goods'] as const,
  list: (q: Partial<SiteGoodsListQuery>) => ['site', 'goods', 'list', q] as const,
  detail: (id: number) => ['site', 'goods', 'detail', id] as const,
  categories: ['site', 'category', 'list'] as const,
};

export type SiteGoodsFilters = Pick<SiteGoodsListQuery, 'page' | 'pageSize' | 'keyword' | 'published'> & {
  category_id?: number | undefined;
};

/** One page of the site's products (asked only once the site is known to exist: `enabled`). */
export function useSiteGoodsList(q: SiteGoodsFilters, enabled = true) {
  return useQuery({
    queryKey: siteGoodsKeys.list(q),
    queryFn: () => get<Paged<SiteGoodsRow>>('/site/goods/list', { ...q }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One product for the form. */
export function useSiteGoods(id: number) {
  return useQuery({
    queryKey: siteGoodsKeys.detail(id),
    queryFn: () => get<SiteGoods>('/site/goods/get', { id }),
    enabled: id > 0,
  });
}

/** A category of the site's tree as 站点分类 answers it (`GET /site/category/list`); only what the pickers read. */
export interface SiteCategoryOption {
  id: number;
  names: Record<string, string>;
  children: SiteCategoryOption[];
}

/** The site's category tree (empty before any category is made). */
export function useSiteCategoryTree() {
  return useQuery({
    queryKey: siteGoodsKeys.categories,
    queryFn: () =>
      get<{ site: { default_language: string } | null; tree: SiteCategoryOption[] }>('/site/category/list'),
    staleTime: 30_000,
  });
}

/** Invalidates every list and form of the site products. */
export function useInvalidateSiteGoods() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: siteGoodsKeys.all });
}

export const createSiteGoods = (body: SiteGoodsCreateBody) => post<SiteGoods>('/site/goods/create', body);
export const updateSiteGoods = (body: SiteGoodsUpdateBody) => post<SiteGoods>('/site/goods/update', body);
export const publishSiteGoods = (ids: number[], published: boolean) =>
  post<{ affected: number }>(published ? '/site/goods/publish' : '/site/goods/unpublish', { ids });
export const deleteSiteGoods = (ids: number[]) => post<{ deleted: number }>('/site/goods/delete', { ids });
export const importSiteGoods = (goods_ids: number[], rounding: SiteRounding) =>
  post<SiteGoodsImportResult>('/site/goods/import', { goods_ids, rounding });
export const syncSiteGoods = (ids: number[], prices: boolean, rounding: SiteRounding) =>
  post<SiteGoodsSyncResult>('/site/goods/sync', { ids, prices, rounding });
