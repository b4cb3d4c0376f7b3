import { z } from 'zod';
import { dbId, paged, pageQuery } from './common.js';

/**
 * 库存列表 / 库存流水 (issue 30 §2, docs/overseas.md "Inventory screens"): balances per SKU and
 * location, and the ledger's movements, on the one inventory ledger (docs/inventory.md).
 */

export const LOCATION_KINDS = ['china', 'overseas', 'fba'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];
export const LOCATION_KIND_LABELS: Record<LocationKind, string> = {
  china: '国内备货仓',
  overseas: '海外仓',
  fba: '亚马逊FBA',
};

export const MOVEMENT_REASONS = [
  '',
  'fill',
  'unfill',
  'surplus',
  'surplus_undo',
  'receipt',
  'pick',
  'transfer',
  'adjust',
  'count',
  'damaged',
  'fba_sync',
  'cancel',
] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];
export const MOVEMENT_REASON_LABELS: Record<MovementReason, string> = {
  '': '手工',
  fill: '订单从库存出库',
  unfill: '撤销库存出库',
  surplus: '采购多余入库',
  surplus_undo: '撤销多余入库',
  receipt: '入库单收货',
  pick: '出库拣货',
  transfer: '调拨',
  adjust: '调整',
  count: '盘点',
  damaged: '破损',
  fba_sync: 'FBA同步',
  cancel: '取消释放',
};

export const MOVEMENT_KINDS = ['in', 'out', 'reserve', 'release'] as const;
export const MOVEMENT_KIND_LABELS: Record<(typeof MOVEMENT_KINDS)[number], string> = {
  in: '入库',
  out: '出库',
  reserve: '预留',
  release: '释放',
};

export const DOC_TYPES = ['order', 'inbound', 'outbound', 'fba_shipment', 'count', 'adjust', 'fba_sync'] as const;
export const DOC_TYPE_LABELS: Record<(typeof DOC_TYPES)[number], string> = {
  order: '订单',
  inbound: '入库单',
  outbound: '出库单',
  fba_shipment: 'FBA货件',
  count: '盘点单',
  adjust: '库存调整',
  fba_sync: 'FBA库存同步',
};

/** 库存列表's keyset cursor: the last row's SKU id and location id. */
export const INVENTORY_CURSOR = /^[1-9][0-9]{0,14}\.[1-9][0-9]{0,14}$/;
const CURSOR_ERROR = '翻页游标不合法,请从第一页重新翻页';

const keyword = z.string().trim().max(100, { error: '关键词不能超过100个字符' }).optional();
const seconds = z.coerce.number().int().min(0).max(253_402_300_799, { error: '时间不合法' }).optional();

/** `POST /overseas/inventory/list`. */
export const inventoryListBody = z.strictObject({
  ...pageQuery,
  location_kind: z.enum(LOCATION_KINDS, { error: '库存位置不存在' }).optional(),
  warehouse_id: dbId('仓库ID', 'integer').optional(),
  /** SKU or name. */
  keyword,
  /** Only SKUs whose available units are at or below their reorder point. */
  low_stock: z.boolean().optional(),
  /** The operator's choice of tenant (`warehouse.operate`; a tenant always sees only its own). */
  tenant_id: dbId('客户ID', 'integer').optional(),
  /**
   * Keyset paging (optional): the `next_cursor` of the page before (`<stock_id>.<location_id>` of
   * its last row); the page is then the rows after it, with no offset walked. `page` stays the
   * page's number for the pager.
   */
  cursor: z.string({ error: CURSOR_ERROR }).regex(INVENTORY_CURSOR, { error: CURSOR_ERROR }).optional(),
});
export type InventoryListBody = z.infer<typeof inventoryListBody>;

export const inventoryRow = z.object({
  /** The stock's tenant and its account (the operator sees every tenant's). */
  tenant_id: z.number().int(),
  tenant_name: z.string(),
  stock_id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  location_id: z.number().int(),
  location_kind: z.enum(LOCATION_KINDS),
  /** 国内备货仓 / the warehouse's name / FBA and the marketplace. */
  location_name: z.string(),
  warehouse_id: z.number().int().nullable(),
  on_hand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  reorder_point: z.number().int(),
  low_stock: z.boolean(),
  updated_at: z.number().int(),
});
export type InventoryRow = z.infer<typeof inventoryRow>;
export const inventoryListData = paged(inventoryRow).extend({
  /** The `cursor` of the next page (null on the last page). */
  next_cursor: z.string().nullable(),
});
export type InventoryListData = z.infer<typeof inventoryListData>;

/**
 * `POST /overseas/inventory/flow`: newest first, keyset-paged (`cursor` = the last row's id of
 * the page before; a million movements have no cheap total or deep offset).
 */
export const inventoryFlowBody = z.strictObject({
  pageSize: pageQuery.pageSize,
  cursor: dbId('游标').optional(),
  stock_id: dbId('SKU ID').optional(),
  /** SKU text (exact SKU of the tenant). */
  sku: z.string().trim().max(64, { error: 'SKU不能超过64个字符' }).optional(),
  location_id: dbId('库存位置ID').optional(),
  reason: z.enum(MOVEMENT_REASONS, { error: '原因不存在' }).optional(),
  doc_type: z.enum(DOC_TYPES, { error: '单据类型不存在' }).optional(),
  doc_id: dbId('单据ID').optional(),
  /** A document number: an inbound number (IB…) or an Amazon order id. */
  doc_no: z.string().trim().max(64, { error: '单号不能超过64个字符' }).optional(),
  start_time: seconds,
  end_time: seconds,
  /** The operator's choice of tenant (`warehouse.operate`; a tenant always sees only its own). */
  tenant_id: dbId('客户ID', 'integer').optional(),
});
export type InventoryFlowBody = z.infer<typeof inventoryFlowBody>;

export const inventoryMovement = z.object({
  id: z.number().int(),
  tenant_id: z.number().int(),
  tenant_name: z.string(),
  stock_id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  location_id: z.number().int(),
  location_kind: z.enum(LOCATION_KINDS),
  location_name: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  reason: z.enum(MOVEMENT_REASONS),
  reason_label: z.string(),
  quantity: z.number().int(),
  balance_after: z.number().int(),
  reserved_after: z.number().int(),
  doc_type: z.enum(['', ...DOC_TYPES]),
  doc_id: z.number().int().nullable(),
  /** The document's number (inbound number, Amazon order id), or `#id`. */
  doc_no: z.string(),
  note: z.string(),
  user_name: z.string().nullable(),
  created_at: z.number().int(),
});
export type InventoryMovement = z.infer<typeof inventoryMovement>;

export const inventoryFlowData = z.object({
  list: z.array(inventoryMovement),
  pageSize: z.number().int(),
  /** The cursor of the next page; null on the last page. */
  next_cursor: z.number().int().nullable(),
});
export type InventoryFlowData = z.infer<typeof inventoryFlowData>;

/** `POST /overseas/inventory/locations`: the tenant's locations (the flow's filter). */
export const inventoryLocationsData = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(LOCATION_KINDS),
      name: z.string(),
      warehouse_id: z.number().int().nullable(),
    }),
  ),
});
export const inventoryLocationsBody = z.strictObject({
  /** The operator's choice of tenant (a tenant always gets its own). */
  tenant_id: dbId('客户ID', 'integer').optional(),
});
