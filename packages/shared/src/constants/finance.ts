import type { PermissionSubject } from '../permissions/can.js';

/**
 * Consumption types of spec section 9: 0-5 for money kept by the platform operator, 6-10 the
 * same movements of a tenant whose money its trader keeps (trader finance). 5 has no trader twin.
 */
export const CONSUMPTION_TYPES = {
  0: '服务费',
  1: '物流费',
  2: '物流充值',
  3: '其他',
  4: '扣款/退款',
  5: '保证金退还',
  6: 'T-物流充值',
  7: 'T-服务费',
  8: 'T-物流费',
  9: 'T-其他',
  10: 'T-扣款/退款',
} as const;

/** A consumption type number (0-10). */
export type ConsumptionType = keyof typeof CONSUMPTION_TYPES;

/** Types shown to tenants whose money the platform keeps. */
export const NORMAL_TYPES: readonly ConsumptionType[] = [0, 1, 2, 3, 4, 5];
/** Types of tenants whose money their trader keeps. */
export const TRADER_TYPES: readonly ConsumptionType[] = [6, 7, 8, 9, 10];

/** What a movement is, independent of who keeps the money; `typeFor` gives its number. */
export type MovementKind = 'serviceFee' | 'logisticsFee' | 'topUp' | 'other' | 'deduction' | 'depositReturn';

const NORMAL_OF: Record<MovementKind, ConsumptionType> = {
  serviceFee: 0,
  logisticsFee: 1,
  topUp: 2,
  other: 3,
  deduction: 4,
  depositReturn: 5,
};
const TRADER_OF: Record<MovementKind, ConsumptionType> = {
  serviceFee: 7,
  logisticsFee: 8,
  topUp: 6,
  other: 9,
  deduction: 10,
  depositReturn: 5,
};

/** The consumption type of a movement: trader types when the tenant's trader keeps its money. */
export function typeFor(kind: MovementKind, traderBook: boolean): ConsumptionType {
  return (traderBook ? TRADER_OF : NORMAL_OF)[kind];
}

/** Whether an account's money is kept by its trader (spec section 6 "trader finance": either flag). */
export function usesTraderFinance(user: Pick<PermissionSubject, 'is_use_trader_express' | 'is_use_trader_finance'>) {
  return Boolean(user.is_use_trader_express) || Boolean(user.is_use_trader_finance);
}

/**
 * The type list a user sees (spec section 9): a trader using trader finance both lists, a
 * non-trader with trader finance only trader types, everyone else the normal ones.
 */
export function visibleTypes(
  user: Pick<PermissionSubject, 'auth' | 'is_use_trader_express' | 'is_use_trader_finance'>,
) {
  if (!usesTraderFinance(user)) return [...NORMAL_TYPES];
  return user.auth === 5 ? [...NORMAL_TYPES, ...TRADER_TYPES] : [...TRADER_TYPES];
}

/** What an entry belongs to (its reference). */
export const REF_TYPES = {
  order: '订单',
  waybill: '运单',
  topup: '充值',
  adjustment: '人工调整',
  deposit: '保证金',
  purchase: '采购',
  service: '服务',
  reversal: '冲正',
} as const;
/** A reference kind. */
export type RefType = keyof typeof REF_TYPES;

/** Payment channels of a top-up. */
export const TOPUP_CHANNELS = { bank: '银行转账', alipay: '支付宝', wechat: '微信支付' } as const;
/** A payment channel. */
export type TopupChannel = keyof typeof TOPUP_CHANNELS;

/** Top-up statuses: 0 待审核, 1 已通过, 2 已驳回. */
export const TOPUP_STATUS = { 0: '待审核', 1: '已通过', 2: '已驳回' } as const;

/** Largest amount of one movement, in minor units (10^12 fen = 10 billion yuan). */
export const AMOUNT_MAX = 1_000_000_000_000;

/** Operator adjustments of the logistics top-up screen (物流充值). */
export const ADJUST_KINDS = { credit: '加款', debit: '扣款', refund: '退款' } as const;
/** An adjustment kind. */
export type AdjustKind = keyof typeof ADJUST_KINDS;

/** The stable code of a refused deduction (`data.code`), beside the message `余额不足,还差…`. */
export const INSUFFICIENT_BALANCE = 'INSUFFICIENT_BALANCE';
