import { createHash } from 'node:crypto';
import {
  type AdjustKind,
  AMOUNT_MAX,
  INSUFFICIENT_BALANCE,
  type MovementKind,
  REF_TYPES,
  type RefType,
  typeFor,
  usesTraderFinance,
} from '@console/shared/constants/finance';
import { isCurrencyCode, minor, toDecimalString } from '@console/shared/money';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import { ledgerPostings } from '../../lib/metrics.js';
import { balanceMoved } from '../system/message-sources.service.js';
import type { LedgerEntriesTable } from './finance.tables.js';
import {
  type BookLine,
  closeFreeze,
  findEntry,
  findEntryByKey,
  findTenantBookFacts,
  heldFreezeTotal,
  insertEntryWithLines,
  insertFreeze,
  isReversed,
  type LockedAccount,
  linesOfEntry,
  lockHeldFreeze,
  lockTenantAccounts,
  orderOfPosting,
  type TenantKind,
  type TenantLine,
  tenantBalances,
} from './ledger.repository.js';

type Db = Kysely<DB>;

/** A posted entry as the ledger answers it; `replayed` when an earlier call with the same key posted it. */
export type LedgerEntry = Selectable<LedgerEntriesTable> & { replayed: boolean };

/** What every posting names (docs/finance.md "The ledger service"). */
export interface PostingBase {
  /** The tenant (main account uid) whose money moves. */
  tenantId: number;
  /**
   * Unique per tenant and intended movement (e.g. `waybill-fee:123`): the same key with the
   * same request returns the first result, with another request is refused, and two
   * concurrent calls with one key post once.
   */
  idemKey: string;
  /** What the entry belongs to. */
  ref: { type: RefType; id: string };
  note?: string;
  /** ISO 4217 code; default CNY. */
  currency?: string;
  /** The user who caused it (0: the system). */
  createdBy?: number;
  /**
   * The console order the movement belongs to; when left out it is derived from `ref` (a
   * waybill's order, an `order` or `purchase` reference's order id). Its Amazon order id is
   * read with it. Not part of the idempotency fingerprint.
   */
  orderId?: number;
}

/** The ledger key prefix of the charge for a purchase the platform made on its 1688 account. */
export const PURCHASE_CHARGE_PREFIX = 'purchase-1688:';
/** The key of that charge: one per 1688 order (docs/finance.md "Purchases"). */
export const purchaseChargeKey = (externalOrderId: string) => `${PURCHASE_CHARGE_PREFIX}${externalOrderId}`;

/** Fee kinds other modules charge or freeze for. */
export type FeeKind = 'serviceFee' | 'logisticsFee' | 'other';

const KEY_MAX = 100;
const REF_MAX = 64;
const NOTE_MAX = 500;

/** The movement an operation asks for, computed under the tenant's account locks. */
interface Plan {
  type: number;
  tenant: Partial<Record<TenantKind, number>>;
  book: BookLine[];
  reverses?: number;
  /** The book of the entry when not the tenant's current one (a reversal keeps the original's). */
  bookId?: number;
  /** The order of the entry when not the reference's (a reversal keeps the original's). */
  order?: { order_id: number | null; amazon_order_id: string };
}

interface Operation {
  op: string;
  /** The request's own fields (with the base, they make the idempotency fingerprint). */
  request: Record<string, unknown>;
  kinds: readonly TenantKind[];
  plan(ctx: PlanContext): Promise<Plan> | Plan;
  /** Writes what belongs with the entry (freeze rows), in the same transaction. */
  after?(db: Db, entry: LedgerEntry, ctx: PlanContext): Promise<void>;
}

interface PlanContext {
  db: Db;
  tenantId: number;
  currency: string;
  traderBook: boolean;
  accounts: Map<TenantKind, LockedAccount>;
  /** The held freeze a settle or release closes. */
  freeze?: { id: number; amount: number; type: number };
}

/** Runs `fn` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** Amount of one movement: whole minor units, 1 to 10^12 (bad amounts never reach the database). */
export function checkAmount(amount: unknown, label = '金额', allowZero = false): number {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) throw badRequest(`${label}必须为数字`);
  if (!Number.isInteger(amount)) throw badRequest(`${label}必须是以分为单位的整数`);
  if (amount < (allowZero ? 0 : 1)) throw badRequest(`${label}必须大于0`);
  if (amount > AMOUNT_MAX) throw badRequest(`${label}不能超过${toDecimalString(minor(AMOUNT_MAX), 'CNY')}`);
  return amount;
}

