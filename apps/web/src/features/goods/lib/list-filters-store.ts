import type { AuditStatus, GoodsLack } from '@console/shared/constants/goods';
import type { GoodsFilter } from '@console/shared/schemas/goods';
import { create } from 'zustand';

/** Filters another page asks the product list to show (the form's fields and the status tab). */
export interface ListFilterRequest {
  lack?: GoodsLack;
  status?: AuditStatus | 'all';
}

interface ListFiltersState {
  /** The product list's current filters, so the editor's prev/next follows the same order. */
  filters: Partial<GoodsFilter>;
  setFilters: (filters: Partial<GoodsFilter>) => void;
  /** A pending request (a new object each time, so the same request twice applies twice). */
  requested: ListFilterRequest | null;
  request: (r: ListFilterRequest) => void;
  clearRequest: () => void;
}

/** Last filters of the product list (in memory; prev/next in the editor use them if known). */
export const useGoodsListFilters = create<ListFiltersState>((set) => ({
  filters: {},
  setFilters: (filters) => set({ filters }),
  requested: null,
  request: (r) => set({ requested: { ...r } }),
  clearRequest: () => set({ requested: null }),
}));
