import type { Answer, Paged } from '@console/shared/schemas/common';
import type {
  CustomsUnitCreateBody,
  CustomsUnitRow,
  CustomsUnitUpdateBody,
  HsCodeCreateBody,
  HsCodeRow,
  HsCodeUpdateBody,
  IossSetting,
  iossCheckResult,
} from '@console/shared/schemas/customs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deleted } from './goods-library';
import { get, post } from './http';

/** Filters of the customs lists. */
export interface CustomsFilters {
  page: number;
  pageSize: number;
  keyword?: string;
}

/** Query keys of customs (docs/customs.md). */
export const customsKeys = {
  all: ['customs'] as const,
  hsLists: () => [...customsKeys.all, 'hs-code', 'list'] as const,
  hsList: (f: CustomsFilters) => [...customsKeys.hsLists(), f] as const,
  unitLists: () => [...customsKeys.all, 'unit', 'list'] as const,
  unitList: (f: CustomsFilters) => [...customsKeys.unitLists(), f] as const,
  ioss: () => [...customsKeys.all, 'ioss'] as const,
};

/** Request bodies as the forms send them (defaults of the schema may be left out). */
type Input<T> = Partial<T> & Record<string, unknown>;

/** A page of HS codes. */
export function useHsCodeList(filters: CustomsFilters) {
  return useQuery({
    queryKey: customsKeys.hsList(filters),
    queryFn: () => get<Paged<HsCodeRow>>('/customs/hs-code/list', { ...filters }),
    placeholderData: keepPreviousData,
  });
}

/** Create, update and delete of HS codes; each refreshes the lists. */
export function useHsCodeMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: customsKeys.hsLists() });
  return {
    create: useMutation({
      mutationFn: (b: Input<HsCodeCreateBody>) => post<HsCodeRow>('/customs/hs-code/create', b),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (b: Input<HsCodeUpdateBody>) => post<HsCodeRow>('/customs/hs-code/update', b),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => post<Deleted>('/customs/hs-code/delete', { ids }),
      onSuccess,
    }),
  };
}

/** A page of production and sales unit records. */
export function useCustomsUnitList(filters: CustomsFilters) {
  return useQuery({
    queryKey: customsKeys.unitList(filters),
    queryFn: () => get<Paged<CustomsUnitRow>>('/customs/unit/list', { ...filters }),
    placeholderData: keepPreviousData,
  });
}

/** Create, update and delete of unit records; each refreshes the lists (a new default moves the flag). */
export function useCustomsUnitMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: customsKeys.unitLists() });
  return {
    create: useMutation({
      mutationFn: (b: Input<CustomsUnitCreateBody>) => post<CustomsUnitRow>('/customs/unit/create', b),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (b: Input<CustomsUnitUpdateBody>) => post<CustomsUnitRow>('/customs/unit/update', b),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => post<Deleted>('/customs/unit/delete', { ids }),
      onSuccess,
    }),
  };
}

/** The operator's IOSS number (only for the operator's admins: `enabled`). */
export function useIossSetting(enabled: boolean) {
  return useQuery({ queryKey: customsKeys.ioss(), queryFn: () => get<IossSetting>('/customs/ioss'), enabled });
}

/** Saving the IOSS number, and the check of one declaration. */
export function useIossMutations() {
  const qc = useQueryClient();
  return {
    save: useMutation({
      mutationFn: (b: { ioss_number: string; version: number }) => post<IossSetting>('/customs/ioss/update', b),
      onSuccess: (s) => qc.setQueryData(customsKeys.ioss(), s),
    }),
    check: useMutation({
      mutationFn: (b: { country: string; value: string; currency: string }) =>
        post<Answer<typeof iossCheckResult>>('/customs/ioss/check', b),
    }),
  };
}
