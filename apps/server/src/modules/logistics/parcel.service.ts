import { QUOTE_REFUSALS, quoteFreight } from '@console/shared/logistics/quote';
import { minor, toDecimalString } from '@console/shared/money';
import type {
  HoldReason,
  interceptListQuery,
  ParcelRow,
  parcelSubmitBody,
  readyListQuery,
  reviewRulesBody,
} from '@console/shared/schemas/logistics';
import type { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, conflict, notFound, staleSave } from '../../lib/app-error.js';
import * as ledger from '../finance/ledger.service.js';
import { orderDetail } from '../order/order.service.js';
import { audit } from '../system/audit.js';
import { parcelHeld } from '../system/message-sources.service.js';
import { tariffOf, tenantChannel } from './channel.service.js';
import {
  findParcelOfOrder,
  findShippableOrder,
  listParcels,
  listReadyOrders,
  lockParcel,
  orderEvent,
  orderHasBatteryGoods,
  reviewRulesOf,
  saveReviewRules,
  updateParcelReview,
  upsertParcel,
} from './logistics.repository.js';
import { activeWaybillOfOrder } from './waybill.repository.js';

const ORDER_NOT_FOUND = '订单不存在';
const PARCEL_NOT_FOUND = '包裹不存在';
const secs = (d: Date | string | null) => (d === null ? null : Math.floor(new Date(d).getTime() / 1000));

/** What the rules of 运费审核 look at (issue 18 §1). */
export interface RuleInput {
  freight: number;
  service_fee: number;
  /** The order's freight estimate (the price settings' shipping of the marketplace), null when unknown. */
  estimate: number | null;
  /** The margin estimate before freight (price - purchase - referral fee), null when unknown. */
  margin_before_freight: number | null;
  /** What the tenant may spend: available + credit limit. */
  spendable: number;
  battery_refused: boolean;
  rules: { over_estimate_pct: number; check_margin: boolean; check_balance: boolean };
}

/** The rules that stop a parcel: pure, in a fixed order. */
export function holdReasons(i: RuleInput): HoldReason[] {
  const out: HoldReason[] = [];
  // freight > estimate x (100 + pct) / 100, in integers.
  if (i.estimate !== null && i.estimate > 0 && i.freight * 100 > i.estimate * (100 + i.rules.over_estimate_pct))
    out.push('over_estimate');
  if (
    i.rules.check_margin &&
    i.margin_before_freight !== null &&
    i.margin_before_freight - i.freight - i.service_fee < 0
  )
    out.push('negative_margin');
  if (i.rules.check_balance && i.spendable < i.freight + i.service_fee) out.push('low_balance');
  if (i.battery_refused) out.push('battery_refused');
  return out;
}

/** The order's freight estimate and margin before freight (order detail's margin, issue 17 §2). */
async function marginFacts(deps: AppDeps, tenantId: number, orderId: number) {
  const d = await orderDetail(deps, tenantId, { uid: tenantId, auth: 0, parent_id: 0 }, orderId);
  if (!d.margin) return { estimate: null, margin_before_freight: null };
  // The estimate is what the seller expected (the price settings' shipping), not the parcel's own
  // quote, which the order's margin takes as its freight once the parcel is submitted.
  return { estimate: d.margin.expected_freight_cny, margin_before_freight: d.margin.margin_cny + d.margin.freight_cny };
}

export async function spendable(db: AppDeps['db'], tenantId: number): Promise<number> {
  const b = await ledger.balancesOf(db, tenantId);
  return Number(b.available) + Number(b.credit_limit);
}

const yuanText = (fen: number) => `¥${toDecimalString(minor(fen), 'CNY')}`;

/** The refusal of approving a parcel the balance cannot pay (the screen asks first). */
export function lowBalanceMessage(spendableFen: number, feeFen: number): string {
  return `余额不足:可用余额(含信用额度)${yuanText(spendableFen)},该包裹运费和服务费 ${yuanText(feeFen)},创建运单会失败。请先充值,或确认后仍审核通过`;
}

