import { formatMoney, minor, parseMoney } from '@console/shared/money';
import { can, type PermissionSubject } from '@console/shared/permissions/can';
import type { Permission } from '@console/shared/permissions/permissions';
import {
  MANUAL_STATUS_LABELS,
  MANUAL_WARRANTY_DAYS,
  type ManualDetailData,
  type ManualListBody,
  type ManualOrderView,
  type ManualSaveBody,
  type ManualStatus,
  type ManualTransitionBody,
  manualTransition,
} from '@console/shared/schemas/manual-order';
import type { Updateable } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest, conflict, forbidden, notFound, staleSave } from '../../lib/app-error.js';
import * as ledger from '../finance/ledger.service.js';
import { audit } from '../system/audit.js';
import {
  findManualOrder,
  insertManualEvent,
  insertManualOrder,
  listManualEvents,
  listManualOrders,
  lockManualOrder,
  tenantHasShop,
  updateManualOrder,
} from './manual-order.repository.js';
import type { ManualOrdersTable } from './manual-order.tables.js';

const NOT_FOUND = '手工单不存在';
const DAY_MS = 86_400_000;
const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const label = (s: ManualStatus) => MANUAL_STATUS_LABELS[s];
/** The ledger reference of a manual order's payment (docs/orders.md "Manual orders"). */
const refOf = (id: number) => ({ type: 'service' as const, id: `manual-${id}` });

/** Who may take a step, in words (the refusal names it). */
const WHO: Partial<Record<Permission, string>> = {
  'order.manual': '管理员、组长或业务员',
  'order.manualHandle': '管理员或组长',
  'finance.payMargin': '公司管理员或个人管理员',
};

interface Fields {
  marketplace: string | null;
  asin: string;
  quantity: number;
  amount_minor: number | null;
  buyer_name: string;
  buyer_address: string;
}

/** What a manual order still lacks before it can be paid (status -1 while anything is listed). */
export function missingOf(m: Fields): string[] {
  const out: string[] = [];
  if (!m.marketplace) out.push('站点');
  if (!m.asin) out.push('ASIN');
  if (m.quantity < 1) out.push('数量');
  if (m.amount_minor === null) out.push('金额');
  if (!m.buyer_name) out.push('收件人');
  if (!m.buyer_address) out.push('地址');
  return out;
}

/** Masks a text to its first character (buyer data for roles that do not ship). */
const mask = (s: string) => (s ? `${[...s][0]}***` : '');

type Row = NonNullable<Awaited<ReturnType<typeof findManualOrder>>>;

/**
 * A manual order as the API shows it. The recipient is masked in lists, and in the detail for
 * roles without `order.buyerData`, as for Amazon orders (docs/orders.md "Buyer data").
 */
function present(r: Row, subject: PermissionSubject, where: 'list' | 'detail'): ManualOrderView {
  const full = where === 'detail' && can(subject, 'order.buyerData');
  const amount = r.amount_minor === null ? null : Number(r.amount_minor);
  const completed = r.completed_at;
  return {
    id: Number(r.id),
    status: r.status,
    shop_id: r.shop_id,
    shop_name: r.shop_name ?? null,
    marketplace: r.marketplace,
    asin: r.asin,
    seller_sku: r.seller_sku,
    title: r.title,
    quantity: r.quantity,
    amount_minor: amount,
    buyer_name: full ? r.buyer_name : mask(r.buyer_name),
    buyer_phone: full ? r.buyer_phone : r.buyer_phone ? `***${r.buyer_phone.slice(-4)}` : '',
    buyer_address: full ? r.buyer_address : r.buyer_address ? '***' : '',
    buyer_masked: !full,
    note: r.note,
    missing: r.status === -1 ? missingOf({ ...r, amount_minor: amount }) : [],
    created_by_name: r.created_by_name,
    created_at: secs(r.created_at)!,
    paid_at: secs(r.paid_at),
    completed_at: secs(completed),
    warranty_until: completed ? secs(new Date(completed.getTime() + MANUAL_WARRANTY_DAYS * DAY_MS)) : null,
    version: r.version,
  };
}

