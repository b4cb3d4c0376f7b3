import { z } from 'zod';
import { MARKETPLACES, type MarketplaceCode } from '../constants/marketplaces.js';
import { dbId, secondsQuery } from './common.js';

/**
 * 销量统计 (`/order/asinSales`, issue 17 §2): units and sales of the orders by ASIN, SKU, shop,
 * marketplace or day. Money is exact: integer minor units per currency, and a CNY total
 * converted with the tenant's configured rates (price settings of the main account).
 */

export const SALES_GROUPS = ['asin', 'sku', 'shop', 'marketplace', 'day'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];
/** Chinese labels of the groupings. */
export const SALES_GROUP_LABELS: Readonly<Record<SalesGroup, string>> = {
  asin: 'ASIN',
  sku: 'SKU',
  shop: '店铺',
  marketplace: '站点',
  day: '日期',
};

/** The longest range one query covers (days). */
export const SALES_MAX_DAYS = 366;

const marketplaceCode = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .refine((s): s is MarketplaceCode => MARKETPLACES.some((m) => m.code === s), { error: '站点不存在' });

/** `POST /order/asinSales`: the grouping, the date range (seconds, spec section 5) and the filters. */
export const salesBody = z
  .strictObject({
    group_by: z.enum(SALES_GROUPS, { error: '统计维度不存在' }).default('asin'),
    startTime: secondsQuery,
    endTime: secondsQuery,
    shop_id: dbId('店铺ID', 'integer').optional(),
    marketplace: marketplaceCode.optional(),
    /** Exact ASIN or seller SKU. */
    keyword: z.string().trim().max(100, { error: '关键词不能超过100个字符' }).optional(),
    /** Rows of the table (the top ones by CNY sales, then units). */
    limit: z.coerce.number().int().min(1).max(500, { error: '最多显示500行' }).default(100),
  })
  .refine((b) => !b.startTime || !b.endTime || b.startTime <= b.endTime, {
    error: '开始时间不能晚于结束时间',
    path: ['startTime'],
  })
  .refine((b) => !b.startTime || !b.endTime || b.endTime - b.startTime <= SALES_MAX_DAYS * 86_400, {
    error: `时间范围不能超过${SALES_MAX_DAYS}天`,
    path: ['endTime'],
  });
export type SalesBody = z.infer<typeof salesBody>;

/** A sum in one currency (minor units). */
export const currencyAmount = z.object({ currency: z.string(), minor: z.number().int() });

/** One row of the table. */
export const salesRow = z.object({
  key: z.string(),
  label: z.string(),
  units: z.number().int(),
  orders: z.number().int(),
  /** Sales per currency, minor units. */
  sales: z.array(currencyAmount),
  /** Converted to CNY fen; null when a currency has no configured rate. */
  sales_cny: z.number().int().nullable(),
});

/** The answer: the rows, a daily series for the chart (tenant calendar) and totals. */
export const salesData = z.object({
  group_by: z.enum(SALES_GROUPS),
  startTime: z.number().int(),
  endTime: z.number().int(),
  rows: z.array(salesRow),
  /** Groups beyond `limit` (not in `rows`). */
  more: z.number().int(),
  days: z.array(z.object({ day: z.string(), units: z.number().int(), sales_cny: z.number().int().nullable() })),
  total: salesRow.omit({ key: true, label: true }),
  /** Currencies without a configured rate (their sales are left out of the CNY figures). */
  missing_rates: z.array(z.string()),
});
export type SalesData = z.infer<typeof salesData>;
