import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangePresets, rangeToSeconds } from './date-range';

describe('date ranges', () => {
  it('turns a range into seconds, 0 when invalid or missing', () => {
    const a = dayjs('2025-01-01T00:00:00Z');
    const b = dayjs('2025-01-02T00:00:00Z');
    expect(rangeToSeconds([a, b])).toEqual({ startTime: 1735689600, endTime: 1735776000 });
    expect(rangeToSeconds([a, dayjs('nope')])).toEqual({ startTime: 1735689600, endTime: 0 });
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
