import { minor, toDecimalString } from '@console/shared/money';
import type { LabelSize, WaybillRow } from '@console/shared/schemas/logistics';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { CarrierError, type Recipient } from '../../logistics/carrier.js';
import { carrierOf } from '../../logistics/carrier-sandbox.js';
import { type LabelData, renderLabels } from '../../logistics/label-pdf.js';
import * as ledger from '../finance/ledger.service.js';
import { audit } from '../system/audit.js';
import { bookOfChannel, findChannel } from './channel.repository.js';
import { queueConfirmation } from './confirm.repository.js';
import { buildDeclaration } from './declaration.service.js';
import { findShippableOrder, lockParcel, orderEvent } from './logistics.repository.js';
import {
  activeWaybillOfOrder,
  cancelWaybillRow,
  findWaybill,
  insertWaybill,
  listWaybills,
  markWaybillShipped,
  setWaybillError,
  setWaybillTracking,
  waitingWaybillOfParcel,
  waybillCountOfOrder,
  waybillsForLabels,
} from './waybill.repository.js';

const NOT_FOUND = '运单不存在';
const secs = (d: Date | string | null) => (d === null ? null : Math.floor(new Date(d).getTime() / 1000));
const ref = (id: number) => ({ type: 'waybill' as const, id: String(id) });

/** The idempotency keys of a waybill's money (docs/logistics.md "Money"): each movement once per waybill. */
export const waybillKeys = (id: number) => ({
  freeze: `waybill-freeze:${id}`,
  settle: `waybill-settle:${id}`,
  service: `waybill-service:${id}`,
  release: `waybill-release:${id}`,
});

type Order = NonNullable<Awaited<ReturnType<typeof findShippableOrder>>>;

/** The recipient of an order from its restricted buyer data; null when it was never synced or was deleted. */
export function recipientOf(
  o: Pick<Order, 'buyer' | 'ship_city' | 'ship_state' | 'ship_postal' | 'ship_country'>,
): Recipient | null {
  const b = o.buyer;
  if (!b?.name || !b.address1 || !o.ship_postal || !o.ship_country) return null;
  return {
    name: b.name,
    address1: b.address1,
    ...(b.address2 ? { address2: b.address2 } : {}),
    city: o.ship_city ?? '',
    ...(o.ship_state ? { state: o.ship_state } : {}),
    postal: o.ship_postal,
    country: o.ship_country,
    ...(b.phone ? { phone: b.phone } : {}),
  };
}

/** Asks the carrier for the waybill's tracking number (same reference: the carrier answers the same shipment). */
async function askCarrier(deps: AppDeps, actor: Actor, waybillId: number) {
  const w = await findWaybill(deps.db, actor.tenantId, waybillId);
  if (!w) throw notFound(NOT_FOUND);
  const o = await findShippableOrder(deps.db, actor.tenantId, w.order_id);
  const p = await lockParcel(deps.db, actor.tenantId, w.parcel_id);
  const recipient = o && recipientOf(o);
  const channel = await findChannel(deps.db, await bookOfChannel(deps.db, w.channel_id), w.channel_id);
  if (!o || !p || !recipient || !channel) throw badRequest('订单没有完整的收件人地址');
  const declaration = await buildDeclaration(deps, actor.tenantId, o);
  const { adapter } = await carrierOf(deps.config);
  try {
    const created = await adapter.createShipment({
      reference: w.waybill_no,
      service: channel.service || channel.name,
      recipient,
      weight_g: p.weight_g,
      length_mm: p.length_mm,
      width_mm: p.width_mm,
      height_mm: p.height_mm,
      is_electric: p.is_electric,
      declared_minor: declaration.value,
      declared_currency: declaration.currency,
      customs: {
        ioss_number: declaration.ioss.applies ? declaration.ioss.number : null,
        exporter: declaration.exporter,
        items: declaration.lines.map((l) => ({
          hs_code: l.hs_code,
          name_cn: l.name_cn || l.title,
          name_en: l.name_en || l.title,
          unit: l.unit,
          quantity: l.quantity,
          value_minor: l.value,
          currency: l.currency,
        })),
      },
    });
    await setWaybillTracking(deps.db, actor.tenantId, w.id, created.tracking_no, {
      sort_code: created.sort_code,
      carrier_reference: created.carrier_reference,
      service_name: channel.service,
      declaration,
    });
    return created.tracking_no;
  } catch (e) {
    if (!(e instanceof CarrierError)) throw e;
    if (e.retryable) throw conflict(`${e.message}(运单已保留,请稍后重试创建)`);
    // The carrier refused the shipment itself: the waybill is void and the money released.
    await deps.db.transaction().execute(async (trx) => {
      const moved = await cancelWaybillRow(trx, actor.tenantId, w.id, e.message);
      if (moved.numUpdatedRows > 0n) {
        await ledger.releaseFreeze(trx, {
          tenantId: actor.tenantId,
          idemKey: waybillKeys(w.id).release,
          ref: ref(w.id),
          createdBy: actor.userId,
        });
      }
    });
    throw badRequest(e.message);
  }
}

