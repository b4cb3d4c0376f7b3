import { SEARCH_TERM_COUNTRIES } from '@console/shared/constants/goods';
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_OPTIONS,
  countryLabel,
  SEARCH_TERM_FILTER_OPTIONS,
  searchTermCountryOptions,
  searchTermsBytesError,
} from './search-terms-countries';

describe('search-terms countries', () => {
  it('offers all 20 countries and enables exactly the 8 of spec section 9', () => {
    const options = searchTermCountryOptions();
    expect(options).toHaveLength(20);
    expect(options.filter((o) => !o.disabled).map((o) => o.value)).toEqual([
      'en',
      'fr',
      'de',
      'it',
      'es',
      'nl',
      'ja',
      'pl',
    ]);
    expect(new Set(SEARCH_TERM_FILTER_OPTIONS.map((o) => o.value))).toEqual(new Set(SEARCH_TERM_COUNTRIES));
    expect(options.find((o) => o.value === 'us')).toEqual({ label: '美国(不支持)', value: 'us', disabled: true });
  });

  it('labels codes and keeps unknown ones', () => {
    expect(countryLabel('nl')).toBe('荷兰');
    expect(countryLabel('xx')).toBe('xx');
    expect(COUNTRY_OPTIONS.find((c) => c.value === 'in')?.label).toBe('印度');
  });

  it('counts UTF-8 bytes of the trimmed terms against 249', () => {
    expect(searchTermsBytesError('a'.repeat(249))).toBeNull();
    expect(searchTermsBytesError(` ${'a'.repeat(249)} `)).toBeNull();
    expect(searchTermsBytesError('a'.repeat(250))).toBe('搜索词不能超过249字节(UTF-8)');
    // 83 Chinese characters are 249 bytes, 84 are 252.
    expect(searchTermsBytesError('词'.repeat(83))).toBeNull();
    expect(searchTermsBytesError('词'.repeat(84))).not.toBeNull();
  });
});
