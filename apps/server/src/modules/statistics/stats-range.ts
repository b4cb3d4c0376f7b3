import { STATS_DEFAULT_DAYS, type StatsQuery } from '@console/shared/schemas/statistics';

/** A resolved date range of the statistics: seconds (as the answer echoes them) and dates. */
export interface StatsRange {
  startTime: number;
  endTime: number;
  from: Date;
  /** Exclusive: the start of the second after `endTime`, so a row written within that second counts. */
  to: Date;
}

/**
 * The range of a query: 0 or absent `endTime` is now, 0 or absent `startTime` is 30 days before
 * the end (spec section 5: a date range becomes seconds, 0 when invalid). Both ends are inclusive.
 */
export function statsRange(q: StatsQuery, nowMs = Date.now()): StatsRange {
  const endTime = q.endTime || Math.floor(nowMs / 1000);
  const startTime = q.startTime || endTime - STATS_DEFAULT_DAYS * 86_400;
  return { startTime, endTime, from: new Date(startTime * 1000), to: new Date((endTime + 1) * 1000) };
}
