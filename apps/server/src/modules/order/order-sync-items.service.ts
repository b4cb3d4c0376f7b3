import type { AppDeps } from '../../context.js';
import type { SpApiClient } from '../../marketplace/sp-api.client.js';
import type { OrderItem } from '../../marketplace/sp-api.orders.js';
import { itemOf } from './order-sync.mapping.js';
import { linkSkus, ordersNeedingItems, saveOrderItems } from './order-sync.repository.js';
import type { ShopSyncResult, SyncOptions } from './order-sync.service.js';

/**
 * The items step of the order sync: `getOrderItems` for the orders marked `items_pending`,
 * each order's items stored with the link of their SKUs to our products in one transaction.
 */

/** Orders whose items one run reads per marketplace at most (the rest wait for the next run). */
const ITEMS_PER_RUN = 500;

/** Reads the items of the marketplace's orders marked `items_pending` (after a crash too). */
export async function syncItems(
  deps: AppDeps,
  client: SpApiClient,
  shop: { id: number; tenant_id: number },
  code: string,
  opts: SyncOptions,
  result: ShopSyncResult,
) {
  const todo = await ordersNeedingItems(deps.db, shop.tenant_id, shop.id, code, ITEMS_PER_RUN);
  for (const o of todo) {
    const items: OrderItem[] = [];
    let next: string | undefined;
    do {
      const page = await client.orders.getOrderItems(o.amazon_order_id, { nextToken: next, maxWaitMs: opts.maxWaitMs });
      items.push(...page.OrderItems);
      next = page.NextToken || undefined;
    } while (next);
    const skus = [...new Set(items.map((i) => i.SellerSKU).filter((s): s is string => !!s))];
    await deps.db.transaction().execute(async (trx) => {
      const links = await linkSkus(trx, shop.tenant_id, shop.id, code, skus);
      await saveOrderItems(
        trx,
        shop.tenant_id,
        o.id,
        items.map((i) => itemOf(i, i.SellerSKU ? links.get(i.SellerSKU) : undefined)),
      );
    });
    result.items += items.length;
  }
}