function checkBase(p: PostingBase): { currency: string; note: string } {
  if (!Number.isSafeInteger(p.tenantId) || p.tenantId <= 0) throw badRequest('账户不合法');
  if (typeof p.idemKey !== 'string' || p.idemKey.length === 0 || p.idemKey.length > KEY_MAX)
    throw badRequest(`幂等键必须为1-${KEY_MAX}个字符`);
  if (!(p.ref.type in REF_TYPES)) throw badRequest('关联单据类型不合法');
  if (p.ref.id.length === 0 || p.ref.id.length > REF_MAX) throw badRequest(`关联单号必须为1-${REF_MAX}个字符`);
  const note = p.note ?? '';
  if (note.length > NOTE_MAX) throw badRequest(`备注不能超过${NOTE_MAX}个字符`);
  const currency = p.currency ?? 'CNY';
  if (!isCurrencyCode(currency)) throw badRequest('币种不合法');
  return { currency, note };
}

/** The refusal of a deduction that does not fit: `余额不足,还差 X 元` with the amount missing in `data`. */
export function insufficient(missing: number, currency: string): AppError {
  const text = toDecimalString(minor(missing), currency);
  return new AppError(400, `余额不足,还差${currency === 'CNY' ? `${text}元` : `${text} ${currency}`}`, {
    code: INSUFFICIENT_BALANCE,
    missing,
    currency,
  });
}

/**
 * Posts one operation: locks the tenant's accounts, answers a replay of the same key, plans
 * the movement, refuses what goes below zero (or below the credit limit), writes the entry
 * and its lines and moves the balances, all in one transaction.
 */
async function post(db: Db, base: PostingBase, operation: Operation): Promise<LedgerEntry> {
  const { currency, note } = checkBase(base);
  const hash = createHash('sha256')
    .update(
      JSON.stringify([operation.op, base.tenantId, currency, base.ref.type, base.ref.id, note, operation.request]),
    )
    .digest('hex');
  return inTransaction(db, async (trx) => {
    const facts = await findTenantBookFacts(trx, base.tenantId);
    if (!facts) throw notFound('账户不存在');
    const traderBook = facts.auth !== 5 && facts.trader_id > 0 && usesTraderFinance(facts);
    const kinds: TenantKind[] = ['available', ...operation.kinds.filter((k) => k !== 'available')];
    const accounts = await lockTenantAccounts(trx, base.tenantId, currency, kinds);
    // Under the lock an earlier posting with this key is committed or absent. It is looked up
    // only when needed (a refusal, or the key taken at insert), not on every posting.
    const earlier = async () => {
      const e = await findEntryByKey(trx, base.tenantId, base.idemKey);
      if (e && e.request_hash !== hash)
        throw conflict('该幂等键已用于另一笔不同的请求,请更换幂等键', { code: 'IDEMPOTENCY_MISMATCH', entry_id: e.id });
      return e && { ...e, replayed: true };
    };
    const ctx: PlanContext = { db: trx, tenantId: base.tenantId, currency, traderBook, accounts };
    const lines: TenantLine[] = [];
    const after: Record<TenantKind, number> = { available: 0, frozen: 0, deposit: 0 };
    let plan: Plan;
    try {
      plan = await operation.plan(ctx);
      for (const kind of ['available', 'frozen', 'deposit'] as const) {
        const acc = accounts.get(kind);
        const change = plan.tenant[kind] ?? 0;
        after[kind] = (acc?.balance ?? 0) + change;
        if (change === 0) continue;
        if (!acc) throw new Error(`account ${kind} not locked`);
        const floor = kind === 'available' ? -acc.credit_limit : 0;
        if (change < 0 && after[kind] < floor) {
          if (kind === 'available') throw insufficient(floor - after[kind], currency);
          throw badRequest(kind === 'deposit' ? '保证金不足' : '冻结金额不足');
        }
        lines.push({ accountId: acc.id, amount: change, balanceAfter: after[kind] });
      }
    } catch (err) {
      // A replay whose first posting changed what this one would check (the balance, the freeze).
      const replay = await earlier();
      if (replay) return replay;
      throw err;
    }
    const change = (k: TenantKind) => plan.tenant[k] ?? 0;
    const order = plan.order ?? (await orderOfPosting(trx, base.tenantId, base.ref, base.orderId));
    const entry = await insertEntryWithLines(
      trx,
      {
        tenant_id: base.tenantId,
        book_id: plan.bookId ?? (traderBook ? facts.trader_id : 0),
        type: plan.type,
        op: operation.op,
        currency,
        amount: change('available') + change('frozen') + change('deposit'),
        available_change: change('available'),
        frozen_change: change('frozen'),
        deposit_change: change('deposit'),
        balance_after: after.available,
        frozen_after: after.frozen,
        deposit_after: after.deposit,
        ref_type: base.ref.type,
        ref_id: base.ref.id,
        note,
        idem_key: base.idemKey,
        request_hash: hash,
        reverses: plan.reverses ?? null,
        created_by: base.createdBy ?? 0,
        order_id: order.order_id,
        amazon_order_id: order.amazon_order_id,
      },
      lines,
      plan.book.filter((l) => l.amount !== 0),
    );
    if (!entry) {
      const replay = await earlier();
      if (!replay) throw conflict('该幂等键的请求正在处理,请稍后重试');
      return replay;
    }
    const posted = { ...entry, replayed: false };
    ledgerPostings.inc({ op: operation.op });
    await operation.after?.(trx, posted, ctx);
    // A low-balance warning crossed downwards is posted once (docs/messages.md).
    if (currency === 'CNY')
      await balanceMoved(trx, base.tenantId, after.available - change('available'), after.available);
    return posted;
  });
}

