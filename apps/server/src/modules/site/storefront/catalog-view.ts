import { formatMoney, type Minor, parseMoney, toDecimalString } from '@console/shared/money/money';
import { type CatalogWords, catalogWordsOf, fillWord } from './catalog-strings.js';
import { html, type SafeHtml } from './html.js';
import { langSegment, type PageContext } from './pages.js';
import type { CatalogCategory, ProductCard } from './storefront-catalog.repository.js';

/** A page of a site's catalog: the page context plus what the catalog reads once per site version. */
export interface CatalogContext extends PageContext {
  tenantId: number;
  /** `sites.seo` (templates of `seoText`). */
  seo: unknown;
  /** All categories of the site in tree order. */
  categories: readonly CatalogCategory[];
}

/** Widths the image route resizes to (`<base>/img/<width>/<key>`). */
export const IMAGE_WIDTHS = [160, 400, 800, 1200] as const;
/** Products per category or search page. */
export const PAGE_SIZE = 24;
/** The last page a visitor may ask for (deeper offsets cost the database more than they help anyone). */
export const MAX_PAGE = 200;

/** A stored price (numeric text in the site currency) as minor units; null when unreadable. */
export function priceMinor(price: string | number | null | undefined, currency: string): Minor | null {
  if (price === null || price === undefined) return null;
  const r = parseMoney(String(price), currency, { round: true });
  return r.ok ? r.value : null;
}

/** A price for display ("19.99 EUR"); '' when there is none. */
export function priceText(price: string | number | null | undefined, currency: string): string {
  const m = priceMinor(price, currency);
  return m === null ? '' : formatMoney(m, currency);
}

/** A price as schema.org wants it ("19.99"). */
export function priceDecimal(price: string | number | null | undefined, currency: string): string {
  const m = priceMinor(price, currency);
  return m === null ? '' : toDecimalString(m, currency);
}

/** Addresses of a site's catalog pages in a language. */
export const productUrl = (c: PageContext, lang: string, slug: string) =>
  `${c.base}/${langSegment(lang)}/p/${encodeURIComponent(slug)}`;
export const categoryUrl = (c: PageContext, lang: string, slug: string) =>
  `${c.base}/${langSegment(lang)}/c/${encodeURIComponent(slug)}`;
export const searchUrl = (c: PageContext, lang: string) => `${c.base}/${langSegment(lang)}/search`;
export const imageUrl = (c: PageContext, width: number, key: string) => `${c.base}/img/${width}/${key}`;

/** `srcset` of a stored picture over the widths up to `max`. */
export const srcset = (c: PageContext, key: string, max: number) =>
  IMAGE_WIDTHS.filter((w) => w <= max)
    .map((w) => `${imageUrl(c, w, key)} ${w}w`)
    .join(', ');

/** The price line of a product: its price and, when higher, the compare-at price struck through. */
export function priceLine(c: PageContext, price: string, compareAt: string | null, words: CatalogWords): SafeHtml {
  const cur = c.site.currency;
  const now = priceMinor(price, cur);
  const was = priceMinor(compareAt, cur);
  return html`<p class="price">${priceText(price, cur)}${
    was !== null && now !== null && was > now
      ? html` <s class="was"><span class="vh">${words.wasPrice} </span>${formatMoney(was, cur)}</s>`
      : ''
  }</p>`;
}

/** A list of product cards (title in the page's language, else the default language's). */
export function productGrid(c: PageContext, cards: ProductCard[]): SafeHtml {
  const words = catalogWordsOf(c.lang);
  if (!cards.length) return html`<p>${words.noProducts}</p>`;
  return html`<ul class="grid">
${cards.map((p) => {
  const title = p.text?.title?.trim() || p.slug;
  return html`<li class="card"><a href="${productUrl(c, c.lang, p.slug)}">${
    p.picture
      ? html`<img src="${imageUrl(c, 400, p.picture)}" srcset="${srcset(c, p.picture, 800)}" sizes="(max-width:600px) 50vw, 240px" alt="${title}" width="400" height="400" loading="lazy">`
      : ''
  }<h2>${title}</h2></a>${priceLine(c, p.price, p.compare_at_price, words)}</li>\n`;
})}</ul>`;
}

/** "Previous / page n of m / next" links; `href(n)` is the address of page n. */
export function pager(c: PageContext, page: number, pages: number, href: (n: number) => string): SafeHtml {
  if (pages <= 1) return html``;
  const words = catalogWordsOf(c.lang);
  return html`<nav class="pager" aria-label="${fillWord(words.pageOf, { n: page, m: pages })}">
${page > 1 ? html`<a rel="prev" href="${href(page - 1)}">${words.previous}</a>` : ''}
<span>${fillWord(words.pageOf, { n: page, m: pages })}</span>
${page < pages ? html`<a rel="next" href="${href(page + 1)}">${words.next}</a>` : ''}
</nav>`;
}

/** The `page` query parameter as a page number in 1..MAX_PAGE; null when it is not one. */
export function pageParam(value: string | null): number | null {
  if (value === null || value === '') return 1;
  if (!/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= MAX_PAGE ? n : null;
}
