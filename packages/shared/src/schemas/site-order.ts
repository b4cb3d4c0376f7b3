import { z } from 'zod';
import { paged, pageQuery } from './common.js';

/**
 * Orders of the own site's checkout as the console lists them (docs/site.md "Cart and
 * checkout"): source 独立站, the buyer, the lines, the amounts in minor units and the payment state.
 */

export const SITE_ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type SiteOrderStatusValue = (typeof SITE_ORDER_STATUSES)[number];

/** The states in the console's words. */
export const SITE_ORDER_STATUS_TEXT: Readonly<Record<SiteOrderStatusValue, string>> = {
  pending: '待付款',
  paid: '已付款',
  cancelled: '已取消',
};

/** The source of these orders in the order list. */
export const SITE_ORDER_SOURCE = '独立站';

/** `GET /site/orders/list`. */
export const siteOrderListQuery = z.strictObject({
  ...pageQuery,
  status: z.enum(SITE_ORDER_STATUSES, { error: '订单状态不存在' }).optional(),
  keyword: z.string().trim().max(100, { error: '关键词不能超过100个字符' }).optional(),
});
export type SiteOrderListQuery = z.infer<typeof siteOrderListQuery>;

const siteOrderLine = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  qty: z.number().int(),
  unit_minor: z.number().int(),
  line_minor: z.number().int(),
});

export const siteOrderRow = z.object({
  id: z.number().int(),
  source: z.literal(SITE_ORDER_SOURCE),
  order_no: z.string(),
  status: z.enum(SITE_ORDER_STATUSES),
  status_text: z.string(),
  currency: z.string(),
  total_minor: z.number().int(),
  total_text: z.string(),
  item_count: z.number().int(),
  lines: z.array(siteOrderLine),
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    postcode: z.string(),
    country: z.string(),
    note: z.string(),
  }),
  payment_provider: z.string().nullable(),
  created_at: z.number().int(),
  paid_at: z.number().int().nullable(),
});
export type SiteOrderRow = z.infer<typeof siteOrderRow>;

export const siteOrderList = paged(siteOrderRow);
