import { z } from 'zod';
import { MARKETPLACES, type MarketplaceCode } from '../constants/marketplaces.js';
import type { Permission } from '../permissions/permissions.js';
import { dbId, dbInt, paged, pageQuery } from './common.js';

/**
 * 手工单 (manual orders, issue 17 §2, spec section 4): an order entered by hand (not synced from
 * Amazon) that the warehouse fulfils by the follow-sale route for a fee paid from the tenant's
 * balance. Its statuses and who may move it are an explicit state machine (docs/decisions.md
 * "Issue 17: manual orders"). Amounts are CNY fen.
 */

/** Manual order statuses of spec section 4. */
export const MANUAL_STATUSES = [-2, -1, 1, 2, 3, 4, 5, 6, 7] as const;
export type ManualStatus = (typeof MANUAL_STATUSES)[number];

/** Chinese labels (spec section 4; 2 is shown as awaiting acceptance). */
export const MANUAL_STATUS_LABELS: Readonly<Record<ManualStatus, string>> = {
  [-2]: '已作废',
  [-1]: '信息缺失',
  1: '待付款',
  2: '待接单',
  3: '已接单',
  4: '已完成',
  5: '重新跟卖',
  6: '重新跟卖处理中',
  7: '失败',
};

/** Days after completion during which the follow-sale may be resumed (the one-month warranty). */
export const MANUAL_WARRANTY_DAYS = 30;

/** One allowed step: from, to, the permission it needs and the button's label. */
export interface ManualTransition {
  from: ManualStatus;
  to: ManualStatus;
  need: Permission;
  label: string;
  /** A reason must be given (it goes into the history). */
  reason?: boolean;
}

/**
 * The state machine (docs/decisions.md): every step not listed is refused. `order.manual`:
 * the staff who enter orders (admins, group leaders, workers); `finance.payMargin`: the
 * company or personal admin, who spends the balance; `order.manualHandle`: who fulfils
 * (admins, group leaders). Missing info (-1) and awaiting payment (1) follow from the order's
 * fields when it is saved, not from a step.
 */
export const MANUAL_TRANSITIONS: readonly ManualTransition[] = [
  { from: 1, to: 2, need: 'finance.payMargin', label: '付款' },
  { from: 2, to: 3, need: 'order.manualHandle', label: '接单' },
  { from: 3, to: 4, need: 'order.manualHandle', label: '完成' },
  { from: 3, to: 7, need: 'order.manualHandle', label: '失败', reason: true },
  { from: 4, to: 5, need: 'order.manual', label: '重新跟卖', reason: true },
  { from: 5, to: 6, need: 'order.manualHandle', label: '处理重新跟卖' },
  { from: 6, to: 4, need: 'order.manualHandle', label: '重新跟卖完成' },
  { from: 6, to: 7, need: 'order.manualHandle', label: '失败', reason: true },
  { from: -1, to: -2, need: 'order.manual', label: '作废' },
  { from: 1, to: -2, need: 'order.manual', label: '作废' },
  { from: 2, to: -2, need: 'finance.payMargin', label: '作废并退款', reason: true },
];

/** The step from `from` to `to`, if the machine has it. */
export function manualTransition(from: ManualStatus, to: ManualStatus): ManualTransition | undefined {
  return MANUAL_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

const marketplaceCode = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .refine((s): s is MarketplaceCode => MARKETPLACES.some((m) => m.code === s), { error: '站点不存在' });
const manualId = dbId('手工单ID');
const STATUS_VALUES = MANUAL_STATUSES as unknown as [ManualStatus, ...ManualStatus[]];
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}必须为文本` })
    .trim()
    .max(max, { error: `${label}不能超过${max}个字符` })
    .default('');

/** `POST /order/manual/save`: a new manual order (no id) or a change of one still unpaid (-1 or 1). */
export const manualSaveBody = z.strictObject({
  id: manualId.optional(),
  /** The version as read (required with `id`). */
  version: dbInt('版本', 1).optional(),
  shop_id: dbId('店铺ID', 'integer').nullable().optional(),
  marketplace: marketplaceCode.nullable().optional(),
  asin: z
    .string()
    .trim()
    .toUpperCase()
    .refine((s) => s === '' || /^[A-Z0-9]{10}$/.test(s), { error: 'ASIN格式不合法' })
    .default(''),
  seller_sku: text('SKU', 64),
  title: text('商品标题', 200),
  quantity: dbInt('数量', 0, 10_000).default(1),
  /** The fee in yuan as typed ("35.00"); empty: not known yet (missing info). */
  amount: text('金额', 20),
  buyer_name: text('收件人', 100),
  buyer_phone: text('电话', 40),
  buyer_address: text('地址', 300),
  note: text('备注', 500),
});
export type ManualSaveBody = z.infer<typeof manualSaveBody>;

/** `POST /order/manual/transition`: one step of the state machine. */
export const manualTransitionBody = z.strictObject({
  id: manualId,
  version: dbInt('版本', 1),
  to: z.literal(STATUS_VALUES, { error: '手工单状态不存在' }),
  reason: z.string().trim().max(300, { error: '原因不能超过300个字符' }).default(''),
});
export type ManualTransitionBody = z.infer<typeof manualTransitionBody>;

/** `POST /order/manual/list`. */
export const manualListBody = z.strictObject({
  ...pageQuery,
  status: z.literal(STATUS_VALUES, { error: '手工单状态不存在' }).optional(),
  keyword: z.string().trim().max(100, { error: '关键词不能超过100个字符' }).optional(),
});
export type ManualListBody = z.infer<typeof manualListBody>;

/** `POST /order/manual/detail`. */
export const manualIdBody = z.strictObject({ id: manualId });

const statusSchema = z.literal(STATUS_VALUES);

/** A manual order as shown (buyer data masked unless the caller may see it, `order.buyerData`). */
export const manualOrderView = z.object({
  id: z.number().int(),
  status: statusSchema,
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  marketplace: z.string().nullable(),
  asin: z.string(),
  seller_sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  /** CNY fen; null while unknown. */
  amount_minor: z.number().int().nullable(),
  buyer_name: z.string(),
  buyer_phone: z.string(),
  buyer_address: z.string(),
  buyer_masked: z.boolean(),
  note: z.string(),
  /** What is missing while the status is -1. */
  missing: z.array(z.string()),
  created_by_name: z.string().nullable(),
  created_at: z.number().int(),
  paid_at: z.number().int().nullable(),
  completed_at: z.number().int().nullable(),
  /** Last second a re-follow may be asked for (completion + the warranty). */
  warranty_until: z.number().int().nullable(),
  version: z.number().int(),
});
export type ManualOrderView = z.infer<typeof manualOrderView>;

/** The list with the counts per status. */
export const manualListData = paged(manualOrderView).extend({
  counts: z.record(z.string(), z.number().int()),
});

/** The detail: the order and its history. */
export const manualDetailData = manualOrderView.extend({
  events: z.array(
    z.object({
      id: z.number().int(),
      from_status: statusSchema.nullable(),
      to_status: statusSchema,
      text: z.string(),
      user_name: z.string().nullable(),
      created_at: z.number().int(),
    }),
  ),
});
export type ManualDetailData = z.infer<typeof manualDetailData>;
