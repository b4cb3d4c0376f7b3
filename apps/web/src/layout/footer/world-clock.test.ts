import { WORLD_CLOCKS } from '@console/shared/constants/clocks';
import { describe, expect, it } from 'vitest';
import { formatZoneTime } from './world-clock';

describe('world clocks', () => {
  it('formats as YYYY/MM/DD HH:mm:ss in the zone', () => {
    expect(formatZoneTime(new Date('2025-01-15T12:00:05Z'), 'Asia/Shanghai')).toBe('2025/01/15 20:00:05');
    expect(formatZoneTime(new Date('2025-01-15T00:00:00Z'), 'Asia/Tokyo')).toBe('2025/01/15 09:00:00');
  });

  it('follows the US summer time change (second Sunday of March 2025)', () => {
    // 06:59:59Z = 01:59:59 EST; one second later it is 03:00:00 EDT.
    expect(formatZoneTime(new Date('2025-03-09T06:59:59Z'), 'America/New_York')).toBe('2025/03/09 01:59:59');
    expect(formatZoneTime(new Date('2025-03-09T07:00:00Z'), 'America/New_York')).toBe('2025/03/09 03:00:00');
    expect(formatZoneTime(new Date('2025-03-09T10:00:00Z'), 'America/Los_Angeles')).toBe('2025/03/09 03:00:00');
  });

  it('follows the European change (last Sunday of March / October 2025)', () => {
    expect(formatZoneTime(new Date('2025-03-30T00:59:59Z'), 'Europe/London')).toBe('2025/03/30 00:59:59');
    expect(formatZoneTime(new Date('2025-03-30T01:00:00Z'), 'Europe/London')).toBe('2025/03/30 02:00:00');
    expect(formatZoneTime(new Date('2025-10-26T00:59:59Z'), 'Europe/Berlin')).toBe('2025/10/26 02:59:59');
    expect(formatZoneTime(new Date('2025-10-26T01:00:00Z'), 'Europe/Berlin')).toBe('2025/10/26 02:00:00');
  });

  it('has the six specified clocks in order', () => {
    expect(WORLD_CLOCKS.map((c) => c.label)).toEqual(['北京', '美东', '美西', '英国', '欧洲', '日本']);
  });

  it('uses a 24-hour clock at midnight', () => {
    expect(formatZoneTime(new Date('2025-06-01T16:00:00Z'), 'Asia/Shanghai')).toBe('2025/06/02 00:00:00');
  });
});
