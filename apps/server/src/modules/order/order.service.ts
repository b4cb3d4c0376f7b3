import { convertMoney, divRoundHalfAway, minor, parseMoney } from '@console/shared/money';
import { can, type PermissionSubject } from '@console/shared/permissions/can';
import {
  EXPRESS_STATUS_LABELS,
  type ExpressStatus,
  ORDER_STATUSES,
  type OrderDetailData,
  type OrderExpressBody,
  type OrderListBody,
  type OrderListData,
  type OrderOverviewData,
  type OrderPurchaseBody,
  type OrderRow,
} from '@console/shared/schemas/order';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, conflict, forbidden, notFound, staleSave } from '../../lib/app-error.js';
import { tenantTimeZone } from '../account/tenant-time-zone.repository.js';
import { getPriceInfo } from '../goods/price-settings.service.js';
import { audit } from '../system/audit.js';
import {
  countOrdersByStatus,
  deletePurchase,
  findOrder,
  listOrderEvents,
  listOrderItems,
  listOrders,
  lockOrderItem,
  type OrderReader,
  orderOverview,
  refreshOrderExpress,
  setItemExpress,
  setPurchaseTracking,
  upsertPurchase,
} from './order.repository.js';
import type { StoredBuyer } from './order.tables.js';
import { AMAZON_FULFILLED, warehouseReader } from './order-distribution.service.js';
import { orderFreight } from './order-freight.repository.js';
import { withLooks } from './order-looks.service.js';
import { surplusBack, surplusToStock } from './order-surplus.service.js';
import { insertOrderEvents } from './order-sync.repository.js';

const NOT_FOUND = '订单不存在';
const ITEM_NOT_FOUND = '订单商品不存在';
/** Estimated Amazon referral fee of the margin estimate: 15% of the price. */
const REFERRAL_PERCENT = 15n;

/** Who reads orders: group leaders and workers see the orders of the shops given to them (issue 17 §2). */
export function readerOf(subject: PermissionSubject): OrderReader {
  if (subject.auth === 2) return { staffOf: subject.uid, assignedTo: subject.uid };
  return subject.auth === 1 ? { staffOf: subject.uid } : {};
}

const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const num = (v: string | number | null) => (v === null ? null : Number(v));

/** Masks a text: its first character, then stars (`A***`). */
const mask = (s: string | undefined) => (s ? `${[...s][0]}***` : '');

/**
 * The buyer's restricted data as the caller may see it: in full only in the detail and only
 * with `order.buyerData` (the roles that ship); masked otherwise; null once deleted.
 */
export function presentBuyer(b: StoredBuyer | null, full: boolean): OrderRow['buyer'] {
  if (!b) return null;
  const address = [b.address1, b.address2, b.address3].filter(Boolean).join(', ');
  if (full) return { name: b.name ?? '', email: b.email ?? '', phone: b.phone ?? '', address, masked: false };
  return {
    name: mask(b.name),
    email: b.email ? `***@${b.email.split('@')[1] ?? ''}` : '',
    phone: b.phone ? `***${b.phone.slice(-4)}` : '',
    address: address ? '***' : '',
    masked: true,
  };
}

