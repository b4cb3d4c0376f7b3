import { describe, expect, it } from 'vitest';
import { fillDays } from './sales-days';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('fillDays: the 销量统计 chart covers the whole range', () => {
  it('adds the days without sales as zeros, on the tenant calendar', () => {
    const days = [{ day: '2026-11-03', units: 2, sales_cny: 5000 }];
    // 2026-11-01 00:00 to 2026-11-04 23:59:59 in Shanghai.
    const out = fillDays(days, at('2026-10-31T16:00:00Z'), at('2026-11-04T15:59:59Z'), 'Asia/Shanghai');
    expect(out).toEqual([
      { day: '2026-11-01', units: 0, sales_cny: 0 },
      { day: '2026-11-02', units: 0, sales_cny: 0 },
      { day: '2026-11-03', units: 2, sales_cny: 5000 },
      { day: '2026-11-04', units: 0, sales_cny: 0 },
    ]);
  });
  it('skips no day across a daylight-saving change and keeps days outside a bad range', () => {
    // Berlin: 2026-03-29 has 23 hours.
    const out = fillDays([], at('2026-03-27T23:30:00Z'), at('2026-03-31T21:00:00Z'), 'Europe/Berlin');
    expect(out.map((d) => d.day)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31']);
    const kept = [{ day: '2026-01-02', units: 1, sales_cny: null }];
    expect(fillDays(kept, 10, 5, 'UTC')).toEqual(kept);
  });
});
