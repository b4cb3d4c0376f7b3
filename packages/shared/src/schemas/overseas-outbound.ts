import { z } from 'zod';
import { dbId, dbInt, paged, pageQuery, requiredString } from './common.js';

/**
 * Outbound orders of the overseas warehouses (出库单, issue 30 §2, docs/overseas.md "Outbound"):
 * the tenant creates them by hand or from an Amazon order and may cancel them before they ship;
 * the warehouse (the operator, `warehouse.operate`) picks, packs and ships them.
 */

export const OUTBOUND_STATUSES = ['created', 'picking', 'packed', 'shipped', 'cancelled'] as const;
export type OutboundStatusCode = (typeof OUTBOUND_STATUSES)[number];
export const OUTBOUND_STATUS_LABELS: Record<OutboundStatusCode, string> = {
  created: '已创建',
  picking: '拣货中',
  packed: '已打包',
  shipped: '已发货',
  cancelled: '已取消',
};
export const OUTBOUND_SOURCE_LABELS = { order: '亚马逊订单', manual: '手工创建' } as const;

const outboundId = dbId('出库单ID');
const warehouseId = dbId('仓库ID', 'integer');
const version = dbInt('版本', 1);
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}必须为文字` })
    .trim()
    .max(max, { error: `${label}不能超过${max}个字符` });

/** Who receives the parcel: name, address line 1, city, postal code and country are required. */
export const outboundRecipient = z.strictObject({
  name: requiredString(100),
  phone: text('电话', 40).default(''),
  line1: requiredString(200),
  line2: text('地址2', 200).default(''),
  city: requiredString(100),
  state: text('州/省', 100).default(''),
  postal_code: requiredString(20),
  country: z
    .string({ error: '请选择国家' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: '国家必须是两位国家代码' }),
});
export type OutboundRecipientBody = z.output<typeof outboundRecipient>;

/** One SKU line: a whole number of units, 1 to 100000. */
export const outboundLineBody = z.strictObject({
  stock_id: dbId('SKU ID'),
  quantity: z
    .number({ error: '数量必须为数字' })
    .int({ error: '数量必须是正整数' })
    .min(1, { error: '数量必须是正整数' })
    .max(100_000, { error: '数量不能超过100000' }),
});

const carrier = {
  carrier_code: text('承运商', 64).default(''),
  carrier_name: text('承运商名称', 64).default(''),
  channel: text('渠道', 64).default(''),
};

/** `POST /overseas/outbound/save`: a manual outbound (recipient, SKUs, channel). */
export const outboundSaveBody = z.strictObject({
  warehouse_id: warehouseId,
  recipient: outboundRecipient,
  lines: z
    .array(outboundLineBody, { error: '请添加SKU' })
    .min(1, { error: '请添加SKU' })
    .max(100, { error: '一张出库单最多100个SKU' }),
  ...carrier,
  remark: text('备注', 500).default(''),
});

/** `POST /overseas/outbound/from-order`: an outbound for an Amazon order's items. */
export const outboundFromOrderBody = z.strictObject({
  order_id: dbId('订单ID'),
  warehouse_id: warehouseId,
  ...carrier,
});

/** `POST /overseas/outbound/cancel`, `/pick`, `/pack`. */
export const outboundIdBody = z.strictObject({ id: outboundId, version: version.optional() });

/** `POST /overseas/outbound/detail`: one of the caller's outbounds, or (`scope: 'warehouse'`) any tenant's. */
export const outboundDetailBody = z.strictObject({
  id: outboundId,
  scope: z.enum(['mine', 'warehouse'], { error: '范围不存在' }).default('mine'),
});

/** What a step answers. */
export const outboundStepData = z.object({
  id: z.number().int(),
  status: z.enum(OUTBOUND_STATUSES),
  version: z.number().int(),
  fee_total_minor: z.number().int().optional(),
});

/** `POST /overseas/outbound/ship`: the tracking number (and the carrier when not chosen before). */
export const outboundShipBody = z.strictObject({
  id: outboundId,
  version: version.optional(),
  tracking_no: requiredString(64),
  carrier_code: text('承运商', 64).optional(),
  carrier_name: text('承运商名称', 64).optional(),
});

/** `POST /overseas/outbound/list`: a tenant's outbounds, or (`scope: 'warehouse'`) every tenant's for the warehouse. */
export const outboundListBody = z.strictObject({
  ...pageQuery,
  status: z.enum(OUTBOUND_STATUSES, { error: '状态不存在' }).optional(),
  warehouse_id: warehouseId.optional(),
  keyword: text('关键词', 64).optional(),
  scope: z.enum(['mine', 'warehouse'], { error: '范围不存在' }).default('mine'),
});
export type OutboundListBody = z.output<typeof outboundListBody>;

export const outboundLine = z.object({
  stock_id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
});

export const outboundRow = z.object({
  id: z.number().int(),
  number: z.string(),
  tenant_id: z.number().int(),
  warehouse_id: z.number().int(),
  warehouse_code: z.string(),
  warehouse_name: z.string(),
  source: z.enum(['order', 'manual']),
  order_id: z.number().int().nullable(),
  amazon_order_id: z.string(),
  recipient: z.object({
    name: z.string(),
    phone: z.string(),
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
  carrier_code: z.string(),
  carrier_name: z.string(),
  channel: z.string(),
  tracking_no: z.string(),
  status: z.enum(OUTBOUND_STATUSES),
  remark: z.string(),
  units: z.number().int(),
  /** Fees posted at ship (CNY fen), 0 before. */
  fee_total_minor: z.number().int(),
  fees_posted: z.boolean(),
  lines: z.array(outboundLine),
  created_at: z.number().int(),
  shipped_at: z.number().int().nullable(),
  version: z.number().int(),
});
export type OutboundRow = z.infer<typeof outboundRow>;

export const outboundListData = paged(outboundRow).extend({
  /** Outbounds per status under the same scope and filters (the tabs' counts). */
  counts: z.record(z.string(), z.number().int()),
});
export type OutboundListData = z.infer<typeof outboundListData>;

/** `POST /overseas/outbound/eligible`: which of these orders one active warehouse can ship in full. */
export const outboundEligibleBody = z.strictObject({
  order_ids: z.array(dbId('订单ID'), { error: '请提供订单' }).max(200, { error: '一次最多200个订单' }),
});
export const outboundEligibleData = z.object({
  list: z.array(
    z.object({
      order_id: z.number().int(),
      warehouses: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
    }),
  ),
});
export type OutboundEligibleData = z.infer<typeof outboundEligibleData>;

/** `POST /overseas/outbound/stock`: available units of a tenant's SKUs at a warehouse (the manual form). */
export const outboundStockBody = z.strictObject({
  warehouse_id: warehouseId.optional(),
  keyword: text('关键词', 64).optional(),
});
export const outboundStockData = z.object({
  list: z.array(
    z.object({
      stock_id: z.number().int(),
      sku: z.string(),
      title: z.string(),
      on_hand: z.number().int(),
      available: z.number().int(),
    }),
  ),
  warehouses: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      country: z.string(),
      carriers: z.array(z.string()),
    }),
  ),
});
export type OutboundStockData = z.infer<typeof outboundStockData>;