/** Quotes a parcel on a channel: a refusal other than the battery is a 400 (the channel cannot take it at all). */
function quoteOrRefuse(channel: Awaited<ReturnType<typeof tenantChannel>>, p: Parameters<typeof quoteFreight>[1]) {
  const q = quoteFreight(tariffOf(channel), p);
  if (q.ok) return { freight: q.freight, chargeable_g: q.chargeable_g, battery_refused: false };
  if (q.refusal !== 'battery' || q.freight === null) throw badRequest(QUOTE_REFUSALS[q.refusal]);
  const chargeable = quoteFreight({ ...tariffOf(channel), battery_allowed: true }, p);
  return {
    freight: q.freight,
    chargeable_g: chargeable.ok ? chargeable.chargeable_g : p.weight_g,
    battery_refused: true,
  };
}

type ShippableOrder = NonNullable<Awaited<ReturnType<typeof findShippableOrder>>>;

/** The parcel 配货 recorded, in grams and millimetres; null unless the order is distributed now. */
export function distributedParcel(o: ShippableOrder) {
  if (o.distributed_at === null || o.parcel_weight_g === null) return null;
  if (o.parcel_length_cm === null || o.parcel_width_cm === null || o.parcel_height_cm === null) return null;
  return {
    weight_g: o.parcel_weight_g,
    length_mm: o.parcel_length_cm * 10,
    width_mm: o.parcel_width_cm * 10,
    height_mm: o.parcel_height_cm * 10,
  };
}

/**
 * The weight and size a parcel is quoted with: the request's when given (a re-measure at the
 * shipping desk is the later fact and may be finer than 配货's whole centimetres), else the one
 * 配货 recorded. An order not distributed and without a measure cannot be submitted.
 */
function parcelSize(o: ShippableOrder, b: z.infer<typeof parcelSubmitBody>) {
  const recorded = distributedParcel(o);
  if (b.weight_g !== undefined && b.length_mm !== undefined && b.width_mm !== undefined && b.height_mm !== undefined) {
    const given = { weight_g: b.weight_g, length_mm: b.length_mm, width_mm: b.width_mm, height_mm: b.height_mm };
    const differs =
      recorded !== null && (Object.keys(given) as (keyof typeof given)[]).some((k) => given[k] !== recorded[k]);
    return { ...given, source: 'request' as const, distribution: differs ? recorded : null };
  }
  if (!recorded) throw badRequest('订单尚未配货,没有包裹重量和尺寸:请先在「配货」完成配货,或填写重量和长宽高');
  return { ...recorded, source: 'distribution' as const, distribution: null };
}

/** The history line's note on the measure (a re-measure that differs from 配货 says so). */
function measureNote(size: ReturnType<typeof parcelSize>): string {
  const text = (m: { weight_g: number; length_mm: number; width_mm: number; height_mm: number }) =>
    `${m.weight_g} g,${m.length_mm}×${m.width_mm}×${m.height_mm} mm`;
  if (size.source === 'distribution') return `,按配货包裹 ${text(size)}`;
  if (size.distribution) return `,重新称量 ${text(size)}(配货记录 ${text(size.distribution)})`;
  return `,${text(size)}`;
}

/**
 * 提交包裹: the measured parcel of a received order (express status '3') on a channel is quoted
 * and checked by the rules; it passes, or stops in 运费审核 (`held`). A new measure replaces
 * the parcel and its review, as long as the order has no waybill.
 */
