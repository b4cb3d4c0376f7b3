import type { PermissionSubject } from '@console/shared/permissions/can';
import type {
  DistributionDoneBody,
  DistributionListData,
  DistributionOrder,
} from '@console/shared/schemas/order-stock';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, notFound, staleSave } from '../../lib/app-error.js';
import { audit } from '../system/audit.js';
import type { OrderReader } from './order.repository.js';
import {
  findByCode,
  itemsOfOrders,
  listDistribution,
  lockDistributable,
  setDistributed,
} from './order-distribution.repository.js';
import { insertOrderEvents } from './order-sync.repository.js';

const NOT_FOUND = '订单不存在';

/**
 * Amazon ships its own orders (FBA, fulfillment channel '0') from its warehouse: nothing is
 * purchased, filled from stock or packed for them (docs/decisions.md "Issue 17 audit").
 */
export const AMAZON_FULFILLED = '亚马逊配送(FBA)的订单由亚马逊仓库发货,无需采购或配货';

const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/**
 * Who finds parcels on 配货: the warehouse works on every order of the shops given to it
 * (group leaders and workers: `shops.staff_ids`), not only the orders assigned to one person,
 * because a parcel is matched by whoever unpacks it (docs/decisions.md "Issue 17 §2 配货").
 */
export function warehouseReader(subject: PermissionSubject): OrderReader {
  return subject.auth === 1 || subject.auth === 2 ? { staffOf: subject.uid } : {};
}

type OrderRowOf = Awaited<ReturnType<typeof findByCode>>[number];

/** Orders with their items as the 配货 screen shows them. */
async function present(deps: AppDeps, tenantId: number, rows: OrderRowOf[]): Promise<DistributionOrder[]> {
  const items = await itemsOfOrders(
    deps.db,
    tenantId,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((o) => ({
    id: Number(o.id),
    amazon_order_id: o.amazon_order_id,
    shop_name: o.shop_name,
    marketplace: o.marketplace,
    status: o.status,
    fulfillment_channel: o.fulfillment_channel,
    express_status: o.express_status,
    items: items
      .filter((i) => Number(i.order_id) === Number(o.id))
      .map((i) => ({
        id: Number(i.id),
        asin: i.asin,
        seller_sku: i.seller_sku,
        title: i.title,
        quantity: i.quantity,
        express_status: i.express_status,
        tracking_no: i.tracking_no ?? '',
        from_stock: i.from_stock,
        version: i.version,
        receive_error: i.receive_error,
      })),
    parcel:
      o.parcel_weight_g === null
        ? null
        : {
            weight_g: o.parcel_weight_g,
            length_cm: o.parcel_length_cm ?? 0,
            width_cm: o.parcel_width_cm ?? 0,
            height_cm: o.parcel_height_cm ?? 0,
          },
    distributed_at: secs(o.distributed_at),
    version: o.version,
  }));
}

/** 配货 scan: the orders of a domestic tracking number or an Amazon order id. */
export async function scanCode(deps: AppDeps, tenantId: number, subject: PermissionSubject, code: string) {
  const rows = await findByCode(deps.db, tenantId, code, warehouseReader(subject));
  if (rows.length === 0) throw notFound(`没有找到快递单号或订单号为 ${code} 的订单`);
  return { list: await present(deps, tenantId, rows) };
}

/** A page of 配货 (待配货 / 已配货). */
export async function distributionList(
  deps: AppDeps,
  tenantId: number,
  subject: PermissionSubject,
  f: { state: 'pending' | 'ready'; page: number; pageSize: number },
): Promise<DistributionListData> {
  const r = await listDistribution(deps.db, tenantId, f.state, f, warehouseReader(subject));
  return { list: await present(deps, tenantId, r.rows), total: r.total, page: f.page, pageSize: f.pageSize };
}

/**
 * 配货 done: every item of the order received (express status '3', purchased or filled from
 * stock), the parcel weighed and measured; the order is then ready to ship. A multi-item order
 * waits until every item is in.
 */
export async function distributeOrder(
  deps: AppDeps,
  actor: Actor,
  subject: PermissionSubject,
  body: DistributionDoneBody,
) {
  return deps.db.transaction().execute(async (trx) => {
    const o = await lockDistributable(trx, actor.tenantId, body.id, warehouseReader(subject));
    if (!o) throw notFound(NOT_FOUND);
    if (o.version !== body.version) throw staleSave(o.version);
    if (o.distributed_at) throw badRequest('订单已配货');
    if (o.status !== 'Unshipped') throw badRequest('只有未发货的订单可以配货');
    if (o.fulfillment_channel === '0') throw badRequest(AMAZON_FULFILLED);
    const missing = Number(o.missing);
    if (Number(o.items) === 0) throw badRequest('订单没有商品');
    if (missing > 0) throw badRequest(`还有 ${missing} 件商品未到齐,请全部收货后再配货`);
    const row = await setDistributed(trx, actor.tenantId, o.id, body.version, {
      weight_g: body.weight_g,
      length_cm: body.length_cm,
      width_cm: body.width_cm,
      height_cm: body.height_cm,
      by: actor.userId,
    });
    if (!row) throw staleSave();
    const parcel = `${body.weight_g} g,${body.length_cm}×${body.width_cm}×${body.height_cm} cm`;
    await insertOrderEvents(trx, [
      {
        tenant_id: actor.tenantId,
        order_id: o.id,
        kind: 'distribution',
        text: `配货完成(${parcel}),待发货`,
        user_id: actor.userId,
      },
    ]);
    await audit(trx, actor, {
      action: 'order.distribute',
      targetType: 'order',
      targetId: o.id,
      after: { amazon_order_id: o.amazon_order_id, ...body },
    });
    return { id: Number(row.id), distributed_at: secs(row.distributed_at), version: row.version };
  });
}

/** Undoes a distribution (back to 待配货); the measurements stay for the next try. */
export async function undoDistribution(
  deps: AppDeps,
  actor: Actor,
  subject: PermissionSubject,
  body: { id: number; version: number },
) {
  return deps.db.transaction().execute(async (trx) => {
    const o = await lockDistributable(trx, actor.tenantId, body.id, warehouseReader(subject));
    if (!o) throw notFound(NOT_FOUND);
    if (o.version !== body.version) throw staleSave(o.version);
    if (!o.distributed_at) throw badRequest('订单尚未配货');
    if (o.status !== 'Unshipped') throw badRequest('订单已发货或已取消,不能撤销配货');
    const row = await setDistributed(trx, actor.tenantId, o.id, body.version, null);
    if (!row) throw staleSave();
    await insertOrderEvents(trx, [
      { tenant_id: actor.tenantId, order_id: o.id, kind: 'distribution', text: '撤销配货', user_id: actor.userId },
    ]);
    await audit(trx, actor, {
      action: 'order.distributeUndo',
      targetType: 'order',
      targetId: o.id,
      before: { distributed_at: secs(o.distributed_at) },
      after: { amazon_order_id: o.amazon_order_id },
    });
    return { id: Number(row.id), distributed_at: null, version: row.version };
  });
}
