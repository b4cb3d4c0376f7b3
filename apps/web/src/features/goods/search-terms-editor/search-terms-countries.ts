import { LISTING_LIMITS, SEARCH_TERM_COUNTRIES, utf8Bytes } from '@console/shared';

/** The country option list of spec section 3 (label: value). */
export const COUNTRY_OPTIONS = [
  { label: '英国', value: 'en' },
  { label: '法国', value: 'fr' },
  { label: '德国', value: 'de' },
  { label: '意大利', value: 'it' },
  { label: '西班牙', value: 'es' },
  { label: '瑞典', value: 'se' },
  { label: '美国', value: 'us' },
  { label: '加拿大', value: 'ca' },
  { label: '墨西哥', value: 'mx' },
  { label: '巴西', value: 'br' },
  { label: '荷兰', value: 'nl' },
  { label: '日本', value: 'ja' },
  { label: '波兰', value: 'pl' },
  { label: '阿联酋', value: 'ae' },
  { label: '沙特', value: 'sa' },
  { label: '澳大利亚', value: 'au' },
  { label: '土耳其', value: 'tr' },
  { label: '比利时', value: 'be' },
  { label: '埃及', value: 'eg' },
  { label: '印度', value: 'in' },
] as const;

const allowed: ReadonlySet<string> = new Set(SEARCH_TERM_COUNTRIES);

/** Whether new search terms may be added for a country (spec section 9: 8 countries). */
export function canAddSearchTerms(country: string): boolean {
  return allowed.has(country);
}

/** Every country of the option list; the ones search terms cannot be added for are disabled. */
export function searchTermCountryOptions(): { label: string; value: string; disabled: boolean }[] {
  return COUNTRY_OPTIONS.map((c) => ({
    label: canAddSearchTerms(c.value) ? c.label : `${c.label}(不支持)`,
    value: c.value,
    disabled: !canAddSearchTerms(c.value),
  }));
}

/** The countries search terms exist for (the list filter). */
export const SEARCH_TERM_FILTER_OPTIONS = COUNTRY_OPTIONS.filter((c) => canAddSearchTerms(c.value)).map((c) => ({
  label: c.label,
  value: c.value as string,
}));

/** The label of a country code (the code itself when unknown). */
export function countryLabel(code: string): string {
  return COUNTRY_OPTIONS.find((c) => c.value === code)?.label ?? code;
}

/** Error text for search terms over Amazon's byte limit, or null; counted like the server (trimmed, UTF-8). */
export function searchTermsBytesError(terms: string): string | null {
  return utf8Bytes(terms.trim()) > LISTING_LIMITS.searchTermsBytes
    ? `搜索词不能超过${LISTING_LIMITS.searchTermsBytes}字节(UTF-8)`
    : null;
}
