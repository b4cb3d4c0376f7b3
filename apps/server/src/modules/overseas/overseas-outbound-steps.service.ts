import { OUTBOUND_STATUS_LABELS, type outboundShipBody } from '@console/shared/schemas/overseas-outbound';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import { postMovement } from '../../inventory/inventory.service.js';
import { badRequest, conflict, notFound, staleSave } from '../../lib/app-error.js';
import { queueOutboundConfirmation } from '../logistics/confirm.repository.js';
import { orderEvent } from '../logistics/logistics.repository.js';
import { audit } from '../system/audit.js';
import {
  findWarehouse,
  lockOutbound,
  outboundLines,
  overseasLocation,
  stepOutbound,
} from './overseas-outbound.repository.js';
import { OUTBOUND_NOT_FOUND } from './overseas-outbound.service.js';
import type { OutboundStatus } from './overseas-outbound.tables.js';
import { type PickedLine, postOutboundFees, storageFee } from './overseas-outbound-fees.js';

type Locked = NonNullable<Awaited<ReturnType<typeof lockOutbound>>>;

/** Refuses a step from the wrong status, naming where the outbound is. */
function expectStatus(ob: Locked, from: OutboundStatus, step: string) {
  if (ob.status !== from)
    throw conflict(`出库单 ${ob.number} 当前「${OUTBOUND_STATUS_LABELS[ob.status]}」,不能${step}`);
}

function checkVersion(ob: Locked, version: number | undefined) {
  if (version !== undefined && version !== ob.version) throw staleSave(ob.version);
}

/** 拣货 / 打包 (the warehouse): created → picking, picking → packed. */
export async function stepPickPack(deps: AppDeps, actor: Actor, step: 'pick' | 'pack', id: number, version?: number) {
  const [from, to, label]: [OutboundStatus, OutboundStatus, string] =
    step === 'pick' ? ['created', 'picking', '开始拣货'] : ['picking', 'packed', '打包'];
  return deps.db.transaction().execute(async (trx) => {
    const ob = await lockOutbound(trx, id, null);
    if (!ob) throw notFound(OUTBOUND_NOT_FOUND);
    checkVersion(ob, version);
    expectStatus(ob, from, label);
    const row = await stepOutbound(trx, id, from, to);
    if (!row) throw conflict('出库单状态已变化,请刷新');
    await audit(trx, actor, {
      action: `overseas.outbound.${step}`,
      targetType: 'overseas_outbound',
      targetId: id,
      before: { status: from },
      after: { number: ob.number, status: to },
    });
    return { id, status: row.status, version: row.version };
  });
}

/**
 * 发货 (the warehouse): packed → shipped once. In one transaction: the reserved units leave the
 * warehouse (pick), the fees are posted (each under its own key), an Amazon order's shipment
 * confirmation is queued in the logistics outbox (the one confirmation service sends it and
 * marks the order shipped). The outbound row is locked first, so a repeated or concurrent ship
 * finds it shipped (409) and posts nothing.
 */
