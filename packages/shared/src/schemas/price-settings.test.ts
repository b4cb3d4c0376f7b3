import { describe, expect, it } from 'vitest';
import { computePrice } from './price-settings.js';

describe('computePrice', () => {
  const base = { exchange_rate: '7.1', margin: 30, shipping: 1500, rounding: 'none' as const };
  it('(cost + shipping) x (1 + margin) / rate in minor units', () => {
    // (50.00 + 15.00) * 1.3 / 7.1 = 11.901... USD
    expect(computePrice(5000, { ...base, country_code: 'us' })).toBe(1190);
  });
  it('rounds up to .99 or to a whole unit', () => {
    expect(computePrice(5000, { ...base, country_code: 'us', rounding: 'up99' })).toBe(1199);
    expect(computePrice(5000, { ...base, country_code: 'us', rounding: 'upInt' })).toBe(1200);
  });
  it('a currency without minor units (JPY) rounds to ...99 yen', () => {
    const jp = { ...base, country_code: 'ja', exchange_rate: '0.0472' };
    expect(computePrice(5000, jp)).toBe(1790);
    expect(computePrice(5000, { ...jp, rounding: 'up99' })).toBe(1799);
  });
  it('an exact .99 stays; a whole amount goes up to .99', () => {
    expect(
      computePrice(71000 - 1500, { ...base, country_code: 'us', margin: 0, rounding: 'up99', exchange_rate: '1' }),
    ).toBe(71099);
    expect(
      computePrice(70999 - 1500, { ...base, country_code: 'us', margin: 0, rounding: 'up99', exchange_rate: '1' }),
    ).toBe(70999);
  });
});
