import { z } from 'zod';
import { dbId } from './common.js';

/**
 * FBA stock (issue 30, docs/fba.md "FBA stock"): the stock Amazon holds, read from the FBA
 * Inventory API per shop and marketplace into the FBA locations of the one inventory ledger.
 */

/** `POST /fba/stock/sync` (同步FBA库存): the tenant's authorized shops, or the given ones. */
export const fbaStockSyncBody = z.strictObject({
  shop_ids: z.array(dbId('店铺ID', 'integer')).max(200, { error: '店铺最多200个' }).optional(),
});
export type FbaStockSyncBody = z.infer<typeof fbaStockSyncBody>;
export const fbaStockSyncData = z.object({ job_id: z.string() });

/** The result of a 同步FBA库存 job (its progress counts shop x marketplace pairs). */
export const fbaStockSyncResult = z.object({
  pairs: z.number().int(),
  skus: z.number().int(),
  movements: z.number().int(),
  units_in: z.number().int(),
  units_out: z.number().int(),
  created_skus: z.number().int(),
  errors: z.array(z.string()),
});
export type FbaStockSyncResult = z.infer<typeof fbaStockSyncResult>;

/** `POST /fba/stock/status`: each shop x marketplace's last sync. */
export const fbaStockStatusBody = z.strictObject({});
export const fbaStockStatusData = z.object({
  /** Minutes between scheduled syncs. */
  interval_minutes: z.number().int(),
  list: z.array(
    z.object({
      shop_id: z.number().int(),
      shop_name: z.string(),
      marketplace_id: z.string(),
      /** Chinese name of the marketplace (美国). */
      marketplace_name: z.string(),
      /** Seconds; null: never finished. */
      last_synced_at: z.number().int().nullable(),
      last_error: z.string(),
      running: z.boolean(),
      skus: z.number().int(),
    }),
  ),
});
export type FbaStockStatusData = z.infer<typeof fbaStockStatusData>;

/** `POST /fba/stock/items`: Amazon's last breakdown of the given SKUs per shop and marketplace. */
export const fbaStockItemsBody = z.strictObject({
  stock_ids: z.array(dbId('SKU ID')).min(1, { error: '请选择SKU' }).max(200, { error: 'SKU最多200个' }),
});
export const fbaStockItem = z.object({
  stock_id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  marketplace_id: z.string(),
  marketplace_name: z.string(),
  msku: z.string(),
  fnsku: z.string(),
  asin: z.string(),
  fulfillable: z.number().int(),
  inbound_working: z.number().int(),
  inbound_shipped: z.number().int(),
  inbound_receiving: z.number().int(),
  reserved: z.number().int(),
  unfulfillable: z.number().int(),
  researching: z.number().int(),
  /** fulfillable + reserved + unfulfillable: what the ledger's FBA on hand follows. */
  on_hand: z.number().int(),
  synced_at: z.number().int(),
});
export type FbaStockItem = z.infer<typeof fbaStockItem>;
export const fbaStockItemsData = z.object({ list: z.array(fbaStockItem) });
export type FbaStockItemsData = z.infer<typeof fbaStockItemsData>;
