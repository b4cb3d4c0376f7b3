import { API_PREFIX, CSRF_HEADER } from '@console/shared/constants/app';
import type { Answer, Paged } from '@console/shared/schemas/common';
import type { GoodsFilter } from '@console/shared/schemas/goods';
import type {
  GpsrProfileCreateBody,
  GpsrProfileRow,
  gpsrApplyResult,
  gpsrCheckPage,
  gpsrDefaults,
  gpsrUploadedDocument,
} from '@console/shared/schemas/gpsr';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { csrfToken } from './cookies';
import type { Deleted } from './goods-library';
import { ApiError, get, post } from './http';

/** Query keys of the GPSR helper (docs/gpsr.md). */
export const gpsrKeys = {
  all: ['gpsr'] as const,
  profiles: (f: object) => [...gpsrKeys.all, 'profiles', f] as const,
  defaults: () => [...gpsrKeys.all, 'defaults'] as const,
  check: (f: object) => [...gpsrKeys.all, 'check', f] as const,
};

export interface GpsrProfileFilters {
  page: number;
  pageSize: number;
  keyword?: string;
}

export function useGpsrProfiles(f: GpsrProfileFilters) {
  return useQuery({
    queryKey: gpsrKeys.profiles(f),
    queryFn: () => get<Paged<GpsrProfileRow>>('/gpsr/profile/list', { ...f }),
    placeholderData: keepPreviousData,
  });
}

/** The account's e-mails a new profile starts from. */
export function useGpsrDefaults() {
  return useQuery({ queryKey: gpsrKeys.defaults(), queryFn: () => get<Answer<typeof gpsrDefaults>>('/gpsr/defaults') });
}

export interface GpsrCheckFilters {
  marketplace: string;
  page: number;
  pageSize: number;
  keyword?: string;
}

export function useGpsrCheck(f: GpsrCheckFilters) {
  return useQuery({
    queryKey: gpsrKeys.check(f),
    queryFn: () => get<Answer<typeof gpsrCheckPage>>('/gpsr/check', { ...f }),
    placeholderData: keepPreviousData,
  });
}

/** Profile create/update/delete and apply; each refreshes every GPSR list (the check changes with them). */
export function useGpsrMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: gpsrKeys.all });
  return {
    create: useMutation({
      mutationFn: (b: GpsrProfileCreateBody) => post<GpsrProfileRow>('/gpsr/profile/create', b),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (b: GpsrProfileCreateBody & { id: number; version: number }) =>
        post<GpsrProfileRow>('/gpsr/profile/update', b),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => post<Deleted>('/gpsr/profile/delete', { ids }),
      onSuccess,
    }),
    apply: useMutation({
      mutationFn: (b: { profile_id: number; marketplaces: string[]; ids?: number[]; filter?: Partial<GoodsFilter> }) =>
        post<Answer<typeof gpsrApplyResult>>('/gpsr/apply', b),
      onSuccess,
    }),
    /** 移除资料: the products keep no profile in the marketplaces. */
    unlink: useMutation({
      mutationFn: (b: { marketplaces: string[]; ids?: number[]; filter?: Partial<GoodsFilter> }) =>
        post<Answer<typeof gpsrApplyResult>>('/gpsr/remove', b),
      onSuccess,
    }),
  };
}

/** Uploads a GPSR document (PDF, JPG, PNG; multipart field `file`). */
export async function uploadGpsrDocument(file: File): Promise<Answer<typeof gpsrUploadedDocument>> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`${API_PREFIX}/gpsr/document/upload`, {
    method: 'POST',
    credentials: 'include',
    headers: { [CSRF_HEADER]: csrfToken() },
    body: form,
  });
  const env = (await res.json().catch(() => null)) as {
    status?: number;
    msg?: string;
    data?: Answer<typeof gpsrUploadedDocument>;
  } | null;
  if (env?.status === 200 && env.data) return env.data;
  throw new ApiError(env?.msg || `HTTP ${res.status}`, env?.status ?? res.status);
}
