import { describe, expect, it } from 'vitest';
import { type DayBounds, orderReadPlan } from '../src/modules/statistics/order-stats-plan.js';

const H = 3_600_000;
const at = (h: number) => new Date(Date.UTC(2026, 10, 1) + h * H);
// Days 2026-11-01 .. 2026-11-05 of a calendar at UTC (day d starts at hour 24 * (d - 1)).
const bounds = (a: number, z: number): DayBounds => ({
  a: `2026-11-0${a}`,
  aNext: `2026-11-0${a + 1}`,
  z: `2026-11-0${z}`,
  zPrev: `2026-11-0${z - 1}`,
  aStart: at(24 * (a - 1)),
  aNextStart: at(24 * a),
  zStart: at(24 * (z - 1)),
  zNextStart: at(24 * z),
});

describe('订单统计 read plan (add the inner part of an edge day, or subtract its outer part)', () => {
  it('subtracts the shorter outer part and adds the shorter inner part', () => {
    // From 01:00 of day 1 (outer 1 h) to 02:00 of day 4 (inner 2 h).
    const p = orderReadPlan({ from: at(1), to: at(72 + 2) }, bounds(1, 4), true);
    expect(p).toEqual({
      first: '2026-11-01',
      last: '2026-11-03',
      add: [{ from: at(72), to: at(74) }],
      sub: [{ from: at(0), to: at(1) }],
      subDays: ['2026-11-01'],
    });
    // Add-only when subtracting is not allowed.
    const q = orderReadPlan({ from: at(1), to: at(74) }, bounds(1, 4), false);
    expect(q.first).toBe('2026-11-02');
    expect(q.sub).toEqual([]);
    expect(q.add).toEqual([
      { from: at(1), to: at(24) },
      { from: at(72), to: at(74) },
    ]);
  });
  it('reads whole days alone when the range starts and ends at midnight', () => {
    const p = orderReadPlan({ from: at(24), to: at(72) }, bounds(2, 4), true);
    expect(p).toEqual({ first: '2026-11-02', last: '2026-11-03', add: [], sub: [], subDays: [] });
  });
  it('inside one day: subtracts both outer parts when they are shorter, else adds the range', () => {
    const long = orderReadPlan({ from: at(1), to: at(22) }, bounds(1, 1), true);
    expect(long).toEqual({
      first: '2026-11-01',
      last: '2026-11-01',
      add: [],
      sub: [
        { from: at(0), to: at(1) },
        { from: at(22), to: at(24) },
      ],
      subDays: ['2026-11-01'],
    });
    const short = orderReadPlan({ from: at(5), to: at(6) }, bounds(1, 1), true);
    expect(short).toEqual({ first: null, last: null, add: [{ from: at(5), to: at(6) }], sub: [], subDays: [] });
  });
  it('two partial days next to each other: no whole day when both are added', () => {
    const p = orderReadPlan({ from: at(12), to: at(30) }, bounds(1, 2), true);
    expect(p.first).toBeNull();
    expect(p.add).toEqual([
      { from: at(12), to: at(24) },
      { from: at(24), to: at(30) },
    ]);
  });
});
