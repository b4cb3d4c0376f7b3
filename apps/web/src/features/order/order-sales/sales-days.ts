import { calendarDay } from '@console/shared/constants/time-zone';
import type { SalesData } from '@console/shared/schemas/order-sales';

type Day = SalesData['days'][number];

/**
 * The chart's days: every calendar day (in `tz`, the tenant's) from `startTime` to `endTime`
 * (Unix seconds), the days without sales as zeros, so the axis shows the whole range and the
 * quiet days between sales. Steps of 12 hours never skip a day, whatever daylight saving does.
 */
export function fillDays(days: readonly Day[], startTime: number, endTime: number, tz: string): Day[] {
  const known = new Map(days.map((d) => [d.day, d]));
  const all = new Set<string>();
  if (endTime >= startTime && endTime - startTime <= 400 * 86_400) {
    for (let t = startTime; t < endTime; t += 12 * 3600) all.add(calendarDay(new Date(t * 1000), tz));
    all.add(calendarDay(new Date(endTime * 1000), tz));
  }
  for (const d of days) all.add(d.day);
  return [...all].sort().map((day) => known.get(day) ?? { day, units: 0, sales_cny: 0 });
}
