import { z } from 'zod';
import { dbId, paged, pageQuery } from './common.js';

/**
 * 库存调整 and 盘点单 (issue 30 §1, docs/overseas.md "Adjustments and counts"): the operator
 * (`warehouse.operate`) adjusts a SKU's on hand at a warehouse or in China and counts a
 * tenant's stock at a warehouse; the tenant reads its counts.
 */

export const ADJUST_REASONS = ['gain', 'loss', 'damaged', 'lost', 'other'] as const;
export type AdjustReason = (typeof ADJUST_REASONS)[number];
export const ADJUST_REASON_LABELS: Record<AdjustReason, string> = {
  gain: '盘盈',
  loss: '盘亏',
  damaged: '破损',
  lost: '丢失',
  other: '其他',
};

const units = (label: string) =>
  z.coerce
    .number({ error: `${label}必须为数字` })
    .int({ error: `${label}必须是整数` })
    .min(-1_000_000, { error: `${label}不能小于-1000000` })
    .max(1_000_000, { error: `${label}不能大于1000000` });
const note = z.string().trim().max(200, { error: '备注不能超过200个字符' }).default('');
const tenantId = dbId('客户ID', 'integer');

/** `POST /overseas/inventory/adjust`: +/- units of one SKU of a tenant; no warehouse = the China stock. */
export const inventoryAdjustBody = z.strictObject({
  tenant_id: tenantId,
  stock_id: dbId('SKU ID'),
  warehouse_id: dbId('仓库ID', 'integer').nullable().optional(),
  quantity: units('调整数量').refine((n) => n !== 0, { error: '调整数量不能为0' }),
  reason: z.enum(ADJUST_REASONS, { error: '请选择调整原因' }),
  note,
});
export type InventoryAdjustBody = z.infer<typeof inventoryAdjustBody>;
export const inventoryAdjustData = z.object({
  id: z.number().int(),
  movement_id: z.number().int(),
  sku: z.string(),
  on_hand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
});

export const COUNT_STATUSES = ['open', 'posted', 'cancelled'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];
export const COUNT_STATUS_LABELS: Record<CountStatus, string> = {
  open: '盘点中',
  posted: '已过账',
  cancelled: '已取消',
};

/** `POST /overseas/inventory/count/create`: a count of a tenant's SKUs at a warehouse (all it holds, or the chosen ones). */
export const countCreateBody = z.strictObject({
  tenant_id: tenantId,
  warehouse_id: dbId('仓库ID', 'integer'),
  stock_ids: z.array(dbId('SKU ID')).max(5000, { error: '一次最多盘点5000个SKU' }).optional(),
  note,
});
export type CountCreateBody = z.infer<typeof countCreateBody>;

export const countIdBody = z.strictObject({ id: dbId('盘点单ID') });

/** `POST /overseas/inventory/count/save`: counted units per line (null clears). */
export const countSaveBody = z.strictObject({
  id: dbId('盘点单ID'),
  lines: z
    .array(
      z.strictObject({
        line_id: dbId('明细ID'),
        counted: z.coerce
          .number({ error: '实盘数量必须为数字' })
          .int({ error: '实盘数量必须是整数' })
          .min(0, { error: '实盘数量不能小于0' })
          .max(1_000_000, { error: '实盘数量不能大于1000000' })
          .nullable(),
      }),
    )
    .max(5000, { error: '明细过多' }),
  note: z.string().trim().max(200, { error: '备注不能超过200个字符' }).optional(),
});
export type CountSaveBody = z.infer<typeof countSaveBody>;

/** `POST /overseas/inventory/count/list`. */
export const countListBody = z.strictObject({
  ...pageQuery,
  status: z.enum(COUNT_STATUSES, { error: '状态不存在' }).optional(),
  warehouse_id: dbId('仓库ID', 'integer').optional(),
  tenant_id: tenantId.optional(),
});
export type CountListBody = z.infer<typeof countListBody>;

export const countRow = z.object({
  id: z.number().int(),
  tenant_id: z.number().int(),
  tenant_name: z.string(),
  number: z.string(),
  warehouse_id: z.number().int().nullable(),
  location_name: z.string(),
  status: z.enum(COUNT_STATUSES),
  note: z.string(),
  lines: z.number().int(),
  counted_lines: z.number().int(),
  created_at: z.number().int(),
  posted_at: z.number().int().nullable(),
  version: z.number().int(),
});
export type CountRow = z.infer<typeof countRow>;
export const countListData = paged(countRow);
export type CountListData = z.infer<typeof countListData>;

export const countLine = z.object({
  id: z.number().int(),
  stock_id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  /** On hand when the count was created (the snapshot). */
  expected: z.number().int(),
  counted: z.number().int().nullable(),
  /** On hand now (open count) or at post time (posted). */
  on_hand: z.number().int(),
  /** counted − on hand (now, or at post); null until counted. */
  difference: z.number().int().nullable(),
  movement_id: z.number().int().nullable(),
});
export type CountLine = z.infer<typeof countLine>;
export const countDetail = countRow.extend({ line_list: z.array(countLine) });
export type CountDetail = z.infer<typeof countDetail>;

/**
 * `POST /overseas/inventory/count/skus` (the operator): SKUs of a tenant to add to a new count at
 * a warehouse: `match` those whose SKU, name or barcode contains the keyword (50 at most),
 * `warehouse` every SKU with a balance at the warehouse, `stocked` those with units on hand there
 * (5,000 at most, a count's bound); each with its on hand there.
 */
export const COUNT_PICK_SCOPES = ['match', 'warehouse', 'stocked'] as const;
export const countSkusBody = z
  .strictObject({
    tenant_id: tenantId,
    warehouse_id: dbId('仓库ID', 'integer'),
    scope: z.enum(COUNT_PICK_SCOPES, { error: '范围不存在' }).default('match'),
    keyword: z.string().trim().max(100, { error: '关键词不能超过100个字符' }).default(''),
  })
  .refine((b) => b.scope !== 'match' || b.keyword !== '', { error: '请输入SKU、名称或条码', path: ['keyword'] });
export type CountSkusBody = z.input<typeof countSkusBody>;
export type CountSkusFilter = z.output<typeof countSkusBody>;

export const countSkuOption = z.object({
  stock_id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  barcode: z.string(),
  on_hand: z.number().int(),
});
export type CountSkuOption = z.infer<typeof countSkuOption>;
export const countSkusData = z.object({
  list: z.array(countSkuOption),
  /** More SKUs matched than were answered (narrow the keyword). */
  more: z.boolean(),
});
export type CountSkusData = z.infer<typeof countSkusData>;
