/**
 * How 订单统计 reads a range (docs/statistics.md "Read"): whole days of the tenant's calendar from
 * the daily rollup, and the partial days at the edges either **added** from the order rows (the part
 * of the day inside the range) or, when the part outside the range is shorter, read as the whole day
 * from the rollup with that outer part **subtracted** (its order rows negated). Sums are additive and
 * exact, so both give the same figures; the shorter side reads fewer order rows (a year from
 * 17:10 local starts with a 23-hour edge: its 1-hour complement is a twentieth of the rows).
 */

/** The tenant's calendar around a range: `a` the day of `from`, `z` the day of `to` (exclusive end). */
export interface DayBounds {
  a: string;
  aNext: string;
  z: string;
  zPrev: string;
  /** Starts (instants) of the days a, a+1, z and z+1. */
  aStart: Date;
  aNextStart: Date;
  zStart: Date;
  zNextStart: Date;
}

export interface Span {
  from: Date;
  to: Date;
}

export interface OrderReadPlan {
  /** Whole days `first`..`last` (YYYY-MM-DD, inclusive) read from the rollup; null when none. */
  first: string | null;
  last: string | null;
  /** Order rows added (parts of edge days inside the range). */
  add: Span[];
  /** Order rows subtracted (parts of whole days outside the range). */
  sub: Span[];
  /** The days whose outer part is subtracted: their rollup must match the order rows the read sees. */
  subDays: string[];
}

const len = (from: Date, to: Date) => to.getTime() - from.getTime();

/**
 * The plan of a range `[from, to)`: per edge, the cheaper of adding its inner part or subtracting its
 * outer part (by length of time); `allowSub` false gives the add-only plan (the fallback when a
 * subtracted day is not built or has writes the rollup has not taken yet).
 */
export function orderReadPlan(range: Span, b: DayBounds, allowSub: boolean): OrderReadPlan {
  const { from, to } = range;
  if (b.a === b.z) {
    // Inside one day (`to` is never the day's start here: from < to).
    const outer = len(b.aStart, from) + len(to, b.zNextStart);
    if (allowSub && outer < len(from, to)) {
      const sub = [
        ...(from > b.aStart ? [{ from: b.aStart, to: from }] : []),
        ...(to < b.zNextStart ? [{ from: to, to: b.zNextStart }] : []),
      ];
      return { first: b.a, last: b.a, add: [], sub, subDays: [b.a] };
    }
    return { first: null, last: null, add: [{ from, to }], sub: [], subDays: [] };
  }
  const add: Span[] = [];
  const sub: Span[] = [];
  const subDays: string[] = [];
  let first = b.a;
  if (from.getTime() !== b.aStart.getTime()) {
    if (allowSub && len(b.aStart, from) < len(from, b.aNextStart)) {
      sub.push({ from: b.aStart, to: from });
      subDays.push(b.a);
    } else {
      first = b.aNext;
      add.push({ from, to: b.aNextStart });
    }
  }
  let last = b.zPrev;
  if (to.getTime() !== b.zStart.getTime()) {
    if (allowSub && len(to, b.zNextStart) < len(b.zStart, to)) {
      last = b.z;
      sub.push({ from: to, to: b.zNextStart });
      subDays.push(b.z);
    } else add.push({ from: b.zStart, to });
  }
  if (first > last) return { first: null, last: null, add, sub, subDays };
  return { first, last, add, sub, subDays };
}
