import type { Answer } from '@console/shared/schemas/common';
import type {
  BindShopBody,
  bindShopData,
  ShopAuthCompleteBody,
  ShopListBody,
  ShopView,
  shopListData,
  shopOptionsData,
  UpdateAllowSitesInput,
  UpdateShopBody,
} from '@console/shared/schemas/shop';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from './http';
import { productTypeKeys } from './product-types';

/** A page of shops (shared schema `shopListData`). */
export type ShopList = Answer<typeof shopListData>;

/** Query keys of shops. */
export const shopKeys = {
  all: ['shop'] as const,
  lists: () => [...shopKeys.all, 'list'] as const,
  list: (filters: ShopListBody) => [...shopKeys.lists(), filters] as const,
  options: () => [...shopKeys.all, 'options'] as const,
};

/** A page of the shops the user may see. */
export function useShopList(filters: ShopListBody) {
  return useQuery({
    queryKey: shopKeys.list(filters),
    queryFn: () => post<ShopList>('/amazon-user/authShopList', filters),
    placeholderData: keepPreviousData,
  });
}

/**
 * The names of the shops whose orders the user reads, for shop filters (`shopOptions`, allowed
 * with `order.read`; a buyer reads orders but not the shop list of 店铺管理).
 */
export function useShopOptions() {
  return useQuery({
    queryKey: shopKeys.options(),
    queryFn: () => post<Answer<typeof shopOptionsData>>('/amazon-user/shopOptions'),
  });
}

/** Starts an authorization: the answer's consent URL is where the browser goes next. */
export function bindShop(body: BindShopBody) {
  return post<Answer<typeof bindShopData>>('/amazon-user/bindShop', body);
}

/**
 * Shop mutations; each refreshes the shop lists and the editor's product type lists (which
 * marketplace the picker opens on, and whether Amazon's whole list is there, follow the shops).
 */
export function useShopMutations() {
  const qc = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: shopKeys.all }),
      qc.invalidateQueries({ queryKey: productTypeKeys.all }),
    ]);
  return {
    complete: useMutation({
      mutationFn: (body: ShopAuthCompleteBody) => post<ShopView>('/amazon-user/shopAuthComplete', body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (body: UpdateShopBody) => post<ShopView>('/amazon-user/updateShop', body),
      onSuccess,
    }),
    /** 检测授权: re-reads the shop's marketplaces; a refused authorization marks it 授权失效. */
    sync: useMutation({
      mutationFn: (id: number) => post<ShopView>('/amazon-user/syncShop', { id }),
      // Refresh also on failure: the shop may just have been marked 授权失效.
      onSettled: onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => post<{ deleted: number }>('/amazon-user/delShop', { id }),
      onSuccess,
    }),
  };
}

/** Sets the marketplaces a child account may upload to (empty: all). */
export function updateAllowSites(body: UpdateAllowSitesInput) {
  return post<null>('/amazon-user/updateAllowSites', body);
}