const feeType = (kind: MovementKind, ctx: PlanContext) => typeFor(kind, ctx.traderBook);

/** A top-up reaches the balance (type 2, or 6 under trader finance): clearing -> available. */
export function topUp(db: Db, p: PostingBase & { amount: number }): Promise<LedgerEntry> {
  const amount = checkAmount(p.amount);
  return post(db, p, {
    op: 'topup',
    request: { amount },
    kinds: ['available'],
    plan: (ctx) => ({
      type: feeType('topUp', ctx),
      tenant: { available: amount },
      book: [{ kind: 'clearing', amount: -amount }],
    }),
  });
}

/** A fee (service 0/7, logistics 1/8, other 3/9) taken from the available balance; refused with 余额不足 when it does not fit. */
export function charge(db: Db, p: PostingBase & { amount: number; fee: FeeKind }): Promise<LedgerEntry> {
  const amount = checkAmount(p.amount);
  return post(db, p, {
    op: 'charge',
    request: { amount, fee: p.fee },
    kinds: ['available'],
    plan: (ctx) => ({ type: feeType(p.fee, ctx), tenant: { available: -amount }, book: [{ kind: 'income', amount }] }),
  });
}

/** A refund of fees to the available balance (type 4/10): income -> available. */
export function refund(db: Db, p: PostingBase & { amount: number }): Promise<LedgerEntry> {
  const amount = checkAmount(p.amount);
  return post(db, p, {
    op: 'refund',
    request: { amount },
    kinds: ['available'],
    plan: (ctx) => ({
      type: feeType('deduction', ctx),
      tenant: { available: amount },
      book: [{ kind: 'income', amount: -amount }],
    }),
  });
}

/** An operator's adjustment (物流充值): credit (type 2/6), debit or refund (type 4/10). */
export function adjust(db: Db, p: PostingBase & { amount: number; kind: AdjustKind }): Promise<LedgerEntry> {
  const amount = checkAmount(p.amount);
  return post(db, p, {
    op: `adjust.${p.kind}`,
    request: { amount },
    kinds: ['available'],
    plan: (ctx) =>
      p.kind === 'credit'
        ? { type: feeType('topUp', ctx), tenant: { available: amount }, book: [{ kind: 'clearing', amount: -amount }] }
        : p.kind === 'debit'
          ? { type: feeType('deduction', ctx), tenant: { available: -amount }, book: [{ kind: 'income', amount }] }
          : {
              type: feeType('deduction', ctx),
              tenant: { available: amount },
              book: [{ kind: 'income', amount: -amount }],
            },
  });
}

/**
 * Holds an amount against a reference (e.g. an order's estimated freight): available -> frozen,
 * typed by the fee it is held for. One held freeze per reference.
 */
export function freeze(db: Db, p: PostingBase & { amount: number; fee: FeeKind }): Promise<LedgerEntry> {
  const amount = checkAmount(p.amount);
  return post(db, p, {
    op: 'freeze',
    request: { amount, fee: p.fee },
    kinds: ['available', 'frozen'],
    async plan(ctx) {
      if (await lockHeldFreeze(ctx.db, ctx.tenantId, p.ref.type, p.ref.id))
        throw conflict('该单据已有冻结金额,请先结算或解冻');
      return { type: feeType(p.fee, ctx), tenant: { available: -amount, frozen: amount }, book: [] };
    },
    async after(trx, entry) {
      await insertFreeze(trx, {
        tenant_id: entry.tenant_id,
        ref_type: p.ref.type,
        ref_id: p.ref.id,
        currency: entry.currency,
        amount,
        type: entry.type,
        freeze_entry_id: entry.id,
      });
    },
  });
}

async function heldFreeze(ctx: PlanContext, ref: PostingBase['ref']) {
  const f = await lockHeldFreeze(ctx.db, ctx.tenantId, ref.type, ref.id);
  if (!f || f.currency !== ctx.currency) throw notFound('该单据没有冻结金额');
  ctx.freeze = f;
  return f;
}

