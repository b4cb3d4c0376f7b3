import { createHash } from 'node:crypto';
import { type AdjustKind, CONSUMPTION_TYPES, visibleTypes } from '@console/shared/constants/finance';
import { isInternal } from '@console/shared/permissions/can';
import type { EntriesQuery } from '@console/shared/schemas/finance';
import { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { subjectOf } from '../account/account.presenter.js';
import { tenantTimeZone } from '../account/tenant-time-zone.repository.js';
import { readUserSetting, saveUserSetting, type UserSettingDefinition } from '../account/user-settings.service.js';
import { audit } from '../system/audit.js';
import {
  dailySeries,
  type EntryFilters,
  exportEntries,
  isClientOf,
  listBookEntries,
  listClients,
  listEntries,
  monthSums,
} from './finance.repository.js';
import { setCreditLimit as saveCreditLimit } from './ledger.repository.js';
import * as ledger from './ledger.service.js';
import { listPurchases, type PurchaseFilters } from './purchase-list.repository.js';

/** The low-balance warning threshold each user sets on 财务首页 (fen; 0: off). */
export const lowBalanceSetting: UserSettingDefinition<number> = {
  key: 'finance.lowBalance',
  schema: z.number().int().min(0),
  fallback: 0,
};

/** The consumption types the caller's statement shows (spec section 9's rule). */
export function typesOf(user: UserRow): number[] {
  return visibleTypes({
    auth: user.auth as 0,
    is_use_trader_express: user.is_use_trader_express,
    is_use_trader_finance: user.is_use_trader_finance,
  });
}

/** 财务首页: balances, this month per type, the daily series and the user's warning threshold. */
export async function overview(deps: AppDeps, user: UserRow, days: number) {
  const tenantId = user.tenant_id;
  const tz = await tenantTimeZone(deps.db, tenantId);
  const types = typesOf(user);
  const [balances, month, series, warning] = await Promise.all([
    ledger.balancesOf(deps.db, tenantId),
    monthSums(deps.db, tenantId, 'CNY', tz),
    dailySeries(deps.db, tenantId, 'CNY', tz, days),
    readUserSetting(deps, { tenantId, userId: user.id }, lowBalanceSetting),
  ]);
  const byDay = new Map(series.rows.map((r) => [r.day, r]));
  const out: { day: string; balance: number; spend: number }[] = [];
  const [y, m, d] = series.today.split('-').map(Number) as [number, number, number];
  let balance = series.before;
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(Date.UTC(y, m - 1, d - i)).toISOString().slice(0, 10);
    const row = byDay.get(day);
    if (row) balance = row.balance;
    out.push({ day, balance, spend: row?.spend ?? 0 });
  }
  return {
    currency: 'CNY',
    ...balances,
    warning,
    month: month
      .filter((r) => types.includes(r.type))
      .map((r) => ({ ...r, type_name: CONSUMPTION_TYPES[r.type as keyof typeof CONSUMPTION_TYPES] })),
    days: out,
    types,
  };
}

/** Saves the caller's low-balance warning threshold. */
export async function setWarning(deps: AppDeps, actor: Actor, warning: number): Promise<void> {
  await saveUserSetting(deps, actor, lowBalanceSetting, warning);
  await deps.db
    .transaction()
    .execute((trx) =>
      audit(trx, actor, { action: 'finance.warning', targetType: 'user', targetId: actor.userId, after: { warning } }),
    );
}

function filtersOf(user: UserRow, q: Omit<EntriesQuery, 'page' | 'pageSize'>): EntryFilters {
  return { ...q, types: typesOf(user) };
}

/** One page of the caller's tenant's statement. */
export function statement(deps: AppDeps, user: UserRow, q: EntriesQuery) {
  return listEntries(deps.db, user.tenant_id, { ...filtersOf(user, q), page: q.page, pageSize: q.pageSize });
}

/** Most rows one statement export holds. */
export const EXPORT_MAX = 50_000;