export async function submitParcel(
  deps: AppDeps,
  actor: Actor,
  body: z.infer<typeof parcelSubmitBody>,
  /** The caller may review (`logistics.review`): only a reviewer re-submits a parcel a rule stopped. */
  mayReview: boolean,
) {
  const tenantId = actor.tenantId;
  const order = await findShippableOrder(deps.db, tenantId, body.order_id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const channel = await tenantChannel(deps, tenantId, body.channel_id);
  const facts = await marginFacts(deps, tenantId, order.id);
  return deps.db.transaction().execute(async (trx) => {
    const o = await findShippableOrder(trx, tenantId, body.order_id, true);
    if (!o) throw notFound(ORDER_NOT_FOUND);
    if (o.fulfillment_channel !== '1') throw badRequest('亚马逊配送的订单无需发货');
    if (o.status !== 'Unshipped') throw badRequest('只有未发货的订单可以提交包裹');
    if (o.express_status !== '3') throw badRequest('订单商品尚未全部收货,不能提交包裹');
    if (!o.ship_country) throw badRequest('订单没有收货国家');
    if (await activeWaybillOfOrder(trx, tenantId, o.id)) throw conflict('该订单已有运单,请先取消运单再重新提交');
    // A parcel a rule stopped is the reviewers' to decide: a shipper re-submitting it (another
    // channel, a lighter measure) would let it pass the rules without anyone reviewing it.
    const before = await findParcelOfOrder(trx, tenantId, o.id);
    if (before?.review_status === 'held' && !mayReview)
      throw conflict('该包裹已被运费审核拦截,请等待审核人员处理(更换渠道、审核通过或取消)');
    const size = parcelSize(o, body);
    // A product marked 带电 makes the parcel a battery parcel whatever the shipper ticked, so the
    // battery rule cannot be skipped by leaving the box empty.
    const batteryGoods = await orderHasBatteryGoods(trx, tenantId, o.id);
    const measure = {
      weight_g: size.weight_g,
      length_mm: size.length_mm,
      width_mm: size.width_mm,
      height_mm: size.height_mm,
      is_electric: body.is_electric || batteryGoods,
      country: o.ship_country,
    };
    const q = quoteOrRefuse(channel, measure);
    const rules = await reviewRulesOf(trx, tenantId);
    const reasons = holdReasons({
      freight: q.freight,
      service_fee: channel.service_fee,
      ...facts,
      spendable: await spendable(trx, tenantId),
      battery_refused: q.battery_refused,
      rules,
    });
    const margin =
      facts.margin_before_freight === null ? null : facts.margin_before_freight - q.freight - channel.service_fee;
    const saved = await upsertParcel(trx, tenantId, {
      order_id: o.id,
      channel_id: channel.id,
      ...measure,
      country: o.ship_country.toUpperCase(),
      chargeable_g: q.chargeable_g,
      freight: q.freight,
      service_fee: channel.service_fee,
      estimate: facts.estimate,
      margin,
      review_status: reasons.length ? 'held' : 'passed',
      hold_reasons: reasons,
      created_by: actor.userId,
    });
    await audit(trx, actor, {
      action: 'logistics.parcel.submit',
      targetType: 'logistics_parcel',
      targetId: saved.id,
      after: {
        amazon_order_id: o.amazon_order_id,
        measure_source: size.source,
        weight_g: size.weight_g,
        size_mm: [size.length_mm, size.width_mm, size.height_mm],
        ...(size.distribution ? { distribution: size.distribution } : {}),
        channel: channel.name,
        is_electric: measure.is_electric,
        ...(batteryGoods ? { battery_goods: true } : {}),
        freight: q.freight,
        hold_reasons: reasons,
      },
    });
    if (reasons.length) await parcelHeld(trx, tenantId, { id: saved.id, amazon_order_id: o.amazon_order_id, reasons });
    await orderEvent(
      trx,
      tenantId,
      o.id,
      'parcel',
      (reasons.length ? `包裹已提交,运费审核拦截:${reasons.join(',')}` : `包裹已提交(${channel.name})`) +
        measureNote(size),
      actor.userId,
    );
    return {
      id: saved.id,
      version: saved.version,
      review_status: reasons.length ? ('held' as const) : ('passed' as const),
      hold_reasons: reasons,
      measure: {
        source: size.source,
        weight_g: size.weight_g,
        length_mm: size.length_mm,
        width_mm: size.width_mm,
        height_mm: size.height_mm,
      },
    };
  });
}

type Listed = Awaited<ReturnType<typeof listParcels>>['rows'][number];

/** A parcel as the API shows it. */
export function presentParcel(p: Listed): ParcelRow {
  return {
    id: p.id,
    order_id: p.order_id,
    amazon_order_id: p.amazon_order_id,
    shop_name: p.shop_name,
    marketplace: p.marketplace,
    channel_id: p.channel_id,
    channel_name: p.channel_name,
    weight_g: p.weight_g,
    length_mm: p.length_mm,
    width_mm: p.width_mm,
    height_mm: p.height_mm,
    is_electric: p.is_electric,
    country: p.country,
    chargeable_g: p.chargeable_g,
    freight: Number(p.freight),
    service_fee: Number(p.service_fee),
    estimate: p.estimate === null ? null : Number(p.estimate),
    margin: p.margin === null ? null : Number(p.margin),
    review_status: p.review_status,
    hold_reasons: p.hold_reasons as HoldReason[],
    review_note: p.review_note,
    reviewed_by: p.reviewed_by,
    reviewed_at: secs(p.reviewed_at),
    created_at: secs(p.created_at)!,
    waybill_id: p.waybill_id === null ? null : Number(p.waybill_id),
    last_error: p.last_error,
    last_error_at: secs(p.last_error_at),
    version: p.version,
  };
}

/** 运费审核 list. */
export async function interceptList(deps: AppDeps, tenantId: number, q: z.infer<typeof interceptListQuery>) {
  const r = await listParcels(deps.db, tenantId, q);
  return { list: r.rows.map(presentParcel), total: r.total, page: q.page, pageSize: q.pageSize };
}

/** 待提交: the orders 配货 made ready, with their recorded parcels. */
export async function readyList(deps: AppDeps, tenantId: number, q: z.infer<typeof readyListQuery>) {
  const r = await listReadyOrders(deps.db, tenantId, q);
  return {
    list: r.rows.map((o) => ({
      order_id: o.order_id,
      amazon_order_id: o.amazon_order_id,
      shop_name: o.shop_name,
      marketplace: o.marketplace,
      country: o.ship_country,
      weight_g: o.parcel_weight_g ?? 0,
      length_cm: o.parcel_length_cm ?? 0,
      width_cm: o.parcel_width_cm ?? 0,
      height_cm: o.parcel_height_cm ?? 0,
      distributed_at: secs(o.distributed_at)!,
      cancelled_parcel_id: o.parcel_id,
      battery_goods: o.battery_goods,
    })),
    total: r.total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** A held parcel locked for a review step at the version the reviewer saw. */
async function heldParcel(trx: AppDeps['db'], tenantId: number, id: number, version: number) {
  const p = await lockParcel(trx, tenantId, id);
  if (!p) throw notFound(PARCEL_NOT_FOUND);
  if (p.version !== version) throw staleSave(p.version);
  if (p.review_status !== 'held') throw conflict('该包裹不在待审核状态,请刷新');
  return p;
}

/**
 * 审核通过: the parcel may get a waybill. A battery on a channel that refuses it cannot be approved.
 * A parcel the balance (available + credit) cannot pay now is refused unless the reviewer saw the
 * warning and approves anyway (`accept_low_balance`, issue 29 §2): 创建运单 would fail on it.
 */
export function approveParcel(
  deps: AppDeps,
  actor: Actor,
  b: { id: number; version: number; note: string; accept_low_balance: boolean },
) {
  return deps.db.transaction().execute(async (trx) => {
    const p = await heldParcel(trx, actor.tenantId, b.id, b.version);
    if (p.hold_reasons.includes('battery_refused')) throw badRequest('该渠道不接受带电产品,请更换渠道');
    const fee = Number(p.freight) + Number(p.service_fee);
    const can = await spendable(trx, actor.tenantId);
    if (!b.accept_low_balance && can < fee) throw badRequest(lowBalanceMessage(can, fee), { spendable: can, fee });
    const saved = await updateParcelReview(trx, actor.tenantId, p.id, p.version, {
      review_status: 'approved',
      review_note: b.note,
      reviewed_by: actor.userId,
    });
    if (!saved) throw staleSave();
    await audit(trx, actor, {
      action: 'logistics.intercept.approve',
      targetType: 'logistics_parcel',
      targetId: p.id,
      after: { note: b.note, ...(can < fee ? { low_balance: { spendable: can, fee } } : {}) },
    });
    await orderEvent(trx, actor.tenantId, p.order_id, 'parcel', '运费审核通过', actor.userId);
    return saved;
  });
}

/** 取消: the parcel does not ship (the order may be measured and submitted again). */
export function cancelParcel(deps: AppDeps, actor: Actor, b: { id: number; version: number; note: string }) {
  return deps.db.transaction().execute(async (trx) => {
    const p = await heldParcel(trx, actor.tenantId, b.id, b.version);
    const saved = await updateParcelReview(trx, actor.tenantId, p.id, p.version, {
      review_status: 'cancelled',
      review_note: b.note,
      reviewed_by: actor.userId,
    });
    if (!saved) throw staleSave();
    await audit(trx, actor, {
      action: 'logistics.intercept.cancel',
      targetType: 'logistics_parcel',
      targetId: p.id,
      after: { note: b.note },
    });
    await orderEvent(trx, actor.tenantId, p.order_id, 'parcel', `运费审核取消:${b.note}`, actor.userId);
    return saved;
  });
}

/** 更换渠道: quoted and checked again on the new channel; stays in review until approved. */
export async function changeParcelChannel(
  deps: AppDeps,
  actor: Actor,
  b: { id: number; version: number; channel_id: number },
) {
  const channel = await tenantChannel(deps, actor.tenantId, b.channel_id);
  const first = await lockParcel(deps.db, actor.tenantId, b.id);
  if (!first) throw notFound(PARCEL_NOT_FOUND);
  const facts = await marginFacts(deps, actor.tenantId, first.order_id);
  return deps.db.transaction().execute(async (trx) => {
    const p = await heldParcel(trx, actor.tenantId, b.id, b.version);
    const q = quoteOrRefuse(channel, {
      weight_g: p.weight_g,
      length_mm: p.length_mm,
      width_mm: p.width_mm,
      height_mm: p.height_mm,
      is_electric: p.is_electric,
      country: p.country,
    });
    const reasons = holdReasons({
      freight: q.freight,
      service_fee: channel.service_fee,
      ...facts,
      spendable: await spendable(trx, actor.tenantId),
      battery_refused: q.battery_refused,
      rules: await reviewRulesOf(trx, actor.tenantId),
    });
    const saved = await updateParcelReview(trx, actor.tenantId, p.id, p.version, {
      channel_id: channel.id,
      freight: q.freight,
      service_fee: channel.service_fee,
      chargeable_g: q.chargeable_g,
      margin:
        facts.margin_before_freight === null ? null : facts.margin_before_freight - q.freight - channel.service_fee,
      hold_reasons: reasons,
    });
    if (!saved) throw staleSave();
    await audit(trx, actor, {
      action: 'logistics.intercept.channel',
      targetType: 'logistics_parcel',
      targetId: p.id,
      before: { channel_id: p.channel_id, freight: Number(p.freight) },
      after: { channel_id: channel.id, channel_name: channel.name, freight: q.freight, hold_reasons: reasons },
    });
    return { ...saved, hold_reasons: reasons, freight: q.freight };
  });
}

/** The tenant's rules. */
export function rulesOf(deps: AppDeps, tenantId: number) {
  return reviewRulesOf(deps.db, tenantId);
}

/** Saves the tenant's rules (versioned). */
export function saveRules(deps: AppDeps, actor: Actor, b: z.infer<typeof reviewRulesBody>) {
  return deps.db.transaction().execute(async (trx) => {
    const before = await reviewRulesOf(trx, actor.tenantId);
    if (before.version !== b.version) throw staleSave(before.version);
    const v = { over_estimate_pct: b.over_estimate_pct, check_margin: b.check_margin, check_balance: b.check_balance };
    const saved = await saveReviewRules(trx, actor.tenantId, b.version, v);
    if (!saved) throw staleSave();
    await audit(trx, actor, {
      action: 'logistics.rules',
      targetType: 'logistics_rules',
      targetId: actor.tenantId,
      before,
      after: v,
    });
    return saved;
  });
}

/** The parcel of an order (for the waybill step). */
export { findParcelOfOrder };
