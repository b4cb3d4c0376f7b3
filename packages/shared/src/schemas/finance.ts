import { z } from 'zod';
import { ADJUST_KINDS, AMOUNT_MAX, CONSUMPTION_TYPES, REF_TYPES, TOPUP_CHANNELS } from '../constants/finance.js';
import { dbId, paged, pageQuery, requiredString, secondsQuery } from './common.js';

/**
 * An amount in minor units (fen) as a JSON number: whole, 1 to 10^12. Strings, fractions of a
 * fen, zero and negatives are refused with the field's Chinese label.
 */
export const amountFen = (label = '金额', min = 1) =>
  z
    .number({ error: `${label}必须为数字` })
    .int({ error: `${label}必须是以分为单位的整数` })
    .min(min, { error: `${label}必须大于${min === 0 ? '等于' : ''}0` })
    .max(AMOUNT_MAX, { error: `${label}不能超过100亿元` });

/** The refusal of a money-moving call without `idem_key`. */
export const IDEM_KEY_MISSING = '缺少幂等键(idem_key):请为每次操作生成一个唯一键,重试时沿用同一个';

/**
 * An idempotency key chosen by the client (one per intended movement, e.g. a UUID made when the
 * dialog opens and reused on a retry). Required on every call that moves money (issue 29 §3):
 * a missing key is a 400, never a random one (a retried call would post twice).
 */
export const idemKey = z
  .string({ error: (iss) => (iss.input === undefined ? IDEM_KEY_MISSING : '幂等键不合法') })
  .regex(/^[\w.:-]{1,100}$/, { error: '幂等键必须为1-100个字母、数字或 _ . : -' });

const typeFilter = z.coerce
  .number({ error: '类型必须为数字' })
  .int({ error: '类型不合法' })
  .min(0, { error: '类型不合法' })
  .max(10, { error: '类型不合法' });

const refTypes = Object.keys(REF_TYPES) as [keyof typeof REF_TYPES, ...(keyof typeof REF_TYPES)[]];

/** Statement filters (财务管理): type, date range in seconds, reference. */
export const entriesQuery = z.strictObject({
  ...pageQuery,
  type: typeFilter.optional(),
  startTime: secondsQuery,
  endTime: secondsQuery,
  ref_type: z.enum(refTypes, { error: '关联类型不合法' }).optional(),
  ref_id: z.string().trim().max(64, { error: '关联单号不能超过64个字符' }).optional(),
});
export type EntriesQuery = z.infer<typeof entriesQuery>;

/** The statement export takes the same filters without paging. */
export const entriesExportQuery = entriesQuery.omit({ page: true, pageSize: true });