/** The whole filtered statement for the export (at most EXPORT_MAX rows). */
export function statementForExport(deps: AppDeps, user: UserRow, q: Omit<EntriesQuery, 'page' | 'pageSize'>) {
  return exportEntries(deps.db, user.tenant_id, filtersOf(user, q), EXPORT_MAX);
}

/** What a purchase's channel means for the money (docs/finance.md "Purchases"). */
export const PURCHASE_CHANNEL_NAMES: Record<string, string> = {
  manual: '自行采购(不扣余额)',
  '1688': '平台代采(1688,已扣余额)',
};

/** 采购明细: every recorded purchase of the tenant with its cost and, where the platform bought, its charge. */
export async function purchases(deps: AppDeps, user: UserRow, q: PurchaseFilters) {
  const r = await listPurchases(deps.db, user.tenant_id, q);
  return {
    total: r.total,
    rows: r.rows.map((p) => ({
      id: Number(p.id),
      order_id: Number(p.order_id),
      amazon_order_id: p.amazon_order_id,
      item_id: Number(p.item_id),
      seller_sku: p.seller_sku ?? '',
      title: p.title ?? '',
      supplier: p.supplier,
      supplier_order_no: p.supplier_order_no,
      channel: p.channel,
      channel_name: PURCHASE_CHANNEL_NAMES[p.channel] ?? p.channel,
      quantity: p.quantity,
      paid: Number(p.paid_minor),
      currency: p.paid_currency,
      charged: p.charged === null ? 0 : -Number(p.charged),
      entry_id: p.entry_id === null ? null : Number(p.entry_id),
      created_at: Math.floor(p.created_at.getTime() / 1000),
    })),
  };
}

/** The frozen total of the caller's tenant. */
export function totalFreeze(deps: AppDeps, tenantId: number) {
  return ledger.totalFrozen(deps.db, tenantId);
}

/**
 * The book a reviewer keeps: the platform's (0) for the operator's admins, its own for a
 * trader. Anyone else is refused (the route's permission already says so).
 */
export function bookOf(deps: AppDeps, user: UserRow): number {
  if (user.auth === 5) return user.id;
  if (isInternal(subjectOf(user), { internalIds: deps.config.internalIds })) return 0;
  throw forbidden();
}

/** Refuses an account that is not a client of the reviewer's book (another trader's, or no main account): 404. */
export async function requireClient(deps: AppDeps, bookId: number, uid: number): Promise<void> {
  if (!(await isClientOf(deps.db, bookId, uid))) throw notFound('账户不存在');
}

/** The reviewer's clients with their balances. */
export function clients(deps: AppDeps, user: UserRow, keyword: string | undefined) {
  return listClients(deps.db, bookOf(deps, user), keyword);
}

/** Logistics top-ups and adjustments of the reviewer's clients (物流充值): types 2, 4, 6, 10. */
export function expressLog(
  deps: AppDeps,
  user: UserRow,
  q: {
    page: number;
    pageSize: number;
    startTime?: number | undefined;
    endTime?: number | undefined;
    account?: string | undefined;
  },
) {
  return listBookEntries(deps.db, bookOf(deps, user), { ...q, types: [2, 4, 6, 10] });
}

/**
 * The ledger key of a client's idempotency key, scoped to the kind of call and its caller; a
 * combination longer than the ledger's 100 characters is hashed (same key in, same key out).
 */
const keyOf = (given: string, prefix: string) => {
  const key = `${prefix}:${given}`;
  return key.length <= 100 ? key : `${prefix}:h:${createHash('sha256').update(given).digest('hex')}`;
};

