import {
  DOC_TYPE_LABELS,
  type InventoryFlowBody,
  type InventoryFlowData,
  type InventoryListBody,
  type InventoryListData,
  MOVEMENT_REASON_LABELS,
} from '@console/shared/schemas/overseas-inventory';
import type { AppDeps } from '../../context.js';
import { documentOf, listFlow, listInventory, skuIdOf, tenantLocations } from './overseas-inventory.repository.js';

const secs = (d: Date) => Math.floor(d.getTime() / 1000);

/** 库存列表: on hand, reserved and available per SKU and location, low stock against the reorder point. */
export async function inventoryList(deps: AppDeps, tenantId: number, f: InventoryListBody): Promise<InventoryListData> {
  const r = await listInventory(deps.db, tenantId, f);
  return {
    list: r.rows.map((x) => ({
      stock_id: Number(x.stock_id),
      sku: x.sku,
      title: x.title,
      location_id: Number(x.location_id),
      location_kind: x.location_kind,
      location_name: x.location_name,
      warehouse_id: x.warehouse_id,
      on_hand: x.on_hand,
      reserved: x.reserved,
      available: x.on_hand - x.reserved,
      reorder_point: x.reorder_point,
      low_stock: x.on_hand - x.reserved <= x.reorder_point,
      updated_at: secs(x.updated_at),
    })),
    total: r.total,
    page: f.page,
    pageSize: f.pageSize,
  };
}

const EMPTY = (pageSize: number): InventoryFlowData => ({ list: [], pageSize, next_cursor: null });

/**
 * 库存流水: the tenant's movements newest first with the reason in Chinese, the document's
 * number and who; keyset-paged (`next_cursor`). A SKU or document number that is not the
 * tenant's finds nothing.
 */
export async function inventoryFlow(deps: AppDeps, tenantId: number, f: InventoryFlowBody): Promise<InventoryFlowData> {
  let stockId = f.stock_id;
  if (f.sku) {
    const id = await skuIdOf(deps.db, tenantId, f.sku);
    if (id === undefined || (stockId !== undefined && stockId !== id)) return EMPTY(f.pageSize);
    stockId = id;
  }
  let doc: { doc_type?: 'inbound' | 'order'; doc_id?: number; order_id?: number } = {};
  if (f.doc_no) {
    const found = await documentOf(deps.db, tenantId, f.doc_no);
    if (!found) return EMPTY(f.pageSize);
    doc = found.type === 'inbound' ? { doc_type: 'inbound', doc_id: found.id } : { order_id: found.id };
  }
  const rows = await listFlow(deps.db, tenantId, { ...f, stock_id: stockId, ...doc });
  const page = rows.slice(0, f.pageSize);
  return {
    list: page.map((m) => ({
      id: Number(m.id),
      stock_id: Number(m.stock_id),
      sku: m.sku,
      title: m.title,
      location_id: Number(m.location_id),
      location_kind: m.location_kind,
      location_name: m.location_name,
      kind: m.kind,
      reason: m.reason,
      reason_label: MOVEMENT_REASON_LABELS[m.reason],
      quantity: m.quantity,
      balance_after: m.balance_after,
      reserved_after: m.reserved_after,
      doc_type: m.doc_type,
      doc_id: m.doc_id === null ? null : Number(m.doc_id),
      doc_no:
        m.doc_no ?? m.order_no ?? (m.doc_id !== null && m.doc_type ? `${DOC_TYPE_LABELS[m.doc_type]}#${m.doc_id}` : ''),
      note: m.note,
      user_name: m.user_name,
      created_at: secs(m.created_at),
    })),
    pageSize: f.pageSize,
    next_cursor: rows.length > f.pageSize ? Number(page[page.length - 1]!.id) : null,
  };
}

/** The tenant's stock locations (the flow's location filter). */
export async function inventoryLocations(deps: AppDeps, tenantId: number) {
  const rows = await tenantLocations(deps.db, tenantId);
  return { list: rows.map((r) => ({ id: Number(r.id), kind: r.kind, name: r.name, warehouse_id: r.warehouse_id })) };
}