/** One page of 订单处理 with the tabs' counts. Buyer data is always masked in lists. */
export async function orderList(
  deps: AppDeps,
  tenantId: number,
  subject: PermissionSubject,
  f: OrderListBody,
): Promise<OrderListData> {
  const reader = readerOf(subject);
  const [rows, byStatus] = await Promise.all([
    listOrders(deps.db, tenantId, f, reader),
    countOrdersByStatus(deps.db, tenantId, f, reader),
  ]);
  const counts = { all: 0, Pending: 0, Unshipped: 0, Shipped: 0, Canceled: 0, refund: 0 };
  for (const c of byStatus) {
    counts[c.status] = c.n;
    counts.all += c.n;
  }
  // The tabs' counts share the list's filters: the page's total is its tab's count.
  const total = f.status ? counts[f.status] : counts.all;
  const list = rows.map((r) => {
    const first = r.first_item;
    return {
      id: Number(r.id),
      shop_id: r.shop_id,
      shop_name: r.shop_name,
      marketplace: r.marketplace,
      amazon_order_id: r.amazon_order_id,
      status: r.status,
      amazon_status: r.amazon_status,
      fulfillment_channel: r.fulfillment_channel,
      express_status: r.express_status,
      purchase_date: Number(r.purchase_s),
      latest_ship_date: r.latest_ship_s === null ? null : Number(r.latest_ship_s),
      currency: r.currency,
      total_minor: num(r.total_minor),
      item_count: r.item_count,
      asin: first?.[0] ?? null,
      seller_sku: first?.[1] ?? null,
      title: first?.[2] ?? null,
      image: null,
      oversold: Boolean(r.oversold),
      ship_to: { city: r.ship_city, state: r.ship_state, postal: r.ship_postal, country: r.ship_country },
      buyer: presentBuyer(r.buyer, false),
      assigned_to: r.assigned_to,
      distributed_at: r.distributed_s === null ? null : Number(r.distributed_s),
      version: r.version,
    };
  });
  return {
    list: await withLooks(
      deps.db,
      tenantId,
      list.map((line) => ({ shop_id: line.shop_id, marketplace: line.marketplace, line })),
    ),
    total,
    page: f.page,
    pageSize: f.pageSize,
    counts,
  };
}

/**
 * The margin estimate in CNY fen (issue 17 §2): the items' price converted with the main
 * account's price-setting rate of the order's currency (the marketplace's own setting, else the
 * first country with that currency; the shipped default rates where nothing was saved, as the
 * price settings dialog and 销量统计 read them), minus what was paid (else the products' cost),
 * a 15% referral fee and the freight: the waybill's fee (实际), else the parcel's quote on its
 * channel (预估), else the marketplace's shipping setting (预估; 0 for a marketplace without one).
 * Null without a price or a rate of the currency.
 */
async function marginOf(
  deps: AppDeps,
  tenantId: number,
  order: { id: number | string; marketplace: string; currency: string | null },
  items: { item_price_minor: number | null; purchase_cny: number | null }[],
): Promise<OrderDetailData['margin']> {
  const currency = order.currency;
  if (!currency || items.some((i) => i.item_price_minor === null)) return null;
  const { price_country: countries } = await getPriceInfo(deps, tenantId, tenantId);
  const own = countries.find((c) => c.country_code === order.marketplace);
  const rate =
    own?.currency === currency ? own.exchange_rate : countries.find((c) => c.currency === currency)?.exchange_rate;
  if (!rate && currency !== 'CNY') return null;
  try {
    const rates = { as_of: '1970-01-01', rates: { [currency]: rate ?? '1' } };
    const price = items.reduce((s, i) => s + (i.item_price_minor ?? 0), 0);
    const priceCny = convertMoney(minor(price), currency, 'CNY', rates);
    const purchase = items.reduce((s, i) => s + (i.purchase_cny ?? 0), 0);
    const fee = Number(divRoundHalfAway(BigInt(priceCny) * REFERRAL_PERCENT, 100n));
    // The waybill's fee, else the parcel's quote on its channel, else the price settings' shipping.
    const shipped = await orderFreight(deps.db, tenantId, Number(order.id));
    const freight = shipped.actual ?? shipped.quote ?? own?.shipping ?? 0;
    const source = shipped.actual !== null ? 'actual' : shipped.quote !== null ? 'quote' : 'setting';
    return {
      price_cny: priceCny,
      purchase_cny: purchase,
      fee_cny: fee,
      freight_cny: freight,
      freight_source: source,
      expected_freight_cny: own?.shipping ?? 0,
      margin_cny: priceCny - purchase - fee - freight,
    };
  } catch {
    return null;
  }
}

