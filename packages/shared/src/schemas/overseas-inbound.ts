import { z } from 'zod';
import { dbId, dbInt, paged, pageQuery } from './common.js';

/**
 * 入库单 (issue 30 §2, docs/overseas.md "Inbound"): `/overseas/inbound/*`. The tenant drafts
 * boxes with its SKUs and ships them; the operator's warehouse marks arrival, counts each box
 * and closes what stays short; the tenant acknowledges the differences.
 */

export const INBOUND_STATUSES = ['draft', 'shipped', 'arrived', 'receiving', 'received', 'closed'] as const;
export type InboundStatus = (typeof INBOUND_STATUSES)[number];
export const INBOUND_STATUS_LABELS: Record<InboundStatus, string> = {
  draft: '草稿',
  shipped: '已发货',
  arrived: '已到仓',
  receiving: '收货中',
  received: '已收货',
  closed: '已关闭(有差异)',
};

export const SHIPPING_METHODS = ['sea', 'air', 'express', 'rail', 'truck'] as const;
export const SHIPPING_METHOD_LABELS: Record<(typeof SHIPPING_METHODS)[number], string> = {
  sea: '海运',
  air: '空运',
  express: '快递',
  rail: '铁路',
  truck: '卡航',
};

export const INBOUND_DIFFERENCES = ['', 'short', 'over', 'damaged'] as const;
export const INBOUND_DIFFERENCE_LABELS: Record<(typeof INBOUND_DIFFERENCES)[number], string> = {
  '': '无差异',
  short: '短少',
  over: '多收',
  damaged: '破损',
};

const inboundId = dbId('入库单ID');
const warehouseId = dbId('仓库ID', 'integer');
const units = (label: string, min: number) => dbInt(label, min, 100_000);
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}不能超过${max}个字符` })
    .default('');

/** One SKU line of a box as sent. */
const lineInput = z.strictObject({
  stock_id: dbId('SKU ID'),
  quantity: units('发货数量', 1),
});

const boxInput = z.strictObject({
  lines: z.array(lineInput, { error: '请填写箱内SKU' }).min(1, { error: '每箱至少一个SKU' }).max(100, {
    error: '每箱最多100个SKU',
  }),
});

/** `POST /overseas/inbound/save`: create (no id) or change a draft. */
export const inboundSaveBody = z.strictObject({
  id: inboundId.optional(),
  version: dbInt('版本', 1).optional(),
  warehouse_id: warehouseId,
  shipping_method: z.enum(SHIPPING_METHODS, { error: '运输方式不存在' }),
  carrier: text('承运商', 64),
  tracking_no: text('跟踪号', 64),
  expected_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '预计到仓日期格式应为YYYY-MM-DD' })
    .nullable()
    .optional(),
  note: text('备注', 500),
  boxes: z.array(boxInput, { error: '请添加箱子' }).min(1, { error: '至少一箱' }).max(500, { error: '最多500箱' }),
});
export type InboundSaveBody = z.infer<typeof inboundSaveBody>;

export const inboundLine = z.object({
  id: z.number().int(),
  stock_id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  quantity_sent: z.number().int(),
  quantity_counted: z.number().int().nullable(),
  quantity_damaged: z.number().int(),
  difference: z.enum(INBOUND_DIFFERENCES),
});
export const inboundBox = z.object({
  id: z.number().int(),
  box_no: z.number().int(),
  received_at: z.number().int().nullable(),
  lines: z.array(inboundLine),
});

export const inboundRow = z.object({
  id: z.number().int(),
  tenant_id: z.number().int(),
  /** The tenant's account (the operator sees every tenant's inbounds). */
  tenant_name: z.string(),
  warehouse_id: z.number().int(),
  warehouse_name: z.string(),
  number: z.string(),
  shipping_method: z.enum(SHIPPING_METHODS),
  carrier: z.string(),
  tracking_no: z.string(),
  expected_date: z.string().nullable(),
  note: z.string(),
  status: z.enum(INBOUND_STATUSES),
  has_difference: z.boolean(),
  boxes: z.number().int(),
  units_sent: z.number().int(),
  units_counted: z.number().int(),
  shipped_at: z.number().int().nullable(),
  arrived_at: z.number().int().nullable(),
  received_at: z.number().int().nullable(),
  acknowledged_at: z.number().int().nullable(),
  created_at: z.number().int(),
  version: z.number().int(),
});
export type InboundRow = z.infer<typeof inboundRow>;

export const inboundDetail = inboundRow.extend({ box_list: z.array(inboundBox) });
export type InboundDetail = z.infer<typeof inboundDetail>;

/** `POST /overseas/inbound/list`. */
export const inboundListBody = z.strictObject({
  ...pageQuery,
  status: z.enum(INBOUND_STATUSES, { error: '状态不存在' }).optional(),
  warehouse_id: warehouseId.optional(),
  /** The operator's choice of tenant (a tenant always sees only its own). */
  tenant_id: dbId('客户ID', 'integer').optional(),
  /** Inbound number or tracking number. */
  keyword: z.string().trim().max(100, { error: '关键词不能超过100个字符' }).optional(),
  /** Created from/to (Unix seconds). */
  start_time: z.coerce.number().int().min(0).max(253_402_300_799, { error: '时间不合法' }).optional(),
  end_time: z.coerce.number().int().min(0).max(253_402_300_799, { error: '时间不合法' }).optional(),
});
export type InboundListBody = z.infer<typeof inboundListBody>;
export const inboundListData = paged(inboundRow).extend({
  /** Inbounds per status under the same filters except the status (the tabs). */
  counts: z.record(z.string(), z.number().int()),
});
export type InboundListData = z.infer<typeof inboundListData>;

export const inboundIdBody = z.strictObject({ id: inboundId });

/** `POST /overseas/inbound/ship`: draft → shipped with the tracking number. */
export const inboundShipBody = z.strictObject({
  id: inboundId,
  carrier: text('承运商', 64),
  tracking_no: z
    .string({ error: '请填写跟踪号' })
    .trim()
    .min(1, { error: '请填写跟踪号' })
    .max(64, { error: '跟踪号不能超过64个字符' }),
});

/** `POST /overseas/inbound/receive`: the counts of some boxes (each box once). */
export const inboundReceiveBody = z.strictObject({
  id: inboundId,
  boxes: z
    .array(
      z.strictObject({
        box_id: dbId('箱子ID'),
        lines: z
          .array(
            z.strictObject({
              line_id: dbId('明细ID'),
              counted: units('实收数量', 0),
              damaged: units('破损数量', 0).default(0),
            }),
          )
          .min(1, { error: '请填写实收数量' })
          .max(100, { error: '每箱最多100个SKU' }),
      }),
    )
    .min(1, { error: '请选择要收货的箱子' })
    .max(500, { error: '最多500箱' }),
});
export type InboundReceiveBody = z.infer<typeof inboundReceiveBody>;

/** A step's answer: the inbound as it stands after the step. */
export const inboundStepData = inboundDetail;

/** `POST /overseas/inbound/sku-options`: the tenant's SKUs to pick from (until the SKU list lands). */
export const inboundSkuOptionsBody = z.strictObject({
  keyword: z.string().trim().max(100, { error: '关键词不能超过100个字符' }).optional(),
});
export const inboundSkuOptionsData = z.object({
  list: z.array(z.object({ id: z.number().int(), sku: z.string(), title: z.string() })),
});

/** `POST /overseas/inbound/warehouses`: the active warehouses to ship to. */
export const inboundWarehouseOptionsData = z.object({
  list: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), country: z.string() })),
});
