import { absUrl, arr, combinations, finish, priceOf, rec, scriptJson, str, textOf } from './common.js';
import type { CollectedItem } from './types.js';

/**
 * 1688 offer pages (detail.1688.com/offer/<id>.html): the page state `window.__INIT_DATA`
 * (globalData.tempModel for title and price, globalData.images, globalData.skuModel for the
 * SKU properties and per-combination prices, data.featureAttributes in the 商品属性 module);
 * the DOM (.title-text, .price-text, .detail-gallery-img, .offer-attr-item) when the state is absent.
 */
export function extract1688(doc: Document, url: string): CollectedItem {
  const state = rec(scriptJson(doc, 'window.__INIT_DATA'));
  const g = rec(state.globalData);
  const temp = rec(g.tempModel);
  const sku = rec(g.skuModel);
  const title = str(temp.offerTitle) || textOf(doc, '.title-text', '.d-title', 'h1');
  const price =
    priceOf(str(rec(g.orderParamModel).priceDisplay) || str(temp.priceDisplay)) ||
    priceOf(textOf(doc, '.price-text', '.price-now', '.price'));
  const pictures = arr(g.images).map((i) => absUrl(str(rec(i).fullPathImageURI), url));
  if (!pictures.length)
    for (const img of Array.from(doc.querySelectorAll('.detail-gallery-img, .detail-gallery img')))
      pictures.push(absUrl(img.getAttribute('src'), url));
  const attributes: CollectedItem['attributes'] = [];
  for (const block of Object.values(rec(state.data)))
    for (const a of arr(rec(rec(block).data).featureAttributes))
      attributes.push({ name: str(rec(a).name), value: arr(rec(a).values).map(str).join(',') || str(rec(a).value) });
  if (!attributes.length)
    for (const row of Array.from(doc.querySelectorAll('.offer-attr-item')))
      attributes.push({ name: textOf(row, '.offer-attr-item-name'), value: textOf(row, '.offer-attr-item-value') });
  const props = arr(sku.skuProps).map((p) => ({
    name: str(rec(p).prop),
    values: arr(rec(p).value).map((v) => ({
      name: str(rec(v).name),
      picture: absUrl(str(rec(v).imageUrl), url) || undefined,
    })),
  }));
  const infoMap = rec(sku.skuInfoMap);
  const variations = combinations(props).map((c) => {
    // 1688 keys a combination by its value names joined with "&gt;".
    const info = rec(infoMap[c.names.join('&gt;')] ?? infoMap[c.names.join('>')]);
    const own = priceOf(str(info.discountPrice) || str(info.price));
    return { values: c.values, ...(own ? { price: own } : {}), ...(c.picture ? { picture: c.picture } : {}) };
  });
  return finish({ url, site: '1688', title, price, currency: 'CNY', pictures, attributes, variations });
}
