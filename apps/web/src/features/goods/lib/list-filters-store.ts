import type { GoodsFilter } from '@console/shared';
import { create } from 'zustand';

interface ListFiltersState {
  /** The product list's current filters, so the editor's prev/next follows the same order. */
  filters: Partial<GoodsFilter>;
  setFilters: (filters: Partial<GoodsFilter>) => void;
}

/** Last filters of the product list (in memory; prev/next in the editor use them if known). */
export const useGoodsListFilters = create<ListFiltersState>((set) => ({
  filters: {},
  setFilters: (filters) => set({ filters }),
}));