/**
 * Settles the reference's freeze: `fee` becomes income (the freeze's type), the rest returns
 * to the available balance; a fee above the frozen amount takes the difference from it.
 */
export function settleFreeze(db: Db, p: PostingBase & { fee: number }): Promise<LedgerEntry> {
  const fee = checkAmount(p.fee, '结算金额', true);
  return post(db, p, {
    op: 'settle',
    request: { fee },
    kinds: ['available', 'frozen'],
    async plan(ctx) {
      const f = await heldFreeze(ctx, p.ref);
      return {
        type: f.type,
        tenant: { frozen: -f.amount, available: f.amount - fee },
        book: [{ kind: 'income', amount: fee }],
      };
    },
    after: (trx, entry, ctx) => closeFreeze(trx, entry.tenant_id, ctx.freeze!.id, 'settled', entry.id),
  });
}

/** Releases the reference's freeze whole back to the available balance. */
export function releaseFreeze(db: Db, p: PostingBase): Promise<LedgerEntry> {
  return post(db, p, {
    op: 'release',
    request: {},
    kinds: ['available', 'frozen'],
    async plan(ctx) {
      const f = await heldFreeze(ctx, p.ref);
      return { type: f.type, tenant: { frozen: -f.amount, available: f.amount }, book: [] };
    },
    after: (trx, entry, ctx) => closeFreeze(trx, entry.tenant_id, ctx.freeze!.id, 'released', entry.id),
  });
}

/** Pays the deposit (保证金): available -> deposit (type 3/9, reference `deposit`). */
export function payDeposit(db: Db, p: PostingBase & { amount: number }): Promise<LedgerEntry> {
  const amount = checkAmount(p.amount);
  return post(db, p, {
    op: 'deposit.pay',
    request: { amount },
    kinds: ['available', 'deposit'],
    plan: (ctx) => ({ type: feeType('other', ctx), tenant: { available: -amount, deposit: amount }, book: [] }),
  });
}

/** Returns deposit to the available balance (type 5). */
export function returnDeposit(db: Db, p: PostingBase & { amount: number }): Promise<LedgerEntry> {
  const amount = checkAmount(p.amount);
  return post(db, p, {
    op: 'deposit.return',
    request: { amount },
    kinds: ['available', 'deposit'],
    plan: () => ({ type: 5, tenant: { available: amount, deposit: -amount }, book: [] }),
  });
}

/**
 * Corrects an entry by a reversing one (entries are never changed): every line mirrored, same
 * type, reference `reversal`. Freeze entries are closed by settle or release instead.
 */
export function reverseEntry(db: Db, p: Omit<PostingBase, 'ref'> & { entryId: number }): Promise<LedgerEntry> {
  const base = { ...p, ref: { type: 'reversal' as const, id: String(p.entryId) } };
  return post(db, base, {
    op: 'reverse',
    request: { entryId: p.entryId },
    kinds: ['available', 'frozen', 'deposit'],
    async plan(ctx) {
      const original = await findEntry(ctx.db, ctx.tenantId, p.entryId);
      if (!original) throw notFound('记录不存在');
      if (original.reverses !== null) throw badRequest('冲正记录不能再冲正');
      if (['freeze', 'settle', 'release'].includes(original.op)) throw badRequest('冻结相关的记录请通过结算或解冻处理');
      if (original.currency !== ctx.currency) throw badRequest('币种与原记录不一致');
      if (await isReversed(ctx.db, ctx.tenantId, p.entryId)) throw conflict('该记录已冲正');
      const tenant: Partial<Record<TenantKind, number>> = {};
      const book: BookLine[] = [];
      for (const line of await linesOfEntry(ctx.db, p.entryId)) {
        if (line.kind === 'clearing' || line.kind === 'income') book.push({ kind: line.kind, amount: -line.amount });
        else tenant[line.kind] = (tenant[line.kind] ?? 0) - line.amount;
      }
      return {
        type: original.type,
        tenant,
        book,
        reverses: original.id,
        bookId: original.book_id,
        order: { order_id: original.order_id, amazon_order_id: original.amazon_order_id },
      };
    },
  });
}

/** The tenant's balances: available (may be negative down to the credit limit), frozen, deposit. */
export function balancesOf(db: Db, tenantId: number, currency = 'CNY') {
  return tenantBalances(db, tenantId, currency);
}

/** The tenant's frozen total (`getCompanyInfoTotalFreeze`): the sum of its held freezes. */
export function totalFrozen(db: Db, tenantId: number, currency = 'CNY'): Promise<number> {
  return heldFreezeTotal(db, tenantId, currency);
}
