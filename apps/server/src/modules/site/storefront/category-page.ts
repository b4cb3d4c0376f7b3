import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types.js';
import { catalogWordsOf } from './catalog-strings.js';
import {
  type CatalogContext,
  categoryUrl,
  MAX_PAGE,
  PAGE_SIZE,
  pager,
  priceText,
  productGrid,
} from './catalog-view.js';
import { html, type SafeHtml } from './html.js';
import { categoryName, layout } from './pages.js';
import { seoText } from './seo.js';
import { type CatalogCategory, type CatalogSort, categoryProducts } from './storefront-catalog.repository.js';

export const SORTS: readonly CatalogSort[] = ['newest', 'price_asc', 'price_desc'];

/** The category and the ids of it and all its descendants (a cycle in bad data cannot loop). */
export function subtreeIds(categories: readonly CatalogCategory[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const c of categories) {
    if (c.parent_id === null) continue;
    const list = children.get(c.parent_id) ?? [];
    list.push(c.id);
    children.set(c.parent_id, list);
  }
  const seen = new Set<number>([rootId]);
  const queue = [rootId];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (!seen.has(child)) {
        seen.add(child);
        queue.push(child);
      }
    }
  }
  return [...seen];
}

/**
 * A category page (`/<lang>/c/<slug>?page=&sort=`): the published products of the category and
 * its descendants, PAGE_SIZE a page. Null for an unknown category or a page past the last one.
 */
export async function categoryPage(
  db: Kysely<DB>,
  c: CatalogContext,
  slug: string,
  page: number,
  sort: CatalogSort,
): Promise<SafeHtml | null> {
  const cat = c.categories.find((x) => x.slug === slug);
  if (!cat) return null;
  const words = catalogWordsOf(c.lang);
  const { site } = c;
  const { rows, total } = await categoryProducts(
    db,
    {
      tenantId: c.tenantId,
      siteId: site.id,
      categoryIds: subtreeIds(c.categories, cat.id),
      lang: c.lang,
      fallback: site.default_language,
      sort,
    },
    (page - 1) * PAGE_SIZE,
    PAGE_SIZE,
  );
  const pages = Math.min(MAX_PAGE, Math.max(1, Math.ceil(total / PAGE_SIZE)));
  if (page > pages) return null;
  const name = categoryName(site, cat.names, c.lang, cat.slug);
  const query = (lang: string, n: number, s: CatalogSort) => {
    const params = [n > 1 ? `page=${n}` : '', s !== 'newest' ? `sort=${s}` : ''].filter(Boolean).join('&');
    return `${categoryUrl(c, lang, cat.slug)}${params ? `?${params}` : ''}`;
  };
  const seo = seoText(
    { name: site.name, seo: c.seo },
    'category',
    c.lang,
    { name, category: name, price: rows[0] ? priceText(rows[0].price, site.currency) : '' },
    cat.seo[c.lang],
  );
  const children = c.categories.filter((x) => x.parent_id === cat.id);
  const sortLabel = { newest: words.newest, price_asc: words.priceAsc, price_desc: words.priceDesc };
  const main = html`<h1>${name}</h1>
${
  children.length
    ? html`<nav aria-label="${name}"><ul>${children.map((ch) => html`<li><a href="${categoryUrl(c, c.lang, ch.slug)}">${categoryName(site, ch.names, c.lang, ch.slug)}</a></li>`)}</ul></nav>`
    : ''
}
<form method="get" action="${categoryUrl(c, c.lang, cat.slug)}"><label for="sort">${words.sort}</label> <select id="sort" name="sort">${SORTS.map((s) => html`<option value="${s}"${s === sort ? html` selected` : ''}>${sortLabel[s]}</option>`)}</select> <button type="submit">${words.apply}</button></form>
${productGrid(c, rows)}
${pager(c, page, pages, (n) => query(c.lang, n, sort))}`;
  return layout(c, {
    title: seo.title,
    description: seo.description,
    // The canonical page is the default sort's: another order lists the same products.
    canonical: query(c.lang, page, 'newest'),
    alternates: new Map(site.languages.map((l) => [l, query(l, page, 'newest')])),
    main,
    category: c.nav?.some((n) => n.slug === cat.slug) ? cat.slug : undefined,
  });
}
