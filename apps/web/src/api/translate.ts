import type { Answer, deletedData } from '@console/shared/schemas/common';
import type {
  correctionPage,
  GlossaryEntry,
  GlossarySaveBody,
  glossarySavedData,
  machineCheckData,
  memoryPage,
  TranslateStatus,
  TranslateUsage,
  translateJobStarted,
  translationsData,
} from '@console/shared/schemas/translate';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from './http';

/** Filters of the memory and correction lists (docs/translation.md "Screens"). */
export interface MemoryFilters {
  page: number;
  pageSize: number;
  keyword?: string;
  from?: string;
  to?: string;
}

/** Query keys of the translation domain. */
export const translateKeys = {
  all: ['translate'] as const,
  status: () => [...translateKeys.all, 'status'] as const,
  glossary: () => [...translateKeys.all, 'glossary'] as const,
  memoryLists: () => [...translateKeys.all, 'memory'] as const,
  memory: (f: MemoryFilters) => [...translateKeys.memoryLists(), f] as const,
  correctionLists: () => [...translateKeys.all, 'corrections'] as const,
  corrections: (f: MemoryFilters) => [...translateKeys.correctionLists(), f] as const,
  usage: (days: number) => [...translateKeys.all, 'usage', days] as const,
};

// ---------------------------------------------------------------- translating (editor)

/**
 * Translates texts in order (POST /transfer/mulObjGoogleTran). Silent: the caller shows the
 * provider's Chinese message where the user acted.
 */
export function translateTexts(arr: string[], to: string, from: string) {
  return post<Answer<typeof translationsData>>('/transfer/mulObjGoogleTran', { arr, to, from }, { silent: true });
}

/** Stores the user's own translation of a source text; reused for that text and language pair. */
export function saveCorrection(body: { source: string; from: string; to: string; text: string }) {
  return post<null>('/transfer/saveCorrection', body, { silent: true });
}

/** For each text: whether a machine delivered it for this language (the others were edited by hand). */
export function machineCheck(to: string, texts: string[]) {
  return post<Answer<typeof machineCheckData>>('/transfer/machineCheck', { to, texts }, { silent: true });
}

/** Queues a translation job over saved products (POST /transfer/translateGoods). */
export function startTranslateGoods(body: {
  ids: number[];
  from: string;
  to: string[];
  fields?: string[];
  overwrite?: boolean;
}) {
  return post<Answer<typeof translateJobStarted>>('/transfer/translateGoods', body, { silent: true });
}

/** The configured provider (the editor explains how to configure one when there is none). */
export function useTranslateStatus() {
  return useQuery({
    queryKey: translateKeys.status(),
    queryFn: () => get<TranslateStatus>('/transfer/status'),
    staleTime: 5 * 60_000,
  });
}

// ---------------------------------------------------------------- management screen

/** The tenant's glossary. */
export function useGlossary() {
  return useQuery({
    queryKey: translateKeys.glossary(),
    queryFn: () => get<GlossaryEntry[]>('/transfer/glossary/list'),
  });
}

/** Save (create or change) and delete of glossary entries; errors are shown by the caller (silent). */
export function useGlossaryMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: translateKeys.glossary() });
  return {
    save: useMutation({
      mutationFn: (body: Partial<GlossarySaveBody> & { term: string }) =>
        post<Answer<typeof glossarySavedData>>('/transfer/glossary/save', body, { silent: true }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => post<Answer<typeof deletedData>>('/transfer/glossary/delete', { ids }),
      onSuccess,
    }),
  };
}

/** A page of translation-memory entries. */
export function useMemoryList(f: MemoryFilters) {
  return useQuery({
    queryKey: translateKeys.memory(f),
    queryFn: () => get<Answer<typeof memoryPage>>('/transfer/memory/list', { ...f }),
    placeholderData: keepPreviousData,
  });
}

/** A page of stored corrections. */
export function useCorrectionList(f: MemoryFilters) {
  return useQuery({
    queryKey: translateKeys.corrections(f),
    queryFn: () => get<Answer<typeof correctionPage>>('/transfer/corrections/list', { ...f }),
    placeholderData: keepPreviousData,
  });
}

/** Deletes memory entries or corrections by id and refreshes that list. */
export function useEntryDelete(kind: 'memory' | 'corrections') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => post<Answer<typeof deletedData>>(`/transfer/${kind}/delete`, { ids }),
    onSuccess: () =>
      qc.invalidateQueries({
        queryKey: kind === 'memory' ? translateKeys.memoryLists() : translateKeys.correctionLists(),
      }),
  });
}

/** Characters and texts sent per provider and day. */
export function useTranslateUsage(days: number) {
  return useQuery({
    queryKey: translateKeys.usage(days),
    queryFn: () => get<TranslateUsage>('/transfer/usage', { days }),
  });
}
