import { calendarDay, zonedTime } from '@console/shared/constants/time-zone';
import dayjs, { type Dayjs } from 'dayjs';
import { getDisplayTimeZone } from './format';

/**
 * Date-range shortcuts (spec section 5): last week, last month (30 days), last three months
 * (90 days), counted on the tenant's calendar (today is the tenant's today).
 */
export function rangePresets(now: Dayjs = dayjs(calendarDay(new Date(), getDisplayTimeZone()))): {
  label: string;
  value: [Dayjs, Dayjs];
}[] {
  const end = now.endOf('day');
  return [
    { label: '最近一周', value: [now.subtract(7, 'day').startOf('day'), end] },
    { label: '最近一个月', value: [now.subtract(30, 'day').startOf('day'), end] },
    { label: '最近三个月', value: [now.subtract(90, 'day').startOf('day'), end] },
  ];
}

/**
 * A date range as startTime/endTime in unix seconds; 0 for a missing or invalid end (spec
 * section 5). The picked dates and times are read on the tenant's calendar (`tz`, the zone
 * times are shown in), not the browser's: 11-25 00:00 is midnight in China for a Chinese
 * tenant wherever the browser is.
 */
export function rangeToSeconds(
  range: readonly (Dayjs | null | undefined)[] | null | undefined,
  tz: string = getDisplayTimeZone(),
): {
  startTime: number;
  endTime: number;
} {
  const toSec = (d: Dayjs | null | undefined) =>
    d?.isValid() ? Math.floor(zonedTime(d.format('YYYY-MM-DD HH:mm:ss'), tz).getTime() / 1000) : 0;
  return { startTime: toSec(range?.[0]), endTime: toSec(range?.[1]) };
}
