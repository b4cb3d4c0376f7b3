import dayjs, { type Dayjs } from 'dayjs';

/** Date-range shortcuts (spec section 5): last week, last month (30 days), last three months (90 days). */
export function rangePresets(now: Dayjs = dayjs()): { label: string; value: [Dayjs, Dayjs] }[] {
  const end = now.endOf('day');
  return [
    { label: '最近一周', value: [now.subtract(7, 'day').startOf('day'), end] },
    { label: '最近一个月', value: [now.subtract(30, 'day').startOf('day'), end] },
    { label: '最近三个月', value: [now.subtract(90, 'day').startOf('day'), end] },
  ];
}

/** A date range as startTime/endTime in unix seconds; 0 for a missing or invalid end (spec section 5). */
export function rangeToSeconds(range: readonly (Dayjs | null | undefined)[] | null | undefined): {
  startTime: number;
  endTime: number;
} {
  const toSec = (d: Dayjs | null | undefined) => (d?.isValid() ? Math.floor(d.valueOf() / 1000) : 0);
  return { startTime: toSec(range?.[0]), endTime: toSec(range?.[1]) };
}
