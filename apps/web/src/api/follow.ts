import type { Answer } from '@console/shared/schemas/common';
import type {
  candidateListData,
  candidateListQuery,
  lookupStartedData,
  offerListData,
  offerListQuery,
  priceRuleData,
  pushData,
  searchCatalogData,
} from '@console/shared/schemas/follow';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { get, post } from './http';

/** A page of the candidate pool. */
export type CandidateList = Answer<typeof candidateListData>;
/** One candidate. */
export type Candidate = CandidateList['list'][number];
/** A page of follow offers (queue or products). */
export type OfferList = Answer<typeof offerListData>;
/** One follow offer. */
export type FollowOffer = OfferList['list'][number];
/** Filters of the pool. */
export type CandidateFilters = z.output<typeof candidateListQuery>;
/** Filters of the queue and the follow products. */
export type OfferFilters = Omit<z.output<typeof offerListQuery>, 'shop_id'> & { shop_id?: number };
/** The tenant's follow price rule. */
export type PriceRule = Answer<typeof priceRuleData>;

/** Query keys of follow-selling. */
export const followKeys = {
  all: ['follow'] as const,
  candidates: (f: CandidateFilters) => [...followKeys.all, 'candidates', f] as const,
  offers: (which: 'queue' | 'offer', f: OfferFilters) => [...followKeys.all, which, f] as const,
  rule: () => [...followKeys.all, 'rule'] as const,
};

/** A page of the candidate pool. */
export function useCandidates(f: CandidateFilters, refetchMs: number | false = false) {
  return useQuery({
    queryKey: followKeys.candidates(f),
    queryFn: () => get<CandidateList>('/follow/candidate/list', f),
    placeholderData: keepPreviousData,
    refetchInterval: refetchMs,
  });
}

/** A page of the follow queue (`queue`) or of the follow-sale products (`offer`). */
export function useOffers(which: 'queue' | 'offer', f: OfferFilters, refetchMs: number | false = false) {
  return useQuery({
    queryKey: followKeys.offers(which, f),
    queryFn: () => get<OfferList>(`/follow/${which}/list`, f),
    placeholderData: keepPreviousData,
    refetchInterval: refetchMs,
  });
}

/** The tenant's follow price rule. */
export function usePriceRule() {
  return useQuery({ queryKey: followKeys.rule(), queryFn: () => get<PriceRule>('/follow/price-rule/get') });
}

/** A POST of follow-selling that refreshes every follow list when it settles. */
function useFollowPost<B, R>(url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<R>(url, body),
    onSettled: () => qc.invalidateQueries({ queryKey: followKeys.all }),
  });
}

/** Follow-selling mutations; each refreshes every follow list. */
export function useFollowMutations() {
  return {
    add: useFollowPost<{ marketplace: string; shop_id: number; asins: string }, Answer<typeof lookupStartedData>>(
      '/follow/candidate/add',
    ),
    importFile: useFollowPost<
      { marketplace: string; shop_id: number; file: { name: string; content: string } },
      Answer<typeof lookupStartedData>
    >('/follow/candidate/import'),
    refresh: useFollowPost<{ ids: number[]; shop_id: number }, Answer<typeof lookupStartedData>>(
      '/follow/candidate/refresh',
    ),
    search: useFollowPost<
      { marketplace: string; shop_id: number; keyword: string; classification_id: string },
      Answer<typeof searchCatalogData>
    >('/follow/candidate/search'),
    remove: useFollowPost<{ ids: number[] }, { deleted: number }>('/follow/candidate/delete'),
    cost: useFollowPost<{ id: number; cost: number | null }, null>('/follow/candidate/cost'),
    saveRule: useFollowPost<PriceRule, PriceRule>('/follow/price-rule/save'),
    push: useFollowPost<
      { ids: number[]; shop_id: number; quantity: number; fulfillment: 'FBM' | 'FBA' },
      Answer<typeof pushData>
    >('/follow/push'),
    retry: useFollowPost<{ ids: number[] }, Answer<typeof pushData>>('/follow/queue/retry'),
    update: useFollowPost<
      { id: number; version: number; price?: number; quantity?: number },
      { id: number; version: number }
    >('/follow/offer/update'),
    stop: useFollowPost<{ id: number; version: number }, { id: number; version: number }>('/follow/offer/stop'),
    reprice: useFollowPost<
      { id: number; version: number; enabled: boolean; min: number | null; max: number | null },
      { id: number; version: number }
    >('/follow/offer/reprice'),
    check: useFollowPost<{ ids: number[] }, { job_id: string }>('/follow/offer/check'),
  };
}
