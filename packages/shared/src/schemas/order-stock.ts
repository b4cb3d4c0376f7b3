import { z } from 'zod';
import { dbId, dbInt, paged, pageQuery, requiredString } from './common.js';
import { EXPRESS_STATUSES, FULFILLMENT_CHANNELS, ORDER_STATUSES } from './order.js';

/**
 * Orders after purchase (issue 17 §2, docs/orders.md): 配货 (`/order/distribution`), stock-up
 * (`/order/stock/product` 备货商品, `stockInLog` 入库记录, `stockOutLog` 出库记录) and assigning
 * orders to staff.
 */

const orderId = dbId('订单ID');
const itemId = dbId('订单商品ID');
const stockId = dbId('备货商品ID');
const version = dbInt('版本', 1);

/** The parcel as the warehouse measured it: grams and whole centimetres (freight reads these). */
export const parcelMeasures = z.object({
  weight_g: z.number().int(),
  length_cm: z.number().int(),
  width_cm: z.number().int(),
  height_cm: z.number().int(),
});

/** One item of an order on the 配货 screen. */
export const distributionItem = z.object({
  id: z.number().int(),
  asin: z.string(),
  seller_sku: z.string().nullable(),
  title: z.string().nullable(),
  quantity: z.number().int(),
  express_status: z.enum(EXPRESS_STATUSES),
  tracking_no: z.string(),
  /** Filled from stock (a stock-out row) instead of a purchase. */
  from_stock: z.boolean(),
  version: z.number().int(),
  /** The last refused 确认收货, kept until a step of the item succeeds or it is dismissed (issue 29 §2). */
  receive_error: z.string().nullable(),
});

/** `POST /order/distribution/dismiss-error`: 知道了 on an item's kept 确认收货 failure. */
export const distributionDismissBody = z.strictObject({ item_id: itemId });

/** An order on the 配货 screen: its items and, once distributed, the parcel (ready to ship). */
export const distributionOrder = z.object({
  id: z.number().int(),
  amazon_order_id: z.string(),
  shop_name: z.string(),
  marketplace: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** '0': fulfilled by Amazon (FBA), nothing to pack; '1': seller-fulfilled. */
  fulfillment_channel: z.enum(FULFILLMENT_CHANNELS),
  express_status: z.enum(EXPRESS_STATUSES),
  items: z.array(distributionItem),
  parcel: parcelMeasures.nullable(),
  distributed_at: z.number().int().nullable(),
  version: z.number().int(),
});
export type DistributionOrder = z.infer<typeof distributionOrder>;

/** `POST /order/distribution/scan`: a domestic tracking number or an Amazon order id. */
export const distributionScanBody = z.strictObject({
  code: z
    .string({ error: '请扫描或输入快递单号/订单号' })
    .trim()
    .min(1, { error: '请扫描或输入快递单号/订单号' })
    .max(64, { error: '单号不能超过64个字符' }),
});
/** The orders a code matched (a tracking number may carry items of several orders). */
export const distributionScanData = z.object({ list: z.array(distributionOrder) });

/** 配货 tabs: `pending` purchased or received but not distributed; `ready` distributed (ready to ship). */
export const DISTRIBUTION_STATES = ['pending', 'ready'] as const;
export const DISTRIBUTION_STATE_LABELS = { pending: '待配货', ready: '已配货(待发货)' } as const;

/** `POST /order/distribution/list`. */
export const distributionListBody = z.strictObject({
  ...pageQuery,
  state: z.enum(DISTRIBUTION_STATES, { error: '配货状态不存在' }).default('pending'),
});
export type DistributionListBody = z.infer<typeof distributionListBody>;
export const distributionListData = paged(distributionOrder);
export type DistributionListData = z.infer<typeof distributionListData>;

/** A parcel measure typed by the warehouse: a whole number within sensible bounds. */
const measure = (label: string, max: number) => dbInt(label, 1, max);

/** `POST /order/distribution/done`: every item is in; record the parcel and mark the order distributed. */
export const distributionDoneBody = z.strictObject({
  id: orderId,
  version,
  weight_g: measure('重量(g)', 100_000),
  length_cm: measure('长(cm)', 500),
  width_cm: measure('宽(cm)', 500),
  height_cm: measure('高(cm)', 500),
});
export type DistributionDoneBody = z.infer<typeof distributionDoneBody>;

/** `POST /order/distribution/undo`: back to 待配货 (a mistake), the parcel kept for correction. */
export const distributionUndoBody = z.strictObject({ id: orderId, version });

