/**
 * Problem parcels 问题件 (issue 18 §4, spec section 4 "Exception types"): the types as a state
 * machine. One table says which type may follow which; the server refuses every other step
 * and the web app offers only these (docs/logistics.md "Problem parcels (§4)").
 */

/** Exception types of spec section 4. */
export const PROBLEM_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type ProblemType = (typeof PROBLEM_TYPES)[number];

export const PROBLEM_TYPE_LABELS: Readonly<Record<ProblemType, string>> = {
  1: '待员工处理',
  2: '待仓库处理',
  3: '丢件待赔偿',
  4: '丢件已赔偿',
  5: '待物流查询',
  6: '需重新派送',
  7: '已退回海外仓',
  8: '重新发货',
  9: '空包已发',
  10: '空包未发',
};

/** The types a seller's staff picks (spec: only 1, 2, 5, 8, 10 are selectable). */
export const USER_PROBLEM_TYPES = [1, 2, 5, 8, 10] as const satisfies readonly ProblemType[];
/** The types the warehouse / operator (the book that runs the channel) sets. */
export const HANDLER_PROBLEM_TYPES = [3, 4, 6, 7, 9] as const satisfies readonly ProblemType[];

/** Who acts on a problem parcel: the seller's staff (`user`) or the channel's operator (`handler`). */
export type ProblemSide = 'user' | 'handler';

/** The side that sets a type. */
export function sideOfType(t: ProblemType): ProblemSide {
  return (USER_PROBLEM_TYPES as readonly number[]).includes(t) ? 'user' : 'handler';
}

/** Types that create a new waybill for the same order when entered (re-dispatch, reshipment). */
export const NEW_WAYBILL_TYPES = [6, 8] as const satisfies readonly ProblemType[];

/** Types a problem parcel may be opened with, per side (4 only follows a compensation). */
export const OPENING_TYPES: Readonly<Record<ProblemSide, readonly ProblemType[]>> = {
  user: [1, 2, 5, 8, 10],
  handler: [3, 6, 7, 9],
};

/**
 * The transition table: from a type, the types that may follow. 3 -> 4 is the compensation
 * (its own call, with an amount, which also closes the parcel); 6, 8 and 9 are ends that wait to
 * be closed. Steps into 6 and 8 create a new waybill.
 */
export const PROBLEM_TRANSITIONS: Readonly<Record<ProblemType, readonly ProblemType[]>> = {
  1: [2, 5, 8, 10],
  2: [1, 3, 6, 7, 9],
  3: [4, 6],
  4: [],
  5: [1, 2, 3, 6, 7, 8],
  6: [],
  7: [6, 8],
  8: [],
  9: [],
  10: [1, 9],
};

/** Why a step is refused, or null when it is legal (the server's 400 message). */
export function refuseStep(
  p: { type: ProblemType; closed: boolean },
  to: ProblemType,
  side: ProblemSide,
): string | null {
  if (p.closed) return '问题件已关闭';
  if (!(PROBLEM_TRANSITIONS[p.type] as readonly number[]).includes(to)) {
    return `不能从「${PROBLEM_TYPE_LABELS[p.type]}」变为「${PROBLEM_TYPE_LABELS[to]}」`;
  }
  if (to === 4) return '丢件赔偿请使用赔偿操作并填写金额';
  if (sideOfType(to) !== side) {
    return side === 'user'
      ? `「${PROBLEM_TYPE_LABELS[to]}」由仓库/物流商设置`
      : `「${PROBLEM_TYPE_LABELS[to]}」由卖家员工设置`;
  }
  return null;
}

/** The steps a side may take now (the web app's buttons); `compensate` for 3 -> 4 by the handler. */
export function legalSteps(
  p: { type: ProblemType; closed: boolean },
  sides: readonly ProblemSide[],
): { to: ProblemType[]; compensate: boolean; close: boolean } {
  if (p.closed) return { to: [], compensate: false, close: false };
  const to = PROBLEM_TRANSITIONS[p.type].filter((t) => sides.some((s) => refuseStep(p, t, s) === null));
  return {
    to,
    compensate: p.type === 3 && sides.includes('handler'),
    close: canClose(p.type) && sides.length > 0,
  };
}

/** A problem parcel can be closed (resolved) from every type but 3 (a lost parcel is compensated or re-dispatched). */
export function canClose(t: ProblemType): boolean {
  return t !== 3;
}
