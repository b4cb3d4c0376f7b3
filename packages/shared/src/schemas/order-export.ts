import { z } from 'zod';
import { orderListBody } from './order.js';

/**
 * 订单导出 (`/order/export`, issue 17 §2): the orders of the 订单处理 filters as an `.xlsx`,
 * one row per order item, with the chosen columns. Buyer data is only ever exported masked
 * (issue 17 §1); the full form has no column.
 */

/** The columns one may choose, in sheet order, with their headers; `default` ones are preselected. */
export const ORDER_EXPORT_COLUMNS = [
  { key: 'amazon_order_id', label: '订单号', default: true },
  { key: 'shop', label: '店铺', default: true },
  { key: 'marketplace', label: '站点', default: true },
  { key: 'status', label: '订单状态', default: true },
  { key: 'fulfillment_channel', label: '配送方式', default: true },
  { key: 'express_status', label: '快递状态', default: true },
  { key: 'purchase_date', label: '下单时间', default: true },
  { key: 'latest_ship_date', label: '最晚发货时间', default: false },
  { key: 'order_total', label: '订单金额', default: true },
  { key: 'currency', label: '币种', default: true },
  { key: 'asin', label: 'ASIN', default: true },
  { key: 'seller_sku', label: 'SKU', default: true },
  { key: 'title', label: '商品标题', default: false },
  { key: 'quantity', label: '数量', default: true },
  { key: 'item_price', label: '商品金额', default: true },
  { key: 'supplier', label: '供应商', default: false },
  { key: 'supplier_order_no', label: '供应商订单号', default: false },
  { key: 'paid_cny', label: '采购金额(CNY)', default: true },
  { key: 'tracking_no', label: '国内快递单号', default: true },
  { key: 'ship_to', label: '收货地区', default: false },
  { key: 'buyer_name', label: '买家(脱敏)', default: false },
  { key: 'buyer_phone', label: '电话(脱敏)', default: false },
] as const;

export type OrderExportColumnKey = (typeof ORDER_EXPORT_COLUMNS)[number]['key'];
export const ORDER_EXPORT_COLUMN_KEYS = ORDER_EXPORT_COLUMNS.map((c) => c.key) as readonly OrderExportColumnKey[];
export const DEFAULT_ORDER_EXPORT_COLUMNS: readonly OrderExportColumnKey[] = ORDER_EXPORT_COLUMNS.filter(
  (c) => c.default,
).map((c) => c.key);

/** Exports up to this many orders download at once; more become a job with progress (issue 17 §2). */
export const ORDER_EXPORT_SYNC_LIMIT = 1000;

/** The filters of 订单处理 (status tab included), without paging. */
export const orderExportFilter = orderListBody.omit({ page: true, pageSize: true });
export type OrderExportFilter = z.infer<typeof orderExportFilter>;

/** `POST /order/export`: the filters and the chosen columns (at least one, no duplicates). */
export const orderExportBody = z.strictObject({
  filter: orderExportFilter.default({}),
  columns: z
    .array(
      z.enum(ORDER_EXPORT_COLUMN_KEYS as [OrderExportColumnKey, ...OrderExportColumnKey[]], { error: '导出列不存在' }),
    )
    .min(1, { error: '请至少选择一列' })
    .max(ORDER_EXPORT_COLUMNS.length, { error: '导出列过多' })
    .refine((a) => new Set(a).size === a.length, { error: '导出列重复' }),
});
export type OrderExportBody = z.infer<typeof orderExportBody>;

/** The answer of a large export: the job to follow (`GET /jobs/get`) and how many orders it holds. */
export const orderExportStarted = z.object({ job_id: z.string(), total: z.number().int() });
