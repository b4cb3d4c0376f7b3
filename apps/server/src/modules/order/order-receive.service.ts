import type { PermissionSubject } from '@console/shared/permissions/can';
import type { OrderExpressBody } from '@console/shared/schemas/order';
import type { Actor, AppDeps } from '../../context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import { findOrder } from './order.repository.js';
import { moveExpress } from './order.service.js';
import { lockReceiveError, setReceiveError } from './order-distribution.repository.js';
import { warehouseReader } from './order-distribution.service.js';

const ITEM_NOT_FOUND = '订单商品不存在';

/**
 * An express step with a refused 确认收货 ('2' -> '3') kept on the item (issue 29 §2): the 配货
 * screen shows it on the item's row across reloads until a step of the item succeeds (it clears
 * it, `setItemExpress`) or the user dismisses it. Kept only while the item still waits for its
 * receipt; an item the caller cannot see (404) or a step its role may not take (403) keeps nothing.
 */
export async function moveExpressKeepingReceiptFailure(
  deps: AppDeps,
  actor: Actor,
  subject: PermissionSubject,
  body: OrderExpressBody,
) {
  try {
    return await moveExpress(deps, actor, subject, body);
  } catch (e) {
    if (body.to === '3' && e instanceof AppError && e.status !== 403 && e.status !== 404) {
      await deps.db.transaction().execute(async (trx) => {
        const item = await lockReceiveError(trx, actor.tenantId, body.item_id);
        if (item?.express_status === '2')
          await setReceiveError(trx, actor.tenantId, body.item_id, e.message.slice(0, 500));
      });
    }
    throw e;
  }
}

/** 知道了 on an item of 配货: its kept 确认收货 failure is put away (an audit row says who). */
export function dismissReceiveError(deps: AppDeps, actor: Actor, subject: PermissionSubject, itemId: number) {
  return deps.db.transaction().execute(async (trx) => {
    const item = await lockReceiveError(trx, actor.tenantId, itemId);
    const visible = item && (await findOrder(trx, actor.tenantId, item.order_id, warehouseReader(subject)));
    if (!item || !visible) throw notFound(ITEM_NOT_FOUND);
    if (item.receive_error !== null) {
      await setReceiveError(trx, actor.tenantId, itemId, null);
      await audit(trx, actor, {
        action: 'order.receive.dismiss_error',
        targetType: 'order_item',
        targetId: itemId,
        before: { amazon_order_id: visible.amazon_order_id, receive_error: item.receive_error },
      });
    }
    return { item_id: itemId };
  });
}
