import { can } from '@console/shared/permissions/can';
import {
  DOC_TYPE_LABELS,
  type InventoryFlowBody,
  type InventoryFlowData,
  type InventoryListBody,
  type InventoryListData,
  MOVEMENT_REASON_LABELS,
} from '@console/shared/schemas/overseas-inventory';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { subjectOf } from '../account/account.presenter.js';
import { documentOf, skuIdsOf, tenantLocations } from './overseas-inventory.repository.js';
import { cursorKeys, flowQuery, inventoryListQuery, type TenantScope } from './overseas-inventory-pages.repository.js';
import { FOLD_AFTER, foldTallies } from './overseas-inventory-tallies.repository.js';

/** Whose stock a caller reads: the operator (`warehouse.operate`) every tenant's, a tenant its own. */
export interface InventoryReach {
  tenantId: number | null;
}

export function inventoryReach(deps: AppDeps, user: UserRow, tenantId: number): InventoryReach {
  const operator = can(subjectOf(user), 'warehouse.operate', { internalIds: deps.config.internalIds });
  return { tenantId: operator ? null : tenantId };
}

/** The tenants a read covers: a tenant always its own (a `tenant_id` it passes is ignored); the operator the chosen one or all. */
const scopeOf = (reach: InventoryReach, tenantId: number | undefined): TenantScope =>
  reach.tenantId ?? tenantId ?? null;

/**
 * 库存列表: on hand, reserved and available per SKU and location, low stock against the reorder
 * point. Paged by number (offset), or after a `cursor` (the `next_cursor` of the page before).
 */
export async function inventoryList(
  deps: AppDeps,
  reach: InventoryReach,
  f: InventoryListBody,
): Promise<InventoryListData> {
  const scope = scopeOf(reach, f.tenant_id);
  const query = inventoryListQuery(deps.db, scope, { ...f, after: cursorKeys(f.cursor) });
  const rows = (await deps.db.executeQuery(query)).rows;
  // The total summed more tally rows than places: fold them (rarely: once per FOLD_AFTER new balances).
  if ((rows[0]?.tally_extra ?? 0) > FOLD_AFTER) await foldTallies(deps.db, scope);
  // One row with the total and nulls when the page is empty (past the last page, or no stock);
  // one row more than the page when a next page exists.
  const found = rows.filter((x) => x.stock_id !== null);
  const page = found.slice(0, f.pageSize);
  const last = page[page.length - 1];
  return {
    list: page.map((x) => ({
      tenant_id: x.tenant_id!,
      tenant_name: x.tenant_name!,
      stock_id: Number(x.stock_id),
      sku: x.sku!,
      title: x.title!,
      location_id: Number(x.location_id),
      location_kind: x.location_kind!,
      location_name: x.location_name!,
      warehouse_id: x.warehouse_id,
      on_hand: x.on_hand!,
      reserved: x.reserved!,
      available: x.on_hand! - x.reserved!,
      reorder_point: x.reorder_point!,
      low_stock: x.on_hand! - x.reserved! <= x.reorder_point!,
      updated_at: Number(x.updated_s),
    })),
    total: rows[0]?.total ?? 0,
    page: f.page,
    pageSize: f.pageSize,
    next_cursor: found.length > f.pageSize && last ? `${last.stock_id}.${last.location_id}` : null,
  };
}

const EMPTY = (pageSize: number): InventoryFlowData => ({ list: [], pageSize, next_cursor: null });

/**
 * 库存流水: the tenant's movements newest first with the reason in Chinese, the document's
 * number and who; keyset-paged (`next_cursor`). A SKU or document number that is not the
 * tenant's finds nothing.
 */
export async function inventoryFlow(
  deps: AppDeps,
  reach: InventoryReach,
  f: InventoryFlowBody,
): Promise<InventoryFlowData> {
  const tenantId = scopeOf(reach, f.tenant_id);
  let stockId: number | number[] | undefined = f.stock_id;
  if (f.sku) {
    let ids = await skuIdsOf(deps.db, tenantId, f.sku);
    if (f.stock_id !== undefined) ids = ids.filter((id) => id === f.stock_id);
    if (ids.length === 0) return EMPTY(f.pageSize);
    stockId = ids;
  }
  let doc: { doc_type?: 'inbound' | 'count'; doc_id?: number[]; order_id?: number[] } = {};
  if (f.doc_no) {
    const found = await documentOf(deps.db, tenantId, f.doc_no);
    if (!found) return EMPTY(f.pageSize);
    doc = found.type === 'order' ? { order_id: found.ids } : { doc_type: found.type, doc_id: found.ids };
  }
  const rows = (await deps.db.executeQuery(flowQuery(deps.db, tenantId, { ...f, stock_id: stockId, ...doc }))).rows;
  const page = rows.slice(0, f.pageSize);
  return {
    list: page.map((m) => ({
      id: Number(m.id),
      tenant_id: m.tenant_id,
      tenant_name: m.tenant_name,
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
      created_at: Number(m.created_s),
    })),
    pageSize: f.pageSize,
    next_cursor: rows.length > f.pageSize ? Number(page[page.length - 1]!.id) : null,
  };
}

/** The tenant's stock locations (the flow's location filter). */
export async function inventoryLocations(deps: AppDeps, reach: InventoryReach, own: number, tenantId?: number) {
  const rows = await tenantLocations(deps.db, reach.tenantId ?? tenantId ?? own);
  return { list: rows.map((r) => ({ id: Number(r.id), kind: r.kind, name: r.name, warehouse_id: r.warehouse_id })) };
}
