import type { AppDeps } from '../../context.js';
import { CHINA, postMovement } from '../../inventory/inventory.service.js';
import { AppError, conflict } from '../../lib/app-error.js';
import { itemStockMoves, receivedPurchases, stockOfSku } from './order-stock.repository.js';
import { insertOrderEvents } from './order-sync.repository.js';

type Db = AppDeps['db'];

/**
 * Purchases become stock by themselves (docs/orders.md "Stock-up", "Purchase surplus"): a
 * received purchase ('3') brings `purchased` units; the order needs the item's quantity, or
 * nothing once it is cancelled. What it brought beyond the need is put into the
 * stock-up product of the item's seller SKU (else its ASIN; made if the tenant has none) as an
 * `in` row with reason `surplus`, tied to the order and item. Called in the transaction of the
 * receipt (确认收货) and of a cancellation read by the sync; it only tops up to the
 * target, so calling it twice moves nothing more. Answers the units moved.
 */
export async function surplusToStock(
  trx: Db,
  tenantId: number,
  userId: number | null,
  by: { orderId: number } | { itemId: number },
): Promise<number> {
  let moved = 0;
  for (const p of await receivedPurchases(trx, tenantId, by)) {
    // A refund usually follows shipment (the units left with the parcel): only a cancellation frees them.
    const cancelled = p.status === 'Canceled';
    const target = cancelled ? p.purchased : Math.max(0, p.purchased - p.quantity);
    const moves = await itemStockMoves(trx, tenantId, Number(p.id));
    const delta = target - moves.surplus;
    if (delta <= 0) continue;
    const stockId =
      moves.surplusStock ??
      Number(
        (
          await stockOfSku(trx, {
            tenant_id: tenantId,
            sku: (p.seller_sku || p.asin).slice(0, 100),
            title: p.title ?? '',
            goods_id: p.goods_id,
            created_by: userId,
          })
        ).id,
      );
    const why = cancelled ? `订单已取消,采购的 ${delta} 件转为备货` : `采购多出 ${delta} 件转为备货`;
    const stock = await postMovement(trx, {
      tenantId,
      stockId,
      at: CHINA,
      op: 'in',
      quantity: delta,
      reason: 'surplus',
      doc: { type: 'order', id: p.order_id },
      order: { orderId: p.order_id, itemId: p.id },
      note: `订单 ${p.amazon_order_id} ${why}`,
      by: userId,
    });
    await insertOrderEvents(trx, [
      {
        tenant_id: tenantId,
        order_id: p.order_id,
        item_id: p.id,
        kind: 'stock',
        text: `${why}(备货 SKU ${stock.sku})`,
        user_id: userId,
      },
    ]);
    moved += delta;
  }
  return moved;
}

/**
 * Undoing a receipt takes back what it put into stock (an `out` row, reason `surplus_undo`);
 * refused with 409 when those units have left stock since.
 */
export async function surplusBack(
  trx: Db,
  tenantId: number,
  userId: number,
  item: { id: number; order_id: number; amazon_order_id: string },
) {
  const moves = await itemStockMoves(trx, tenantId, item.id);
  if (moves.surplus <= 0 || moves.surplusStock === null) return 0;
  try {
    await postMovement(trx, {
      tenantId,
      stockId: moves.surplusStock,
      at: CHINA,
      op: 'out',
      quantity: moves.surplus,
      reason: 'surplus_undo',
      doc: { type: 'order', id: item.order_id },
      order: { orderId: item.order_id, itemId: item.id },
      note: `订单 ${item.amazon_order_id} 撤销收货,取回转入备货的 ${moves.surplus} 件`,
      by: userId,
    });
  } catch (err) {
    if (err instanceof AppError && err.status === 409)
      throw conflict(`收货时转入备货的 ${moves.surplus} 件已出库,不能撤销收货`);
    throw err;
  }
  return moves.surplus;
}
