import { childSku, type Transliterate } from '@console/shared/sku/sku';

/** One child row of the variation table as the editor keeps it. */
export interface VariationRow {
  sku: string;
  values: Record<string, string>;
  /** Cost price of the child in fen (CNY), like baseInfo.cost_price. */
  price?: number;
  quantity?: number;
  images: string[];
  /** Assigned by the server from the EAN pool; read-only in the editor. */
  ean?: string;
}

/** Every combination of the attribute values, in order (cartesian product). */
export function cartesian(lists: readonly (readonly string[])[]): string[][] {
  return lists.reduce<string[][]>((acc, list) => acc.flatMap((prefix) => list.map((v) => [...prefix, v])), [[]]);
}

/**
 * The child rows for attribute names and their values. Existing rows with the same values
 * keep their SKU, price, quantity, images and EAN, so regenerating never loses input. New
 * rows get the shared `childSku` (ASCII, at most 40 characters; Chinese values through
 * `transliterate`, e.g. pinyin, else a short code).
 */
export function generateVariations(
  parentSku: string,
  attrs: readonly string[],
  values: readonly (readonly string[])[],
  existing: readonly VariationRow[] = [],
  transliterate?: Transliterate,
): VariationRow[] {
  const names = attrs.map((a) => a.trim()).filter(Boolean);
  const lists = names.map((_, i) => [...new Set((values[i] ?? []).map((v) => v.trim()).filter(Boolean))]);
  if (names.length === 0 || lists.some((l) => l.length === 0)) return [];
  const keyOf = (vals: Record<string, string>) => names.map((n) => vals[n] ?? '').join('\u0001');
  const byKey = new Map(existing.map((r) => [keyOf(r.values), r]));
  return cartesian(lists).map((combo) => {
    const vals = Object.fromEntries(names.map((n, i) => [n, combo[i] ?? '']));
    const old = byKey.get(keyOf(vals));
    return old
      ? { ...old, values: vals }
      : { sku: childSku(parentSku, combo, transliterate), values: vals, images: [] };
  });
}

/** Sets price and/or quantity on every row (bulk fill); undefined leaves the field. */
export function bulkFill(rows: readonly VariationRow[], fill: { price?: number; quantity?: number }): VariationRow[] {
  return rows.map((r) => ({
    ...r,
    ...(fill.price !== undefined ? { price: fill.price } : {}),
    ...(fill.quantity !== undefined ? { quantity: fill.quantity } : {}),
  }));
}

/** The distinct values per attribute found in existing rows (to rebuild the value inputs on load). */
export function valuesFromRows(attrs: readonly string[], rows: readonly VariationRow[]): string[][] {
  return attrs.map((a) => [...new Set(rows.map((r) => r.values[a]).filter((v): v is string => Boolean(v)))]);
}

/** Most images one variation may have (the server's rule). */
export const MAX_CHILD_IMAGES = 20;

/** A child's images with `url` added at the end, or taken out when it is there already. */
export function toggleChildImage(images: readonly string[], url: string): string[] {
  if (images.includes(url)) return images.filter((u) => u !== url);
  return images.length >= MAX_CHILD_IMAGES ? [...images] : [...images, url];
}

/**
 * Gives every row with the same value of `attr` as row `index` that row's images (a colour's
 * pictures for all its sizes).
 */
export function shareImagesByValue(rows: readonly VariationRow[], index: number, attr: string): VariationRow[] {
  const source = rows[index];
  if (!source) return [...rows];
  const value = source.values[attr];
  return rows.map((r) => (r !== source && r.values[attr] === value ? { ...r, images: [...source.images] } : r));
}

/** Takes an image out of every row (the product image was removed); rows without it stay as they are. */
export function dropChildImage(rows: readonly VariationRow[], url: string): VariationRow[] {
  return rows.map((r) => (r.images.includes(url) ? { ...r, images: r.images.filter((u) => u !== url) } : r));
}
