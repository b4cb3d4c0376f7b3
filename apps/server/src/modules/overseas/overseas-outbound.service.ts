import { can, type PermissionSubject } from '@console/shared/permissions/can';
import type {
  OutboundListBody,
  OutboundListData,
  OutboundRow,
  outboundFromOrderBody,
  outboundSaveBody,
} from '@console/shared/schemas/overseas-outbound';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import type { DB } from '../../db/types.js';
import { postMovement } from '../../inventory/inventory.service.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/app-error.js';
import { orderEvent } from '../logistics/logistics.repository.js';
import { findOrder } from '../order/order.repository.js';
import { readerOf } from '../order/order.service.js';
import { audit } from '../system/audit.js';
import { ownedSkuIds } from './overseas-count.repository.js';
import {
  activeWarehouses,
  findOutboundRow,
  findWarehouse,
  insertOutbound,
  linesOfOutbounds,
  listOutbounds,
  nextOutboundId,
  stockAtWarehouse,
} from './overseas-outbound.repository.js';
import type { OutboundRecipient } from './overseas-outbound.tables.js';
import { eligibleWarehouses, itemsWithSku } from './overseas-outbound-order.repository.js';

type Db = Kysely<DB>;
export const OUTBOUND_NOT_FOUND = '出库单不存在';
const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** Whether the caller asks for, and may have, the warehouse's view of every tenant's outbounds. */
export function warehouseScope(deps: AppDeps, subject: PermissionSubject, scope: 'mine' | 'warehouse'): boolean {
  if (scope === 'mine') return false;
  if (!can(subject, 'warehouse.operate', { internalIds: deps.config.internalIds })) throw forbidden();
  return true;
}

interface NewLine {
  stock_id: number;
  quantity: number;
  order_item_id: number | null;
}

/** `OB` + the day (yymmdd, UTC) + the id: unique, readable on a label. */
const outboundNumber = (id: number) =>
  `OB${new Date().toISOString().slice(2, 10).replaceAll('-', '')}${String(id).padStart(6, '0')}`;

/**
 * Writes an outbound and reserves every line at its warehouse in the caller's transaction: all
 * lines or none (a line short of stock refuses the whole order with 库存不足, its SKU and what is
 * available). Lines of one SKU are merged; lines are reserved in SKU id order.
 */
async function createOutbound(
  trx: Db,
  actor: Actor,
  o: {
    warehouseId: number;
    source: 'order' | 'manual';
    orderId: number | null;
    recipient: OutboundRecipient;
    carrier_code: string;
    carrier_name: string;
    channel: string;
    remark: string;
    lines: NewLine[];
  },
) {
  const w = await findWarehouse(trx, o.warehouseId);
  if (!w) throw notFound('仓库不存在');
  if (!w.active) throw badRequest(`仓库 ${w.code} 已停用,不能出库`);
  if (o.carrier_code && !w.carriers.includes(o.carrier_code))
    throw badRequest(`仓库 ${w.code} 不支持承运商 ${o.carrier_code}`);
  const merged = new Map<number, NewLine>();
  for (const l of o.lines) {
    const m = merged.get(l.stock_id);
    merged.set(l.stock_id, m ? { ...m, quantity: m.quantity + l.quantity } : { ...l });
  }
  const lines = [...merged.values()].sort((a, b) => a.stock_id - b.stock_id);
  // Before the lines are written: their key to the SKU is (tenant_id, stock_id), so another tenant's SKU is a 404 here, not a key violation.
  const skuIds = lines.map((l) => l.stock_id);
  if ((await ownedSkuIds(trx, actor.tenantId, skuIds)).length !== skuIds.length) throw notFound('SKU不存在');
  const id = await nextOutboundId(trx);
  const number = outboundNumber(id);
  await insertOutbound(
    trx,
    {
      id,
      tenant_id: actor.tenantId,
      warehouse_id: w.id,
      number,
      source: o.source,
      order_id: o.orderId,
      recipient: o.recipient,
      carrier_code: o.carrier_code,
      carrier_name: o.carrier_name,
      channel: o.channel,
      remark: o.remark,
      created_by: actor.userId,
    },
    lines,
  );
  for (const l of lines) {
    await postMovement(trx, {
      tenantId: actor.tenantId,
      stockId: l.stock_id,
      at: { kind: 'overseas', warehouseId: w.id },
      op: 'reserve',
      quantity: l.quantity,
      reason: '',
      doc: { type: 'outbound', id },
      ...(o.orderId !== null ? { order: { orderId: o.orderId, itemId: l.order_item_id } } : {}),
      note: `出库单 ${number}`,
      by: actor.userId,
    });
  }
  await audit(trx, actor, {
    action: 'overseas.outbound.create',
    targetType: 'overseas_outbound',
    targetId: id,
    after: { number, warehouse: w.code, source: o.source, lines: lines.map((l) => [l.stock_id, l.quantity]) },
  });
  return id;
}