/** A page of manual orders with the counts per status. */
export async function manualList(deps: AppDeps, tenantId: number, subject: PermissionSubject, f: ManualListBody) {
  const { rows, total, counts } = await listManualOrders(deps.db, tenantId, f);
  return {
    list: rows.map((r) => present(r, subject, 'list')),
    total,
    page: f.page,
    pageSize: f.pageSize,
    counts: Object.fromEntries(counts.map((c) => [String(c.status), c.n])),
  };
}

/** One manual order with its history. */
export async function manualDetail(
  deps: AppDeps,
  tenantId: number,
  subject: PermissionSubject,
  id: number,
): Promise<ManualDetailData> {
  const r = await findManualOrder(deps.db, tenantId, id);
  if (!r) throw notFound(NOT_FOUND);
  const events = await listManualEvents(deps.db, tenantId, id);
  return {
    ...present(r, subject, 'detail'),
    events: events.map((e) => ({
      id: Number(e.id),
      from_status: e.from_status,
      to_status: e.to_status,
      text: e.text,
      user_name: e.user_name,
      created_at: secs(e.created_at)!,
    })),
  };
}

/**
 * Creates a manual order, or changes one still unpaid (-1 or 1). Its status follows from its
 * fields: -1 while something is missing, else 1 (awaiting payment).
 */
export async function saveManual(deps: AppDeps, actor: Actor, body: ManualSaveBody) {
  let amount: number | null = null;
  if (body.amount !== '') {
    const parsed = parseMoney(body.amount, 'CNY');
    if (!parsed.ok) throw badRequest(`金额: ${parsed.error}`);
    if (parsed.value <= 0) throw badRequest('金额必须大于0');
    amount = parsed.value;
  }
  if (body.shop_id != null && !(await tenantHasShop(deps.db, actor.tenantId, body.shop_id))) {
    throw notFound('店铺不存在');
  }
  const fields = {
    shop_id: body.shop_id ?? null,
    marketplace: body.marketplace ?? null,
    asin: body.asin,
    seller_sku: body.seller_sku,
    title: body.title,
    quantity: body.quantity,
    amount_minor: amount,
    buyer_name: body.buyer_name,
    buyer_phone: body.buyer_phone,
    buyer_address: body.buyer_address,
    note: body.note,
  };
  const status: ManualStatus = missingOf(fields).length ? -1 : 1;
  return deps.db.transaction().execute(async (trx) => {
    if (body.id === undefined) {
      const row = await insertManualOrder(trx, {
        ...fields,
        tenant_id: actor.tenantId,
        status,
        created_by: actor.userId,
      });
      await insertManualEvent(trx, {
        tenant_id: actor.tenantId,
        manual_order_id: row.id,
        from_status: null,
        to_status: status,
        text: '创建手工单',
        user_id: actor.userId,
      });
      await audit(trx, actor, {
        action: 'order.manual.save',
        targetType: 'manual_order',
        targetId: row.id,
        after: { status },
      });
      return { ...row, status };
    }
    if (body.version === undefined) throw badRequest('请提供版本号');
    const cur = await lockManualOrder(trx, actor.tenantId, body.id);
    if (!cur) throw notFound(NOT_FOUND);
    if (cur.status !== -1 && cur.status !== 1) {
      throw badRequest(`手工单已是「${label(cur.status)}」,不能再修改`);
    }
    if (cur.version !== body.version) throw staleSave(cur.version);
    const version = await updateManualOrder(trx, actor.tenantId, body.id, body.version, { ...fields, status });
    if (version === undefined) throw staleSave();
    if (cur.status !== status) {
      await insertManualEvent(trx, {
        tenant_id: actor.tenantId,
        manual_order_id: body.id,
        from_status: cur.status,
        to_status: status,
        text: status === 1 ? '信息已补全' : '信息缺失',
        user_id: actor.userId,
      });
    }
    await audit(trx, actor, {
      action: 'order.manual.save',
      targetType: 'manual_order',
      targetId: body.id,
      before: { status: cur.status },
      after: { status },
    });
    return { id: body.id, version, status };
  });
}