/** One ledger entry as the screens show it (amounts in fen, signed). */
export const ledgerEntry = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  type: z.number().int(),
  type_name: z.string(),
  op: z.string(),
  currency: z.string(),
  /** Net change of the tenant's money (available + frozen + deposit). */
  amount: z.number().int(),
  available_change: z.number().int(),
  frozen_change: z.number().int(),
  deposit_change: z.number().int(),
  /** Available balance after the entry. */
  balance_after: z.number().int(),
  frozen_after: z.number().int(),
  deposit_after: z.number().int(),
  ref_type: z.string(),
  ref_name: z.string(),
  ref_id: z.string(),
  note: z.string(),
  reverses: z.number().int().nullable(),
  /** The console order the movement belongs to (null when none) and its Amazon order id ('' when none). */
  order_id: z.number().int().nullable(),
  amazon_order_id: z.string(),
  /** Unix seconds. */
  created_at: z.number().int(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntry>;
/** A posting's answer: the entry, and whether an earlier call with the same key had posted it. */
export const postedEntry = ledgerEntry.extend({ replayed: z.boolean() });
export const entriesPage = paged(ledgerEntry);

/** An entry on the reviewer's screen (物流充值), with the tenant's account name. */
export const bookEntry = ledgerEntry.extend({ account: z.string() });
export const bookEntriesPage = paged(bookEntry);

/** 物流充值 list filters: the reviewer's clients' top-ups and adjustments. */
export const expressLogQuery = z.strictObject({
  ...pageQuery,
  startTime: secondsQuery,
  endTime: secondsQuery,
  account: z.string().trim().max(64, { error: '账号不能超过64个字符' }).optional(),
});

/** 财务首页: balances, this month's spend per type, a daily series and the warning threshold. */
export const financeOverview = z.object({
  currency: z.string(),
  available: z.number().int(),
  frozen: z.number().int(),
  deposit: z.number().int(),
  credit_limit: z.number().int(),
  /** Low-balance warning threshold the user set (fen; 0: off). */
  warning: z.number().int(),
  month: z.array(z.object({ type: z.number().int(), type_name: z.string(), amount: z.number().int() })),
  /** One row per day (tenant calendar), oldest first: available balance at the day's end and fees spent. */
  days: z.array(z.object({ day: z.string(), balance: z.number().int(), spend: z.number().int() })),
  /** Consumption types this user sees (spec section 9). */
  types: z.array(z.number().int()),
});
export type FinanceOverview = z.infer<typeof financeOverview>;

/** Overview query: how many days the series covers. */
export const overviewQuery = z.strictObject({
  days: z.coerce
    .number({ error: '天数必须为数字' })
    .refine((d) => d === 30 || d === 90, { error: '天数只能为30或90' })
    .default(30),
});

/** The low-balance warning threshold (fen; 0 turns it off). */
export const warningBody = z.strictObject({ warning: amountFen('预警金额', 0) });
export const warningData = z.object({ warning: z.number().int() });

/** `getCompanyInfoTotalFreeze`: the tenant's frozen total. */
export const totalFreezeData = z.object({ total_freeze: z.number().int(), currency: z.string() });

/** Stored top-up proof image (key for the submit call, URLs to show it). */
export const topupProof = z.object({ key: z.string(), url: z.string(), thumb: z.string() });

const channels = Object.keys(TOPUP_CHANNELS) as [keyof typeof TOPUP_CHANNELS, ...(keyof typeof TOPUP_CHANNELS)[]];

/** 提交充值. */
export const topupAddBody = z.strictObject({
  amount: amountFen('充值金额'),
  channel: z.enum(channels, { error: '请选择充值方式' }),
  payer: requiredString(64),
  reference: requiredString(64),
  /** When the money was sent (Unix seconds). */
  paid_at: z
    .number({ error: '转账时间必须为秒数' })
    .int({ error: '转账时间不合法' })
    .min(1, { error: '请选择转账时间' })
    .max(253_402_300_799, { error: '转账时间不合法' }),
  proof: z
    .string({ error: '请上传转账凭证' })
    .min(1, { error: '请上传转账凭证' })
    .max(200, { error: '转账凭证不合法' }),
  note: z.string().trim().max(200, { error: '备注不能超过200个字符' }).optional(),
});
export type TopupAddBody = z.infer<typeof topupAddBody>;

const statusFilter = z.coerce
  .number({ error: '状态必须为数字' })
  .int({ error: '状态不合法' })
  .min(0, { error: '状态不合法' })
  .max(2, { error: '状态不合法' });

/** 充值记录 and the reviewer's list: status, date range (submission time, seconds). */
export const topupListQuery = z.strictObject({
  ...pageQuery,
  status: statusFilter.optional(),
  startTime: secondsQuery,
  endTime: secondsQuery,
});
export type TopupListQuery = z.infer<typeof topupListQuery>;

/** One top-up. */
export const topupRow = z.object({
  id: z.number().int(),
  uid: z.number().int(),
  account: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  channel: z.string(),
  channel_name: z.string(),
  payer: z.string(),
  reference: z.string(),
  paid_at: z.number().int(),
  proof_url: z.string(),
  proof_thumb: z.string(),
  note: z.string(),
  status: z.number().int(),
  status_name: z.string(),
  reason: z.string(),
  reviewed_at: z.number().int().nullable(),
  entry_id: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type TopupRow = z.infer<typeof topupRow>;
export const topupPage = paged(topupRow);

/** Approve a top-up. */
export const topupApproveBody = z.strictObject({ id: dbId('充值记录', 'integer') });
/** Refuse a top-up: the reason is required. */
export const topupRefuseBody = z.strictObject({
  id: dbId('充值记录', 'integer'),
  reason: z.string({ error: '请填写驳回原因' }).trim().min(1, { error: '请填写驳回原因' }).max(200, {
    error: '驳回原因不能超过200个字符',
  }),
});

const adjustKinds = Object.keys(ADJUST_KINDS) as [keyof typeof ADJUST_KINDS, ...(keyof typeof ADJUST_KINDS)[]];
const reason = z.string({ error: '请填写原因' }).trim().min(1, { error: '请填写原因' }).max(200, {
  error: '原因不能超过200个字符',
});

/** An operator's or trader's adjustment of a client's balance (物流充值). */
export const adjustBody = z.strictObject({
  uid: dbId('账户', 'integer'),
  kind: z.enum(adjustKinds, { error: '调整类型不合法' }),
  amount: amountFen('调整金额'),
  reason,
  idem_key: idemKey,
});

/** The credit limit of a client (how far its balance may go below zero). */
export const creditLimitBody = z.strictObject({
  uid: dbId('账户', 'integer'),
  credit_limit: amountFen('信用额度', 0),
});
export const creditLimitData = z.object({ uid: z.number().int(), credit_limit: z.number().int() });

/** Pay deposit (保证金) from the own balance. */
export const depositPayBody = z.strictObject({ amount: amountFen('保证金金额'), idem_key: idemKey });
/** Return deposit to a client's balance (type 5). */
export const depositReturnBody = z.strictObject({
  uid: dbId('账户', 'integer'),
  amount: amountFen('退还金额'),
  reason,
  idem_key: idemKey,
});

/** Reverse an entry of a client (a correction; entries are never changed). */
export const reverseBody = z.strictObject({
  uid: dbId('账户', 'integer'),
  id: dbId('记录'),
  reason,
  idem_key: idemKey,
});

/** A reviewer's clients (for the adjustment form). */
export const financeClient = z.object({
  uid: z.number().int(),
  account: z.string(),
  user_name: z.string(),
  available: z.number().int(),
  frozen: z.number().int(),
  deposit: z.number().int(),
  credit_limit: z.number().int(),
});
export const financeClients = z.array(financeClient);
export const financeClientsQuery = z.strictObject({
  keyword: z.string().trim().max(64, { error: '关键词不能超过64个字符' }).optional(),
});

/** 采购明细 filters: when recorded, and the order (console order id or Amazon order id). */
export const purchaseQuery = z.strictObject({
  ...pageQuery,
  startTime: secondsQuery,
  endTime: secondsQuery,
  ref_id: z.string().trim().max(64, { error: '订单号不能超过64个字符' }).optional(),
});

/**
 * One purchase of 采购明细 (docs/finance.md "Purchases"): every item's recorded purchase with its
 * cost; `charged` is what the balance paid (a purchase the platform made on its 1688 account),
 * 0 with `entry_id` null for a purchase the tenant made itself.
 */
export const purchaseRow = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  amazon_order_id: z.string(),
  item_id: z.number().int(),
  seller_sku: z.string(),
  title: z.string(),
  supplier: z.string(),
  supplier_order_no: z.string(),
  /** `manual` bought by the tenant itself, `1688` by the platform on its 1688 account. */
  channel: z.string(),
  channel_name: z.string(),
  quantity: z.number().int(),
  /** The purchase's cost (minor units). */
  paid: z.number().int(),
  currency: z.string(),
  /** What the balance paid for it (minor units, positive), 0 when not charged. */
  charged: z.number().int(),
  entry_id: z.number().int().nullable(),
  /** Unix seconds. */
  created_at: z.number().int(),
});
export type PurchaseRow = z.infer<typeof purchaseRow>;
export const purchasePage = paged(purchaseRow);

/** Consumption type names for clients (also in the constants). */
export const consumptionTypeName = (type: number): string =>
  CONSUMPTION_TYPES[type as keyof typeof CONSUMPTION_TYPES] ?? String(type);
