import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { queueFiltersFromValues } from './queue-filters';

describe('upload queue filters', () => {
  it('leaves empty choices out and reads the date range on the tenant calendar', () => {
    expect(queueFiltersFromValues({}, 50)).toEqual({ page: 1, pageSize: 50 });
    const f = queueFiltersFromValues(
      {
        shop_id: 2,
        status: 'running',
        upload_type: 'good',
        marketplace: 'de',
        range: [dayjs('2026-11-01 00:00:00'), null],
      },
      20,
    );
    expect(f).toMatchObject({
      page: 1,
      pageSize: 20,
      shop_id: 2,
      status: 'running',
      upload_type: 'good',
      marketplace: 'de',
    });
    // 2026-11-01 00:00 in China (the display zone until the user's is known).
    expect(f.startTime).toBe(Date.UTC(2026, 9, 31, 16) / 1000);
    expect(f.endTime).toBeUndefined();
  });
});
