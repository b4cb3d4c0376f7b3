import { z } from 'zod';
import { dbId } from './common.js';
import { OUTBOUND_STATUSES } from './overseas-outbound.js';

/** 海外仓首页 (issue 30 §2, docs/overseas.md "Home"): the tenant's figures, each linking to its list. */

/** `POST /overseas/home/summary`: all warehouses or one. */
export const homeSummaryBody = z.strictObject({ warehouse_id: dbId('仓库ID', 'integer').optional() });

/** The storage age buckets (days since receipt, first in first out). */
export const AGE_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export const AGE_BUCKET_LABELS = {
  '0-30': '0–30天',
  '31-60': '31–60天',
  '61-90': '61–90天',
  '90+': '90天以上',
} as const;

export const homeSummaryData = z.object({
  /** Declared value × on hand, per declared currency (minor units). */
  stock_value: z.array(z.object({ currency: z.string(), value_minor: z.number().int() })),
  sku_count: z.number().int(),
  on_hand: z.number().int(),
  /** SKUs whose available units at a warehouse are at or below their reorder point (>0). */
  low_stock: z.object({
    count: z.number().int(),
    list: z.array(
      z.object({
        stock_id: z.number().int(),
        sku: z.string(),
        title: z.string(),
        warehouse_code: z.string(),
        available: z.number().int(),
        reorder_point: z.number().int(),
      }),
    ),
  }),
  /** Inbound orders expected this week (Monday to Sunday, UTC); `enabled` false when inbound orders do not exist. */
  inbound_week: z.object({ enabled: z.boolean(), count: z.number().int(), units: z.number().int() }),
  outbound_by_status: z.record(z.enum(OUTBOUND_STATUSES), z.number().int()),
  /** Units on hand per age bucket. */
  age_buckets: z.record(z.enum(AGE_BUCKETS), z.number().int()),
});
export type HomeSummaryData = z.infer<typeof homeSummaryData>;
