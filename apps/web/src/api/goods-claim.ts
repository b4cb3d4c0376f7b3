import type { Answer } from '@console/shared/schemas/common';
import type { ClaimRow, claimPage, copyGoodsData } from '@console/shared/schemas/goods';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { goodsKeys } from './goods';
import { goodsLibraryKeys, type LibraryFilters } from './goods-library';
import { get, post } from './http';

/** A product offered for claiming, with the caller's copy when already claimed (docs/api-goods.md). */
export type { ClaimRow };

/** A page of products the platform publishes for claiming. */
export function useClaimList(filters: LibraryFilters) {
  return useQuery({
    queryKey: goodsLibraryKeys.claimList(filters),
    queryFn: () => get<Answer<typeof claimPage>>('/claim/list', { ...filters }),
    placeholderData: keepPreviousData,
  });
}

/** Claims one product: copies it into the tenant's library once; refreshes the claim list (also after a refusal) and the goods lists. */
export function useClaimGoods() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post<Answer<typeof copyGoodsData>>('/claim/claimGoods', { id }),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [...goodsLibraryKeys.all, 'claim'] }),
        qc.invalidateQueries({ queryKey: goodsKeys.lists() }),
      ]),
  });
}