/** An operator's or trader's adjustment of a client's balance, with its reason, audited. */
export async function adjustClient(
  deps: AppDeps,
  actor: Actor,
  user: UserRow,
  body: { uid: number; kind: AdjustKind; amount: number; reason: string; idem_key: string },
) {
  const bookId = bookOf(deps, user);
  await requireClient(deps, bookId, body.uid);
  return deps.db.transaction().execute(async (trx) => {
    const entry = await ledger.adjust(trx, {
      tenantId: body.uid,
      idemKey: keyOf(body.idem_key, `adjust:${actor.userId}`),
      ref: { type: 'adjustment', id: `u${actor.userId}` },
      note: body.reason,
      amount: body.amount,
      kind: body.kind,
      createdBy: actor.userId,
    });
    if (!entry.replayed)
      await audit(trx, actor, {
        action: 'finance.adjust',
        targetType: 'ledger_entry',
        targetId: entry.id,
        after: { uid: body.uid, kind: body.kind, amount: body.amount, reason: body.reason },
      });
    return entry;
  });
}

/** Sets a client's credit limit (how far its available balance may go below zero). */
export async function setClientCreditLimit(deps: AppDeps, actor: Actor, user: UserRow, uid: number, limit: number) {
  const bookId = bookOf(deps, user);
  await requireClient(deps, bookId, uid);
  await deps.db.transaction().execute(async (trx) => {
    await saveCreditLimit(trx, uid, 'CNY', limit);
    await audit(trx, actor, {
      action: 'finance.creditLimit',
      targetType: 'user',
      targetId: uid,
      after: { credit_limit: limit },
    });
  });
  return { uid, credit_limit: limit };
}

/** Pays deposit (保证金) from the caller's own balance. */
export function payOwnDeposit(deps: AppDeps, actor: Actor, amount: number, idemKey: string) {
  return deps.db.transaction().execute(async (trx) => {
    const entry = await ledger.payDeposit(trx, {
      tenantId: actor.tenantId,
      idemKey: keyOf(idemKey, `deposit:${actor.userId}`),
      ref: { type: 'deposit', id: `u${actor.userId}` },
      amount,
      createdBy: actor.userId,
    });
    if (!entry.replayed)
      await audit(trx, actor, {
        action: 'finance.deposit.pay',
        targetType: 'ledger_entry',
        targetId: entry.id,
        after: { amount },
      });
    return entry;
  });
}

/** Returns deposit to a client (type 5). */
export async function returnClientDeposit(
  deps: AppDeps,
  actor: Actor,
  user: UserRow,
  body: { uid: number; amount: number; reason: string; idem_key: string },
) {
  const bookId = bookOf(deps, user);
  await requireClient(deps, bookId, body.uid);
  return deps.db.transaction().execute(async (trx) => {
    const entry = await ledger.returnDeposit(trx, {
      tenantId: body.uid,
      idemKey: keyOf(body.idem_key, `deposit-return:${actor.userId}`),
      ref: { type: 'deposit', id: `u${actor.userId}` },
      note: body.reason,
      amount: body.amount,
      createdBy: actor.userId,
    });
    if (!entry.replayed)
      await audit(trx, actor, {
        action: 'finance.deposit.return',
        targetType: 'user',
        targetId: body.uid,
        after: { amount: body.amount, reason: body.reason },
      });
    return entry;
  });
}

/** Reverses a client's entry (a correction), with its reason. */
export async function reverseClientEntry(
  deps: AppDeps,
  actor: Actor,
  user: UserRow,
  body: { uid: number; id: number; reason: string; idem_key: string },
) {
  const bookId = bookOf(deps, user);
  await requireClient(deps, bookId, body.uid);
  return deps.db.transaction().execute(async (trx) => {
    const entry = await ledger.reverseEntry(trx, {
      tenantId: body.uid,
      idemKey: keyOf(body.idem_key, `reverse:${body.id}`),
      entryId: body.id,
      note: body.reason,
      createdBy: actor.userId,
    });
    if (entry.book_id !== bookId) throw badRequest('该记录不属于您管理的账本');
    if (!entry.replayed)
      await audit(trx, actor, {
        action: 'finance.reverse',
        targetType: 'ledger_entry',
        targetId: entry.id,
        after: { uid: body.uid, entry_id: body.id, reason: body.reason },
      });
    return entry;
  });
}
