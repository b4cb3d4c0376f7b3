import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types.js';
import { catalogWordsOf, fillWord } from './catalog-strings.js';
import { type CatalogContext, PAGE_SIZE, pager, productGrid, searchUrl } from './catalog-view.js';
import { html, type SafeHtml } from './html.js';
import { layout } from './pages.js';
import { productCardsByIds, searchProductIds } from './search.repository.js';
import { cachedSearch } from './search-cache.js';
import { seoText } from './seo.js';

/** Longest search text read (the input's maxlength); a longer one is cut. */
export const MAX_QUERY = 100;
/** Most matches a search lists (the newest published first); the page says "1000+" beyond it. */
export const SEARCH_COUNT_CAP = 1000;

/** The visitor's search text: control characters out, blanks squeezed, at most MAX_QUERY characters. */
export function searchText(q: string | null): string {
  return [
    ...(q ?? '')
      .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, MAX_QUERY)
    .join('')
    .trim();
}

/**
 * The search page (`/<lang>/search?q=&page=`): published products whose title in the language
 * contains the text, newest publication first, at most SEARCH_COUNT_CAP listed. Not indexed by
 * search engines (noindex). The matching ids are kept for 30 s (search-cache.ts, forgotten by any
 * write of the site); the cards and the HTML are made afresh. Null for a page past the last one.
 */
export async function searchPage(db: Kysely<DB>, c: CatalogContext, q: string, page: number): Promise<SafeHtml | null> {
  const words = catalogWordsOf(c.lang);
  const { site } = c;
  const href = (lang: string, n: number) =>
    `${searchUrl(c, lang)}${q ? `?q=${encodeURIComponent(q)}${n > 1 ? `&page=${n}` : ''}` : ''}`;
  let body: SafeHtml;
  if (!q) {
    if (page > 1) return null;
    body = html`<p>${words.searchHint}</p>`;
  } else {
    const who = { tenantId: c.tenantId, siteId: site.id, lang: c.lang };
    const ids = await cachedSearch(c.tenantId, `${site.id}|${c.lang}|${q}`, () =>
      searchProductIds(db, { ...who, text: q }, SEARCH_COUNT_CAP + 1),
    );
    const total = ids.length;
    const shown = ids.slice(0, SEARCH_COUNT_CAP);
    const pages = Math.max(1, Math.ceil(Math.min(total, SEARCH_COUNT_CAP) / PAGE_SIZE));
    if (page > pages) return null;
    const count = total > SEARCH_COUNT_CAP ? `${SEARCH_COUNT_CAP}+` : String(total);
    const rows = await productCardsByIds(
      db,
      { ...who, fallback: site.default_language },
      shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    );
    body = html`<p>${fillWord(words.results, { n: count })} «${q}»</p>
${productGrid(c, rows)}
${pager(c, page, pages, (n) => href(c.lang, n))}`;
  }
  const seo = seoText({ name: site.name, seo: c.seo }, 'search', c.lang, { name: q || words.search });
  return layout(c, {
    title: seo.title,
    description: seo.description,
    canonical: href(c.lang, page),
    alternates: new Map(site.languages.map((l) => [l, href(l, page)])),
    main: html`<h1>${words.search}</h1>\n${body}`,
    head: c.preview ? undefined : html`<meta name="robots" content="noindex, follow">`,
    query: q,
  });
}
