import { absUrl, finish, priceOf, textOf } from './common.js';
import type { CollectedItem } from './types.js';

/** The currency of an Amazon storefront by its domain. */
const CURRENCY_BY_DOMAIN: [RegExp, string][] = [
  [/amazon\.co\.uk$/, 'GBP'],
  [/amazon\.(de|fr|it|es|nl|com\.be|ie)$/, 'EUR'],
  [/amazon\.co\.jp$/, 'JPY'],
  [/amazon\.ca$/, 'CAD'],
  [/amazon\.com\.mx$/, 'MXN'],
  [/amazon\.com\.au$/, 'AUD'],
  [/amazon\.se$/, 'SEK'],
  [/amazon\.pl$/, 'PLN'],
  [/amazon\.ae$/, 'AED'],
  [/amazon\.sa$/, 'SAR'],
  [/amazon\.com\.br$/, 'BRL'],
];

/** Amazon shows a decimal comma on European storefronts ("19,99 €"): the price as major units with a point. */
function amazonPrice(text: string, currency: string): string {
  const raw = text.replace(/[^\d.,]/g, '');
  if (currency === 'EUR' || currency === 'SEK' || currency === 'PLN' || currency === 'BRL') {
    const m = /^(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d+))?$/.exec(raw);
    if (m) return `${m[1]!.replaceAll('.', '')}${m[2] ? `.${m[2]}` : ''}`;
  }
  return priceOf(raw);
}

/** The largest picture of `data-a-dynamic-image` ({"url": [w, h], ...}), else `data-old-hires`, else `src`. */
function bigPicture(img: Element, base: string): string {
  try {
    const sizes = JSON.parse(img.getAttribute('data-a-dynamic-image') ?? '{}') as Record<string, [number, number]>;
    const best = Object.entries(sizes).sort((a, b) => b[1][0] - a[1][0])[0];
    if (best) return absUrl(best[0], base);
  } catch {
    // fall through to the plain attributes
  }
  return absUrl(img.getAttribute('data-old-hires') || img.getAttribute('src'), base);
}

/** A thumbnail's address without Amazon's size suffix (`._AC_US40_.jpg` -> `.jpg`). */
const full = (src: string) => src.replace(/\._[A-Z0-9_,]+_\.(jpg|png)$/i, '.$1');

/**
 * Amazon product pages (/dp/<ASIN>): #productTitle, the buy box price (.a-price .a-offscreen),
 * #landingImage and the #altImages thumbnails, the overview table, the technical details and
 * the feature bullets as attributes, and the twister (#twister: colour swatches with their
 * picture, size list) as variations.
 */
export function extractAmazon(doc: Document, url: string): CollectedItem {
  const host = new URL(url).hostname.replace(/^www\./, '');
  const currency = CURRENCY_BY_DOMAIN.find(([re]) => re.test(host))?.[1] ?? 'USD';
  const title = textOf(doc, '#productTitle', '#title');
  const price = amazonPrice(
    textOf(
      doc,
      '#corePrice_feature_div .a-price .a-offscreen',
      '#corePriceDisplay_desktop_feature_div .a-offscreen',
      '.a-price .a-offscreen',
      '#priceblock_ourprice',
    ),
    currency,
  );
  const pictures: string[] = [];
  const landing = doc.querySelector('#landingImage, #imgBlkFront');
  if (landing) pictures.push(bigPicture(landing, url));
  for (const img of Array.from(doc.querySelectorAll('#altImages li.imageThumbnail img')))
    pictures.push(full(absUrl(img.getAttribute('src'), url)));
  const attributes: CollectedItem['attributes'] = [];
  for (const row of Array.from(doc.querySelectorAll('#productOverview_feature_div tr')))
    attributes.push({ name: textOf(row, 'td.a-span3'), value: textOf(row, 'td.a-span9') });
  for (const row of Array.from(
    doc.querySelectorAll('#productDetails_techSpec_section_1 tr, #productDetails_detailBullets_sections1 tr'),
  ))
    attributes.push({ name: textOf(row, 'th'), value: textOf(row, 'td') });
  Array.from(doc.querySelectorAll('#feature-bullets li span.a-list-item')).forEach((li, i) => {
    const t = li.textContent?.replace(/\s+/g, ' ').trim();
    if (t) attributes.push({ name: `Feature ${i + 1}`, value: t });
  });
  const colourName = textOf(doc, '#variation_color_name label.a-form-label').replace(/[:：]$/, '') || 'Color';
  const colours = Array.from(doc.querySelectorAll('#variation_color_name li')).map((li) => {
    const img = li.querySelector('img');
    return {
      name: img?.getAttribute('alt')?.trim() || (li.getAttribute('title') ?? '').replace(/^Click to select\s*/i, ''),
      picture: img ? full(absUrl(img.getAttribute('src'), url)) : undefined,
      price: amazonPrice(textOf(li, '.twisterSwatchPrice', '.a-size-mini'), currency),
    };
  });
  const sizeName = textOf(doc, '#variation_size_name label.a-form-label').replace(/[:：]$/, '') || 'Size';
  const sizes = Array.from(doc.querySelectorAll('#variation_size_name option, #variation_size_name li'))
    .map((o) => (o.getAttribute('data-a-html-content') || o.textContent || '').replace(/\s+/g, ' ').trim())
    .filter((s) => s && !/^select$/i.test(s));
  const variations: CollectedItem['variations'] = [];
  for (const c of colours.length ? colours : [null])
    for (const s of sizes.length ? sizes : [null]) {
      const values: Record<string, string> = {};
      if (c?.name) values[colourName] = c.name;
      if (s) values[sizeName] = s;
      variations.push({
        values,
        ...(c?.price ? { price: c.price } : {}),
        ...(c?.picture ? { picture: c.picture } : {}),
      });
    }
  return finish({ url, site: 'amazon', title, price, currency, pictures, attributes, variations });
}
