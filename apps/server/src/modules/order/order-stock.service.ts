import type { PermissionSubject } from '@console/shared/permissions/can';
import { EXPRESS_STATUS_LABELS } from '@console/shared/schemas/order';
import type {
  StockFillBody,
  StockListData,
  StockLogData,
  StockProduct,
  StockUnfillBody,
  stockListBody,
  stockLogBody,
  stockMoveBody,
  stockSaveBody,
} from '@console/shared/schemas/order-stock';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import { CHINA, postMovement } from '../../inventory/inventory.service.js';
import { badRequest, isUniqueViolation, notFound, staleSave } from '../../lib/app-error.js';
import { audit, diff } from '../system/audit.js';
import { findOrder, lockOrderItem, refreshOrderExpress, setItemExpress } from './order.repository.js';
import { AMAZON_FULFILLED, warehouseReader } from './order-distribution.service.js';
import {
  deleteStock,
  findStock,
  goodsExists,
  hasMovements,
  insertStock,
  itemStockMoves,
  listMovements,
  listStock,
  updateStock,
} from './order-stock.repository.js';
import { insertOrderEvents } from './order-sync.repository.js';

const STOCK_NOT_FOUND = '备货商品不存在';
const secs = (d: Date) => Math.floor(d.getTime() / 1000);

type ProductRow = NonNullable<Awaited<ReturnType<typeof findStock>>>;
const present = (r: ProductRow): StockProduct => ({
  id: Number(r.id),
  sku: r.sku,
  title: r.title,
  goods_id: r.goods_id,
  remark: r.remark,
  quantity: r.quantity,
  updated_at: secs(r.updated_at),
  version: r.version,
});

/** 备货商品: a page of stock-up products. */
export async function stockList(
  deps: AppDeps,
  tenantId: number,
  f: z.output<typeof stockListBody>,
): Promise<StockListData> {
  const r = await listStock(deps.db, tenantId, f);
  return { list: r.rows.map(present), total: r.total, page: f.page, pageSize: f.pageSize };
}

/** Creates or changes a stock-up product (never its balance: that moves only by 入库/出库). */
export async function saveStock(deps: AppDeps, actor: Actor, body: z.output<typeof stockSaveBody>) {
  const goodsId = body.goods_id ?? null;
  if (goodsId !== null && !(await goodsExists(deps.db, actor.tenantId, goodsId))) throw notFound('商品不存在');
  const fields = { sku: body.sku, title: body.title, goods_id: goodsId, remark: body.remark };
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (body.id === undefined) {
        const row = await insertStock(trx, { tenant_id: actor.tenantId, ...fields, created_by: actor.userId });
        await audit(trx, actor, { action: 'order.stock.create', targetType: 'stock', targetId: row.id, after: fields });
        return present(row);
      }
      if (body.version === undefined) throw badRequest('请提供版本');
      const before = await findStock(trx, actor.tenantId, body.id);
      if (!before) throw notFound(STOCK_NOT_FOUND);
      const row = await updateStock(trx, actor.tenantId, body.id, body.version, fields);
      if (!row) throw staleSave(before.version);
      await audit(trx, actor, {
        action: 'order.stock.update',
        targetType: 'stock',
        targetId: row.id,
        ...diff({ sku: before.sku, title: before.title, goods_id: before.goods_id, remark: before.remark }, fields),
      });
      return present(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(`SKU ${body.sku} 已存在`);
    throw err;
  }
}

/** Deletes a stock-up product that never moved (a product with a ledger is kept). */
export async function removeStock(deps: AppDeps, actor: Actor, id: number) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await findStock(trx, actor.tenantId, id);
    if (!row) throw notFound(STOCK_NOT_FOUND);
    if (await hasMovements(trx, actor.tenantId, id)) throw badRequest('该备货商品已有出入库记录,不能删除');
    await deleteStock(trx, actor.tenantId, id);
    await audit(trx, actor, {
      action: 'order.stock.delete',
      targetType: 'stock',
      targetId: id,
      before: { sku: row.sku, title: row.title },
    });
    return { deleted: 1 };
  });
}

/** 入库 (receipt, `in`) or 出库 not for an order (`out`): one balance move and its ledger row. */
export async function moveStock(deps: AppDeps, actor: Actor, kind: 'in' | 'out', body: z.output<typeof stockMoveBody>) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await postMovement(trx, {
      tenantId: actor.tenantId,
      stockId: body.stock_id,
      at: CHINA,
      op: kind,
      quantity: body.quantity,
      reason: '',
      note: body.note,
      by: actor.userId,
    });
    await audit(trx, actor, {
      action: kind === 'in' ? 'order.stock.in' : 'order.stock.out',
      targetType: 'stock',
      targetId: row.stockId,
      after: { sku: row.sku, quantity: body.quantity, balance: row.on_hand, note: body.note },
    });
    return { stock_id: row.stockId, quantity: row.on_hand };
  });
}

/**
 * Fills an order item from stock: the item's quantity leaves stock (an `out` row tied to the
 * order and item) and the item, already in the warehouse, goes from '0' (not purchased) to '3'
 * (received). Refused when the item is purchased already, the order is cancelled or refunded,
 * or stock is short (409 with what is left; concurrent picks never take more than there is).
 */