/** One order with its items, purchases, history and margin estimate. */
export async function orderDetail(
  deps: AppDeps,
  tenantId: number,
  subject: PermissionSubject,
  id: number,
): Promise<OrderDetailData> {
  const o = await findOrder(deps.db, tenantId, id, readerOf(subject));
  if (!o) throw notFound(NOT_FOUND);
  const [items, events] = await Promise.all([
    listOrderItems(deps.db, tenantId, o.id),
    listOrderEvents(deps.db, tenantId, o.id),
  ]);
  const viewItems = items.map((i) => {
    const cost = i.cost_price === null ? null : Number(i.cost_price);
    const paid = num(i.paid_minor);
    return {
      id: Number(i.id),
      amazon_item_id: i.amazon_item_id,
      asin: i.asin,
      seller_sku: i.seller_sku,
      title: i.title,
      quantity: i.quantity,
      currency: i.currency,
      item_price_minor: num(i.item_price_minor),
      goods_id: i.goods_id,
      variation_key: i.variation_key,
      image: i.image,
      link_url: i.link_url || null,
      cost_minor: Number.isSafeInteger(cost) ? cost : null,
      express_status: i.express_status,
      oversold: i.oversold,
      receive_error: i.receive_error,
      purchase:
        paid === null
          ? null
          : {
              supplier: i.supplier ?? '',
              supplier_order_no: i.supplier_order_no ?? '',
              paid_minor: paid,
              paid_currency: i.paid_currency ?? 'CNY',
              quantity: i.purchase_quantity ?? 0,
              tracking_no: i.tracking_no ?? '',
              created_by: i.purchase_by ?? 0,
              created_at: secs(i.purchase_at) ?? 0,
            },
      version: i.version,
    };
  });
  const looked = await withLooks(
    deps.db,
    tenantId,
    viewItems.map((line) => ({ shop_id: o.shop_id, marketplace: o.marketplace, line })),
  );
  viewItems.splice(0, viewItems.length, ...looked);
  const margin = await marginOf(
    deps,
    tenantId,
    o,
    viewItems.map((i) => ({
      item_price_minor: i.item_price_minor,
      purchase_cny: i.purchase?.paid_minor ?? (i.cost_minor === null ? null : i.cost_minor * i.quantity),
    })),
  );
  return {
    id: Number(o.id),
    shop_id: o.shop_id,
    shop_name: o.shop_name,
    marketplace: o.marketplace,
    amazon_order_id: o.amazon_order_id,
    status: o.status,
    amazon_status: o.amazon_status,
    fulfillment_channel: o.fulfillment_channel,
    express_status: o.express_status,
    purchase_date: secs(o.purchase_date)!,
    latest_ship_date: secs(o.latest_ship_date),
    currency: o.currency,
    total_minor: num(o.total_minor),
    item_count: o.item_count,
    asin: viewItems[0]?.asin ?? null,
    seller_sku: viewItems[0]?.seller_sku ?? null,
    title: viewItems[0]?.title ?? null,
    image: viewItems[0]?.image ?? null,
    oversold: viewItems.some((i) => i.oversold),
    ship_to: { city: o.ship_city, state: o.ship_state, postal: o.ship_postal, country: o.ship_country },
    buyer: presentBuyer(o.buyer, can(subject, 'order.buyerData')),
    assigned_to: o.assigned_to,
    distributed_at: secs(o.distributed_at),
    version: o.version,
    items: viewItems,
    events: events.map((e) => ({
      id: Number(e.id),
      kind: e.kind,
      text: e.text,
      user_name: e.user_name || e.account || null,
      created_at: secs(e.created_at)!,
    })),
    margin,
    buyer_purge_after: secs(o.buyer_purge_after),
  };
}

/**
 * The express-status steps of spec section 4 and who may take them (docs/decisions.md
 * "Issue 17 §2"): 0 -> 1 purchase (buyers); 1 -> 2 the supplier shipped, with its tracking
 * number (buyers); 2 -> 3 received in the warehouse (the roles that ship); back steps to undo
 * a mistake: 1 -> 0 purchase cancelled, 2 -> 1 tracking number withdrawn (buyers), 3 -> 2
 * receipt undone (the roles that ship). Every other step is refused.
 */
export const EXPRESS_STEPS: Readonly<Record<string, 'order.purchase' | 'order.receive'>> = {
  '0>1': 'order.purchase',
  '1>2': 'order.purchase',
  '2>3': 'order.receive',
  '1>0': 'order.purchase',
  '2>1': 'order.purchase',
  '3>2': 'order.receive',
};

