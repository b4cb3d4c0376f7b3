import { LISTING_LIMITS, SEARCH_TERM_COUNTRIES, utf8Bytes } from '@console/shared/constants/goods';
import { countryName, COUNTRY_OPTIONS as SHARED_COUNTRY_OPTIONS } from '@console/shared/constants/marketplaces';

/** The country option list of spec section 3 (label: value), from the shared marketplace table. */
export const COUNTRY_OPTIONS = SHARED_COUNTRY_OPTIONS;

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
export const countryLabel = countryName;

/** Error text for search terms over Amazon's byte limit, or null; counted like the server (trimmed, UTF-8). */
export function searchTermsBytesError(terms: string): string | null {
  return utf8Bytes(terms.trim()) > LISTING_LIMITS.searchTermsBytes
    ? `搜索词不能超过${LISTING_LIMITS.searchTermsBytes}字节(UTF-8)`
    : null;
}
