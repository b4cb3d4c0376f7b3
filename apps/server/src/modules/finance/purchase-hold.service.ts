import { INSUFFICIENT_BALANCE } from '@console/shared/constants/finance';
import { minor, toDecimalString } from '@console/shared/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { lockHeldFreeze } from './ledger.repository.js';
import * as ledger from './ledger.service.js';

type Db = Kysely<DB>;

/**
 * The hold of a 1688 purchase the platform places for the tenant (docs/finance.md "Purchases"):
 * 1688's quoted price is frozen on the tenant's balance before 1688 is called, so a balance that
 * cannot pay is refused with nothing placed, and two purchases at once cannot both count on the
 * same money (the ledger locks the tenant's accounts). One hold per outbox row
 * (`order_purchases_1688.id`); released when the purchase is recorded (in the transaction of its
 * charge) or when 1688 refuses the order.
 */
const holdRef = (rowId: number) => ({ type: 'purchase' as const, id: `1688-${rowId}` });
const holdKeys = (rowId: number) => ({
  hold: `purchase-1688-hold:${rowId}`,
  release: `purchase-1688-release:${rowId}`,
});

const yuanText = (fen: number) => `¥${toDecimalString(minor(fen), 'CNY')}`;

/** The refusal of a purchase the balance cannot pay (the freight warning's wording). */
export function purchaseLowBalanceMessage(spendableFen: number, priceFen: number): string {
  const missing = Math.max(0, priceFen - spendableFen);
  return `余额不足:可用余额(含信用额度)${yuanText(spendableFen)},本次1688采购 ${yuanText(priceFen)}(1688报价,含运费),还差 ${yuanText(missing)}。请先充值后再下单`;
}

/** Whether the row's hold is still held. */
export async function hasPurchaseHold(db: Db, tenantId: number, rowId: number): Promise<boolean> {
  return (await lockHeldFreeze(db, tenantId, 'purchase', holdRef(rowId).id)) !== undefined;
}

/**
 * Freezes `amount` for the row; a balance (with its credit limit) that cannot hold it is a 400
 * naming the shortfall and 充值, with `data.missing` in fen.
 */
export async function holdPurchase(
  db: Db,
  p: { tenantId: number; rowId: number; orderId: number; amount: number; createdBy: number; note: string },
) {
  try {
    await ledger.freeze(db, {
      tenantId: p.tenantId,
      idemKey: holdKeys(p.rowId).hold,
      ref: holdRef(p.rowId),
      orderId: p.orderId,
      amount: p.amount,
      fee: 'other',
      note: p.note,
      createdBy: p.createdBy,
    });
  } catch (err) {
    if (!(err instanceof AppError) || (err.data as { code?: string } | undefined)?.code !== INSUFFICIENT_BALANCE)
      throw err;
    const b = await ledger.balancesOf(db, p.tenantId);
    const spendable = Number(b.available) + Number(b.credit_limit);
    throw new AppError(400, purchaseLowBalanceMessage(spendable, p.amount), {
      code: INSUFFICIENT_BALANCE,
      missing: Math.max(0, p.amount - spendable),
      currency: 'CNY',
    });
  }
}

/** Gives the row's hold back to the available balance, if one is held (in the caller's transaction). */
export async function releasePurchaseHold(db: Db, p: { tenantId: number; rowId: number; createdBy: number }) {
  if (!(await hasPurchaseHold(db, p.tenantId, p.rowId))) return;
  await ledger.releaseFreeze(db, {
    tenantId: p.tenantId,
    idemKey: holdKeys(p.rowId).release,
    ref: holdRef(p.rowId),
    createdBy: p.createdBy,
  });
}