/** An order after a 配货 step. */
export const distributionStepData = z.object({
  id: z.number().int(),
  distributed_at: z.number().int().nullable(),
  version: z.number().int(),
});

/** A stock-up product (备货商品). */
export const stockProduct = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  goods_id: z.number().int().nullable(),
  remark: z.string(),
  quantity: z.number().int(),
  updated_at: z.number().int(),
  version: z.number().int(),
});
export type StockProduct = z.infer<typeof stockProduct>;

/** `POST /order/stock/list`: stock-up products by SKU or title. */
export const stockListBody = z.strictObject({
  ...pageQuery,
  keyword: z.string().trim().max(100, { error: '关键词不能超过100个字符' }).optional(),
  /** Only products with stock. */
  in_stock: z.boolean().optional(),
});
export type StockListBody = z.infer<typeof stockListBody>;
export const stockListData = paged(stockProduct);
export type StockListData = z.infer<typeof stockListData>;

/** `POST /order/stock/save`: create (no id) or change a stock-up product; the balance moves only by in/out. */
export const stockSaveBody = z.strictObject({
  id: stockId.optional(),
  version: version.optional(),
  sku: requiredString(64),
  title: z.string().trim().max(200, { error: '名称不能超过200个字符' }).default(''),
  goods_id: dbId('商品ID', 'integer').nullable().optional(),
  remark: z.string().trim().max(500, { error: '备注不能超过500个字符' }).default(''),
});
export type StockSaveBody = z.infer<typeof stockSaveBody>;

/** `POST /order/stock/delete`: a product without stock. */
export const stockDeleteBody = z.strictObject({ id: stockId });

const moveNote = z.string().trim().max(200, { error: '备注不能超过200个字符' }).default('');

/** `POST /order/stock/in` 入库 and `/order/stock/out` 出库 (not for an order: damaged, returned to supplier ...). */
export const stockMoveBody = z.strictObject({
  stock_id: stockId,
  quantity: dbInt('数量', 1, 100_000),
  note: moveNote,
});
export type StockMoveBody = z.infer<typeof stockMoveBody>;

/** `POST /order/stock/fill`: fill an order item from stock (an out row tied to the item). */
export const stockFillBody = z.strictObject({ item_id: itemId, version, stock_id: stockId });
export type StockFillBody = z.infer<typeof stockFillBody>;

/** `POST /order/stock/unfill`: undo a fill from stock (the units go back, the item to not purchased). */
export const stockUnfillBody = z.strictObject({ item_id: itemId, version });
export type StockUnfillBody = z.infer<typeof stockUnfillBody>;

/** One movement of the ledger (入库记录 / 出库记录). */
export const stockMovement = z.object({
  id: z.number().int(),
  stock_id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  kind: z.enum(['in', 'out']),
  quantity: z.number().int(),
  balance_after: z.number().int(),
  order_id: z.number().int().nullable(),
  amazon_order_id: z.string().nullable(),
  note: z.string(),
  user_name: z.string().nullable(),
  created_at: z.number().int(),
});
export type StockMovement = z.infer<typeof stockMovement>;

/** A movement's answer: the product's balance after it. */
export const stockMoveData = z.object({ stock_id: z.number().int(), quantity: z.number().int() });

/** `POST /order/stock/log`: 入库记录 (`in`) or 出库记录 (`out`), newest first. */
export const stockLogBody = z.strictObject({
  ...pageQuery,
  kind: z.enum(['in', 'out'], { error: '记录类型不存在' }),
  stock_id: stockId.optional(),
  keyword: z.string().trim().max(100, { error: '关键词不能超过100个字符' }).optional(),
});
export type StockLogBody = z.infer<typeof stockLogBody>;
export const stockLogData = paged(stockMovement);
export type StockLogData = z.infer<typeof stockLogData>;

/** `POST /order/assign`: give orders to a group leader or worker (`user_id` null: take them back). */
export const orderAssignBody = z.strictObject({
  ids: z
    .array(orderId, { error: '请选择订单' })
    .min(1, { error: '请选择订单' })
    .max(200, { error: '一次最多分配200个订单' }),
  user_id: dbId('员工ID', 'integer').nullable(),
});
export type OrderAssignBody = z.infer<typeof orderAssignBody>;
export const orderAssignData = z.object({ assigned: z.number().int() });

/** `POST /order/assignees`: the accounts orders can be given to. */
export const orderAssigneesData = z.object({
  list: z.array(z.object({ id: z.number().int(), name: z.string(), auth: z.number().int() })),
});
