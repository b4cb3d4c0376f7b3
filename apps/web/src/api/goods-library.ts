import type { Answer, deletedData, Paged } from '@console/shared/schemas/common';
import type {
  PointsCreateBody,
  PointsSet,
  PointsUpdateBody,
  SearchTermsCreateBody,
  SearchTermsEntry,
  SearchTermsUpdateBody,
} from '@console/shared/schemas/goods-library';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from './http';

/** Filters of a library list (docs/api-goods-library.md: page, pageSize, keyword and per-list extras). */
export interface LibraryFilters {
  page: number;
  pageSize: number;
  keyword?: string;
  country?: string;
  lang?: string;
  status?: 'free' | 'used';
}

/** Query keys of the goods libraries; `lists(kind)` prefixes every page of one list. */
export const goodsLibraryKeys = {
  all: ['goods-library'] as const,
  lists: (kind: LibraryKind) => [...goodsLibraryKeys.all, kind, 'list'] as const,
  list: (kind: LibraryKind, filters: LibraryFilters) => [...goodsLibraryKeys.lists(kind), filters] as const,
  detail: (kind: LibraryKind, id: number) => [...goodsLibraryKeys.all, kind, 'detail', id] as const,
  categoryTree: () => [...goodsLibraryKeys.all, 'category', 'tree'] as const,
  claimList: (filters: LibraryFilters) => [...goodsLibraryKeys.all, 'claim', 'list', filters] as const,
};

/** The library lists with a key each. */
export type LibraryKind = 'points' | 'search-terms' | 'sensitive' | 'ean' | 'claim';

/** The answer of a delete (shared schema `deletedData`). */
export type Deleted = Answer<typeof deletedData>;

/** A page of one library list. */
export function useLibraryList<T>(kind: Exclude<LibraryKind, 'claim'>, url: string, filters: LibraryFilters) {
  return useQuery({
    queryKey: goodsLibraryKeys.list(kind, filters),
    queryFn: () => get<Paged<T>>(url, { ...filters }),
    placeholderData: keepPreviousData,
  });
}

/** Deletes records of one library by id and refreshes its lists. */
export function useLibraryDelete(kind: Exclude<LibraryKind, 'claim'>, url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => post<Deleted>(url, { ids }),
    onSuccess: () => qc.invalidateQueries({ queryKey: goodsLibraryKeys.lists(kind) }),
  });
}

// ---------------------------------------------------------------- bullet points

/** A page of bullet-point sets. */
export function usePointsList(filters: LibraryFilters) {
  return useLibraryList<PointsSet>('points', '/goods/points/list', filters);
}

/** One bullet-point set (the edit screen); never served from a stale cache entry. */
export function usePointsSet(id: number) {
  return useQuery({
    queryKey: goodsLibraryKeys.detail('points', id),
    queryFn: () => get<PointsSet>('/goods/points/get', { id }),
    enabled: id > 0,
    gcTime: 0,
  });
}

/** Create and versioned update of a bullet-point set; errors are shown by the form (silent). */
export function usePointsMutations() {
  const qc = useQueryClient();
  const onSuccess = (set: PointsSet) => {
    qc.setQueryData(goodsLibraryKeys.detail('points', set.id), set);
    return qc.invalidateQueries({ queryKey: goodsLibraryKeys.lists('points') });
  };
  return {
    create: useMutation({
      mutationFn: (body: PointsCreateBody) => post<PointsSet>('/goods/points/create', body, { silent: true }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (body: PointsUpdateBody) => post<PointsSet>('/goods/points/update', body, { silent: true }),
      onSuccess,
    }),
    remove: useLibraryDelete('points', '/goods/points/delete'),
  };
}

// ---------------------------------------------------------------- search terms

/** A page of search-terms entries. */
export function useSearchTermsList(filters: LibraryFilters) {
  return useLibraryList<SearchTermsEntry>('search-terms', '/goods/search-terms/list', filters);
}

/** One search-terms entry (the edit screen). */
export function useSearchTermsEntry(id: number) {
  return useQuery({
    queryKey: goodsLibraryKeys.detail('search-terms', id),
    queryFn: () => get<SearchTermsEntry>('/goods/search-terms/get', { id }),
    enabled: id > 0,
    gcTime: 0,
  });
}

/** Create and versioned update of a search-terms entry; errors are shown by the form (silent). */
export function useSearchTermsMutations() {
  const qc = useQueryClient();
  const onSuccess = (entry: SearchTermsEntry) => {
    qc.setQueryData(goodsLibraryKeys.detail('search-terms', entry.id), entry);
    return qc.invalidateQueries({ queryKey: goodsLibraryKeys.lists('search-terms') });
  };
  return {
    create: useMutation({
      mutationFn: (body: SearchTermsCreateBody) =>
        post<SearchTermsEntry>('/goods/search-terms/create', body, { silent: true }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (body: SearchTermsUpdateBody) =>
        post<SearchTermsEntry>('/goods/search-terms/update', body, { silent: true }),
      onSuccess,
    }),
    remove: useLibraryDelete('search-terms', '/goods/search-terms/delete'),
  };
}
