import { z } from 'zod';
import { dbId, dbInt, paged, pageQuery } from './common.js';
import { FNSKU_LABEL_LAYOUTS } from './fba-labels.js';

/**
 * 头程发货 (issue 30 §3, docs/fba.md): `/fba/shipment/*`. A draft (shop, marketplace, SKUs and
 * boxes) walks Amazon's Fulfillment Inbound workflow as a job, then is shipped from the China
 * stock and its receipts at Amazon are synced into the FBA location of the inventory ledger.
 */

export const FBA_SHIPMENT_STATUSES = [
  'draft',
  'planning',
  'packing',
  'placement',
  'placement_choice',
  'transport',
  'transport_choice',
  'labels_ready',
  'shipped',
  'receiving',
  'closed',
  'failed',
] as const;
export type FbaShipmentStatus = (typeof FBA_SHIPMENT_STATUSES)[number];
export const FBA_SHIPMENT_STATUS_LABELS: Record<FbaShipmentStatus, string> = {
  draft: '草稿',
  planning: '创建计划中',
  packing: '装箱中',
  placement: '分仓中',
  placement_choice: '待选择分仓',
  transport: '运输方案中',
  transport_choice: '待选择承运',
  labels_ready: '待发货',
  shipped: '已发货',
  receiving: '亚马逊接收中',
  closed: '已完成',
  failed: '失败',
};

/** The workflow's steps in order, with their Chinese names (the detail drawer's steps). */
export const FBA_SHIPMENT_STEPS = [
  ['plan', '创建入库计划'],
  ['packing_options', '装箱方案'],
  ['packing_information', '提交装箱信息'],
  ['placement', '分仓方案'],
  ['transport', '运输方案'],
  ['labels', '箱标'],
] as const;
export type FbaShipmentStep = (typeof FBA_SHIPMENT_STEPS)[number][0];