/**
 * The waybill row of a parcel (numbered WB<order>-<n>), its freight and service fee frozen in the
 * ledger under the waybill's own key, the audit row and the order's history line; the first
 * waybill of a parcel and a problem parcel's follow-up (`problemId`) alike. `tenantId` owns the
 * waybill and pays; `actor` did it (the operator may step another tenant's problem parcel). In the
 * caller's transaction; the carrier is asked after it committed.
 */
async function openWaybill(
  trx: AppDeps['db'],
  actor: Actor,
  tenantId: number,
  p: NonNullable<Awaited<ReturnType<typeof lockParcel>>>,
  orderId: number,
  problemId?: number,
) {
  const channel = await findChannel(trx, await bookOfChannel(trx, p.channel_id), p.channel_id);
  if (!channel) throw notFound('物流渠道不存在');
  const n = await waybillCountOfOrder(trx, tenantId, orderId);
  const waybillNo = `WB${orderId}-${n + 1}`;
  const freight = Number(p.freight);
  const serviceFee = Number(p.service_fee);
  const w = await insertWaybill(trx, tenantId, {
    parcel_id: p.id,
    order_id: orderId,
    channel_id: channel.id,
    waybill_no: waybillNo,
    carrier_code: channel.carrier_code,
    carrier_name: channel.carrier_name,
    freight,
    service_fee: serviceFee,
    currency: channel.currency,
    weight_g: p.chargeable_g,
    created_by: actor.userId,
    ...(problemId ? { problem_id: problemId } : {}),
  });
  const hold = freight + serviceFee;
  if (hold > 0) {
    await ledger.freeze(trx, {
      tenantId,
      idemKey: waybillKeys(w.id).freeze,
      ref: ref(w.id),
      amount: hold,
      fee: 'logisticsFee',
      note: problemId ? `运单 ${waybillNo} 运费冻结(问题件重新发运)` : `运单 ${waybillNo} 运费冻结`,
      currency: channel.currency,
      createdBy: actor.userId,
    });
  }
  await audit(trx, actor, {
    action: 'logistics.waybill.create',
    targetType: 'logistics_waybill',
    targetId: w.id,
    after: { waybill_no: waybillNo, order_id: orderId, frozen: hold, ...(problemId ? { problem_id: problemId } : {}) },
  });
  const event = problemId ? `问题件重新发运:创建运单 ${waybillNo},冻结运费` : `创建运单 ${waybillNo},冻结运费`;
  await orderEvent(trx, tenantId, orderId, 'waybill', event, actor.userId);
  return { id: w.id, waybill_no: waybillNo };
}

/**
 * 创建运单: a parcel that passed the rules or was approved gets a waybill; its freight and
 * service fee are frozen in the ledger (one freeze per waybill), then the carrier is asked for
 * the tracking number. A waybill of the parcel left without one (the carrier was unreachable;
 * also a problem parcel's follow-up waybill) is completed by calling again.
 */
