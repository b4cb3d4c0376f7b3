import { LISTING_LIMITS, utf8Bytes } from '@console/shared/constants/goods';
import type { FieldFit } from '@console/shared/schemas/translate';

/** One language's text fields as stored in `goods.descs`. */
export interface DescTexts {
  title: string;
  search_terms: string;
  bullet_points: string[];
  product_description: string;
}

/**
 * How a language's fields fit the marketplace limits (LISTING_LIMITS): title characters,
 * bullet count and the longest bullet, search-terms bytes (utf8Bytes) and description characters.
 */
export function listingFit(d: DescTexts): FieldFit[] {
  const fit = (field: string, size: number, max: number) => ({ field, size, max, ok: size <= max });
  return [
    fit('title', d.title.length, LISTING_LIMITS.titleChars),
    fit('bullet_points.count', d.bullet_points.length, LISTING_LIMITS.bulletCount),
    fit('bullet_points.length', Math.max(0, ...d.bullet_points.map((b) => b.length)), LISTING_LIMITS.bulletChars),
    fit('search_terms', utf8Bytes(d.search_terms), LISTING_LIMITS.searchTermsBytes),
    fit('product_description', d.product_description.length, LISTING_LIMITS.descriptionChars),
  ];
}
