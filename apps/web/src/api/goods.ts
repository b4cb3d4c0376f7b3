import type { Answer } from '@console/shared/schemas/common';
import type {
  AssignProductEanResult,
  batchCopyData,
  batchEnTitleData,
  batchUpdateData,
  copyFieldsData,
  copyGoodsData,
  delGoodsData,
  GoodsCreator,
  GoodsData,
  GoodsFilter,
  GoodsListPage,
  GoodsOverview,
  GoodsRecord,
  neighbourData,
  remoteCopyData,
  SaveResult,
  setGoodsStatusData,
} from '@console/shared/schemas/goods';
import type { sensitiveCheckData } from '@console/shared/schemas/goods-library';
import type { PriceInfo } from '@console/shared/schemas/price-settings';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from './http';

/** Filters of the product list as the screen keeps them (times in unix seconds). */
export type GoodsListFilters = Partial<GoodsFilter> & { page: number; pageSize: number };

/** Answers of the goods calls, from the shared schemas (never re-declared here). */
export type { GoodsListPage, GoodsRecord, SaveResult, SensitiveHit } from '@console/shared/schemas/goods';

/** Query keys of the goods domain. */
export const goodsKeys = {
  all: ['goods'] as const,
  lists: () => [...goodsKeys.all, 'list'] as const,
  list: (filters: GoodsListFilters) => [...goodsKeys.lists(), filters] as const,
  detail: (id: number) => [...goodsKeys.all, 'detail', id] as const,
  priceInfo: () => [...goodsKeys.all, 'price-info'] as const,
  creators: () => [...goodsKeys.all, 'creators'] as const,
  overview: () => [...goodsKeys.all, 'overview'] as const,
};

/** The product home page's figures (refetched when the page is shown again after a minute). */
export function useGoodsOverview() {
  return useQuery({
    queryKey: goodsKeys.overview(),
    queryFn: () => get<GoodsOverview>('/goods/overview'),
    staleTime: 60_000,
  });
}

/** The tenant's accounts for the creator filter (kept a minute: accounts change rarely). */
export function useGoodsCreators() {
  return useQuery({
    queryKey: goodsKeys.creators(),
    queryFn: () => get<GoodsCreator[]>('/amazon-user/goodsCreators'),
    staleTime: 60_000,
  });
}

/** The product-list page query (server pagination, previous page kept while loading). */
export function useGoodsList(filters: GoodsListFilters) {
  return useQuery({
    queryKey: goodsKeys.list(filters),
    queryFn: () => get<GoodsListPage>('/amazon-user/productList', { ...filters }),
    placeholderData: keepPreviousData,
  });
}

/** One product for the editor or the preview. */
export function useGoods(id: number | null) {
  return useQuery({
    queryKey: goodsKeys.detail(id ?? 0),
    queryFn: () => get<GoodsRecord>('/amazon-user/getProduct', { id: id ?? 0 }),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The user's price settings (user-menu dialog and the editor's "按价格设置计算"). */
export function usePriceInfo(enabled = true) {
  return useQuery({
    queryKey: goodsKeys.priceInfo(),
    queryFn: () => get<PriceInfo>('/amazon-user/priceInfoData'),
    enabled,
  });
}

/** Invalidates every product list (after a change that moves rows or counts). */
export function useInvalidateGoodsLists() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: goodsKeys.lists() });
}

/** The selection of a batch call: chosen ids, or everything the filter matches. */
export type GoodsSelection = { ids: number[] } | { filter: Partial<GoodsFilter> };

/** Saves a product: create without id, update with id + the version it was loaded at. */
export function saveGoods(body: { id?: number; version?: number; goodsData: GoodsData }) {
  return post<SaveResult>('/amazon-user/insertGoods_v2', body, { silent: true });
}

/** 从EAN池分配: gives a saved product without variations a code of the pool as 产品ID (over the loaded version). */
export function assignProductEan(body: { id: number; version: number }) {
  return post<AssignProductEanResult>('/amazon-user/assignProductEan', body, { silent: true });
}

/** Recycle (1), restore (0) or delete for good (2). */
export function delGoods(ids: number[], is_delete: 0 | 1 | 2) {
  return post<Answer<typeof delGoodsData>>('/amazon-user/delGoodsMutl', { ids: ids.join(','), is_delete });
}

/** Platform operator only: offers its products to every tenant for claiming, or withdraws them. */
export function publishForClaim(ids: number[], claimable: boolean) {
  return post<Answer<typeof batchUpdateData>>('/claim/publish', { ids, claimable });
}

/** Audit status transition over ids. */
export function setGoodsStatus(ids: number[], status: string) {
  return post<Answer<typeof setGoodsStatusData>>('/amazon-user/setGoodsStatus', {
    ids: ids.join(','),
    status,
  });
}

/** Duplicates one product. */
/** Copies of the chosen products, all or none (the server requires `goods.batchCopy`). */
export function batchCopyGoods(ids: number[]) {
  return post<Answer<typeof batchCopyData>>('/amazon-user/batchCopyGoods', { ids });
}

export function copyGoods(id: number) {
  return post<Answer<typeof copyGoodsData>>('/amazon-user/copyOneBenRenProduct', { id });
}

/** Batch edit of chosen fields. */
export function batchUpdate(selection: GoodsSelection, fields: Record<string, unknown>) {
  return post<Answer<typeof batchUpdateData>>('/amazon-user/batchUpdate2', { ...selection, fields });
}

/** Find/replace in English titles; `preview` only counts and shows samples. */
export function batchEnTitle(
  selection: GoodsSelection,
  body: { find: string; replace: string; match_case: boolean; preview: boolean },
) {
  return post<Answer<typeof batchEnTitleData>>('/amazon-user/batchUpdateEnTitle', { ...selection, ...body });
}

/** The chosen text fields of another product's languages. */
export function getCopyFields(id: number, langs: string[], fields: string[]) {
  return post<Answer<typeof copyFieldsData>>('/goods/getCopyFields', { id, langs, fields });
}

/** Neighbour of a product in the list order ('prev' is newer, 'next' older); null at the end. */
export function neighbourId(dir: 'prev' | 'next', id: number, filters: Partial<GoodsFilter>) {
  const path = dir === 'prev' ? '/amazon-user/getProductPreviewId' : '/amazon-user/getProductNextId';
  return get<Answer<typeof neighbourData>>(path, { ...filters, id });
}

/** Copies remote images into our storage. */
export function copyRemoteImages(urls: string[]) {
  return post<Answer<typeof remoteCopyData>>('/goods/batchCopyOssObject', { urls });
}

/** Sensitive-word check of texts while typing. */
export function checkSensitive(texts: { lang: string; field: string; text: string }[]) {
  return post<Answer<typeof sensitiveCheckData>>('/goods/sensitive/check', { texts }, { silent: true });
}
