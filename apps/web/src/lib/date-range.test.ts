import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangePresets, rangeToSeconds } from './date-range';

describe('date ranges', () => {
  it('reads the picked dates on the tenant calendar (China by default), 0 when invalid or missing', () => {
    // A picker value is the wall clock the user chose; 2025-01-01 00:00 in China is 16:00 UTC the day before.
    const a = dayjs('2025-01-01 00:00:00');
    const b = dayjs('2025-01-01 23:59:59');
    expect(rangeToSeconds([a, b], 'Asia/Shanghai')).toEqual({
      startTime: Date.UTC(2024, 11, 31, 16) / 1000,
      endTime: Date.UTC(2025, 0, 1, 15, 59, 59) / 1000,
    });
    expect(rangeToSeconds([a, b], 'UTC').startTime).toBe(Date.UTC(2025, 0, 1) / 1000);
    // Summer time in Berlin: 2025-07-01 00:00 is 22:00 UTC the day before.
    expect(rangeToSeconds([dayjs('2025-07-01 00:00:00'), null], 'Europe/Berlin')).toEqual({
      startTime: Date.UTC(2025, 5, 30, 22) / 1000,
      endTime: 0,
    });
    expect(rangeToSeconds([a, dayjs('nope')], 'UTC')).toEqual({ startTime: Date.UTC(2025, 0, 1) / 1000, endTime: 0 });
    expect(rangeToSeconds(null)).toEqual({ startTime: 0, endTime: 0 });
  });

  it('offers last week, last month (30 days) and last three months (90 days)', () => {
    const now = dayjs('2025-05-31T12:00:00');
    const presets = rangePresets(now);
    expect(presets.map((p) => p.label)).toEqual(['最近一周', '最近一个月', '最近三个月']);
    const days = presets.map((p) => now.startOf('day').diff(p.value[0], 'day'));
    expect(days).toEqual([7, 30, 90]);
  });
});
