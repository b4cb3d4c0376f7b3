import {
  canClose,
  NEW_WAYBILL_TYPES,
  OPENING_TYPES,
  PROBLEM_TYPE_LABELS,
  type ProblemSide,
  type ProblemType,
  refuseStep,
} from '@console/shared/logistics/problem';
import { can } from '@console/shared/permissions/can';
import type { ProblemHistoryRow, ProblemRow } from '@console/shared/schemas/problem';
import type { Actor, AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { CarrierError } from '../../logistics/carrier.js';
import { carrierOf } from '../../logistics/carrier-sandbox.js';
import { subjectOf } from '../account/account.presenter.js';
import * as ledger from '../finance/ledger.service.js';
import { audit } from '../system/audit.js';
import { problemParcel } from '../system/message-sources.service.js';
import { managedBook } from './channel.service.js';
import { orderEvent } from './logistics.repository.js';
import {
  findProblem,
  insertProblem,
  insertProblemEvent,
  listProblems,
  openProblemOfWaybill,
  type ProblemReach,
  problemEvents,
  reportableWaybill,
  updateProblem,
  waybillsToWatch,
} from './problem.repository.js';
import { findWaybill } from './waybill.repository.js';
import { completeFollowUpWaybill, insertFollowUpWaybill } from './waybill.service.js';

const NOT_FOUND = '问题件不存在';
const STALE = '问题件已被他人处理,请刷新后重试';
const secs = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

/** The idempotency key of a lost parcel's compensation: one refund per problem parcel. */
export const compensationKey = (problemId: number) => `problem-compensate:${problemId}`;

/** The caller as problem parcels see it: its tenant, and its book when it is a warehouse-side handler. */
export interface ProblemCaller {
  user: UserRow;
  tenantId: number;
  reach: ProblemReach;
  /** The caller may take the seller's steps on its own tenant's rows. */
  seller: boolean;
}

/** Builds the caller's reach: a handler (`logistics.problemHandle`) also reaches its book's rows of every tenant. */
export function callerOf(deps: AppDeps, user: UserRow, tenantId: number): ProblemCaller {
  const subject = subjectOf(user);
  const ctx = { internalIds: deps.config.internalIds };
  const handler = can(subject, 'logistics.problemHandle', ctx);
  return {
    user,
    tenantId,
    reach: { tenantId, book: handler ? managedBook(user) : null },
    seller: can(subject, 'logistics.ship', ctx),
  };
}

/** The sides the caller holds on a row (`user`: its own tenant's parcel; `handler`: its book's channel). */
function sidesOf(c: ProblemCaller, row: { tenant_id: number; book_id: number }): ProblemSide[] {
  const sides: ProblemSide[] = [];
  if (c.seller && row.tenant_id === c.tenantId) sides.push('user');
  if (c.reach.book !== null && row.book_id === c.reach.book) sides.push('handler');
  return sides;
}

type Listed = Awaited<ReturnType<typeof listProblems>>['rows'][number];

function present(c: ProblemCaller, r: Listed): ProblemRow {
  return {
    id: r.id,
    waybill_id: r.waybill_id,
    waybill_no: r.waybill_no,
    tracking_no: r.tracking_no,
    order_id: r.order_id,
    amazon_order_id: r.amazon_order_id,
    channel_name: r.channel_name,
    type: r.type,
    status: r.status,
    compensation: r.compensation === null ? null : Number(r.compensation),
    currency: r.currency,
    new_waybill_id: r.new_waybill_id,
    new_waybill_no: r.new_waybill_no ?? null,
    new_tracking_no: r.new_tracking_no ?? null,
    note: r.note,
    version: r.version,
    reported_by: r.reported_by ?? '系统',
    created_at: secs(r.created_at),
    updated_at: secs(r.updated_at),
    sides: sidesOf(c, r),
  };
}

/** 问题件 list: the caller's tenant's, and for a handler its book's, newest first. */
export async function problemList(
  deps: AppDeps,
  c: ProblemCaller,
  q: {
    page: number;
    pageSize: number;
    type?: number | undefined;
    status?: 'open' | 'closed' | undefined;
    keyword?: string | undefined;
  },
) {
  const r = await listProblems(deps.db, c.reach, q);
  return { list: r.rows.map((x) => present(c, x)), total: r.total, page: q.page, pageSize: q.pageSize };
}

/** One problem parcel with its history (who, when, from -> to, amounts, the waybill made). */
export async function problemDetail(deps: AppDeps, c: ProblemCaller, id: number) {
  const r = await listProblems(deps.db, c.reach, { page: 1, pageSize: 1, id });
  const row = r.rows[0];
  if (!row) throw notFound(NOT_FOUND);
  const history: ProblemHistoryRow[] = (await problemEvents(deps.db, id)).map((e) => ({
    id: e.id,
    action: e.action,
    from_type: e.from_type,
    to_type: e.to_type,
    note: e.note,
    amount: e.amount === null ? null : Number(e.amount),
    waybill_no: e.waybill_no ?? null,
    user: e.user ?? '系统',
    created_at: secs(e.created_at),
  }));
  return { ...present(c, row), history };
}

/** The actor for the tenant's own rows (a handler's step makes the waybill on the seller's account). */
const asTenant = (actor: Actor, tenantId: number): Actor => ({ ...actor, tenantId });

/**
 * 登记问题件: opens a problem parcel on a shipped waybill of the caller's tenant with an opening
 * type of the caller's side (users 1, 2, 5, 8, 10; the channel's handler 3, 6, 7, 9). Opening
 * with 6 or 8 makes the new waybill at once. One open problem parcel per waybill (409).
 */
export async function reportProblem(
  deps: AppDeps,
  actor: Actor,
  c: ProblemCaller,
  body: { waybill_id: number; type: ProblemType; note?: string | undefined },
) {
  const created = await deps.db.transaction().execute(async (trx) => {
    const w = await reportableWaybill(trx, c.tenantId, body.waybill_id);
    if (!w) throw notFound('运单不存在');
    if (w.cancelled_at) throw badRequest('运单已取消,不能登记问题件');
    if (w.status !== '2') throw badRequest('只有已发货的运单可以登记问题件');
    const sides = sidesOf(c, { tenant_id: c.tenantId, book_id: w.book_id });
    if (!sides.some((s) => OPENING_TYPES[s].includes(body.type))) {
      throw badRequest(`不能以「${PROBLEM_TYPE_LABELS[body.type]}」登记问题件`);
    }
    if (await openProblemOfWaybill(trx, c.tenantId, w.id)) throw conflict('该运单已有处理中的问题件');
    const note = body.note ?? '';
    const row = await insertProblem(trx, {
      tenant_id: c.tenantId,
      waybill_id: w.id,
      order_id: w.order_id,
      book_id: w.book_id,
      type: body.type,
      currency: w.currency,
      note,
      created_by: actor.userId,
    });
    if (!row) throw conflict('该运单已有处理中的问题件');
    let newWaybill: { id: number; waybill_no: string } | null = null;
    if ((NEW_WAYBILL_TYPES as readonly number[]).includes(body.type)) {
      newWaybill = await followUp(trx, actor, c.tenantId, w.id, row.id);
    }
    await insertProblemEvent(trx, {
      tenant_id: c.tenantId,
      problem_id: row.id,
      action: 'report',
      from_type: null,
      to_type: body.type,
      note,
      amount: null,
      waybill_id: newWaybill?.id ?? null,
      user_id: actor.userId,
    });
    await audit(trx, actor, {
      action: 'logistics.problem.report',
      targetType: 'logistics_problem',
      targetId: row.id,
      after: { waybill_no: w.waybill_no, type: body.type, new_waybill_no: newWaybill?.waybill_no ?? null },
    });
    await orderEvent(
      trx,
      c.tenantId,
      w.order_id,
      'problem',
      `运单 ${w.waybill_no} 登记问题件:${PROBLEM_TYPE_LABELS[body.type]}`,
      actor.userId,
    );
    const label = `运单 ${w.waybill_no} 登记为${PROBLEM_TYPE_LABELS[body.type]}`;
    const problem = { id: row.id, tenant_id: c.tenantId, book_id: w.book_id, created_by: actor.userId };
    await problemParcel(trx, deps.config.internalIds, problem, sides.includes('user'), label);
    return { id: row.id, newWaybill };
  });
  const warning = await finishFollowUp(deps, asTenant(actor, c.tenantId), created.newWaybill);
  return { id: created.id, warning };
}

/** Makes the follow-up waybill of a re-dispatch or reshipment and links it to the problem parcel. */
async function followUp(trx: AppDeps['db'], actor: Actor, tenantId: number, waybillId: number, problemId: number) {
  const first = await findWaybill(trx, tenantId, waybillId);
  if (!first) throw notFound('运单不存在');
  const made = await insertFollowUpWaybill(trx, asTenant(actor, tenantId), tenantId, first, problemId);
  await updateProblem(trx, problemId, { new_waybill_id: made.id });
  return made;
}

/**
 * Asks the carrier for the follow-up waybill's tracking number after the step committed. The
 * step stands either way; a refusal or an unreachable carrier comes back as a warning.
 */
async function finishFollowUp(deps: AppDeps, tenantActor: Actor, made: { id: number } | null): Promise<string> {
  if (!made) return '';
  try {
    await completeFollowUpWaybill(deps, tenantActor, made.id);
    return '';
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Locks a row within reach and checks its version (404 outside reach, 409 when someone acted first). */
async function lockForStep(trx: AppDeps['db'], c: ProblemCaller, id: number, version: number) {
  const p = await findProblem(trx, c.reach, id, true);
  if (!p) throw notFound(NOT_FOUND);
  const sides = sidesOf(c, p);
  if (sides.length === 0) throw notFound(NOT_FOUND);
  if (p.version !== version) throw conflict(STALE);
  return { p, sides, type: p.type as ProblemType, closed: p.status === 'closed' };
}

/**
 * 变更异常类型: one step of the transition table, by the side that sets the target type. A step
 * into 6 (re-dispatch) or 8 (reshipment) creates the new waybill in the same transaction
 * (freight frozen again; refused with 余额不足 when the balance cannot hold it).
 */
export async function stepProblem(
  deps: AppDeps,
  actor: Actor,
  c: ProblemCaller,
  body: { id: number; version: number; to: ProblemType; note?: string | undefined },
) {
  const done = await deps.db.transaction().execute(async (trx) => {
    const { p, sides, type, closed } = await lockForStep(trx, c, body.id, body.version);
    const refusals = sides.map((s) => refuseStep({ type, closed }, body.to, s));
    if (!refusals.includes(null)) throw badRequest(refusals[0]!);
    let newWaybill: { id: number; waybill_no: string } | null = null;
    if ((NEW_WAYBILL_TYPES as readonly number[]).includes(body.to)) {
      newWaybill = await followUp(trx, actor, p.tenant_id, p.waybill_id, p.id);
    }
    await updateProblem(trx, p.id, { type: body.to });
    const note = body.note ?? '';
    await insertProblemEvent(trx, {
      tenant_id: p.tenant_id,
      problem_id: p.id,
      action: 'step',
      from_type: type,
      to_type: body.to,
      note,
      amount: null,
      waybill_id: newWaybill?.id ?? null,
      user_id: actor.userId,
    });
    await audit(trx, actor, {
      action: 'logistics.problem.step',
      targetType: 'logistics_problem',
      targetId: p.id,
      before: { type },
      after: { type: body.to, new_waybill_no: newWaybill?.waybill_no ?? null },
    });
    await orderEvent(
      trx,
      p.tenant_id,
      p.order_id,
      'problem',
      `问题件 #${p.id}:${PROBLEM_TYPE_LABELS[type]} → ${PROBLEM_TYPE_LABELS[body.to]}`,
      actor.userId,
    );
    const label = `${PROBLEM_TYPE_LABELS[type]} → ${PROBLEM_TYPE_LABELS[body.to]}`;
    const bySeller = sides.includes('user') && refuseStep({ type, closed }, body.to, 'user') === null;
    await problemParcel(trx, deps.config.internalIds, p, bySeller, label);
    return { tenantId: p.tenant_id, newWaybill };
  });
  const warning = await finishFollowUp(deps, asTenant(actor, done.tenantId), done.newWaybill);
  return { warning };
}

/**
 * 丢件赔偿: 3 -> 4 by the channel's handler, with the amount in fen; refunds it to the seller's
 * balance (consumption type 4, or 10 on a trader's book) under the problem parcel's own
 * idempotency key, and closes the parcel. The row lock and version make a second or concurrent
 * call a 409 that posts nothing.
 */
export async function compensateProblem(
  deps: AppDeps,
  actor: Actor,
  c: ProblemCaller,
  body: { id: number; version: number; amount: number; note?: string | undefined },
) {
  return deps.db.transaction().execute(async (trx) => {
    const { p, sides, type, closed } = await lockForStep(trx, c, body.id, body.version);
    if (closed) throw badRequest('问题件已关闭');
    if (type !== 3) throw badRequest('只有「丢件待赔偿」的问题件可以赔偿');
    if (!sides.includes('handler')) throw badRequest('丢件赔偿由仓库/物流商设置');
    const amount = ledger.checkAmount(body.amount, '赔偿金额');
    const w = await findWaybill(trx, p.tenant_id, p.waybill_id);
    const entry = await ledger.refund(trx, {
      tenantId: p.tenant_id,
      idemKey: compensationKey(p.id),
      ref: { type: 'waybill', id: String(p.waybill_id) },
      amount,
      currency: p.currency,
      note: `问题件 #${p.id} 丢件赔偿(运单 ${w?.waybill_no ?? p.waybill_id})`,
      createdBy: actor.userId,
    });
    await updateProblem(trx, p.id, { type: 4, compensation: amount, close: true });
    const note = body.note ?? '';
    await insertProblemEvent(trx, {
      tenant_id: p.tenant_id,
      problem_id: p.id,
      action: 'compensate',
      from_type: type,
      to_type: 4,
      note,
      amount,
      waybill_id: null,
      user_id: actor.userId,
    });
    await audit(trx, actor, {
      action: 'logistics.problem.compensate',
      targetType: 'logistics_problem',
      targetId: p.id,
      after: { amount, entry_id: entry.id, uid: p.tenant_id },
    });
    await orderEvent(trx, p.tenant_id, p.order_id, 'problem', `问题件 #${p.id} 丢件已赔偿`, actor.userId);
    return { entry_id: entry.id };
  });
}

/** 关闭问题件: resolves an open problem parcel (either side; not while a lost parcel awaits compensation). */
export async function closeProblem(
  deps: AppDeps,
  actor: Actor,
  c: ProblemCaller,
  body: { id: number; version: number; note: string },
) {
  await deps.db.transaction().execute(async (trx) => {
    const { p, type, closed } = await lockForStep(trx, c, body.id, body.version);
    if (closed) throw badRequest('问题件已关闭');
    if (!canClose(type)) throw badRequest(`「${PROBLEM_TYPE_LABELS[type]}」的问题件需先赔偿或重新派送`);
    await updateProblem(trx, p.id, { close: true });
    await insertProblemEvent(trx, {
      tenant_id: p.tenant_id,
      problem_id: p.id,
      action: 'close',
      from_type: type,
      to_type: null,
      note: body.note,
      amount: null,
      waybill_id: null,
      user_id: actor.userId,
    });
    await audit(trx, actor, {
      action: 'logistics.problem.close',
      targetType: 'logistics_problem',
      targetId: p.id,
      after: { type, note: body.note },
    });
    await orderEvent(trx, p.tenant_id, p.order_id, 'problem', `问题件 #${p.id} 已关闭:${body.note}`, actor.userId);
  });
}

/** The carrier's event codes that open a problem parcel by themselves, and the type they open with. */
export const CARRIER_PROBLEM_EVENTS: Readonly<Record<string, ProblemType>> = { LOST: 3, RETURNED: 7 };

/**
 * The carrier watch (job `logistics-problem-watch`): reads the tracking events of recently
 * shipped waybills and opens a problem parcel when the last event says the parcel is lost (3
 * 丢件待赔偿) or returned (7 已退回海外仓), as the system (no reporter; history action `system`).
 * A waybill the watch opened once is not opened again; a carrier error skips the waybill until
 * the next run. Answers how many waybills it read and how many it opened.
 */
export async function watchCarrierEvents(deps: AppDeps, opts: { limit: number }) {
  const rows = await waybillsToWatch(deps.db, opts.limit);
  if (rows.length === 0) return { read: 0, opened: 0 };
  const { adapter } = await carrierOf(deps.config);
  let opened = 0;
  for (const w of rows) {
    let events: Awaited<ReturnType<typeof adapter.trackingEvents>>;
    try {
      events = await adapter.trackingEvents(w.tracking_no ?? '');
    } catch (e) {
      if (e instanceof CarrierError) continue;
      throw e;
    }
    const last = events.at(-1);
    const type = last ? CARRIER_PROBLEM_EVENTS[last.code] : undefined;
    if (!last || !type) continue;
    const made = await deps.db.transaction().execute(async (trx) => {
      const row = await insertProblem(trx, {
        tenant_id: w.tenant_id,
        waybill_id: w.id,
        order_id: w.order_id,
        book_id: w.book_id,
        type,
        currency: w.currency,
        note: `承运商:${last.text}`,
        created_by: null,
      });
      if (!row) return false;
      await insertProblemEvent(trx, {
        tenant_id: w.tenant_id,
        problem_id: row.id,
        action: 'system',
        from_type: null,
        to_type: type,
        note: `承运商:${last.text}`,
        amount: null,
        waybill_id: null,
        user_id: null,
      });
      await orderEvent(
        trx,
        w.tenant_id,
        w.order_id,
        'problem',
        `运单 ${w.waybill_no} 承运商报告「${last.text}」,自动登记问题件:${PROBLEM_TYPE_LABELS[type]}`,
        null,
      );
      return true;
    });
    if (made) opened++;
  }
  return { read: rows.length, opened };
}
