import { API_PREFIX, CSRF_HEADER } from '@console/shared/constants/app';
import type { AdjustKind } from '@console/shared/constants/finance';
import type { Answer } from '@console/shared/schemas/common';
import type {
  bookEntriesPage,
  entriesPage,
  financeClients,
  financeOverview,
  postedEntry,
  purchasePage,
  topupPage,
  topupProof,
  topupRow,
} from '@console/shared/schemas/finance';
import type { PayeeAccount, PayeeSaveBody } from '@console/shared/schemas/finance-payee';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { csrfToken } from './cookies';
import { getFile } from './goods-files';
import { ApiError, get, post } from './http';

/** Query keys of the finance domain. */
export const financeKeys = {
  all: ['finance'] as const,
  overview: (days: number) => [...financeKeys.all, 'overview', days] as const,
  entries: (f: EntryFilters) => [...financeKeys.all, 'entries', f] as const,
  purchase: (f: EntryFilters) => [...financeKeys.all, 'purchase', f] as const,
  topups: (f: TopupFilters) => [...financeKeys.all, 'topups', f] as const,
  review: (f: TopupFilters) => [...financeKeys.all, 'review', f] as const,
  expressLog: (f: ExpressLogFilters) => [...financeKeys.all, 'express-log', f] as const,
  clients: (keyword: string) => [...financeKeys.all, 'clients', keyword] as const,
  payees: () => [...financeKeys.all, 'payees'] as const,
  bookPayees: () => [...financeKeys.all, 'book-payees'] as const,
};

/** Statement filters (times in unix seconds). */
export interface EntryFilters {
  page: number;
  pageSize: number;
  type?: number;
  startTime?: number;
  endTime?: number;
  ref_type?: string;
  ref_id?: string;
}
/** Top-up list filters. */
export interface TopupFilters {
  page: number;
  pageSize: number;
  status?: number;
  startTime?: number;
  endTime?: number;
}
/** 物流充值 filters. */
export interface ExpressLogFilters {
  page: number;
  pageSize: number;
  startTime?: number;
  endTime?: number;
  account?: string;
}

type Query = Record<string, string | number | undefined>;
const q = (f: object) => ({ ...f }) as Query;

/** 财务首页 data. */
export function useFinanceOverview(days: 30 | 90) {
  return useQuery({
    queryKey: financeKeys.overview(days),
    queryFn: () => get<Answer<typeof financeOverview>>('/finance/overview', { days }),
  });
}

/** The statement page. */
export function useEntries(filters: EntryFilters) {
  return useQuery({
    queryKey: financeKeys.entries(filters),
    queryFn: () => get<Answer<typeof entriesPage>>('/finance/entries', q(filters)),
    placeholderData: keepPreviousData,
  });
}

