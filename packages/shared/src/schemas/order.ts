import { z } from 'zod';
import { MARKETPLACES, type MarketplaceCode } from '../constants/marketplaces.js';
import { dbId, dbInt, paged, pageQuery, requiredString, secondsQuery } from './common.js';

/**
 * Orders (`/order/index` 订单首页, `/order/list` 订单处理; issue 17): orders synced from the
 * shops, their items, the purchase of each item from its supplier and its express status
 * (spec section 4). Money is integer minor units with its currency.
 */

/** Order statuses of spec section 4 (Amazon's, with `refund` for a refunded order). */
export const ORDER_STATUSES = ['Pending', 'Unshipped', 'Shipped', 'Canceled', 'refund'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Chinese labels of the order statuses (the tabs of 订单处理). */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  Pending: '待付款',
  Unshipped: '未发货',
  Shipped: '已发货',
  Canceled: '已取消',
  refund: '已退款',
};

/** Fulfillment channel of spec section 4: '1' seller self-fulfilled, '0' platform fulfilled. */
export const FULFILLMENT_CHANNELS = ['1', '0'] as const;
export type FulfillmentChannel = (typeof FULFILLMENT_CHANNELS)[number];
/** Chinese labels of the fulfillment channels. */
export const FULFILLMENT_CHANNEL_LABELS: Readonly<Record<FulfillmentChannel, string>> = {
  '1': '自发货',
  '0': '亚马逊配送',
};

/** Express status of spec section 4: '0' not purchased, '1' awaiting shipment, '2' awaiting receipt, '3' received. */
export const EXPRESS_STATUSES = ['0', '1', '2', '3'] as const;
export type ExpressStatus = (typeof EXPRESS_STATUSES)[number];
/** Chinese labels of the express statuses. */
export const EXPRESS_STATUS_LABELS: Readonly<Record<ExpressStatus, string>> = {
  '0': '未采购',
  '1': '待发货',
  '2': '待收货',
  '3': '已收货',
};

const marketplaceCode = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .refine((s): s is MarketplaceCode => MARKETPLACES.some((m) => m.code === s), { error: '站点不存在' });
const orderId = dbId('订单ID');
const itemId = dbId('订单商品ID');
const shopId = dbId('店铺ID', 'integer');

/** `POST /order/list`: one page of orders with the filters of 订单处理. */
export const orderListBody = z.strictObject({
  ...pageQuery,
  status: z.enum(ORDER_STATUSES, { error: '订单状态不存在' }).optional(),
  shop_id: shopId.optional(),
  marketplace: marketplaceCode.optional(),
  fulfillment_channel: z.enum(FULFILLMENT_CHANNELS, { error: '配送方式不存在' }).optional(),
  express_status: z.enum(EXPRESS_STATUSES, { error: '快递状态不存在' }).optional(),
  /** Purchase date range in Unix seconds (spec section 5: 0 when invalid). */
  startTime: secondsQuery,
  endTime: secondsQuery,
  /** Amazon order id, ASIN or seller SKU. */
  keyword: z.string().trim().max(100, { error: '关键词不能超过100个字符' }).optional(),
  /** Only orders with an item beyond its listing's stock (超卖, docs/orders.md "Oversold"). */
  oversold: z.boolean({ error: '超卖筛选只能是是或否' }).optional(),
});
export type OrderListBody = z.infer<typeof orderListBody>;

/** The ship-to place everyone may see (no restricted data). */
const shipTo = z.object({
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal: z.string().nullable(),
  country: z.string().nullable(),
});

/**
 * The buyer's restricted data: full only to roles that ship (`order.buyerData`), masked for
 * the others and in lists, null once deleted (30 days after delivery).
 */
export const orderBuyer = z
  .object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    masked: z.boolean(),
  })
  .nullable();