/** Whether the order's status still allows purchasing (not cancelled or refunded). */
export const purchasable = (status: string) => status !== 'Canceled' && status !== 'refund';

/** Runs one express step of an item in a transaction: role, legality, version, history. */
async function step(
  deps: AppDeps,
  actor: Actor,
  subject: PermissionSubject,
  itemId: number,
  version: number,
  to: ExpressStatus,
  write: (
    trx: AppDeps['db'],
    item: { id: number; order_id: number; express_status: ExpressStatus; amazon_order_id: string },
  ) => Promise<string | undefined>,
) {
  return deps.db.transaction().execute(async (trx) => {
    const item = await lockOrderItem(trx, actor.tenantId, itemId);
    // Only an order the caller can see in 订单处理 or 配货 (the shops given to a group leader or
    // worker): another's is a missing item, whatever the step.
    const order = item && (await findOrder(trx, actor.tenantId, item.order_id, warehouseReader(subject)));
    if (!item || !order) throw notFound(ITEM_NOT_FOUND);
    const from = item.express_status;
    const need = EXPRESS_STEPS[`${from}>${to}`];
    if (need && !can(subject, need))
      throw forbidden(
        need === 'order.purchase' ? '只有采购员或管理员可以执行此采购操作' : '只有发货人员或管理员可以确认收货',
      );
    if (item.version !== version) {
      // A colleague took the same step first: say so instead of a bare stale-save message.
      if (from === to) throw conflict(`该商品已被他人处理为「${EXPRESS_STATUS_LABELS[to]}」,请刷新后查看`);
      throw staleSave(item.version);
    }
    if (!need) throw badRequest(`不能从「${EXPRESS_STATUS_LABELS[from]}」变为「${EXPRESS_STATUS_LABELS[to]}」`);
    // A parcel of a cancelled order can still be received: its units go to stock (below).
    const receipt = from === '2' && to === '3';
    if (from === '0' && order.fulfillment_channel === '0') throw badRequest(AMAZON_FULFILLED);
    if (to > from && !receipt && !purchasable(item.status)) throw badRequest('订单已取消或已退款,不能继续采购');
    if (to < from && item.distributed_at) throw badRequest('订单已配货,请先在「配货」撤销配货');
    if (from === '3' && to === '2') await surplusBack(trx, actor.tenantId, actor.userId, item);
    const extra = await write(trx, item);
    const row = await setItemExpress(trx, actor.tenantId, item.id, version, to);
    if (!row) throw staleSave();
    const orderExpress = await refreshOrderExpress(trx, actor.tenantId, item.order_id);
    await insertOrderEvents(trx, [
      {
        tenant_id: actor.tenantId,
        order_id: item.order_id,
        item_id: item.id,
        kind: 'express',
        text: `快递状态 ${EXPRESS_STATUS_LABELS[from]} → ${EXPRESS_STATUS_LABELS[to]}${extra ? `(${extra})` : ''}`,
        user_id: actor.userId,
      },
    ]);
    // What the purchase brought beyond the order's need (or a cancelled order's units) becomes stock.
    if (receipt) await surplusToStock(trx, actor.tenantId, actor.userId, { itemId: item.id });
    await audit(trx, actor, {
      action: from === '0' && to === '1' ? 'order.purchase' : 'order.express',
      targetType: 'order_item',
      targetId: item.id,
      before: { express_status: from },
      after: { express_status: to, amazon_order_id: item.amazon_order_id, note: extra ?? '' },
    });
    return {
      id: Number(row.id),
      express_status: row.express_status,
      version: row.version,
      order_express_status: orderExpress,
    };
  });
}