/** 采购明细 page. */
export function usePurchases(filters: EntryFilters) {
  return useQuery({
    queryKey: financeKeys.purchase(filters),
    queryFn: () => get<Answer<typeof purchasePage>>('/finance/purchase', q(filters)),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered statement as .xlsx. */
export function exportEntries(filters: Omit<EntryFilters, 'page' | 'pageSize'>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return getFile(`/finance/entries/export${qs ? `?${qs}` : ''}`, '财务明细.xlsx');
}

/** The tenant's top-ups. */
export function useTopups(filters: TopupFilters) {
  return useQuery({
    queryKey: financeKeys.topups(filters),
    queryFn: () => get<Answer<typeof topupPage>>('/finance/topup/list', q(filters)),
    placeholderData: keepPreviousData,
  });
}

/** Top-ups waiting for (or past) the reviewer's decision. */
export function useReviewTopups(filters: TopupFilters) {
  return useQuery({
    queryKey: financeKeys.review(filters),
    queryFn: () => get<Answer<typeof topupPage>>('/finance/review/list', q(filters)),
    placeholderData: keepPreviousData,
  });
}

/** Logistics top-ups and adjustments of the reviewer's clients. */
export function useExpressLog(filters: ExpressLogFilters) {
  return useQuery({
    queryKey: financeKeys.expressLog(filters),
    queryFn: () => get<Answer<typeof bookEntriesPage>>('/finance/express-log', q(filters)),
    placeholderData: keepPreviousData,
  });
}

/** The reviewer's clients, by keyword. */
export function useFinanceClients(keyword: string) {
  return useQuery({
    queryKey: financeKeys.clients(keyword),
    queryFn: () => get<Answer<typeof financeClients>>('/finance/clients', keyword ? { keyword } : {}),
  });
}

/** The payee accounts of the book that keeps the caller's money (提交充值). */
export function usePayeeAccounts() {
  return useQuery({
    queryKey: financeKeys.payees(),
    queryFn: () => get<PayeeAccount[]>('/finance/payee/accounts'),
  });
}

/** The payee accounts the reviewer keeps (物流充值 收款账户). */
export function useBookPayees() {
  return useQuery({
    queryKey: financeKeys.bookPayees(),
    queryFn: () => get<PayeeAccount[]>('/finance/payee/list'),
  });
}

/** Uploads a proof image (multipart field `file`). */
export function uploadProof(file: File): Promise<Answer<typeof topupProof>> {
  return uploadImage('/finance/topup/proof', file);
}

/** Uploads a WeChat payee QR image (reviewers). */
export function uploadPayeeQr(file: File): Promise<Answer<typeof topupProof>> {
  return uploadImage('/finance/payee/qr', file);
}

async function uploadImage(path: string, file: File): Promise<Answer<typeof topupProof>> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`${API_PREFIX}${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { [CSRF_HEADER]: csrfToken() },
    body: form,
  });
  const env = (await res.json().catch(() => null)) as {
    status?: number;
    msg?: string;
    data?: Answer<typeof topupProof>;
  } | null;
  if (env?.status === 200 && env.data) return env.data;
  throw new ApiError(env?.msg || `HTTP ${res.status}`, env?.status ?? res.status);
}

/** Every finance mutation refreshes every finance list (balances change everywhere at once). */
function useFinanceMutation<B, R>(fn: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: financeKeys.all }) });
}

/** Submits a top-up. */
export const useSubmitTopup = () =>
  useFinanceMutation(
    (body: {
      amount: number;
      channel: string;
      payer: string;
      reference: string;
      paid_at: number;
      proof: string;
      note?: string;
    }) => post<Answer<typeof topupRow>>('/finance/topup/add', body),
  );

/** Approves a top-up. */
export const useApproveTopup = () =>
  useFinanceMutation((id: number) => post<Answer<typeof topupRow>>('/finance/review/approve', { id }));

/** Refuses a top-up with a reason. */
export const useRefuseTopup = () =>
  useFinanceMutation((body: { id: number; reason: string }) =>
    post<Answer<typeof topupRow>>('/finance/review/refuse', body),
  );

/** An adjustment of a client's balance. */
export const useAdjust = () =>
  useFinanceMutation((body: { uid: number; kind: AdjustKind; amount: number; reason: string; idem_key: string }) =>
    post<Answer<typeof postedEntry>>('/finance/adjust', body),
  );

/** Pays deposit. */
export const usePayDeposit = () =>
  useFinanceMutation((body: { amount: number; idem_key: string }) =>
    post<Answer<typeof postedEntry>>('/finance/deposit/pay', body),
  );

/** Adds or changes a payee account. */
export const useSavePayee = () =>
  useFinanceMutation((body: Partial<PayeeSaveBody> & { kind: PayeeSaveBody['kind'] }) =>
    post<PayeeAccount>('/finance/payee/save', body),
  );

/** Removes a payee account. */
export const useDeletePayee = () => useFinanceMutation((id: number) => post<null>('/finance/payee/delete', { id }));

/** Sets the low-balance warning. */
export const useSetWarning = () =>
  useFinanceMutation((warning: number) => post<{ warning: number }>('/finance/warning', { warning }));