/** One order in the list. */
export const orderRow = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  marketplace: z.string(),
  amazon_order_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  amazon_status: z.string(),
  fulfillment_channel: z.enum(FULFILLMENT_CHANNELS),
  express_status: z.enum(EXPRESS_STATUSES),
  purchase_date: z.number().int(),
  latest_ship_date: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** Order total in minor units of `currency`. */
  total_minor: z.number().int().nullable(),
  item_count: z.number().int(),
  /** First item's ASIN, SKU and title (the list shows the first, the detail all). */
  asin: z.string().nullable(),
  seller_sku: z.string().nullable(),
  /** The listing's title in the console (follow offer or product), else the item's own. */
  title: z.string().nullable(),
  /** The listing's picture in the console; null: none known (the screens show a placeholder). */
  image: z.string().nullable(),
  /** 超卖: an item lies beyond its listing's stock known to the console. */
  oversold: z.boolean(),
  ship_to: shipTo,
  buyer: orderBuyer,
  /** The account the order is given to (group leader or worker; `order-stock.ts` "assign"). */
  assigned_to: z.number().int().nullable(),
  /** 配货 done (ready to ship), Unix seconds. */
  distributed_at: z.number().int().nullable(),
  version: z.number().int(),
});
export type OrderRow = z.infer<typeof orderRow>;

/** Orders per status tab (`all` every status). */
export const orderCounts = z.object({
  all: z.number().int(),
  Pending: z.number().int(),
  Unshipped: z.number().int(),
  Shipped: z.number().int(),
  Canceled: z.number().int(),
  refund: z.number().int(),
});

/** The answer of `/order/list`: a page and the counts of the tabs (under the other filters). */
export const orderListData = paged(orderRow).extend({ counts: orderCounts });
export type OrderListData = z.infer<typeof orderListData>;

/** `POST /order/detail`, `/order/sync-one`: one order by id. */
export const orderIdBody = z.strictObject({ id: orderId });

/** A purchase of an item from its supplier. */
export const orderPurchase = z.object({
  supplier: z.string(),
  supplier_order_no: z.string(),
  /** Paid in minor units of `paid_currency` (CNY fen). */
  paid_minor: z.number().int(),
  paid_currency: z.string(),
  quantity: z.number().int(),
  tracking_no: z.string(),
  created_by: z.number().int(),
  created_at: z.number().int(),
});

/** One item of an order in the detail. */
export const orderItemView = z.object({
  id: z.number().int(),
  amazon_item_id: z.string(),
  asin: z.string(),
  seller_sku: z.string().nullable(),
  title: z.string().nullable(),
  quantity: z.number().int(),
  currency: z.string().nullable(),
  item_price_minor: z.number().int().nullable(),
  goods_id: z.number().int().nullable(),
  variation_key: z.string().nullable(),
  /** The product's main picture and supplier link (`link_url`), when the item is linked. */
  image: z.string().nullable(),
  link_url: z.string().nullable(),
  /** Purchase cost of the product (`cost_price`, CNY fen) when known. */
  cost_minor: z.number().int().nullable(),
  express_status: z.enum(EXPRESS_STATUSES),
  /** 超卖: beyond its listing's stock known to the console. */
  oversold: z.boolean(),
  /** The kept refusal of 确认收货 (docs/orders.md "Distribution"), until a step succeeds or 知道了. */
  receive_error: z.string().nullable(),
  purchase: orderPurchase.nullable(),
  version: z.number().int(),
});

/** A line of an order's history (status changes, purchase steps, notes). */
export const orderEventView = z.object({
  id: z.number().int(),
  kind: z.string(),
  text: z.string(),
  user_name: z.string().nullable(),
  created_at: z.number().int(),
});

/**
 * The margin estimate in CNY fen: price (converted with the configured rates) minus what was
 * paid (or the products' cost), the estimated Amazon fee (15% referral) and freight; null
 * when a rate is missing.
 */
export const orderMargin = z
  .object({
    price_cny: z.number().int(),
    purchase_cny: z.number().int(),
    fee_cny: z.number().int(),
    freight_cny: z.number().int(),
    /**
     * Where the freight comes from: `actual` the waybill's fee, `quote` the order's channel
     * tariff for its parcel, `setting` the marketplace's shipping of the price settings.
     */
    freight_source: z.enum(['actual', 'quote', 'setting']),
    /**
     * The freight the seller expected: the marketplace's shipping of the price settings (0 without
     * one). 运费审核 compares a parcel's quote with it, never with the quote itself.
     */
    expected_freight_cny: z.number().int(),
    margin_cny: z.number().int(),
  })
  .nullable();
/** Chinese labels of the margin's freight sources. */
export const FREIGHT_SOURCE_LABELS = { actual: '实际', quote: '预估', setting: '预估' } as const;

/**
 * Chinese labels of Amazon's own order statuses (`amazon_status`), for the rare ones the
 * console's statuses do not name (PartiallyShipped, InvoiceUnconfirmed...).
 */
