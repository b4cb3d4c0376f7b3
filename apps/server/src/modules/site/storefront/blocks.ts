import { formatMoney, parseMoney } from '@console/shared/money';
import { type SiteBlock, type SiteTexts, siteBlock } from '@console/shared/schemas/site-blocks';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types.js';
import { type ProductCard, publishedProductsByIds, publishedProductsOfCategory } from '../site-visual.repository.js';
import { html, type SafeHtml, safeHref, trustedHtml } from './html.js';
import { markdownToHtml } from './markdown.js';
import { langSegment, type PageContext } from './pages.js';
import { siteCategories } from './storefront-catalog.repository.js';

/** What the blocks of a page show besides their own texts: products and categories, read once per page. */
export interface BlockData {
  /** Published products by id (hand-picked grids). */
  products: Map<number, ProductCard>;
  /** The newest published products of each category a block names (at most the block's count). */
  ofCategory: Map<number, ProductCard[]>;
  /** The categories a block names (for their names and addresses). */
  categories: Map<number, { slug: string; names: Partial<Record<string, string>> }>;
}

/** The stored blocks that still parse (a block saved by an older version of the editor is skipped, not a 500). */
export function parseBlocks(stored: readonly unknown[] | null | undefined): SiteBlock[] {
  return (stored ?? []).flatMap((b) => {
    const r = siteBlock.safeParse(b);
    return r.success ? [r.data] : [];
  });
}

/**
 * Reads the products and categories the blocks show (one query per category, one for all
 * hand-picked ids). A category the storefront hides (站点分类 隐藏, or under a hidden one) shows
 * nothing: its grid is empty and its featured collection is left out.
 */
export async function loadBlockData(
  db: Kysely<DB>,
  tenantId: number,
  siteId: number,
  blocks: SiteBlock[],
): Promise<BlockData> {
  const ids = new Set<number>();
  const wanted = new Map<number, number>();
  for (const b of blocks) {
    if (b.type === 'product_grid' && b.source.kind === 'products') for (const id of b.source.product_ids) ids.add(id);
    if (b.type === 'product_grid' && b.source.kind === 'category') {
      wanted.set(b.source.category_id, Math.max(wanted.get(b.source.category_id) ?? 0, b.count));
    }
    if (b.type === 'featured_collection') wanted.set(b.category_id, Math.max(wanted.get(b.category_id) ?? 0, b.count));
  }
  const data: BlockData = { products: new Map(), ofCategory: new Map(), categories: new Map() };
  if (ids.size > 0) {
    for (const p of await publishedProductsByIds(db, tenantId, siteId, [...ids])) data.products.set(Number(p.id), p);
  }
  const shown = wanted.size > 0 ? new Map((await siteCategories(db, tenantId, siteId)).map((c) => [c.id, c])) : null;
  for (const [categoryId, limit] of wanted) {
    const cat = shown?.get(categoryId);
    if (!cat) continue;
    data.categories.set(categoryId, { slug: cat.slug, names: cat.names });
    data.ofCategory.set(categoryId, await publishedProductsOfCategory(db, tenantId, siteId, categoryId, limit));
  }
  return data;
}

/** A text in the page's language, else in the site's default language. */
export function textIn(c: PageContext, texts: SiteTexts | Partial<Record<string, string>>): string {
  const t = texts as Partial<Record<string, string>>;
  return t[c.lang] || t[c.site.default_language] || '';
}

/** A block's link: site paths under the site's base address, http(s) and mailto as they are (anything else `#`). */
function linkOf(c: PageContext, link: string): string {
  if (link.startsWith('/') && !link.startsWith('//')) return `${c.base}${link}`;
  return safeHref(link);
}