export async function createWaybill(deps: AppDeps, actor: Actor, parcelId: number) {
  const tenantId = actor.tenantId;
  const id = await deps.db.transaction().execute(async (trx) => {
    const p = await lockParcel(trx, tenantId, parcelId);
    if (!p) throw notFound('包裹不存在');
    // A waybill of this parcel left without a tracking number (first or follow-up): ask again.
    const waiting = await waitingWaybillOfParcel(trx, tenantId, p.id);
    if (waiting) return waiting.id;
    const o = await findShippableOrder(trx, tenantId, p.order_id, true);
    if (!o) throw notFound('订单不存在');
    if (await activeWaybillOfOrder(trx, tenantId, o.id)) throw conflict('该订单已有运单');
    if (p.review_status === 'held') throw conflict('该包裹被运费审核拦截,审核通过后才能创建运单');
    if (p.review_status === 'cancelled') throw conflict('该包裹已取消发货');
    if (o.status !== 'Unshipped') throw badRequest('只有未发货的订单可以创建运单');
    if (!recipientOf(o)) throw badRequest('订单没有完整的收件人地址(买家信息未同步或已删除)');
    return (await openWaybill(trx, actor, tenantId, p, o.id)).id;
  });
  await askCarrier(deps, actor, id);
  return presentOne(deps, tenantId, id);
}

/**
 * A follow-up waybill for a problem parcel (re-dispatch 6, reshipment 8, issue 18 §4): the same
 * order, parcel and channel as the first waybill, its freight and service fee frozen again under
 * the new waybill's own key. Runs in the caller's transaction (the problem step); the carrier is
 * asked afterwards by `completeFollowUpWaybill`. The tenant's balance must hold the freight (400).
 */
export async function insertFollowUpWaybill(
  trx: AppDeps['db'],
  actor: Actor,
  tenantId: number,
  first: { id: number; parcel_id: number; order_id: number },
  problemId: number,
) {
  const p = await lockParcel(trx, tenantId, first.parcel_id);
  if (!p) throw notFound('包裹不存在');
  const o = await findShippableOrder(trx, tenantId, first.order_id, true);
  if (!o) throw notFound('订单不存在');
  if (!recipientOf(o)) throw badRequest('订单没有完整的收件人地址(买家信息未同步或已删除)');
  return openWaybill(trx, actor, tenantId, p, o.id, problemId);
}

/**
 * Asks the carrier for a follow-up waybill's tracking number (after its transaction committed).
 * The tenant's actor is needed: the waybill is the tenant's, whoever stepped the problem parcel.
 */
export async function completeFollowUpWaybill(deps: AppDeps, actor: Actor, waybillId: number) {
  return askCarrier(deps, actor, waybillId);
}

/** One waybill as the list shows it. */
async function presentOne(deps: AppDeps, tenantId: number, id: number): Promise<WaybillRow> {
  const w = await findWaybill(deps.db, tenantId, id);
  if (!w) throw notFound(NOT_FOUND);
  const r = await listWaybills(deps.db, tenantId, { page: 1, pageSize: 1, keyword: w.waybill_no });
  const row = r.rows.find((x) => x.id === id);
  if (!row) throw notFound(NOT_FOUND);
  return presentWaybill(row);
}

type Listed = Awaited<ReturnType<typeof listWaybills>>['rows'][number];

/** A waybill as the API shows it. */
export function presentWaybill(w: Listed): WaybillRow {
  return {
    id: w.id,
    waybill_no: w.waybill_no,
    parcel_id: w.parcel_id,
    order_id: w.order_id,
    amazon_order_id: w.amazon_order_id,
    channel_id: w.channel_id,
    channel_name: w.channel_name,
    carrier_code: w.carrier_code,
    carrier_name: w.carrier_name,
    tracking_no: w.tracking_no,
    status: w.status,
    freight: Number(w.freight),
    service_fee: Number(w.service_fee),
    currency: w.currency,
    weight_g: w.weight_g,
    cancelled: w.cancelled_at !== null,
    shipped_at: secs(w.shipped_at),
    created_at: secs(w.created_at)!,
    confirm_status: w.confirm_status ?? null,
    confirm_error: w.confirm_error ?? '',
    declaration: w.label?.declaration ?? null,
    last_error: w.last_error,
    last_error_at: secs(w.last_error_at),
  };
}

