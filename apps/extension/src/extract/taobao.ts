import { absUrl, finish, priceOf, textOf } from './common.js';
import type { CollectedItem } from './types.js';

/** Picture addresses of Taobao thumbnails name a size (`..._60x60q50.jpg`): the original is without it. */
const original = (src: string) =>
  src.replace(/_\d+x\d+(q\d+)?\.(jpg|png|webp)(_\.webp)?$/i, '').replace(/_\.webp$/i, '');

/**
 * Taobao (item.taobao.com) and Tmall (detail.tmall.com) item pages as they render today: React
 * markup whose class names carry a build hash (`mainTitle--O1XCl8e2`), read by their stable
 * prefixes: title, price, thumbnails, the SKU selector (a label per property, values with an
 * optional picture) and the 参数信息 list.
 */
export function extractTaobao(doc: Document, url: string): CollectedItem {
  const site = new URL(url).hostname.includes('tmall') ? 'tmall' : 'taobao';
  const title = textOf(doc, '[class*="mainTitle--"]', '.tb-main-title', 'h1');
  const price = priceOf(
    textOf(doc, '[class*="highlightPrice--"] [class*="text--"]', '[class*="priceText--"]', '.tb-rmb-num', '.tm-price'),
  );
  const pictures = Array.from(doc.querySelectorAll('[class*="thumbnailPic--"], #J_UlThumb img')).map((img) =>
    original(absUrl(img.getAttribute('src'), url)),
  );
  const attributes = Array.from(doc.querySelectorAll('[class*="infoItem--"]')).map((row) => ({
    name: textOf(row, '[class*="infoItemTitle--"]'),
    value: textOf(row, '[class*="infoItemContent--"]'),
  }));
  const props = Array.from(doc.querySelectorAll('[class*="skuItem--"]')).map((item) => ({
    name: textOf(item, '[class*="ItemLabel--"]'),
    values: Array.from(item.querySelectorAll('[class*="valueItem--"]')).map((v) => {
      const img = v.querySelector('img');
      return {
        name: textOf(v, '[class*="valueItemText--"]') || v.getAttribute('title') || '',
        picture: img ? original(absUrl(img.getAttribute('src'), url)) : undefined,
      };
    }),
  }));
  // The page shows one price for the selection, not one per combination: each variation keeps the item's price.
  const variations: CollectedItem['variations'] = [];
  const [first, second] = props;
  if (first) {
    for (const a of first.values) {
      const seconds = second?.values.length ? second.values : [null];
      for (const b of seconds) {
        variations.push({
          values: { [first.name]: a.name, ...(b && second ? { [second.name]: b.name } : {}) },
          ...(a.picture ? { picture: a.picture } : {}),
        });
      }
    }
  }
  return finish({ url, site, title, price, currency: 'CNY', pictures, attributes, variations });
}
