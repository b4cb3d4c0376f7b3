import { describe, expect, it } from 'vitest';
import {
  CARRIER_OPTIONS,
  CARRIER_SERVICES,
  carrierLabel,
  carrierMatches,
  carrierServices,
  isCarrierCode,
  OTHER_CARRIER,
} from './carriers';

describe('carrier options (issue 29 §2)', () => {
  it('lists the carriers Chinese sellers use first, with Chinese names, Other last', () => {
    expect(CARRIER_OPTIONS.slice(0, 5).map((c) => c.value)).toEqual([
      'China Post',
      'SF Express',
      'YunExpress',
      'Yanwen',
      '4PX',
    ]);
    expect(CARRIER_OPTIONS[2]!.label).toBe('云途 YunExpress');
    expect(CARRIER_OPTIONS.at(-1)!.value).toBe(OTHER_CARRIER);
    // The rare US freight carriers come after every common one.
    const firstRare = CARRIER_OPTIONS.findIndex((c) => !c.common);
    expect(CARRIER_OPTIONS.slice(firstRare).some((c) => c.common)).toBe(false);
    expect(CARRIER_OPTIONS.findIndex((c) => c.value === 'Watkins and Shepard')).toBeGreaterThan(firstRare);
  });

  it('keeps every value an Amazon carrier code, each once', () => {
    const values = CARRIER_OPTIONS.map((c) => c.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values.length).toBe(115);
    for (const code of Object.keys(CARRIER_SERVICES)) expect(isCarrierCode(code), code).toBe(true);
    expect(isCarrierCode('云途')).toBe(false);
    expect(isCarrierCode('yunexpress')).toBe(false);
  });

  it('matches the Chinese name, the code and the label, ignoring case and spaces', () => {
    const find = (q: string) => CARRIER_OPTIONS.filter((c) => carrierMatches(c, q)).map((c) => c.value);
    expect(find('云途')).toEqual(['YunExpress']);
    expect(find('yun')).toContain('YunExpress');
    expect(find('royalmail')).toEqual(['Royal Mail']);
    expect(find('顺丰')).toEqual(['SF Express']);
    expect(find('邮政')).toContain('China Post');
    expect(find('EMS')).toContain('China Post');
    expect(find('zzzz')).toEqual([]);
  });

  it('knows services of common carriers, none of others', () => {
    expect(carrierServices('Royal Mail')).toContain('Royal Mail Tracked 48');
    expect(carrierServices('Watkins and Shepard')).toEqual([]);
    expect(carrierLabel('Yanwen')).toBe('燕文 Yanwen');
    expect(carrierLabel('Nope')).toBe('Nope');
  });
});