/** 采购: records an item's purchase ('0' -> '1'; with a tracking number straight on to '2' is a second step). */
export async function purchaseItem(
  deps: AppDeps,
  actor: Actor,
  subject: PermissionSubject,
  body: OrderPurchaseBody,
  /** More writes in the purchase's transaction (the 1688 channel marks its order recorded). */
  alsoWrite?: (trx: AppDeps['db']) => Promise<void>,
) {
  const paid = parseMoney(body.paid, 'CNY');
  if (!paid.ok) throw badRequest(`采购金额: ${paid.error}`);
  const done = await step(deps, actor, subject, body.item_id, body.version, '1', async (trx, item) => {
    await upsertPurchase(trx, {
      tenant_id: actor.tenantId,
      order_id: item.order_id,
      item_id: item.id,
      supplier: body.supplier,
      supplier_order_no: body.supplier_order_no,
      paid_minor: paid.value,
      quantity: body.quantity,
      tracking_no: body.tracking_no,
      created_by: actor.userId,
    });
    await alsoWrite?.(trx);
    return `采购 ${body.quantity} 件,付款 ${body.paid} 元${body.supplier ? `,供应商 ${body.supplier}` : ''}`;
  });
  if (!body.tracking_no) return done;
  return step(deps, actor, subject, body.item_id, done.version, '2', async () => `快递单号 ${body.tracking_no}`);
}

/** Moves an item's express status one legal step (spec section 4). */
export function moveExpress(deps: AppDeps, actor: Actor, subject: PermissionSubject, body: OrderExpressBody) {
  return step(deps, actor, subject, body.item_id, body.version, body.to, async (trx, item) => {
    const from = item.express_status;
    // 0 -> 1 goes through 采购: the purchase must be recorded.
    if (from === '0' && body.to === '1') throw badRequest('请通过「采购」填写采购信息');
    if (body.to === '2' && from === '1') {
      if (!body.tracking_no) throw badRequest('请填写国内快递单号');
      await setPurchaseTracking(trx, actor.tenantId, item.id, body.tracking_no);
      return `快递单号 ${body.tracking_no}`;
    }
    if (body.to === '0') {
      await deletePurchase(trx, actor.tenantId, item.id);
      return '取消采购';
    }
    if (body.to === '1' && from === '2') {
      await setPurchaseTracking(trx, actor.tenantId, item.id, '');
      return '撤回快递单号';
    }
    return undefined;
  });
}

/** Adds a note to an order's history. */
export async function addNote(deps: AppDeps, actor: Actor, subject: PermissionSubject, id: number, text: string) {
  const o = await findOrder(deps.db, actor.tenantId, id, readerOf(subject));
  if (!o) throw notFound(NOT_FOUND);
  await insertOrderEvents(deps.db, [
    { tenant_id: actor.tenantId, order_id: o.id, kind: 'note', text, user_id: actor.userId },
  ]);
}

/** 订单首页: counts per status and express status, orders per day of the last 14 days, the sync states (of what the caller sees). */
export async function overview(
  deps: AppDeps,
  tenantId: number,
  subject: PermissionSubject,
): Promise<OrderOverviewData> {
  const tz = await tenantTimeZone(deps.db, tenantId);
  const since = new Date(Date.now() - 14 * 86_400_000);
  // The counts of what the caller sees in 订单处理: a worker his own orders, a group leader his shops'.
  const r = await orderOverview(deps.db, tenantId, since, tz, readerOf(subject));
  const counts = { all: 0, Pending: 0, Unshipped: 0, Shipped: 0, Canceled: 0, refund: 0 };
  for (const s of r.statuses) {
    if ((ORDER_STATUSES as readonly string[]).includes(s.status)) counts[s.status] = Number(s.n);
    counts.all += Number(s.n);
  }
  const express = { '0': 0, '1': 0, '2': 0, '3': 0 };
  for (const e of r.express) express[e.express_status] = Number(e.n);
  return {
    counts,
    express,
    oversold: r.oversold,
    days: r.days.map((d) => ({ day: d.day, orders: Number(d.n) })),
    syncs: r.syncs.map((s) => ({
      shop_id: s.shop_id,
      shop_name: s.name,
      marketplace: s.marketplace,
      cursor: secs(s.cursor)!,
      last_run_at: secs(s.last_run_at),
      last_error: s.last_error,
    })),
  };
}
