import { absUrl, finish, priceOf, textOf } from './common.js';
import { iceBasics, iceDetail, iceVariations, original } from './taobao-state.js';
import type { CollectedItem } from './types.js';

/** Lazy-loading placeholders of the description (`//g.alicdn.com/s.gif`, spacers, inline data). */
const PLACEHOLDER = /(^data:)|\/s\.gif$|spaceball|\/T1[A-Za-z0-9]*-1-1\.gif$/i;

/**
 * The pictures of the rendered detail description (图文详情): today's `.desc-root` /
 * `descV8-singleImage` blocks and the older `#J_DivItemDesc`/`#description`; lazy pictures keep
 * their address in `data-src` (or `data-ks-lazyload`) until scrolled into view.
 */
function descriptionPictures(doc: Document, url: string): string[] {
  const imgs = doc.querySelectorAll(
    '.desc-root img, [class*="descV8-singleImage"] img, img[class*="descV8-singleImage"], #J_DivItemDesc img, #description img',
  );
  return Array.from(imgs).flatMap((img) => {
    const src = [img.getAttribute('data-src'), img.getAttribute('data-ks-lazyload'), img.getAttribute('src')]
      .map((s) => s?.trim() ?? '')
      .find((s) => s && !PLACEHOLDER.test(s));
    const abs = original(absUrl(src, url));
    return abs ? [abs] : [];
  });
}

/** Variations from the SKU selector when the page state is absent: every combination, the item's price. */
function domVariations(doc: Document, url: string): CollectedItem['variations'] {
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
  const variations: CollectedItem['variations'] = [];
  const [first, second] = props;
  if (!first) return variations;
  for (const a of first.values) {
    const seconds = second?.values.length ? second.values : [null];
    for (const b of seconds)
      variations.push({
        values: { [first.name]: a.name, ...(b && second ? { [second.name]: b.name } : {}) },
        ...(a.picture ? { picture: a.picture } : {}),
      });
  }
  return variations;
}

/**
 * Taobao (item.taobao.com) and Tmall (detail.tmall.com) item pages. Today's pages embed the
 * detail answer in the ICE app context (taobao-state.ts): title, price, pictures, 参数信息 and
 * every SKU with its own price and stock. What it lacks is read from the rendered React markup,
 * whose class names carry a build hash (`mainTitle--O1XCl8e2`) and are matched by their stable
 * prefixes; without the page state each variation keeps the item's price. The description's
 * pictures come from the rendered 图文详情.
 */
export function extractTaobao(doc: Document, url: string): CollectedItem {
  const site = new URL(url).hostname.includes('tmall') ? 'tmall' : 'taobao';
  const res = iceDetail(doc);
  const state = res ? iceBasics(res, url) : { title: '', price: '', pictures: [], attributes: [] };
  const title = state.title || textOf(doc, '[class*="mainTitle--"]', '.tb-main-title', 'h1');
  const price =
    state.price ||
    priceOf(
      textOf(
        doc,
        '[class*="highlightPrice--"] [class*="text--"]',
        '[class*="priceText--"]',
        '.tb-rmb-num',
        '.tm-price',
      ),
    );
  const pictures = state.pictures.length
    ? state.pictures
    : Array.from(doc.querySelectorAll('[class*="thumbnailPic--"], #J_UlThumb img')).map((img) =>
        original(absUrl(img.getAttribute('src'), url)),
      );
  const attributes = state.attributes.length
    ? state.attributes
    : Array.from(doc.querySelectorAll('[class*="infoItem--"]')).map((row) => ({
        name: textOf(row, '[class*="infoItemTitle--"]'),
        value: textOf(row, '[class*="infoItemContent--"]'),
      }));
  const fromState = res ? iceVariations(res, url) : [];
  const variations = fromState.length ? fromState : domVariations(doc, url);
  return finish({
    url,
    site,
    title,
    price,
    currency: 'CNY',
    pictures,
    description_pictures: descriptionPictures(doc, url),
    attributes,
    variations,
  });
}
