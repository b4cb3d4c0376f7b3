import { describe, expect, it } from 'vitest';
import { RATES_STALE_DAYS, ratesAgeDays, ratesStale } from './exchange.js';

describe('age of the default exchange rates', () => {
  const now = new Date('2026-11-25T08:00:00Z');

  it('counts whole days since the rates were dated', () => {
    expect(ratesAgeDays('2026-11-25', now)).toBe(0);
    expect(ratesAgeDays('2026-10-26', now)).toBe(30);
    expect(ratesAgeDays('2025-10-23', now)).toBe(398);
  });

  it(`flags rates older than ${RATES_STALE_DAYS} days, and undated ones`, () => {
    expect(ratesStale('2026-10-26', now)).toBe(false);
    expect(ratesStale('2026-10-25', now)).toBe(true);
    expect(ratesStale('2025-10-23', now)).toBe(true);
    expect(ratesStale('', now)).toBe(true);
    expect(ratesStale('2026-13-40', now)).toBe(true);
  });
});
