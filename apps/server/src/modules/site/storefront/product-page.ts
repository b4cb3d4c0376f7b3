import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types.js';
import { catalogWordsOf } from './catalog-strings.js';
import {
  type CatalogContext,
  categoryUrl,
  imageUrl,
  priceDecimal,
  priceLine,
  priceText,
  productUrl,
  srcset,
} from './catalog-view.js';
import { html, type SafeHtml, trustedHtml } from './html.js';
import { categoryName, langSegment, layout } from './pages.js';
import { seoText } from './seo.js';
import { stockWordsOf } from './stock-strings.js';
import { type CatalogProduct, publishedProductBySlug } from './storefront-catalog.repository.js';

/** A variation can be bought: its stock is not tracked (null or absent) or above 0. */
export const inStock = (v: { stock?: number | null }) => v.stock === undefined || v.stock === null || v.stock > 0;

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>`, `&` and the JavaScript line
 * separators as `\uXXXX` escapes (still the same JSON), so no text can close the script element.
 */
export function jsonForScript(value: unknown): SafeHtml {
  return trustedHtml(
    JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}

/** The texts of a product in the language, else in the site's default language. */
function textsOf(c: CatalogContext, p: CatalogProduct) {
  const t = p.texts[c.lang] ?? p.texts[c.site.default_language];
  return {
    title: t?.title?.trim() || p.slug,
    description: t?.description ?? '',
    bullets: (t?.bullets ?? []).filter((b) => b.trim()),
  };
}

/** Label of a variation in the choice: its options ("Red / XL"), else its SKU. */
const variationLabel = (v: CatalogProduct['variations'][number]) =>
  Object.values(v.options ?? {})
    .filter(Boolean)
    .join(' / ') || v.sku;

/** schema.org Product with one offer per variation (or one for the product). */
function productJsonLd(c: CatalogContext, p: CatalogProduct, title: string, description: string, url: string) {
  const currency = c.site.currency;
  const offer = (sku: string, price: string | number | null, available: boolean) => ({
    '@type': 'Offer',
    sku,
    price: priceDecimal(price, currency),
    priceCurrency: currency,
    availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    url,
  });
  const offers = p.variations.length
    ? p.variations.map((v) => offer(v.sku, v.price ?? p.price, inStock(v)))
    : [offer(p.slug, p.price, true)];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: title,
    description,
    sku: p.variations[0]?.sku ?? p.slug,
    image: p.pictures.slice(0, 5).map((k) => imageUrl(c, 1200, k)),
    url,
    offers: offers.length === 1 ? offers[0] : offers,
  };
}

/** A product page (`/<lang>/p/<slug>`); null when the site has no such published product. */
export async function productPage(db: Kysely<DB>, c: CatalogContext, slug: string): Promise<SafeHtml | null> {
  const p = await publishedProductBySlug(db, c.tenantId, c.site.id, slug);
  if (!p) return null;
  const { site } = c;
  const words = catalogWordsOf(c.lang);
  const { title, description, bullets } = textsOf(c, p);
  const url = productUrl(c, c.lang, p.slug);
  const category = c.categories.find((x) => p.category_ids.includes(x.id));
  const categoryText = category ? categoryName(site, category.names, c.lang, category.slug) : '';
  const seo = seoText(
    { name: site.name, seo: c.seo },
    'product',
    c.lang,
    { name: title, price: priceText(p.price, site.currency), category: categoryText },
    p.seo[c.lang],
  );
  const [first, ...more] = p.pictures;
  const gallery = first
    ? html`<div class="gallery" aria-label="${words.pictures}">
<a href="${imageUrl(c, 1200, first)}"><img src="${imageUrl(c, 800, first)}" srcset="${srcset(c, first, 1200)}" sizes="(max-width:600px) 100vw, 540px" alt="${title}" width="800" height="800"></a>
${
  more.length
    ? html`<ul class="thumbs">${more.map((k, i) => html`<li><a href="${imageUrl(c, 1200, k)}"><img src="${imageUrl(c, 160, k)}" alt="${title} (${i + 2})" width="80" height="80" loading="lazy"></a></li>`)}</ul>`
    : ''
}</div>`
    : html`<div class="gallery"></div>`;
  const outOfStock = stockWordsOf(c.lang).outOfStock;
  // Out-of-stock variations stay listed but cannot be chosen; none left: the button is disabled.
  const soldOut = p.variations.length > 0 && !p.variations.some(inStock);
  const sku = p.variations.length
    ? html`<label>${words.variation}<select name="sku">${p.variations.map((v) =>
        inStock(v)
          ? html`<option value="${v.sku}">${variationLabel(v)} - ${priceText(v.price ?? p.price, site.currency)}</option>`
          : html`<option value="${v.sku}" disabled>${variationLabel(v)} - ${outOfStock}</option>`,
      )}</select></label>`
    : html`<input type="hidden" name="sku" value="">`;
  const main = html`<div class="product">
${gallery}
<div>
<h1>${title}</h1>
${priceLine(c, p.price, p.compare_at_price, words)}
<form class="add-to-cart" method="get" action="${c.base}/${langSegment(c.lang)}/cart"><input type="hidden" name="add" value="${p.id}">${sku}<label>${words.quantity}<input type="number" name="qty" value="1" min="1" max="99"></label><button type="submit"${soldOut ? html` disabled` : ''}>${words.addToCart}</button></form>
${soldOut ? html`<p class="stock" role="status">${outOfStock}</p>` : ''}
${bullets.length ? html`<ul class="bullets">${bullets.map((b) => html`<li>${b}</li>`)}</ul>` : ''}
${description ? html`<div class="desc">${description}</div>` : ''}
${category ? html`<p><a href="${categoryUrl(c, c.lang, category.slug)}">${categoryText}</a></p>` : ''}
</div>
</div>`;
  return layout(c, {
    title: seo.title,
    description: seo.description,
    canonical: url,
    alternates: new Map(site.languages.map((l) => [l, productUrl(c, l, p.slug)])),
    main,
    noindex: p.noindex,
    head: html`<script type="application/ld+json">${jsonForScript(productJsonLd(c, p, title, description, url))}</script>`,
  });
}
