import { z } from 'zod';
import { PROBLEM_TYPES, type ProblemType } from '../logistics/problem.js';
import { dbId, dbInt, paged, pageQuery } from './common.js';
import { amountFen } from './finance.js';

/**
 * Problem parcels 问题件 (`/index/problem_package`, issue 18 §4): a problem reported on a
 * shipped waybill, its exception type (spec section 4) as a state machine
 * (`logistics/problem.ts`), its history, the compensation of a lost parcel (fen) and the new
 * waybill of a re-dispatch or reshipment.
 */

const problemId = dbId('问题件ID');
const version = dbInt('版本号', 1);
const note = z.string({ error: '备注必须为文本' }).trim().max(500, { error: '备注不能超过500个字符' });

/** An exception type in a request (a number 1-10). */
export const problemType = z.coerce
  .number({ error: '异常类型必须为数字' })
  .int({ error: '异常类型不存在' })
  .refine((v): v is ProblemType => (PROBLEM_TYPES as readonly number[]).includes(v), { error: '异常类型不存在' })
  .transform((v) => v as ProblemType);

export const PROBLEM_STATUSES = ['open', 'closed'] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];
export const PROBLEM_STATUS_LABELS: Readonly<Record<ProblemStatus, string>> = { open: '处理中', closed: '已关闭' };

/** The sides the caller holds on a row: `user` (the seller's staff), `handler` (the channel's warehouse/operator). */
const sides = z.array(z.enum(['user', 'handler']));

/** A problem parcel as the list and the detail show it. */
export const problemRow = z.object({
  id: z.number().int(),
  waybill_id: z.number().int(),
  waybill_no: z.string(),
  tracking_no: z.string().nullable(),
  order_id: z.number().int(),
  amazon_order_id: z.string(),
  channel_name: z.string(),
  type: z.number().int(),
  status: z.enum(PROBLEM_STATUSES),
  compensation: z.number().int().nullable(),
  currency: z.string(),
  new_waybill_id: z.number().int().nullable(),
  new_waybill_no: z.string().nullable(),
  new_tracking_no: z.string().nullable(),
  note: z.string(),
  version: z.number().int(),
  reported_by: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  sides,
});
export type ProblemRow = z.infer<typeof problemRow>;

/** One step of a problem parcel's history. */
export const problemHistoryRow = z.object({
  id: z.number().int(),
  action: z.enum(['report', 'step', 'compensate', 'close', 'system']),
  from_type: z.number().int().nullable(),
  to_type: z.number().int().nullable(),
  note: z.string(),
  amount: z.number().int().nullable(),
  waybill_no: z.string().nullable(),
  user: z.string(),
  created_at: z.number().int(),
});
export type ProblemHistoryRow = z.infer<typeof problemHistoryRow>;

export const problemDetail = problemRow.extend({ history: z.array(problemHistoryRow) });
export const problemPage = paged(problemRow);

/** `GET /logistics/problem/list`: filters by type, status and a keyword (tracking no., waybill no., Amazon order id). */
export const problemListQuery = z.strictObject({
  ...pageQuery,
  type: problemType.optional(),
  status: z.enum(PROBLEM_STATUSES, { error: '状态不存在' }).optional(),
  keyword: z.string().trim().max(64, { error: '关键词不能超过64个字符' }).optional(),
});
export const problemIdQuery = z.strictObject({ id: problemId });

/** `POST /logistics/problem/report`: opens a problem parcel on a shipped waybill. */
export const problemReportBody = z.strictObject({
  waybill_id: dbId('运单ID'),
  type: problemType,
  note: note.optional(),
});
/** `POST /logistics/problem/transition`: a step to another type (the transition table decides). */
export const problemTransitionBody = z.strictObject({ id: problemId, version, to: problemType, note: note.optional() });
/** `POST /logistics/problem/compensate`: 3 -> 4 with the compensation in fen, refunded once. */
export const problemCompensateBody = z.strictObject({
  id: problemId,
  version,
  amount: amountFen('赔偿金额'),
  note: note.optional(),
});
/** `POST /logistics/problem/close`: resolves a problem parcel (a reason is required). */
export const problemCloseBody = z.strictObject({
  id: problemId,
  version,
  note: note.min(1, { error: '请填写关闭原因' }),
});