export async function shipOutbound(deps: AppDeps, actor: Actor, body: z.output<typeof outboundShipBody>) {
  return deps.db.transaction().execute(async (trx) => {
    const ob = await lockOutbound(trx, body.id, null);
    if (!ob) throw notFound(OUTBOUND_NOT_FOUND);
    checkVersion(ob, body.version);
    expectStatus(ob, 'packed', '发货');
    const carrierCode = body.carrier_code || ob.carrier_code;
    const carrierName = body.carrier_name ?? ob.carrier_name;
    if (ob.order_id !== null && !carrierCode) throw badRequest('请选择承运商(向亚马逊确认发货需要承运商)');
    if (carrierCode === 'Other' && !carrierName) throw badRequest('承运商为「其他」时请填写承运商名称');
    const w = await findWarehouse(trx, ob.warehouse_id);
    if (!w) throw notFound('仓库不存在');
    // As at creation: only a carrier the warehouse ships with (the carrier Amazon is told).
    if (carrierCode && !w.carriers.includes(carrierCode))
      throw badRequest(`仓库 ${w.code} 不支持承运商 ${carrierCode}`);
    const lines = await outboundLines(trx, Number(ob.id));
    const picked: PickedLine[] = [];
    for (const l of lines) {
      const m = await postMovement(trx, {
        tenantId: ob.tenant_id,
        stockId: Number(l.stock_id),
        at: { kind: 'overseas', warehouseId: ob.warehouse_id },
        op: 'pick',
        quantity: l.quantity,
        reason: 'pick',
        doc: { type: 'outbound', id: Number(ob.id) },
        ...(ob.order_id !== null ? { order: { orderId: Number(ob.order_id), itemId: l.order_item_id } } : {}),
        note: `出库单 ${ob.number} 发货`,
        by: actor.userId,
      });
      picked.push({ stockId: Number(l.stock_id), quantity: l.quantity, movementId: m.movementId });
    }
    const units = lines.reduce((s, l) => s + l.quantity, 0);
    const location = await overseasLocation(trx, ob.tenant_id, ob.warehouse_id);
    const storage =
      location === null
        ? 0
        : await storageFee(trx, ob.tenant_id, location, Number(w.storage_fee_cbm_day_minor), picked);
    const fees = await postOutboundFees(trx, ob, w, units, storage, actor.userId);
    const total = fees.handling + fees.units + fees.delivery + fees.storage;
    const row = await stepOutbound(trx, Number(ob.id), 'packed', 'shipped', {
      tracking_no: body.tracking_no,
      carrier_code: carrierCode,
      carrier_name: carrierName,
      shipped_by: actor.userId,
      fee_total_minor: total,
    });
    if (!row) throw conflict('出库单状态已变化,请刷新');
    if (ob.order_id !== null) {
      await queueOutboundConfirmation(trx, ob.tenant_id, Number(ob.id), Number(ob.order_id));
      await orderEvent(
        trx,
        ob.tenant_id,
        Number(ob.order_id),
        'overseas',
        `海外仓出库单 ${ob.number} 已发货,跟踪号 ${body.tracking_no}`,
        actor.userId,
      );
    }
    await audit(trx, actor, {
      action: 'overseas.outbound.ship',
      targetType: 'overseas_outbound',
      targetId: Number(ob.id),
      after: { number: ob.number, tenant_id: ob.tenant_id, tracking_no: body.tracking_no, units, fees },
    });
    return { id: Number(ob.id), status: row.status, version: row.version, fee_total_minor: total };
  });
}

/** 取消 (the tenant, before it ships): the reserved units are released. */
export async function cancelOutbound(deps: AppDeps, actor: Actor, id: number, version?: number) {
  return deps.db.transaction().execute(async (trx) => {
    const ob = await lockOutbound(trx, id, actor.tenantId);
    if (!ob) throw notFound(OUTBOUND_NOT_FOUND);
    checkVersion(ob, version);
    if (ob.status === 'shipped' || ob.status === 'cancelled')
      throw conflict(`出库单 ${ob.number} 当前「${OUTBOUND_STATUS_LABELS[ob.status]}」,不能取消`);
    for (const l of await outboundLines(trx, id)) {
      await postMovement(trx, {
        tenantId: ob.tenant_id,
        stockId: Number(l.stock_id),
        at: { kind: 'overseas', warehouseId: ob.warehouse_id },
        op: 'release',
        quantity: l.quantity,
        reason: 'cancel',
        doc: { type: 'outbound', id },
        note: `出库单 ${ob.number} 取消`,
        by: actor.userId,
      });
    }
    const row = await stepOutbound(trx, id, ob.status, 'cancelled');
    if (!row) throw conflict('出库单状态已变化,请刷新');
    if (ob.order_id !== null)
      await orderEvent(
        trx,
        ob.tenant_id,
        Number(ob.order_id),
        'overseas',
        `海外仓出库单 ${ob.number} 已取消`,
        actor.userId,
      );
    await audit(trx, actor, {
      action: 'overseas.outbound.cancel',
      targetType: 'overseas_outbound',
      targetId: id,
      before: { status: ob.status },
      after: { number: ob.number, status: 'cancelled' },
    });
    return { id, status: row.status, version: row.version };
  });
}