/** One page of the tenant's waybills. */
export async function waybillList(
  deps: AppDeps,
  tenantId: number,
  q: { page: number; pageSize: number; status?: '0' | '2' | undefined; keyword?: string | undefined },
) {
  const r = await listWaybills(deps.db, tenantId, q);
  return { list: r.rows.map(presentWaybill), total: r.total, page: q.page, pageSize: q.pageSize };
}

/**
 * 发货: '0' -> '2' once. In one transaction: the freeze is settled as the logistics fee (type 1,
 * or 8 on a trader's book), the service fee charged (type 0 / 7), each under the waybill's own
 * idempotency key, and the confirmation to Amazon queued in the outbox. A second or concurrent
 * call finds the waybill shipped (409) and posts nothing.
 */
export async function shipWaybill(deps: AppDeps, actor: Actor, id: number) {
  const tenantId = actor.tenantId;
  const result = await deps.db.transaction().execute(async (trx) => {
    const w = await findWaybill(trx, tenantId, id, true);
    if (!w) throw notFound(NOT_FOUND);
    if (w.cancelled_at) throw conflict('运单已取消');
    if (w.status === '2') throw conflict('运单已发货');
    if (!w.tracking_no) throw conflict('运单尚未取得跟踪号,请重新创建运单');
    const moved = await markWaybillShipped(trx, tenantId, id, actor.userId);
    if (!moved) throw conflict('运单已发货');
    await setWaybillError(trx, tenantId, id, null);
    const freight = Number(w.freight);
    const serviceFee = Number(w.service_fee);
    const keys = waybillKeys(id);
    const common = { tenantId, ref: ref(id), currency: w.currency, createdBy: actor.userId };
    if (freight + serviceFee > 0) {
      await ledger.settleFreeze(trx, {
        ...common,
        idemKey: keys.settle,
        fee: freight,
        note: `运单 ${w.waybill_no} 运费`,
      });
    }
    if (serviceFee > 0) {
      await ledger.charge(trx, {
        ...common,
        idemKey: keys.service,
        amount: serviceFee,
        fee: 'serviceFee',
        note: `运单 ${w.waybill_no} 服务费`,
      });
    }
    // A follow-up waybill of a problem parcel (re-dispatch, reshipment): Amazon already has the
    // order's shipment from the first waybill, so nothing is confirmed again (docs/logistics.md §4).
    if (w.problem_id === null) await queueConfirmation(trx, tenantId, id, w.order_id);
    await audit(trx, actor, {
      action: 'logistics.waybill.ship',
      targetType: 'logistics_waybill',
      targetId: id,
      after: { waybill_no: w.waybill_no, freight, service_fee: serviceFee },
    });
    await orderEvent(
      trx,
      tenantId,
      w.order_id,
      'waybill',
      `运单 ${w.waybill_no} 已发货,跟踪号 ${w.tracking_no}`,
      actor.userId,
    );
    return w;
  });
  return { id: result.id, status: '2' as const };
}

