import { minor, toDecimalString } from '@console/shared/money';
import type { PermissionSubject } from '@console/shared/permissions/can';
import type { Purchase1688Body } from '@console/shared/schemas/purchase-1688';
import { ali1688Channel } from '../../ali1688/ali1688.factory.js';
import { Ali1688Error } from '../../ali1688/ali1688.js';
import type { Actor, AppDeps } from '../../context.js';
import { AppError, badRequest, notFound, staleSave } from '../../lib/app-error.js';
import { subjectOf } from '../account/account.presenter.js';
import { findTenantUser } from '../account/user.repository.js';
import { channelFor, purchaseChannel } from '../ali1688/ali1688-token.service.js';
import * as ledger from '../finance/ledger.service.js';
import { hasPurchaseHold, holdPurchase, releasePurchaseHold } from '../finance/purchase-hold.service.js';
import { systemActor } from '../system/audit.js';
import { findOrder } from './order.repository.js';
import { moveExpress, purchasable, purchaseItem } from './order.service.js';
import { AMAZON_FULFILLED, warehouseReader } from './order-distribution.service.js';
import {
  awaiting1688Shipment,
  beginPurchase1688,
  dropPurchase1688,
  failedPurchase1688,
  itemForPurchase,
  markPurchase1688,
  pendingPurchase1688,
  placedPurchase1688,
  recordedPurchase1688,
} from './purchase-1688.repository.js';

const ITEM_NOT_FOUND = '订单商品不存在';

/** The tenant's own connected 1688 account, else the platform's (docs/ali1688.md "Which account buys"). */
async function channel(deps: AppDeps, tenantId: number) {
  const c = await purchaseChannel(deps, tenantId);
  if (!c) throw badRequest('未配置1688采购接口(ALI1688_BASE_URL、ALI1688_APP_KEY),请手动填写采购信息');
  return c;
}

/** A 1688 refusal as the API's answer (a 1688 outage is 502, never a 500). */
function fromAli(err: unknown): never {
  if (err instanceof Ali1688Error) throw new AppError(err.status === 502 ? 502 : 400, err.message);
  throw err;
}

/**
 * 采购 through 1688: places the order from the product's supplier link, then records it as the
 * manual purchase step does ('0' -> '1'), marked channel 1688. The order is written down first
 * (`order_purchases_1688`, docs/orders.md "1688"): `placing` with its reference
 * `item-<id>-v<version>` before 1688 is called, `placed` with 1688's order id as soon as 1688
 * accepts, `recorded` in the purchase's own transaction. A failure in between (the database, a
 * refused step, a crash) leaves the placed order kept, and the next 1688下单 of the item records
 * that order instead of placing another (a `placing` one is asked again with the same reference,
 * which 1688 answers with the same order).
 */
export async function purchase1688(deps: AppDeps, actor: Actor, subject: PermissionSubject, body: Purchase1688Body) {
  const item = await itemForPurchase(deps.db, actor.tenantId, body.item_id);
  const visible = item && (await findOrder(deps.db, actor.tenantId, item.order_id, warehouseReader(subject)));
  if (!item || !visible) throw notFound(ITEM_NOT_FOUND);
  if (item.version !== body.version) throw staleSave(item.version);
  if (item.express_status !== '0') throw badRequest('该商品已采购');
  if (visible.fulfillment_channel === '0') throw badRequest(AMAZON_FULFILLED);
  let kept = await pendingPurchase1688(deps.db, actor.tenantId, item.id);
  if (!kept && !item.link_url) throw badRequest('该商品没有供应商链接,请手动填写采购信息');
  if (!kept || kept.state === 'placing') {
    // A `placing` row is asked again through the account that began placing it.
    const { channel: c, tenantAccount } = kept
      ? { channel: await channelFor(deps, actor.tenantId, kept.tenant_account), tenantAccount: kept.tenant_account }
      : await channel(deps, actor.tenantId);
    if (!kept && !purchasable(item.status)) throw badRequest('订单已取消或已退款,不能继续采购');
    const outOrderId = kept?.out_order_id ?? `item-${item.id}-v${item.version}`;
    const quantity = kept?.quantity ?? body.quantity;
    const { id } = await beginPurchase1688(deps.db, {
      tenant_id: actor.tenantId,
      item_id: item.id,
      out_order_id: outOrderId,
      quantity,
      created_by: actor.userId,
      tenant_account: tenantAccount,
    });
    const release = () =>
      releasePurchaseHold(deps.db, { tenantId: actor.tenantId, rowId: id, createdBy: actor.userId });
    // The platform pays 1688 for the tenant: 1688's quoted price is held on the balance before the
    // order is placed (docs/finance.md "Purchases"). A balance that cannot pay is refused here,
    // with nothing placed; a `placing` row asked again keeps the hold it has. The tenant's own
    // 1688 account pays 1688 itself: nothing is held or charged (docs/ali1688.md).
    if (!tenantAccount && !(await hasPurchaseHold(deps.db, actor.tenantId, id))) {
      try {
        const preview = await c.previewOrder({ offer: item.link_url ?? '', quantity }).catch(fromAli);
        await holdPurchase(deps.db, {
          tenantId: actor.tenantId,
          rowId: id,
          orderId: item.order_id,
          amount: preview.totalMinor,
          createdBy: actor.userId,
          note: `1688采购冻结 ${quantity}件(订单商品 ${item.id})`,
        });
      } catch (err) {
        if (!kept) await dropPurchase1688(deps.db, id);
        throw err;
      }
    }
    const placed = await c
      .placeOrder({ offer: item.link_url ?? '', quantity, outOrderId })
      .catch(async (err: unknown) => {
        // 1688 refused (delisted, bad offer): nothing was placed, nothing to keep, the hold goes
        // back. Unreachable or an unknown failure: the order may exist, the row stays `placing`
        // (with its hold) for the next try.
        if (err instanceof Ali1688Error && err.status !== 502) {
          await release();
          await dropPurchase1688(deps.db, id);
        } else await failedPurchase1688(deps.db, id, err instanceof Error ? err.message : String(err));
        return fromAli(err);
      });
    await placedPurchase1688(deps.db, id, {
      external_order_id: placed.orderId,
      supplier: placed.supplier,
      paid_minor: placed.paidMinor,
    });
    kept = (await pendingPurchase1688(deps.db, actor.tenantId, item.id))!;
  }
  const order = kept;
  try {
    return await purchaseItem(
      deps,
      actor,
      subject,
      {
        item_id: body.item_id,
        version: body.version,
        supplier: `1688 ${order.supplier}`.slice(0, 100),
        supplier_order_no: order.external_order_id ?? '',
        paid: toDecimalString(minor(order.paid_minor ?? 0), 'CNY'),
        quantity: order.quantity,
        tracking_no: '',
      },
      async (trx) => {
        await markPurchase1688(trx, actor.tenantId, body.item_id, order.external_order_id ?? '');
        await recordedPurchase1688(trx, Number(order.id));
        // The platform bought on its 1688 account: the tenant's balance pays, once per 1688 order
        // (docs/finance.md "Purchases"), the hold going back in the same transaction; refused with
        // 余额不足 (1688 charged more than it quoted), nothing is recorded, the hold stays and the
        // placed order stays kept for the next 1688下单 of the item.
        await releasePurchaseHold(trx, { tenantId: actor.tenantId, rowId: Number(order.id), createdBy: actor.userId });
        if (!order.tenant_account && order.paid_minor && order.external_order_id)
          await ledger.charge(trx, {
            tenantId: actor.tenantId,
            idemKey: ledger.purchaseChargeKey(order.external_order_id),
            ref: { type: 'purchase', id: String(item.order_id) },
            orderId: item.order_id,
            amount: order.paid_minor,
            fee: 'other',
            note: `1688采购 ${order.external_order_id} ${order.quantity}件`,
            createdBy: actor.userId,
          });
      },
    );
  } catch (err) {
    await failedPurchase1688(deps.db, Number(order.id), err instanceof Error ? err.message : String(err));
    throw err;
  }
}

