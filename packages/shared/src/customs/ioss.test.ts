import { describe, expect, it } from 'vitest';
import { type ExchangeRates, minor } from '../money/index.js';
import { EU_COUNTRIES, iossDecision, isEuCountry } from './ioss.js';

/**
 * The specification's rates to the euro (section 9: EUR 1, USD 0.8456, GBP 1.1747, SEK 0.098)
 * written as the console's dated rates, CNY per unit, with 1 EUR = 8 CNY: every rate is then
 * exact (0.8456 x 8 = 6.7648 ...), so the conversions below are the specification's.
 */
const RATES: ExchangeRates = {
  as_of: '2026-11-01',
  rates: { EUR: '8', USD: '6.7648', GBP: '9.3976', SEK: '0.784' },
};
const IOSS = 'IM2760000001';

const decide = (value: number, currency: string, country = 'DE', iossNumber: string | null = IOSS) =>
  iossDecision({ country, value: minor(value), currency, rates: RATES, iossNumber });

describe('IOSS decision (DECISIONS: EU and at most EUR 150)', () => {
  it('applies at 149.99 and 150.00 EUR and not at 150.01 EUR', () => {
    expect(decide(14999, 'EUR')).toMatchObject({ applies: true, iossNumber: IOSS, valueEurCents: 14999 });
    expect(decide(15000, 'EUR')).toMatchObject({ applies: true, iossNumber: IOSS, valueEurCents: 15000 });
    expect(decide(15001, 'EUR')).toMatchObject({
      applies: false,
      iossNumber: null,
      reason: 'over_threshold',
      valueEurCents: 15001,
    });
  });

  // Per currency: the amounts that convert to 149.99, 150.00 and 150.01 EUR at the spec's rates.
  const cases: [currency: string, amounts: [number, number, number]][] = [
    ['EUR', [14999, 15000, 15001]],
    // 177.38 x 0.8456 = 149.9925; 177.39 x 0.8456 = 150.0010; 177.40 x 0.8456 = 150.0094
    ['USD', [17738, 17739, 17740]],
    // 127.68 x 1.1747 = 149.9857; 127.69 x 1.1747 = 149.9974; 127.70 x 1.1747 = 150.0092
    ['GBP', [12768, 12769, 12770]],
    // 1530.51 x 0.098 = 149.9900; 1530.61 x 0.098 = 149.9998; 1530.71 x 0.098 = 150.0096
    ['SEK', [153051, 153061, 153071]],
  ];
  for (const [currency, [below, at, above]] of cases) {
    it(`${currency}: 149.99, 150.00 and 150.01 EUR equivalents`, () => {
      expect(decide(below, currency)).toMatchObject({ applies: true, valueEurCents: 14999 });
      expect(decide(at, currency)).toMatchObject({ applies: true, valueEurCents: 15000 });
      expect(decide(above, currency)).toMatchObject({ applies: false, reason: 'over_threshold', valueEurCents: 15001 });
    });
  }

  it('uses the rates given: the same USD amount crosses the line when the dollar is dearer', () => {
    const dearer: ExchangeRates = { as_of: '2026-12-01', rates: { ...RATES.rates, USD: '6.8' } };
    const r = iossDecision({ country: 'FR', value: minor(17739), currency: 'USD', rates: dearer, iossNumber: IOSS });
    expect(r).toMatchObject({ applies: false, reason: 'over_threshold', ratesAsOf: '2026-12-01' });
  });

  it('never applies outside the EU, whatever the value', () => {
    for (const country of ['GB', 'US', 'CH', 'NO', 'JP']) {
      expect(decide(100, 'EUR', country)).toMatchObject({ applies: false, reason: 'not_eu', valueEurCents: null });
    }
  });

  it('knows the 27 member states, in any case, and EL for Greece', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(new Set(EU_COUNTRIES).size).toBe(27);
    for (const c of ['de', 'FR', ' it ', 'EL', 'GR', 'SE']) expect(isEuCountry(c)).toBe(true);
    for (const c of ['GB', 'UK', 'CH', '', 'XX']) expect(isEuCountry(c)).toBe(false);
  });

  it('says so when the number is missing instead of printing none silently', () => {
    expect(decide(1000, 'EUR', 'DE', null)).toMatchObject({ applies: false, reason: 'no_number' });
    expect(decide(15001, 'EUR', 'DE', null)).toMatchObject({ reason: 'over_threshold' });
  });

  it('refuses a currency the rates do not name', () => {
    expect(() => decide(1000, 'PLN')).toThrow(RangeError);
  });
});