/** 创建出库单 by hand. */
export async function saveOutbound(deps: AppDeps, actor: Actor, body: z.output<typeof outboundSaveBody>) {
  const id = await deps.db.transaction().execute((trx) =>
    createOutbound(trx, actor, {
      warehouseId: body.warehouse_id,
      source: 'manual',
      orderId: null,
      recipient: body.recipient,
      carrier_code: body.carrier_code,
      carrier_name: body.carrier_name,
      channel: body.channel,
      remark: body.remark,
      lines: body.lines.map((l) => ({ ...l, order_item_id: null })),
    }),
  );
  return outboundDetail(deps, actor.tenantId, id, true);
}

/**
 * 海外仓发货 of an Amazon order: every item maps to a warehouse SKU (seller SKU = SKU code, or
 * the linked library product), the recipient is the order's shipping address. One open outbound
 * per order (a second is refused; a cancelled one may be made again).
 */
export async function outboundFromOrder(
  deps: AppDeps,
  actor: Actor,
  subject: PermissionSubject,
  body: z.output<typeof outboundFromOrderBody>,
) {
  if (!can(subject, 'order.buyerData')) throw forbidden('没有查看买家地址的权限,不能从订单创建出库单');
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const order = await findOrder(trx, actor.tenantId, body.order_id, readerOf(subject));
      if (!order) throw notFound('订单不存在');
      if (order.fulfillment_channel !== '1') throw badRequest('亚马逊配送(FBA)的订单不能从海外仓发货');
      if (order.status !== 'Unshipped') throw badRequest('只有未发货的订单可以从海外仓发货');
      const b = order.buyer;
      if (!b?.name || !b.address1 || !order.ship_city || !order.ship_postal || !order.ship_country)
        throw badRequest('订单没有完整的收件地址,不能从海外仓发货');
      const items = await itemsWithSku(trx, actor.tenantId, order.id);
      if (items.length === 0) throw badRequest('订单没有商品');
      const unmapped = items.filter((i) => i.stock_id === null);
      if (unmapped.length > 0)
        throw badRequest(`订单商品 ${unmapped.map((i) => i.seller_sku ?? '').join('、')} 没有对应的海外仓SKU`);
      const created = await createOutbound(trx, actor, {
        warehouseId: body.warehouse_id,
        source: 'order',
        orderId: Number(order.id),
        recipient: {
          name: b.name,
          phone: b.phone ?? '',
          line1: b.address1,
          line2: [b.address2, b.address3].filter(Boolean).join(', '),
          city: order.ship_city,
          state: order.ship_state ?? '',
          postal_code: order.ship_postal,
          country: order.ship_country,
        },
        carrier_code: body.carrier_code,
        carrier_name: body.carrier_name,
        channel: body.channel,
        remark: '',
        lines: items.map((i) => ({ stock_id: Number(i.stock_id), quantity: i.quantity, order_item_id: Number(i.id) })),
      });
      await orderEvent(trx, actor.tenantId, Number(order.id), 'overseas', '已创建海外仓出库单', actor.userId);
      return created;
    });
    return outboundDetail(deps, actor.tenantId, id, true);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('该订单已有海外仓出库单');
    throw e;
  }
}