/**
 * One step of the manual-order state machine (`MANUAL_TRANSITIONS`, docs/decisions.md): legal
 * step, the step's role, reason, warranty; the money moves through the ledger in the same
 * transaction (pay: freeze; complete: settle; void after payment or fail before completion:
 * release; fail of a re-follow: refund).
 */
export async function transitionManual(
  deps: AppDeps,
  actor: Actor,
  subject: PermissionSubject,
  body: ManualTransitionBody,
) {
  return deps.db.transaction().execute(async (trx) => {
    const cur = await lockManualOrder(trx, actor.tenantId, body.id);
    if (!cur) throw notFound(NOT_FOUND);
    const from = cur.status;
    const to = body.to;
    if (cur.version !== body.version) {
      if (from === to) throw conflict(`该手工单已被他人处理为「${label(to)}」,请刷新后查看`);
      throw staleSave(cur.version);
    }
    const step = manualTransition(from, to);
    if (!step) {
      const hint = from === -1 && to === 1 ? ',请补全信息后保存' : '';
      throw badRequest(`手工单不能从「${label(from)}」变为「${label(to)}」${hint}`);
    }
    if (!can(subject, step.need)) throw forbidden(`只有${WHO[step.need] ?? '有权限的人员'}可以执行「${step.label}」`);
    if (step.reason && !body.reason) throw badRequest(`请填写「${step.label}」的原因`);
    const id = Number(cur.id);
    const amount = cur.amount_minor === null ? null : Number(cur.amount_minor);
    const now = new Date();
    const set: Updateable<ManualOrdersTable> = { status: to };
    const base = { tenantId: actor.tenantId, ref: refOf(id), createdBy: actor.userId };
    let money = '';
    if (from === 1 && to === 2) {
      if (amount === null) throw badRequest('手工单缺少金额,请补全信息');
      await ledger.freeze(trx, {
        ...base,
        idemKey: `manual-pay:${id}`,
        amount,
        fee: 'serviceFee',
        note: `手工单 ${id} 付款`,
      });
      set.paid_at = now;
      money = `,冻结 ${formatMoney(minor(amount), 'CNY')}`;
    } else if (from === 3 && to === 4) {
      await ledger.settleFreeze(trx, {
        ...base,
        idemKey: `manual-complete:${id}`,
        fee: amount ?? 0,
        note: `手工单 ${id} 完成`,
      });
      set.completed_at = now;
      money = ',已扣款';
    } else if ((from === 2 && to === -2) || (from === 3 && to === 7)) {
      await ledger.releaseFreeze(trx, { ...base, idemKey: `manual-release:${id}`, note: `手工单 ${id} ${step.label}` });
      money = ',冻结金额已退回';
    } else if (from === 6 && to === 7 && amount !== null) {
      await ledger.refund(trx, {
        ...base,
        idemKey: `manual-refund:${id}`,
        amount,
        note: `手工单 ${id} 重新跟卖失败退款`,
      });
      money = `,退款 ${formatMoney(minor(amount), 'CNY')}`;
    } else if (from === 4 && to === 5) {
      const done = cur.completed_at;
      if (!done || now.getTime() > done.getTime() + MANUAL_WARRANTY_DAYS * DAY_MS) {
        throw badRequest(`已超过完成后${MANUAL_WARRANTY_DAYS}天的质保期,不能重新跟卖`);
      }
    }
    const version = await updateManualOrder(trx, actor.tenantId, id, body.version, set);
    if (version === undefined) throw staleSave();
    const text = `${step.label}${money}${body.reason ? `(${body.reason})` : ''}`;
    await insertManualEvent(trx, {
      tenant_id: actor.tenantId,
      manual_order_id: id,
      from_status: from,
      to_status: to,
      text,
      user_id: actor.userId,
    });
    await audit(trx, actor, {
      action: 'order.manual.transition',
      targetType: 'manual_order',
      targetId: id,
      before: { status: from },
      after: { status: to, reason: body.reason || undefined },
    });
    return { id, version, status: to };
  });
}
