import type { Answer } from '@console/shared/schemas/common';
import type {
  CategoryCreateBody,
  CategoryNode,
  CategoryUpdateBody,
  categoryRow,
  EanImportBody,
  EanImportReport,
  EanPage,
  SensitiveAdded,
  SensitiveCheckBody,
  SensitiveWord,
  sensitiveCheckData,
} from '@console/shared/schemas/goods-library';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { goodsLibraryKeys, type LibraryFilters, useLibraryDelete, useLibraryList } from './goods-library';
import { get, post } from './http';

// ---------------------------------------------------------------- sensitive words

/** One stored sensitive word, and the answer of a bulk add (shared schemas). */
export type { SensitiveAdded, SensitiveWord };

/** A page of sensitive words. */
export function useSensitiveList(filters: LibraryFilters) {
  return useLibraryList<SensitiveWord>('sensitive', '/goods/sensitive/list', filters);
}

/** Bulk add, delete and the text check of the sensitive-word list. */
export function useSensitiveMutations() {
  const qc = useQueryClient();
  return {
    create: useMutation({
      mutationFn: (body: { lang: string; words: string }) => post<SensitiveAdded>('/goods/sensitive/create', body),
      onSuccess: () => qc.invalidateQueries({ queryKey: goodsLibraryKeys.lists('sensitive') }),
    }),
    remove: useLibraryDelete('sensitive', '/goods/sensitive/delete'),
    check: useMutation({
      mutationFn: (body: SensitiveCheckBody) => post<Answer<typeof sensitiveCheckData>>('/goods/sensitive/check', body),
    }),
  };
}

// ---------------------------------------------------------------- EAN pool

/** A page of the EAN pool with the counts of the whole pool; the answer of an import (shared schemas). */
export type { EanImportReport, EanPage };

/** A page of the EAN pool. */
export function useEanList(filters: LibraryFilters) {
  return useQuery({
    queryKey: goodsLibraryKeys.list('ean', filters),
    queryFn: () => get<EanPage>('/goods/ean/list', { ...filters }),
    placeholderData: keepPreviousData,
  });
}

/** Import (pasted text or a base64 file) and delete of free codes. */
export function useEanMutations() {
  const qc = useQueryClient();
  return {
    importCodes: useMutation({
      mutationFn: (body: EanImportBody) => post<EanImportReport>('/goods/ean/import', body),
      onSuccess: () => qc.invalidateQueries({ queryKey: goodsLibraryKeys.lists('ean') }),
    }),
    remove: useLibraryDelete('ean', '/goods/ean/delete'),
  };
}

// ---------------------------------------------------------------- own categories

/** The own category tree. */
export function useCategoryTree() {
  return useQuery({
    queryKey: goodsLibraryKeys.categoryTree(),
    queryFn: () => get<CategoryNode[]>('/goods/category/tree'),
  });
}

/** Create, update (rename, move, reorder) and delete of a category; each reloads the tree. */
export function useCategoryMutations() {
  const qc = useQueryClient();
  const onSettled = () => qc.invalidateQueries({ queryKey: goodsLibraryKeys.categoryTree() });
  return {
    create: useMutation({
      mutationFn: (body: Partial<CategoryCreateBody> & { name: string }) =>
        post<Answer<typeof categoryRow>>('/goods/category/create', body),
      onSettled,
    }),
    update: useMutation({
      mutationFn: (body: CategoryUpdateBody) => post<Answer<typeof categoryRow>>('/goods/category/update', body),
      onSettled,
    }),
    /** Several updates in order (a drag and drop renumbers siblings); the tree reloads once at the end. */
    moveMany: useMutation({
      mutationFn: async (moves: CategoryUpdateBody[]) => {
        for (const m of moves) await post<Answer<typeof categoryRow>>('/goods/category/update', m);
      },
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => post<null>('/goods/category/delete', { id }, { silent: true }),
      onSettled,
    }),
  };
}