/** Reads the 1688 logistics of an item's purchase; a shipped order with a tracking number moves '1' -> '2'. */
export async function logistics1688(deps: AppDeps, actor: Actor, subject: PermissionSubject, itemId: number) {
  const item = await itemForPurchase(deps.db, actor.tenantId, itemId);
  if (!item || !(await findOrder(deps.db, actor.tenantId, item.order_id, warehouseReader(subject))))
    throw notFound(ITEM_NOT_FOUND);
  if (item.channel !== '1688' || !item.external_order_id) throw badRequest('该商品不是通过1688采购的');
  const c = await channelFor(deps, actor.tenantId, item.tenant_account ?? false);
  const l = await c.logistics(item.external_order_id).catch(fromAli);
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

/** Items one scheduled logistics check reads at most (each is one 1688 call). */
export const LOGISTICS_CHECK_MAX = 500;

/** What a scheduled 1688 logistics check did. */
export interface Logistics1688Run {
  /** Items whose 1688 order was read. */
  checked: number;
  /** Items moved to '2' 待收货 with the supplier's tracking number. */
  shipped: number;
  /** Items left as they were: 1688 unreachable, the buyer's account gone, a step refused. */
  skipped: number;
}

/**
 * Every 10 minutes (job `order-1688-logistics`): what 查询1688物流 does, for every item bought
 * through 1688 that waits for the supplier's shipment ('1'), as the account that placed the
 * purchase (its history names that buyer, the audit its step). A shipped order with a tracking
 * number moves the item '1' -> '2'; an account disabled, removed or no longer allowed to
 * purchase leaves the item for someone to check by hand, as does 1688 being unreachable.
 */
export async function follow1688Logistics(deps: AppDeps, max = LOGISTICS_CHECK_MAX): Promise<Logistics1688Run> {
  const run: Logistics1688Run = { checked: 0, shipped: 0, skipped: 0 };
  if (!ali1688Channel(deps.config.ali1688)) return run;
  let after = 0;
  while (run.checked + run.skipped < max) {
    const rows = await awaiting1688Shipment(deps.db, Math.min(100, max - run.checked - run.skipped), after);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      const buyer = await findTenantUser(deps.db, row.tenant_id, row.created_by);
      if (buyer?.status !== 1) {
        run.skipped++;
        continue;
      }
      try {
        // The account that placed the order reads it: the tenant's own (its token) or the platform's.
        const c = await channelFor(deps, row.tenant_id, row.tenant_account ?? false);
        const l = await c.logistics(row.external_order_id ?? '');
        run.checked++;
        if (!l.trackingNo) continue;
        // The job acts as 系统 (its audit row and order event name no person); the buyer's
        // rights still decide whether the step is allowed.
        const actor = systemActor(row.tenant_id, 'order-1688-logistics');
        await moveExpress(deps, actor, subjectOf(buyer), {
          item_id: row.id,
          version: row.version,
          to: '2',
          tracking_no: l.trackingNo,
        });
        run.shipped++;
      } catch (err) {
        // 1688 unreachable or the step refused (a colleague moved the item meanwhile, the buyer
        // lost the right to purchase): the next run, or someone by hand, takes it up.
        if (!(err instanceof Ali1688Error) && !(err instanceof AppError)) throw err;
        console.warn(`1688 logistics check left order item ${row.id} as it was: ${err.message}`);
        run.skipped++;
      }
    }
  }
  return run;
}
