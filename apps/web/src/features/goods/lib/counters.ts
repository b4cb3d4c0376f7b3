import { LISTING_LIMITS, utf8Bytes } from '@console/shared/constants/goods';

/** One counter of the language tab: value, limit and whether it is over. */
export interface Counter {
  value: number;
  limit: number;
  over: boolean;
}

/** A count as the list shows it: "1000+" when the server stopped counting at 1000 (a keyword's cap). */
export const countLabel = (n: number, capped: boolean): string => (capped ? `${n}+` : `${n}`);

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

/** One field of a language that is over a marketplace limit (flagged on the field and on the language tab). */
export interface OverLimit {
  field: 'title' | 'bullet_points.count' | 'bullet_points.length' | 'search_terms' | 'product_description';
  label: string;
  value: number;
  limit: number;
}

/**
 * The fields of one language over the marketplace limits (LISTING_LIMITS): title characters,
 * bullet count, each bullet's characters (reported once, with the longest bullet), search-terms
 * UTF-8 bytes and description characters. Empty when everything fits.
 */
export function overLimits(d: Parameters<typeof listingCounters>[0]): OverLimit[] {
  const c = listingCounters(d);
  const out: OverLimit[] = [];
  const add = (field: OverLimit['field'], label: string, x: Counter) => {
    if (x.over) out.push({ field, label, value: x.value, limit: x.limit });
  };
  add('title', '标题', c.title);
  add('bullet_points.count', '五点描述条数', c.bulletCount);
  const longest = c.bullets.reduce<{ i: number; x: Counter } | null>(
    (best, x, i) => (x.over && (!best || x.value > best.x.value) ? { i, x } : best),
    null,
  );
  if (longest) {
    const n = c.bullets.filter((x) => x.over).length;
    add('bullet_points.length', n > 1 ? `五点描述(${n}条超长)` : `五点描述第${longest.i + 1}条`, longest.x);
  }
  add('search_terms', '搜索词(字节)', c.searchTerms);
  add('product_description', '产品描述', c.description);
  return out;
}

/** "标题 212/200" lines of the over-limit fields, for a tab's tooltip. */
export function overLimitText(list: readonly OverLimit[]): string {
  return list.map((o) => `${o.label} ${o.value}/${o.limit}`).join(', ');
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
