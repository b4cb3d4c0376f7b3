import { type CollectedItem, LIMITS } from './types.js';

/** Text of the first element matching any selector, trimmed with blanks collapsed. */
export function textOf(root: ParentNode, ...selectors: string[]): string {
  for (const s of selectors) {
    const t = root.querySelector(s)?.textContent?.replace(/\s+/g, ' ').trim();
    if (t) return t;
  }
  return '';
}

/** The first number of a price text ("¥ 1,299.00 - 1,599.00" -> "1,299.00"); '' when none. */
export function priceOf(text: string | number | undefined | null): string {
  if (text === undefined || text === null) return '';
  const m = /\d[\d,]*(?:\.\d+)?/.exec(String(text));
  return m ? m[0] : '';
}

/** An absolute http(s) address for a picture (`//img...` becomes https:), or '' for anything else. */
export function absUrl(src: string | null | undefined, base: string): string {
  if (!src) return '';
  try {
    const u = new URL(src.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : '';
  } catch {
    return '';
  }
}

/**
 * The JSON object assigned after `marker` in an inline script (`window.__INIT_DATA = {...}`),
 * read by matching braces outside strings; null when absent or not JSON.
 */
export function scriptJson(doc: Document, marker: string): unknown {
  for (const script of Array.from(doc.querySelectorAll('script'))) {
    const text = script.textContent ?? '';
    const at = text.indexOf(marker);
    if (at < 0) continue;
    const start = text.indexOf('{', at + marker.length);
    if (start < 0) continue;
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        try {
          return JSON.parse(text.slice(start, i + 1));
        } catch {
          return null;
        }
      }
    }
  }
  return null;
}

/** An object's field as a record (for walking parsed page state safely). */
export function rec(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Trims, drops empties and repeats, and applies the server's limits. */
export function finish(item: CollectedItem): CollectedItem {
  const pictures = [...new Set(item.pictures.filter(Boolean))].slice(0, LIMITS.pictures);
  const seen = new Set<string>();
  const attributes = item.attributes
    .map((a) => ({
      name: a.name
        .replace(/[:：]\s*$/, '')
        .trim()
        .slice(0, 100),
      value: a.value.trim().slice(0, 500),
    }))
    .filter((a) => a.name && a.value && !seen.has(a.name) && seen.add(a.name))
    .slice(0, LIMITS.attributes);
  const variations = item.variations
    .filter((v) => Object.keys(v.values).length > 0)
    .slice(0, LIMITS.variations)
    .map((v) => ({
      values: v.values,
      ...(v.price ? { price: v.price } : {}),
      ...(v.picture ? { picture: v.picture } : {}),
    }));
  return { ...item, title: item.title.slice(0, 500), pictures, attributes, variations };
}

/** Variations as every combination of the attributes' values (at most 3 attributes). */
export function combinations(
  props: { name: string; values: { name: string; picture?: string }[] }[],
): { values: Record<string, string>; picture?: string; names: string[] }[] {
  let out: { values: Record<string, string>; picture?: string; names: string[] }[] = [{ values: {}, names: [] }];
  for (const p of props.slice(0, 3)) {
    out = out.flatMap((o) =>
      p.values.map((v) => ({
        values: { ...o.values, [p.name]: v.name },
        names: [...o.names, v.name],
        ...((o.picture ?? v.picture) ? { picture: o.picture ?? v.picture } : {}),
      })),
    );
  }
  return out.filter((o) => o.names.length > 0);
}
