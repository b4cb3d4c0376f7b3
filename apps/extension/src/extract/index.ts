import { extractAliexpress } from './aliexpress.js';
import { extractAmazon } from './amazon.js';
import { extract1688 } from './site-1688.js';
import { extractTaobao } from './taobao.js';
import type { CollectedItem } from './types.js';

export type { CollectedItem } from './types.js';

/** The extractor of a page by its host; null on a site the plugin does not collect from. */
export function extractorFor(hostname: string): ((doc: Document, url: string) => CollectedItem) | null {
  const h = hostname.toLowerCase();
  if (h === 'detail.1688.com' || h.endsWith('.1688.com')) return extract1688;
  if (h === 'item.taobao.com' || h === 'detail.tmall.com' || h.endsWith('.tmall.com') || h.endsWith('.taobao.com'))
    return extractTaobao;
  if (h.endsWith('aliexpress.com') || h.endsWith('aliexpress.us')) return extractAliexpress;
  if (/(^|\.)amazon\.(com|co\.uk|de|fr|it|es|nl|se|pl|ca|co\.jp|com\.mx|com\.au|ae|sa|com\.br|com\.be|ie)$/.test(h))
    return extractAmazon;
  return null;
}

/** Reads the product of the page; an error message (Chinese) when it is not a product page. */
export function extractPage(doc: Document, url: string): CollectedItem | { error: string } {
  const extract = extractorFor(new URL(url).hostname);
  if (!extract) return { error: '当前网站不支持采集' };
  const item = extract(doc, url);
  if (!item.title) return { error: '未识别到商品标题,请在商品详情页采集' };
  if (!item.price) return { error: '未识别到商品价格,请选择规格后重试' };
  return item;
}
