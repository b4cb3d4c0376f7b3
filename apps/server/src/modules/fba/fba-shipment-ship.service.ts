import type { FbaShipmentShipBody } from '@console/shared/schemas/fba-shipment';
import type { Actor, AppDeps } from '../../context.js';
import { CHINA, postMovement } from '../../inventory/inventory.service.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import * as ledger from '../finance/ledger.service.js';
import { openShop } from '../shop/shop-client.js';
import { findShipment, itemsOf, lockShipment, setItemReceived, setShipment } from './fba-shipment.repository.js';
import { illegal, log, NOT_FOUND, shipmentDetail } from './fba-shipment.service.js';
import type { FbaFcShipment } from './fba-shipment.tables.js';
import { postFbaReceipt } from './fba-stock.service.js';

/** The ledger key of a shipment's first-leg cost: posted once, whatever repeats. */
export const costKey = (id: number) => `fba-shipment-cost:${id}`;

/**
 * 发货: labels_ready → shipped under the row lock. The units sent leave the China stock
 * (`out`, reason transfer, the shipment as document; refused whole with 库存不足 when China
 * lacks them), the cost is charged to the finance ledger once (idempotency key), then Amazon
 * is given the tracking number for every box. A repeat finds the shipment shipped and is refused.
 */
export async function shipShipment(deps: AppDeps, actor: Actor, body: FbaShipmentShipBody) {
  const row = await deps.db.transaction().execute(async (trx) => {
    const row = await lockShipment(trx, actor.tenantId, body.id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.status !== 'labels_ready') throw illegal(row, '发货');
    const items = await itemsOf(trx, [body.id]);
    for (const i of items)
      await postMovement(trx, {
        tenantId: actor.tenantId,
        stockId: Number(i.stock_id),
        at: CHINA,
        op: 'out',
        quantity: i.quantity,
        reason: 'transfer',
        doc: { type: 'fba_shipment', id: body.id },
        note: `头程发货 ${row.number} → FBA ${row.marketplace.toUpperCase()}`,
        by: actor.userId,
      });
    // Left out, the cost is the chosen partnered carriers' quotes (CNY at the choice); charged once either way.
    const cost = body.cost_minor ?? Number(row.transport_cost_minor);
    if (cost > 0)
      await ledger.charge(trx, {
        tenantId: actor.tenantId,
        idemKey: costKey(body.id),
        ref: { type: 'service', id: row.number },
        amount: cost,
        fee: 'logisticsFee',
        note: `头程发货 ${row.number} 头程费用`,
        createdBy: actor.userId,
      });
    await setShipment(trx, body.id, {
      status: 'shipped',
      carrier: body.carrier,
      tracking_no: body.tracking_no,
      cost_minor: cost,
      shipped_at: new Date(),
    });
    await log(trx, actor, 'fba.shipment.ship', body.id, {
      number: row.number,
      carrier: body.carrier,
      tracking_no: body.tracking_no,
      units: items.reduce((s, i) => s + i.quantity, 0),
      cost_minor: cost,
    });
    return row;
  });
  // Amazon learns the tracking after our commit; a refusal is shown on the shipment, the goods are gone anyway.
  try {
    const { client } = await openShop(deps, actor.tenantId, row.shop_id);
    for (const s of row.fc_shipments.filter((x) => x.box_ids.length > 0))
      await client.inbound.run(
        client.inbound.updateShipmentTrackingDetails(row.inbound_plan_id, s.shipment_id, {
          trackingDetails: {
            spdTrackingDetail: {
              spdTrackingItems: s.box_ids.map((boxId) => ({ boxId, trackingId: body.tracking_no })),
            },
          },
        }),
        { maxPolls: 20 },
      );
  } catch (err) {
    const why = err instanceof Error ? err.message : '未知错误';
    await setShipment(deps.db, body.id, { error: `已发货,但向亚马逊提交跟踪号失败:${why}` });
  }
  return shipmentDetail(deps, actor.tenantId, body.id);
}

/** Shipments Amazon is counting or has counted. */
const RECEIVING = new Set(['DELIVERED', 'CHECKED_IN', 'RECEIVING', 'CLOSED']);

/**
 * 同步接收: reads what Amazon received per MSKU (v0 getShipmentItemsByShipmentId of every
 * fulfilment centre's shipment) and each shipment's status, then under the row lock posts the
 * units received since the last sync (`in`, reason receipt, at the FBA location of the
 * marketplace). The delta against the stored count makes a repeated or concurrent sync post once.
 */
export async function syncShipment(deps: AppDeps, actor: Actor, id: number) {
  const row = await findShipment(deps.db, actor.tenantId, id);
  if (!row) throw notFound(NOT_FOUND);
  if (!['shipped', 'receiving', 'closed'].includes(row.status)) throw illegal(row, '同步接收');
  const { client } = await openShop(deps, actor.tenantId, row.shop_id);
  const received = new Map<string, number>();
  const fcs: FbaFcShipment[] = [];
  for (const s of row.fc_shipments) {
    if (!s.confirmation_id) throw badRequest(`货件 ${s.shipment_id} 没有亚马逊货件编号,无法同步`);
    const got = await client.inbound.getShipment(row.inbound_plan_id, s.shipment_id);
    fcs.push({ ...s, status: got.status ?? s.status });
    for (const i of await client.inbound.getShipmentItemsByShipmentId(s.confirmation_id, row.marketplace_id))
      received.set(i.SellerSKU, (received.get(i.SellerSKU) ?? 0) + (i.QuantityReceived ?? 0));
  }
  const closed = fcs.length > 0 && fcs.every((s) => s.status === 'CLOSED');
  const counting = fcs.some((s) => RECEIVING.has(s.status));
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockShipment(trx, actor.tenantId, id);
    if (!locked || !['shipped', 'receiving', 'closed'].includes(locked.status))
      throw illegal(locked ?? row, '同步接收');
    let units = 0;
    for (const i of await itemsOf(trx, [id])) {
      const now = received.get(i.msku) ?? 0;
      if (now <= i.quantity_received) continue;
      // Units an FBA stock sync already added are not added again (docs/fba.md "FBA stock").
      await postFbaReceipt(trx, {
        tenantId: actor.tenantId,
        stockId: Number(i.stock_id),
        marketplaceId: row.marketplace_id,
        quantity: now - i.quantity_received,
        shipmentId: id,
        note: `头程发货 ${row.number} 亚马逊接收`,
        by: actor.userId,
      });
      await setItemReceived(trx, Number(i.id), now);
      units += now - i.quantity_received;
    }
    await setShipment(trx, id, {
      status: closed ? 'closed' : counting || locked.status === 'receiving' ? 'receiving' : locked.status,
      fc_shipments: JSON.stringify(fcs),
      synced_at: new Date(),
    });
    await log(trx, actor, 'fba.shipment.sync', id, { number: row.number, received: units });
  });
  return shipmentDetail(deps, actor.tenantId, id);
}
