import { LISTING_LIMITS, utf8Bytes } from '@console/shared';

/** One counter of the language tab: value, limit and whether it is over. */
export interface Counter {
  value: number;
  limit: number;
  over: boolean;
}

const counter = (value: number, limit: number): Counter => ({ value, limit, over: value > limit });

/** Counters of one language against the marketplace limits (title chars, bullets, search-terms bytes, description chars). */
export function listingCounters(d: {
  title: string;
  bullet_points: readonly string[];
  search_terms: string;
  product_description: string;
}) {
  const bullets = d.bullet_points.filter((b) => b.trim() !== '');
  return {
    title: counter([...d.title].length, LISTING_LIMITS.titleChars),
    bulletCount: counter(bullets.length, LISTING_LIMITS.bulletCount),
    bullets: d.bullet_points.map((b) => counter([...b].length, LISTING_LIMITS.bulletChars)),
    searchTerms: counter(utf8Bytes(d.search_terms), LISTING_LIMITS.searchTermsBytes),
    description: counter([...d.product_description].length, LISTING_LIMITS.descriptionChars),
  };
}

/** Splits a text into plain and highlighted parts at the given [start, end) ranges (sensitive hits). */
export function highlightParts(
  text: string,
  ranges: readonly { start: number; end: number }[],
): { text: string; hit: boolean }[] {
  const sorted = [...ranges].filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const parts: { text: string; hit: boolean }[] = [];
  let at = 0;
  for (const r of sorted) {
    const start = Math.max(r.start, at);
    if (start >= r.end) continue;
    if (start > at) parts.push({ text: text.slice(at, start), hit: false });
    parts.push({ text: text.slice(start, r.end), hit: true });
    at = r.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return parts;
}
