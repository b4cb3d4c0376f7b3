import type { Answer } from '@console/shared/schemas/common';
import type { TestOrdersBody, testOrderListingsData, testOrdersData } from '@console/shared/schemas/order-test';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from './http';
import { orderKeys } from './order';

/** The live listings of a sandbox shop that 生成测试订单 can order (only while the dialog is open). */
export function useTestOrderListings(shopId: number | null) {
  return useQuery({
    queryKey: [...orderKeys.all, 'test-listings', shopId ?? 0] as const,
    queryFn: () => post<Answer<typeof testOrderListingsData>>('/order/test/listings', { shop_id: shopId }),
    enabled: shopId !== null,
    staleTime: 0,
  });
}

/** 生成测试订单: places the orders and starts the shop's order sync (its job id). */
export function useCreateTestOrders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TestOrdersBody) => post<Answer<typeof testOrdersData>>('/order/test/create', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
