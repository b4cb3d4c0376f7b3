import { absUrl, arr, priceOf, rec, scriptObject, str } from './common.js';
import type { CollectedItem } from './types.js';

/** Picture addresses of Taobao thumbnails name a size (`..._60x60q50.jpg`): the original is without it. */
export const original = (src: string) =>
  src.replace(/_\d+x\d+(q\d+)?\.(jpg|png|webp)(_\.webp)?$/i, '').replace(/_(q\d+\.jpg_)?\.webp$/i, '');

/**
 * The item data of today's Taobao/Tmall PC pages: the server-rendered ICE app context, set by an
 * inline wrapper script (`var b = {...};...window.__ICE_APP_CONTEXT__=b`), whose
 * `loaderData.<route>.data.res` holds the page's detail answer (item, skuBase, skuCore,
 * componentsVO). Null when the page has none (older pages, or a page not yet server-rendered).
 */
export function iceDetail(doc: Document): Record<string, unknown> | null {
  const context = scriptObject(doc, '__ICE_APP_CONTEXT__', (o) => Object.keys(rec(o.loaderData)).length > 0);
  if (!context) return null;
  for (const route of Object.values(rec(context.loaderData))) {
    const res = rec(rec(rec(route).data).res);
    if (res.item || res.skuBase) return res;
  }
  return null;
}

/** A price of the detail answer: its text ("39.90"), else its amount in fen ("3990") as yuan. */
function priceOfVo(vo: unknown): string {
  const text = priceOf(str(rec(vo).priceText));
  if (text) return text;
  const fen = str(rec(vo).priceMoney);
  if (!/^\d+$/.test(fen)) return '';
  const padded = fen.padStart(3, '0');
  return `${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

/** Title, price, pictures and 参数信息 (BASE_PROPS) of the detail answer; '' / [] for what it lacks. */
export function iceBasics(res: Record<string, unknown>, url: string) {
  const vo = rec(res.componentsVO);
  const title = str(rec(rec(vo.titleVO).title).title) || str(rec(res.item).title);
  const price = priceOfVo(rec(vo.priceVO).price) || priceOfVo(rec(rec(rec(res.skuCore).sku2info)['0']).price);
  const pictures = arr(rec(res.item).images).map((u) => original(absUrl(str(u), url)));
  const attributes: CollectedItem['attributes'] = [];
  for (const info of arr(rec(vo.extensionInfoVO).infos)) {
    if (str(rec(info).type) !== 'BASE_PROPS') continue;
    for (const item of arr(rec(info).items))
      attributes.push({ name: str(rec(item).title), value: arr(rec(item).text).map(str).join(' ') });
  }
  return { title, price, pictures, attributes };
}

/**
 * The variations of the detail answer: one per SKU of `skuBase.skus` (its `propPath`
 * `pid:vid;pid:vid` names the values of `skuBase.props`), with the SKU's own price and stock
 * from `skuCore.sku2info[skuId]` and the picture of the first value that has one. At most the
 * first three properties (the console's variation table takes three).
 */
export function iceVariations(res: Record<string, unknown>, url: string): CollectedItem['variations'] {
  const base = rec(res.skuBase);
  const info = rec(rec(res.skuCore).sku2info);
  const props = arr(base.props).slice(0, 3);
  const values = new Map<string, { prop: string; name: string; picture?: string }>();
  for (const p of props)
    for (const v of arr(rec(p).values)) {
      const picture = original(absUrl(str(rec(v).image), url)) || undefined;
      values.set(`${str(rec(p).pid)}:${str(rec(v).vid)}`, { prop: str(rec(p).name), name: str(rec(v).name), picture });
    }
  return arr(base.skus).map((s) => {
    const own: Record<string, string> = {};
    let picture: string | undefined;
    for (const seg of str(rec(s).propPath).split(';')) {
      const v = values.get(seg.trim());
      if (!v?.prop || !v.name) continue;
      own[v.prop] = v.name;
      picture ??= v.picture;
    }
    const sku = rec(info[str(rec(s).skuId)]);
    const price = priceOfVo(sku.price);
    const quantity = str(sku.quantity);
    return {
      values: own,
      ...(price ? { price } : {}),
      ...(/^\d+$/.test(quantity) ? { stock: Number(quantity) } : {}),
      ...(picture ? { picture } : {}),
    };
  });
}