const shipmentId = dbId('头程发货单ID');
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}必须为文本` })
    .trim()
    .max(max, { error: `${label}不能超过${max}个字符` });
const required = (label: string, max: number) => text(label, max).min(1, { error: `请填写${label}` });

/** The ship-from address (Amazon's `AddressInput`). */
export const fbaSourceAddress = z.strictObject({
  name: required('发货人', 50),
  addressLine1: required('地址', 180),
  addressLine2: text('地址2', 60).default(''),
  city: required('城市', 30),
  stateOrProvinceCode: text('省/州', 64).default(''),
  postalCode: required('邮编', 32),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, { error: '国家代码应为两位大写字母' }),
  phoneNumber: required('电话', 20),
});
export type FbaSourceAddress = z.infer<typeof fbaSourceAddress>;

const itemInput = z.strictObject({
  stock_id: dbId('SKU ID'),
  /** The seller SKU on Amazon; default the SKU master's SKU. */
  msku: text('MSKU', 40).default(''),
  quantity: dbInt('发货数量', 1, 10_000),
});

/** One box (or `quantity` identical boxes); size in mm and weight in g (0: not measured). */
const boxInput = z.strictObject({
  length_mm: dbInt('箱长', 0, 10_000),
  width_mm: dbInt('箱宽', 0, 10_000),
  height_mm: dbInt('箱高', 0, 10_000),
  weight_g: dbInt('箱重', 0, 1_000_000),
  quantity: dbInt('箱数', 1, 500).default(1),
  items: z
    .array(z.strictObject({ stock_id: dbId('SKU ID'), quantity: dbInt('箱内数量', 1, 10_000) }))
    .min(1, { error: '每箱至少一个SKU' })
    .max(50, { error: '每箱最多50个SKU' }),
});

/** `POST /fba/shipment/save`: create (no id) or change a draft (or a failed plan, which starts over). */
export const fbaShipmentSaveBody = z.strictObject({
  id: shipmentId.optional(),
  version: dbInt('版本', 1).optional(),
  shop_id: dbId('店铺ID', 'integer'),
  marketplace: z.string().trim().min(1, { error: '请选择站点' }).max(8, { error: '站点不存在' }),
  name: text('名称', 80).default(''),
  source_address: fbaSourceAddress,
  items: z.array(itemInput).min(1, { error: '请添加SKU' }).max(200, { error: '最多200个SKU' }),
  boxes: z.array(boxInput).min(1, { error: '请添加箱子' }).max(200, { error: '最多200种箱子' }),
  /** 自动选择推荐方案: the job confirms the recommended placement and carriers itself (false: the seller chooses). */
  auto_choose: z.boolean({ error: '自动选择推荐方案应为是或否' }).default(true),
});
export type FbaShipmentSaveBody = z.infer<typeof fbaShipmentSaveBody>;

export const fbaShipmentIdBody = z.strictObject({ id: shipmentId });

/**
 * `POST /fba/shipment/ship`: carrier, tracking and the first-leg cost (CNY fen, 0: none; left
 * out: the partnered carriers' quotes converted at the choice, `transport_cost_minor`).
 */
export const fbaShipmentShipBody = z.strictObject({
  id: shipmentId,
  carrier: required('承运商', 64),
  tracking_no: required('跟踪号', 64),
  cost_minor: dbInt('头程费用', 0, 100_000_000).optional(),
});
export type FbaShipmentShipBody = z.infer<typeof fbaShipmentShipBody>;

const optionId = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, { error: `请选择${label}` })
    .max(100, { error: `${label}不存在` });

/** `POST /fba/shipment/placement/confirm`: the placement option the seller chose (待选择分仓). */
export const fbaPlacementConfirmBody = z.strictObject({
  id: shipmentId,
  placement_option_id: optionId('分仓方案'),
});
export type FbaPlacementConfirmBody = z.infer<typeof fbaPlacementConfirmBody>;

/** `POST /fba/shipment/transport/confirm`: one transportation option per Amazon shipment (待选择承运). */
export const fbaTransportConfirmBody = z.strictObject({
  id: shipmentId,
  selections: z
    .array(
      z.strictObject({
        shipment_id: optionId('货件'),
        transportation_option_id: optionId('运输方案'),
        /** The seller's own carrier (required with 自有承运商). */
        carrier_name: text('承运商名称', 64).default(''),
      }),
    )
    .min(1, { error: '请为每个货件选择运输方案' })
    .max(50, { error: '最多50个货件' }),
});
export type FbaTransportConfirmBody = z.infer<typeof fbaTransportConfirmBody>;

const money = z.object({ amount_minor: z.number().int(), currency: z.string() });
const incentive = z.object({ type: z.string(), target: z.string(), description: z.string(), money });

/** `POST /fba/shipment/labels`: FNSKU labels of the items (a layout) or the carton labels of the boxes. */
export const fbaShipmentLabelsBody = z.strictObject({
  id: shipmentId,
  kind: z.enum(['fnsku', 'carton'], { error: '标签类型不正确' }),
  layout: z.enum(FNSKU_LABEL_LAYOUTS, { error: '标签规格不正确' }).default('a4-30'),
});

export const fbaShipmentListBody = z.strictObject({
  ...pageQuery,
  status: z.enum(FBA_SHIPMENT_STATUSES, { error: '状态不存在' }).optional(),
  keyword: z.string().trim().max(100, { error: '关键词不能超过100个字符' }).optional(),
});
export type FbaShipmentListBody = z.infer<typeof fbaShipmentListBody>;

export const fbaShipmentRow = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  marketplace: z.string(),
  inbound_plan_id: z.string(),
  status: z.enum(FBA_SHIPMENT_STATUSES),
  error: z.string(),
  units: z.number().int(),
  units_received: z.number().int(),
  boxes: z.number().int(),
  carrier: z.string(),
  tracking_no: z.string(),
  cost_minor: z.number().int(),
  created_at: z.number().int(),
  shipped_at: z.number().int().nullable(),
  version: z.number().int(),
});
export type FbaShipmentRow = z.infer<typeof fbaShipmentRow>;

export const fbaShipmentListData = paged(fbaShipmentRow).extend({
  counts: z.record(z.string(), z.number().int()),
});
export type FbaShipmentListData = z.infer<typeof fbaShipmentListData>;

export const fbaShipmentDetail = fbaShipmentRow.extend({
  failed_step: z.string(),
  problems: z.array(z.object({ code: z.string(), message: z.string(), severity: z.string() })),
  steps: z.record(
    z.string(),
    z.object({ state: z.enum(['done', 'running', 'failed']), operation_id: z.string().optional(), at: z.number() }),
  ),
  source_address: z.record(z.string(), z.string()),
  items: z.array(
    z.object({
      id: z.number().int(),
      stock_id: z.number().int(),
      sku: z.string(),
      title: z.string(),
      msku: z.string(),
      fnsku: z.string(),
      quantity: z.number().int(),
      quantity_received: z.number().int(),
    }),
  ),
  box_list: z.array(
    z.object({
      length_mm: z.number().int(),
      width_mm: z.number().int(),
      height_mm: z.number().int(),
      weight_g: z.number().int(),
      quantity: z.number().int(),
      items: z.array(z.object({ stock_id: z.number().int(), quantity: z.number().int() })),
    }),
  ),
  fc_shipments: z.array(
    z.object({
      shipment_id: z.string(),
      confirmation_id: z.string(),
      fc: z.string(),
      status: z.string(),
      transport: z.string(),
      items: z.array(z.object({ msku: z.string(), quantity: z.number().int() })),
      box_ids: z.array(z.string()),
      solution: z.string().optional(),
      carrier: z.string().optional(),
      quote: money.optional(),
    }),
  ),
  job_id: z.string().nullable(),
  auto_choose: z.boolean(),
  /** Amazon's placement options (待选择分仓 shows them; the chosen one is `placement_option_id`). */
  placement_option_id: z.string(),
  placement_options: z.array(
    z.object({
      placement_option_id: z.string(),
      status: z.string(),
      shipments: z.array(
        z.object({
          shipment_id: z.string(),
          fc: z.string(),
          items: z.array(z.object({ msku: z.string(), quantity: z.number().int() })),
        }),
      ),
      fees: z.array(incentive),
      discounts: z.array(incentive),
      expires_at: z.number().int(),
      total: money,
    }),
  ),
  /** Amazon's transportation options per shipment (待选择承运), the chosen ones flagged. */
  transport_options: z.array(
    z.object({
      transportation_option_id: z.string(),
      shipment_id: z.string(),
      shipping_mode: z.string(),
      shipping_solution: z.string(),
      carrier: z.string(),
      quote: money.extend({ expires_at: z.number().int() }).optional(),
      chosen: z.boolean().optional(),
      carrier_name: z.string().optional(),
    }),
  ),
  /** The partnered carriers' quotes in CNY fen (the default cost at 发货). */
  transport_cost_minor: z.number().int(),
});
export type FbaShipmentDetail = z.infer<typeof fbaShipmentDetail>;

/** `POST /fba/shipment/start`: the job following the workflow. */
export const fbaShipmentStartData = z.object({ job_id: z.string() });

/** `POST /fba/shipment/sku-options`: the tenant's SKUs with the units available in China. */
export const fbaShipmentSkuOptionsBody = z.strictObject({
  keyword: z.string().trim().max(100, { error: '关键词不能超过100个字符' }).default(''),
});
export const fbaShipmentSkuOptionsData = z.object({
  list: z.array(
    z.object({ id: z.number().int(), sku: z.string(), title: z.string(), china_available: z.number().int() }),
  ),
});
