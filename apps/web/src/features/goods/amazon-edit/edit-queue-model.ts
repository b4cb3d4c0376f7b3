import type { QueueGoodsRow, ResubmitBody } from '@console/shared/schemas/upload';
import { countryDigits, majorToMinor, minorToMajor } from '../lib/money';

/** What the user changed of one product in the edit queue: titles per language, prices (major units) per country, quantity. */
export interface GoodsEdit {
  titles?: Record<string, string>;
  prices?: Record<string, string>;
  quantity?: number | null;
}

/** The sent title of a language (the first listing in it). */
export function sentTitle(row: QueueGoodsRow, lang: string): string {
  return row.listings.find((l) => l.lang === lang)?.title ?? '';
}

/** The sent price of a country in major units ('' for a parent without an offer). */
export function sentPrice(row: QueueGoodsRow, country: string): string {
  const l = row.listings.find((x) => x.marketplace === country);
  return l?.price === null || l?.price === undefined ? '' : minorToMajor(l.price, countryDigits(country));
}

/** The sent quantity (the first listing that has one). */
export function sentQuantity(row: QueueGoodsRow): number | null {
  return row.listings.find((l) => l.quantity !== null)?.quantity ?? null;
}

/**
 * The `goods` of `/upload/resubmit`: every product edited or chosen, with only the values that
 * differ from what was sent (prices to minor units). A bad value is an error naming the
 * product and field, and nothing is sent.
 */
export function resubmitGoods(
  rows: readonly QueueGoodsRow[],
  edits: ReadonlyMap<number, GoodsEdit>,
  chosen: ReadonlySet<number>,
): { goods: ResubmitBody['goods'] } | { error: string } {
  const goods: ResubmitBody['goods'] = [];
  for (const row of rows) {
    const e = edits.get(row.goods_id);
    if (!e && !chosen.has(row.goods_id)) continue;
    const item: ResubmitBody['goods'][number] = { goods_id: row.goods_id, version: row.version };
    const titles: Record<string, string> = {};
    for (const [lang, text] of Object.entries(e?.titles ?? {})) {
      const t = text.trim();
      if (!t) return { error: `商品 #${row.goods_id} 的标题(${lang})不能为空` };
      if (t !== sentTitle(row, lang)) titles[lang] = t;
    }
    const prices: Record<string, number> = {};
    for (const [country, text] of Object.entries(e?.prices ?? {})) {
      if (text.trim() === sentPrice(row, country)) continue;
      const minor = majorToMinor(text, countryDigits(country));
      if (minor === null || Number.isNaN(minor) || minor <= 0)
        return { error: `商品 #${row.goods_id} 的价格(${country})不正确,应为大于0的金额` };
      prices[country] = minor;
    }
    if (Object.keys(titles).length) item.titles = titles;
    if (Object.keys(prices).length) item.prices = prices;
    if (e?.quantity !== undefined && e.quantity !== null && e.quantity !== sentQuantity(row))
      item.quantity = e.quantity;
    goods.push(item);
  }
  if (!goods.length) return { error: '请先修改或勾选要重新提交的商品' };
  return { goods };
}
