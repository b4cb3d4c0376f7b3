import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatSeconds, getDisplayTimeZone, setDisplayTimeZone } from './format';

describe('times are shown on the tenant calendar, not the browser’s', () => {
  afterEach(() => setDisplayTimeZone(null));
  // 2026-11-24 16:30 UTC: already 11-25 in China.
  const s = Date.parse('2026-11-24T16:30:00Z') / 1000;

  it('China time by default', () => {
    expect(getDisplayTimeZone()).toBe('Asia/Shanghai');
    expect(formatSeconds(s)).toBe('2026-11-25 00:30:00');
    expect(formatDate(s)).toBe('2026-11-25');
    expect(formatSeconds(0)).toBe('-');
  });

  it('the tenant’s zone once known; an unknown name falls back to China time', () => {
    setDisplayTimeZone('UTC');
    expect(formatSeconds(s)).toBe('2026-11-24 16:30:00');
    setDisplayTimeZone('Nowhere/Else');
    expect(formatDate(s)).toBe('2026-11-25');
  });
});