/** 取消运单: only before shipping; the carrier cancels its shipment, the freeze goes back to the balance. */
export async function cancelWaybill(deps: AppDeps, actor: Actor, id: number) {
  const tenantId = actor.tenantId;
  const w = await findWaybill(deps.db, tenantId, id);
  if (!w) throw notFound(NOT_FOUND);
  if (w.cancelled_at) throw conflict('运单已取消');
  if (w.status === '2') throw conflict('运单已发货,不能取消');
  if (w.tracking_no) {
    const { adapter } = await carrierOf(deps.config);
    try {
      await adapter.cancelShipment(w.tracking_no);
    } catch (e) {
      if (e instanceof CarrierError) throw conflict(e.message);
      throw e;
    }
  }
  await deps.db.transaction().execute(async (trx) => {
    const locked = await findWaybill(trx, tenantId, id, true);
    if (!locked || locked.cancelled_at || locked.status === '2') throw conflict('运单状态已变化,请刷新');
    await cancelWaybillRow(trx, tenantId, id, '用户取消');
    await setWaybillError(trx, tenantId, id, null);
    if (Number(locked.freight) + Number(locked.service_fee) > 0) {
      await ledger.releaseFreeze(trx, {
        tenantId,
        idemKey: waybillKeys(id).release,
        ref: ref(id),
        currency: locked.currency,
        createdBy: actor.userId,
      });
    }
    await audit(trx, actor, {
      action: 'logistics.waybill.cancel',
      targetType: 'logistics_waybill',
      targetId: id,
      before: { waybill_no: locked.waybill_no },
    });
    await orderEvent(trx, tenantId, locked.order_id, 'waybill', `运单 ${locked.waybill_no} 已取消`, actor.userId);
  });
  return { id, cancelled: true };
}

/** The carrier's tracking events of a waybill. */
export async function waybillTracking(deps: AppDeps, tenantId: number, id: number) {
  const w = await findWaybill(deps.db, tenantId, id);
  if (!w) throw notFound(NOT_FOUND);
  if (!w.tracking_no) throw conflict('运单尚未取得跟踪号');
  const { adapter } = await carrierOf(deps.config);
  try {
    return { tracking_no: w.tracking_no, events: await adapter.trackingEvents(w.tracking_no) };
  } catch (e) {
    if (e instanceof CarrierError) throw conflict(e.message);
    throw e;
  }
}

/** 打印面单: the labels of the waybills as one PDF (each must have a tracking number and not be cancelled). */
export async function labelsPdf(deps: AppDeps, tenantId: number, ids: number[], size: LabelSize): Promise<Buffer> {
  const rows = await waybillsForLabels(deps.db, tenantId, ids);
  if (rows.length !== ids.length) throw notFound(NOT_FOUND);
  const labels: LabelData[] = rows.map((r) => {
    if (r.cancelled_at) throw conflict(`运单 ${r.waybill_no} 已取消`);
    if (!r.tracking_no) throw conflict(`运单 ${r.waybill_no} 尚未取得跟踪号`);
    const b = r.buyer;
    const d = r.label?.declaration;
    return {
      ...(d
        ? {
            customs: {
              declared: `${d.currency} ${toDecimalString(minor(d.value), d.currency)}`,
              hs_codes: [...new Set(d.lines.flatMap((x) => (x.hs_code ? [x.hs_code] : [])))],
              ioss_number: d.ioss.applies ? d.ioss.number : null,
            },
          }
        : {}),
      tracking_no: r.tracking_no,
      waybill_no: r.waybill_no,
      carrier: r.carrier_code === 'Other' ? r.carrier_name : r.carrier_code,
      channel_name: r.channel_name,
      service: r.service,
      sort_code: r.label?.sort_code ?? '',
      amazon_order_id: r.amazon_order_id,
      weight_g: r.weight_g,
      is_electric: r.is_electric,
      created_at: secs(r.created_at)!,
      recipient: {
        name: b?.name ?? '',
        lines: [b?.address1, b?.address2, b?.address3].filter((x): x is string => Boolean(x)),
        city_line: [r.ship_city, r.ship_state, r.ship_postal].filter(Boolean).join(', '),
        country: r.ship_country ?? '',
        phone: b?.phone ?? '',
      },
    };
  });
  // Print in the order asked.
  const byId = new Map(rows.map((r, i) => [r.id, labels[i]!]));
  return renderLabels(
    ids.map((id) => byId.get(id)!),
    size,
  );
}
