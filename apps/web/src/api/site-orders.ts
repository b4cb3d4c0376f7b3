import type { Paged } from '@console/shared/schemas/common';
import type { SiteOrderListQuery, SiteOrderRow } from '@console/shared/schemas/site-order';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from './http';

/** The own site's orders (`GET /site/orders/list`, docs/site.md "Cart and checkout"). */
export function useSiteOrderList(query: Partial<SiteOrderListQuery>, enabled = true) {
  return useQuery({
    queryKey: ['site-orders', 'list', query],
    queryFn: () => get<Paged<SiteOrderRow>>('/site/orders/list', { ...query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