export const AMAZON_ORDER_STATUS_LABELS: Readonly<Record<string, string>> = {
  Pending: '待付款',
  PendingAvailability: '预售待付款',
  Unshipped: '未发货',
  PartiallyShipped: '部分发货',
  Shipped: '已发货',
  InvoiceUnconfirmed: '发票未确认',
  Canceled: '已取消',
  Unfulfillable: '无法配送',
};

/** The Chinese name of an order status, the console's or Amazon's (unknown: as given). */
export function orderStatusLabel(status: string): string {
  return (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? AMAZON_ORDER_STATUS_LABELS[status] ?? status;
}

/** The answer of `/order/detail`. */
export const orderDetailData = orderRow.extend({
  items: z.array(orderItemView),
  events: z.array(orderEventView),
  margin: orderMargin,
  buyer_purge_after: z.number().int().nullable(),
});
export type OrderDetailData = z.infer<typeof orderDetailData>;

/** `POST /order/sync`: sync one shop now (or every shop the caller may use). */
export const orderSyncBody = z.strictObject({ shop_id: shopId.optional() });
/** The started sync job. */
export const orderSyncData = z.object({ job_id: z.string() });

/** What a sync job reports. */
export const orderSyncResult = z.object({
  shops: z.number().int(),
  orders: z.number().int(),
  items: z.number().int(),
  deferred: z.boolean(),
  errors: z.array(z.string()),
});
export type OrderSyncResult = z.infer<typeof orderSyncResult>;

const moneyText = z
  .string({ error: '请输入采购金额' })
  .trim()
  .min(1, { error: '请输入采购金额' })
  .max(20, { error: '采购金额过大' });

/** `POST /order/purchase`: record the purchase of an item ('0' -> '1', or '2' with a tracking number). */
export const orderPurchaseBody = z.strictObject({
  item_id: itemId,
  /** The item's version as read (a stale purchase is refused). */
  version: dbInt('版本', 1),
  supplier: z.string().trim().max(100, { error: '供应商不能超过100个字符' }).default(''),
  supplier_order_no: z.string().trim().max(64, { error: '供应商订单号不能超过64个字符' }).default(''),
  /** Paid in yuan, as typed ("12.50"). */
  paid: moneyText,
  quantity: dbInt('采购数量', 1, 10_000),
  tracking_no: z.string().trim().max(64, { error: '快递单号不能超过64个字符' }).default(''),
});
export type OrderPurchaseBody = z.infer<typeof orderPurchaseBody>;

/** `POST /order/express`: move an item's express status one step (spec section 4). */
export const orderExpressBody = z.strictObject({
  item_id: itemId,
  version: dbInt('版本', 1),
  to: z.enum(EXPRESS_STATUSES, { error: '快递状态不存在' }),
  /** Required for '2' (the supplier shipped): the domestic tracking number. */
  tracking_no: z.string().trim().max(64, { error: '快递单号不能超过64个字符' }).optional(),
});
export type OrderExpressBody = z.infer<typeof orderExpressBody>;

/** The item after a purchase step. */
export const orderItemStepData = z.object({
  id: z.number().int(),
  express_status: z.enum(EXPRESS_STATUSES),
  version: z.number().int(),
  order_express_status: z.enum(EXPRESS_STATUSES),
});

/** `POST /order/note`: add a note to an order's history. */
export const orderNoteBody = z.strictObject({ id: orderId, text: requiredString(500) });

/** `POST /order/overview` (订单首页): counts for the home screen. */
export const orderOverviewData = z.object({
  counts: orderCounts,
  /** Items of open (Pending, Unshipped) seller-fulfilled orders per express status: the purchasing work to do. */
  express: z.object({ '0': z.number().int(), '1': z.number().int(), '2': z.number().int(), '3': z.number().int() }),
  /** Orders with an item beyond its listing's stock (超卖), under the same scope. */
  oversold: z.number().int(),
  /** Orders per day of the last 14 days (tenant calendar, `YYYY-MM-DD`). */
  days: z.array(z.object({ day: z.string(), orders: z.number().int() })),
  /** Each shop x marketplace's sync state. */
  syncs: z.array(
    z.object({
      shop_id: z.number().int(),
      shop_name: z.string(),
      marketplace: z.string(),
      cursor: z.number().int(),
      last_run_at: z.number().int().nullable(),
      last_error: z.string().nullable(),
    }),
  ),
});
export type OrderOverviewData = z.infer<typeof orderOverviewData>;