export async function fillFromStock(deps: AppDeps, actor: Actor, subject: PermissionSubject, body: StockFillBody) {
  return deps.db.transaction().execute(async (trx) => {
    const item = await lockOrderItem(trx, actor.tenantId, body.item_id);
    const order = item && (await findOrder(trx, actor.tenantId, item.order_id, warehouseReader(subject)));
    if (!item || !order) throw notFound('订单商品不存在');
    if (item.version !== body.version) throw staleSave(item.version);
    if (order.fulfillment_channel === '0') throw badRequest(AMAZON_FULFILLED);
    if (item.status === 'Canceled' || item.status === 'refund') throw badRequest('订单已取消或已退款,不能出库');
    if (item.express_status !== '0')
      throw badRequest(`商品已「${EXPRESS_STATUS_LABELS[item.express_status]}」,只有未采购的商品可以从库存出库`);
    const stock = await postMovement(trx, {
      tenantId: actor.tenantId,
      stockId: body.stock_id,
      at: CHINA,
      op: 'out',
      quantity: item.quantity,
      reason: 'fill',
      doc: { type: 'order', id: item.order_id },
      order: { orderId: item.order_id, itemId: item.id },
      note: `订单 ${item.amazon_order_id}`,
      by: actor.userId,
    });
    const row = await setItemExpress(trx, actor.tenantId, item.id, body.version, '3');
    if (!row) throw staleSave();
    const orderExpress = await refreshOrderExpress(trx, actor.tenantId, item.order_id);
    await insertOrderEvents(trx, [
      {
        tenant_id: actor.tenantId,
        order_id: item.order_id,
        item_id: item.id,
        kind: 'express',
        text: `从备货库存出库 ${item.quantity} 件(SKU ${stock.sku}),快递状态 未采购 → 已收货`,
        user_id: actor.userId,
      },
    ]);
    await audit(trx, actor, {
      action: 'order.stock.fill',
      targetType: 'order_item',
      targetId: item.id,
      after: {
        amazon_order_id: item.amazon_order_id,
        sku: stock.sku,
        quantity: item.quantity,
        balance: stock.on_hand,
      },
    });
    return {
      id: Number(row.id),
      express_status: row.express_status,
      version: row.version,
      order_express_status: orderExpress,
    };
  });
}

/**
 * Undoes a fill from stock: the units go back to the product they left (an `in` row, reason
 * `unfill`, tied to the order and item) and the item returns to '0' (not purchased). Refused
 * once the order is distributed (配货 must be undone first) or shipped, and for an item that
 * was not filled from stock (a purchase's receipt is undone with the express step instead).
 */
export async function unfillFromStock(deps: AppDeps, actor: Actor, subject: PermissionSubject, body: StockUnfillBody) {
  return deps.db.transaction().execute(async (trx) => {
    const item = await lockOrderItem(trx, actor.tenantId, body.item_id);
    if (!item || !(await findOrder(trx, actor.tenantId, item.order_id, warehouseReader(subject))))
      throw notFound('订单商品不存在');
    if (item.version !== body.version) throw staleSave(item.version);
    if (item.status === 'Shipped') throw badRequest('订单已发货,不能撤销库存出库');
    if (item.distributed_at) throw badRequest('订单已配货,请先在「配货」撤销配货');
    const moves = await itemStockMoves(trx, actor.tenantId, item.id);
    if (item.express_status !== '3' || moves.filled <= 0 || moves.fillStock === null)
      throw badRequest('该商品不是从库存出库的,不能撤销');
    const stock = await postMovement(trx, {
      tenantId: actor.tenantId,
      stockId: moves.fillStock,
      at: CHINA,
      op: 'in',
      quantity: moves.filled,
      reason: 'unfill',
      doc: { type: 'order', id: item.order_id },
      order: { orderId: item.order_id, itemId: item.id },
      note: `订单 ${item.amazon_order_id} 撤销出库`,
      by: actor.userId,
    });
    const row = await setItemExpress(trx, actor.tenantId, item.id, body.version, '0');
    if (!row) throw staleSave();
    const orderExpress = await refreshOrderExpress(trx, actor.tenantId, item.order_id);
    await insertOrderEvents(trx, [
      {
        tenant_id: actor.tenantId,
        order_id: item.order_id,
        item_id: item.id,
        kind: 'express',
        text: `撤销库存出库,${moves.filled} 件退回库存(SKU ${stock.sku}),快递状态 已收货 → 未采购`,
        user_id: actor.userId,
      },
    ]);
    await audit(trx, actor, {
      action: 'order.stock.unfill',
      targetType: 'order_item',
      targetId: item.id,
      before: { express_status: '3' },
      after: { amazon_order_id: item.amazon_order_id, sku: stock.sku, quantity: moves.filled, balance: stock.on_hand },
    });
    return {
      id: Number(row.id),
      express_status: row.express_status,
      version: row.version,
      order_express_status: orderExpress,
    };
  });
}

/** 入库记录 / 出库记录: a page of the ledger. */
export async function stockLog(
  deps: AppDeps,
  tenantId: number,
  f: z.output<typeof stockLogBody>,
): Promise<StockLogData> {
  const r = await listMovements(deps.db, tenantId, f);
  return {
    list: r.rows.map((m) => ({
      id: Number(m.id),
      stock_id: Number(m.stock_id),
      sku: m.sku,
      title: m.title,
      kind: f.kind,
      quantity: m.quantity,
      balance_after: m.balance_after,
      order_id: m.order_id === null ? null : Number(m.order_id),
      amazon_order_id: m.amazon_order_id,
      note: m.note,
      user_name: m.user_name || m.account || null,
      created_at: secs(m.created_at),
    })),
    total: r.total,
    page: f.page,
    pageSize: f.pageSize,
  };
}