/** A stored image (`/PDD/files/<key>`) as its public link. */
const imageOf = (c: PageContext, url: string) => c.fileUrl(url.replace(/^\/PDD\/files\//, ''));

const langPath = (c: PageContext) => `${c.base}/${langSegment(c.lang)}`;

/** A product's price in the site currency through the money module ("19.99 USD"). */
function priceOf(c: PageContext, price: string): string {
  const m = parseMoney(price, c.site.currency, { round: true });
  return m.ok ? formatMoney(m.value, c.site.currency) : '';
}

function productCard(c: PageContext, p: ProductCard): SafeHtml {
  const texts = p.texts as Partial<Record<string, { title?: string }>>;
  const title = texts[c.lang]?.title || texts[c.site.default_language]?.title || p.slug;
  const picture = p.pictures[0];
  return html`<li class="blk-card"><a href="${langPath(c)}/p/${p.slug}">${
    picture ? html`<img src="${c.fileUrl(picture)}" alt="${title}" loading="lazy">` : ''
  }<span class="blk-title">${title}</span></a><span class="blk-price">${priceOf(c, p.price)}</span></li>`;
}

function grid(c: PageContext, products: ProductCard[], columns: number): SafeHtml | '' {
  if (products.length === 0) return '';
  return html`<ul class="blk-grid blk-cols-${columns}">${products.map((p) => productCard(c, p))}</ul>`;
}

function block(c: PageContext, b: SiteBlock, data: BlockData): SafeHtml | '' {
  switch (b.type) {
    case 'banner': {
      const heading = textIn(c, b.heading);
      const sub = textIn(c, b.subheading);
      const button = textIn(c, b.button_text);
      return html`<section class="blk blk-banner">${
        b.image ? html`<img src="${imageOf(c, b.image)}" alt="${heading}">` : ''
      }<div class="blk-banner-text">${heading ? html`<h2>${heading}</h2>` : ''}${sub ? html`<p>${sub}</p>` : ''}${
        button && b.link ? html`<a class="blk-button" href="${linkOf(c, b.link)}">${button}</a>` : ''
      }</div></section>`;
    }
    case 'rich_text':
      return html`<section class="blk blk-text">${markdownToHtml(textIn(c, b.markdown))}</section>`;
    case 'image_link': {
      const img = html`<img src="${imageOf(c, b.image)}" alt="${textIn(c, b.alt)}">`;
      return html`<section class="blk blk-image">${b.link ? html`<a href="${linkOf(c, b.link)}">${img}</a>` : img}</section>`;
    }
    case 'product_grid': {
      const heading = textIn(c, b.heading);
      const products =
        b.source.kind === 'products'
          ? b.source.product_ids.flatMap((id) => data.products.get(id) ?? []).slice(0, b.count)
          : (data.ofCategory.get(b.source.category_id) ?? []).slice(0, b.count);
      return html`<section class="blk blk-products">${heading ? html`<h2>${heading}</h2>` : ''}${grid(c, products, b.columns)}</section>`;
    }
    case 'featured_collection': {
      const cat = data.categories.get(b.category_id);
      if (!cat) return '';
      const heading = textIn(c, b.heading) || textIn(c, cat.names);
      const products = (data.ofCategory.get(b.category_id) ?? []).slice(0, b.count);
      return html`<section class="blk blk-featured"><h2><a href="${langPath(c)}/c/${cat.slug}">${heading}</a></h2>${grid(c, products, 4)}</section>`;
    }
  }
}

const BLOCK_CSS = `.blk{margin:24px 0}.blk-banner{position:relative;background:#f3f4f6;border-radius:8px;overflow:hidden}
.blk-banner img{display:block;width:100%;height:auto;max-height:420px;object-fit:cover}.blk-banner-text{padding:16px 24px}
.blk-button{display:inline-block;padding:8px 20px;background:#0b5cad;color:#fff;border-radius:4px;text-decoration:none}
.blk-image img{display:block;max-width:100%;height:auto}.blk-grid{display:grid;gap:16px;list-style:none;margin:0;padding:0;grid-template-columns:repeat(2,1fr)}
@media(min-width:720px){.blk-cols-3{grid-template-columns:repeat(3,1fr)}.blk-cols-4{grid-template-columns:repeat(4,1fr)}}
.blk-card a{display:block;color:inherit;text-decoration:none}.blk-card img{display:block;width:100%;aspect-ratio:1;object-fit:cover;border-radius:4px}
.blk-title{display:block;margin-top:8px}.blk-price{font-weight:600}`;

/** The blocks of a page in order, each block's texts in the page's language (all escaped by `html`). */
export function renderBlocks(c: PageContext, blocks: SiteBlock[], data: BlockData): SafeHtml {
  return html`<style>${trustedHtml(BLOCK_CSS)}</style>\n${blocks.map((b) => [block(c, b, data), '\n'])}`;
}
