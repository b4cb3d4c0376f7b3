import { absUrl, arr, finish, priceOf, rec, scriptJson, str, textOf } from './common.js';
import type { CollectedItem } from './types.js';

/**
 * AliExpress item pages (www.aliexpress.com/item/<id>.html): the page state
 * `window.runParams = { data: {...} }` (titleModule, priceModule, imageModule, skuModule with
 * the property list and a price per combination keyed by value ids, specsModule); the DOM
 * (h1[data-pl="product-title"], .product-price-current, .specification--prop) without it.
 */
export function extractAliexpress(doc: Document, url: string): CollectedItem {
  const d = rec(rec(scriptJson(doc, 'window.runParams')).data);
  const priceModule = rec(d.priceModule);
  const amount = rec(priceModule.minActivityAmount ?? priceModule.minAmount);
  const title = str(rec(d.titleModule).subject) || textOf(doc, 'h1[data-pl="product-title"]', 'h1');
  const currency = str(amount.currency) || str(rec(d.webEnv).currency) || 'USD';
  const price =
    priceOf(str(amount.value)) ||
    priceOf(str(priceModule.formatedActivityPrice) || textOf(doc, '.product-price-current', '.price--current'));
  const pictures = arr(rec(d.imageModule).imagePathList).map((u) => absUrl(str(u), url));
  if (!pictures.length)
    for (const img of Array.from(doc.querySelectorAll('.slider--img--D7MJNPZ img, [class*="slider--img"] img')))
      pictures.push(absUrl(img.getAttribute('src'), url).replace(/_\d+x\d+\.(jpg|png)_?\.?(webp|avif)?$/i, ''));
  const attributes = arr(rec(d.specsModule).props).map((p) => ({
    name: str(rec(p).attrName),
    value: str(rec(p).attrValue),
  }));
  if (!attributes.length)
    for (const row of Array.from(doc.querySelectorAll('[class*="specification--prop"]')))
      attributes.push({
        name: textOf(row, '[class*="specification--title"]'),
        value: textOf(row, '[class*="specification--desc"]'),
      });
  const sku = rec(d.skuModule);
  const props = arr(sku.productSKUPropertyList).map((p) => ({
    id: str(rec(p).skuPropertyId),
    name: str(rec(p).skuPropertyName),
    values: arr(rec(p).skuPropertyValues).map((v) => ({
      id: str(rec(v).propertyValueId),
      name: str(rec(v).propertyValueDisplayName) || str(rec(v).propertyValueName),
      picture: absUrl(str(rec(v).skuPropertyImagePath), url) || undefined,
    })),
  }));
  const variations: CollectedItem['variations'] = [];
  for (const s of arr(sku.skuPriceList)) {
    const ids = str(rec(s).skuPropIds).split(',');
    const values: Record<string, string> = {};
    let picture: string | undefined;
    ids.forEach((id, i) => {
      const p = props[i];
      const v = p?.values.find((x) => x.id === id);
      if (p && v) {
        values[p.name] = v.name;
        picture ??= v.picture;
      }
    });
    const val = rec(rec(s).skuVal);
    const own = priceOf(str(rec(val.skuActivityAmount).value) || str(rec(val.skuAmount).value));
    variations.push({ values, ...(own ? { price: own } : {}), ...(picture ? { picture } : {}) });
  }
  return finish({ url, site: 'aliexpress', title, price, currency, pictures, attributes, variations });
}
