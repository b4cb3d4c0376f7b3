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

/** The end (index of the closing brace) of the object starting at `start`, matching braces outside strings; -1 when unbalanced. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
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
    const end = objectEnd(text, start);
    if (end < 0) return null;
    try {
      return JSON.parse(text.slice(start, end + 1));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The first JSON object literal, in an inline script mentioning `marker`, that `accept` takes:
 * for page state set by a wrapper rather than a plain assignment
 * (`!(function(){var a = window.X || {};var b = {...};...window.X=b;})()`). Only objects that
 * are assigned (`= {`) are tried, in order; one that is not JSON or is refused is skipped.
 */
export function scriptObject(
  doc: Document,
  marker: string,
  accept: (o: Record<string, unknown>) => boolean,
): Record<string, unknown> | null {
  for (const script of Array.from(doc.querySelectorAll('script'))) {
    const text = script.textContent ?? '';
    if (!text.includes(marker)) continue;
    for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
      if (!/=\s*$/.test(text.slice(Math.max(0, start - 8), start))) continue;
      const end = objectEnd(text, start);
      if (end < 0) break;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text.slice(start, end + 1));
      } catch {
        continue;
      }
      const o = rec(parsed);
      if (accept(o)) return o;
      start = end;
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
      ...(v.stock !== undefined && Number.isSafeInteger(v.stock) && v.stock >= 0
        ? { stock: Math.min(v.stock, LIMITS.stock) }
        : {}),
      ...(v.picture ? { picture: v.picture } : {}),
    }));
  // Description pictures fill what the main and variation pictures leave of the collect's budget.
  const taken = new Set([...pictures, ...variations.flatMap((v) => (v.picture ? [v.picture] : []))]);
  const room = Math.max(0, LIMITS.totalPictures - taken.size);
  const description = [...new Set((item.description_pictures ?? []).filter((u) => u && !taken.has(u)))].slice(
    0,
    Math.min(LIMITS.descriptionPictures, room),
  );
  const { description_pictures: _named, ...rest } = item;
  return {
    ...rest,
    title: item.title.slice(0, 500),
    pictures,
    ...(description.length ? { description_pictures: description } : {}),
    attributes,
    variations,
  };
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
