import { minor, toDecimalString } from '@console/shared/money';
import type { PermissionSubject } from '@console/shared/permissions/can';
import type { Purchase1688Body } from '@console/shared/schemas/purchase-1688';
import { ali1688Channel } from '../../ali1688/ali1688.factory.js';
import { Ali1688Error } from '../../ali1688/ali1688.js';
import type { Actor, AppDeps } from '../../context.js';
import { AppError, badRequest, notFound, staleSave } from '../../lib/app-error.js';
import { moveExpress, purchaseItem } from './order.service.js';
import { itemForPurchase, markPurchase1688 } from './purchase-1688.repository.js';

const ITEM_NOT_FOUND = '订单商品不存在';

function channel(deps: AppDeps) {
  const c = ali1688Channel(deps.config.ali1688);
  if (!c) throw badRequest('未配置1688采购接口(ALI1688_BASE_URL、ALI1688_APP_KEY),请手动填写采购信息');
  return c;
}

/** A 1688 refusal as the API's answer (a 1688 outage is 502, never a 500). */
function fromAli(err: unknown): never {
  if (err instanceof Ali1688Error) throw new AppError(err.status === 502 ? 502 : 400, err.message);
  throw err;
}

/**
 * 采购 through 1688: places the order from the product's supplier link (one 1688 order per item
 * version: the reference `item-<id>-v<version>` makes a retry answer the same order), then
 * records it as the manual purchase step does ('0' -> '1'), marked channel 1688.
 */
export async function purchase1688(deps: AppDeps, actor: Actor, subject: PermissionSubject, body: Purchase1688Body) {
  const item = await itemForPurchase(deps.db, actor.tenantId, body.item_id);
  if (!item) throw notFound(ITEM_NOT_FOUND);
  if (item.version !== body.version) throw staleSave(item.version);
  if (item.express_status !== '0') throw badRequest('该商品已采购');
  if (!item.link_url) throw badRequest('该商品没有供应商链接,请手动填写采购信息');
  const c = channel(deps);
  const placed = await c
    .placeOrder({ offer: item.link_url, quantity: body.quantity, outOrderId: `item-${item.id}-v${item.version}` })
    .catch(fromAli);
  const done = await purchaseItem(deps, actor, subject, {
    item_id: body.item_id,
    version: body.version,
    supplier: `1688 ${placed.supplier}`.slice(0, 100),
    supplier_order_no: placed.orderId,
    paid: toDecimalString(minor(placed.paidMinor), 'CNY'),
    quantity: body.quantity,
    tracking_no: '',
  });
  await markPurchase1688(deps.db, actor.tenantId, body.item_id, placed.orderId);
  return done;
}

/** Reads the 1688 logistics of an item's purchase; a shipped order with a tracking number moves '1' -> '2'. */
export async function logistics1688(deps: AppDeps, actor: Actor, subject: PermissionSubject, itemId: number) {
  const item = await itemForPurchase(deps.db, actor.tenantId, itemId);
  if (!item) throw notFound(ITEM_NOT_FOUND);
  if (item.channel !== '1688' || !item.external_order_id) throw badRequest('该商品不是通过1688采购的');
  const l = await channel(deps).logistics(item.external_order_id).catch(fromAli);
  let express = item.express_status;
  let version = item.version;
  if (l.trackingNo && express === '1') {
    const moved = await moveExpress(deps, actor, subject, {
      item_id: itemId,
      version,
      to: '2',
      tracking_no: l.trackingNo,
    });
    express = moved.express_status;
    version = moved.version;
  }
  return { status: l.status, company: l.company, tracking_no: l.trackingNo, express_status: express, version };
}