type ListedRow = Awaited<ReturnType<typeof listOutbounds>>['rows'][number];

const MASK = (s: string) => (s ? `${[...s][0]}***` : '');

async function present(deps: AppDeps, rows: ListedRow[], fullBuyer: boolean): Promise<OutboundRow[]> {
  const lines = await linesOfOutbounds(
    deps.db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const own = lines.filter((l) => Number(l.outbound_id) === Number(r.id));
    const rc = r.recipient;
    const masked = r.source === 'order' && !fullBuyer;
    return {
      id: Number(r.id),
      number: r.number,
      tenant_id: r.tenant_id,
      warehouse_id: r.warehouse_id,
      warehouse_code: r.warehouse_code,
      warehouse_name: r.warehouse_name,
      source: r.source,
      order_id: r.order_id === null ? null : Number(r.order_id),
      amazon_order_id: r.amazon_order_id ?? '',
      recipient: {
        name: masked ? MASK(rc.name) : rc.name,
        phone: masked ? (rc.phone ? `***${rc.phone.slice(-4)}` : '') : rc.phone,
        line1: masked ? '***' : rc.line1,
        line2: masked ? '' : rc.line2,
        city: rc.city,
        state: rc.state,
        postal_code: rc.postal_code,
        country: rc.country,
      },
      carrier_code: r.carrier_code,
      carrier_name: r.carrier_name,
      channel: r.channel,
      tracking_no: r.tracking_no,
      status: r.status,
      remark: r.remark,
      units: own.reduce((s, l) => s + l.quantity, 0),
      fee_total_minor: Number(r.fee_total_minor),
      fees_posted: r.fees_posted_at !== null,
      lines: own.map((l) => ({ stock_id: Number(l.stock_id), sku: l.sku, title: l.title, quantity: l.quantity })),
      created_at: secs(r.created_at) ?? 0,
      shipped_at: secs(r.shipped_at),
      version: r.version,
    };
  });
}

/** 出库单列表: a page with the tabs' counts; the warehouse's view lists every tenant's. */
export async function outboundList(
  deps: AppDeps,
  tenantId: number,
  subject: PermissionSubject,
  f: OutboundListBody,
): Promise<OutboundListData> {
  const all = warehouseScope(deps, subject, f.scope);
  const r = await listOutbounds(deps.db, all ? null : tenantId, f);
  return {
    list: await present(deps, r.rows, all || can(subject, 'order.buyerData')),
    total: r.total,
    page: f.page,
    pageSize: f.pageSize,
    counts: r.counts,
  };
}

/** One outbound (tenantId null: the warehouse's view). */
export async function outboundDetail(deps: AppDeps, tenantId: number | null, id: number, fullBuyer: boolean) {
  const row = await findOutboundRow(deps.db, id, tenantId);
  if (!row) throw notFound(OUTBOUND_NOT_FOUND);
  return (await present(deps, [row], fullBuyer))[0]!;
}

/** 海外仓发货 flags of an order-list page (one query). */
export async function eligibleOrders(deps: AppDeps, tenantId: number, orderIds: number[]) {
  const rows = await eligibleWarehouses(deps.db, tenantId, orderIds);
  const by = new Map<number, { id: number; code: string; name: string }[]>();
  for (const r of rows) by.set(r.order_id, [...(by.get(r.order_id) ?? []), { id: r.id, code: r.code, name: r.name }]);
  return { list: [...by.entries()].map(([order_id, warehouses]) => ({ order_id, warehouses })) };
}

/** The manual form's choices: active warehouses and, for one, the tenant's SKUs with what is available. */
export async function outboundStock(deps: AppDeps, tenantId: number, warehouseId?: number, keyword?: string) {
  const warehouses = await activeWarehouses(deps.db);
  const list = warehouseId === undefined ? [] : await stockAtWarehouse(deps.db, tenantId, warehouseId, keyword);
  return {
    warehouses,
    list: list.map((s) => ({
      stock_id: Number(s.id),
      sku: s.sku,
      title: s.title,
      on_hand: s.on_hand,
      available: s.available,
    })),
  };
}
