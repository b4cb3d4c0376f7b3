import { createHash } from 'node:crypto';
import { SITE_LANGUAGES, SITE_LEGAL_PAGES, type SiteLegalPage } from '@console/shared/schemas/site';
import { SITE_CATEGORY_MAX } from '@console/shared/schemas/site-category';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types.js';
import { runSliced } from '../../../lib/time-slice.js';
import {
  countPublishedProducts,
  publishedProductPage,
  sitemapCategories,
  sitemapSite,
} from '../site-seo.repository.js';
import { visibleCategories } from './category-visibility.js';
import { escapeHtml } from './html.js';
import { langSegment, legalText, type PublicSite } from './pages.js';
import { seoAllowsIndexing } from './seo.js';
import { cachedSitemap } from './sitemap-cache.js';
import type { SiteAddress, StorefrontAnswer } from './storefront.js';

/**
 * `sitemap.xml` and `robots.txt` of a site (docs/site.md "SEO"). `/sitemap.xml` is always a
 * sitemap index naming files of at most `MAX_URLS` addresses each: `sitemap-pages-<n>.xml` (home,
 * legal pages with text, categories) and `sitemap-products-<n>.xml` (published products in id
 * order, one database page per file). Every item is listed once per site language, each with its
 * `xhtml:link` hreflang alternates and `x-default`. Files are written in time slices and kept in
 * memory under the page cache's tenant version (sitemap-cache.ts) until the next builder write.
 */

/** Most `<url>` entries of one file (the protocol allows 50,000; smaller files stay quick to build). */
export const MAX_URLS = 10_000;

const XML = 'application/xml; charset=utf-8' as const;
const TEXT = 'text/plain; charset=utf-8' as const;
const FILE_RE = /^sitemap-(pages|products)-([1-9][0-9]{0,4})\.xml$/;

const tagOf = (key: string) => SITE_LANGUAGES.find((l) => l.key === key)?.tag ?? key;
const esc = escapeHtml;

/** One item of a sitemap: its path after the language segment (`''` is the home page) and its last change. */
interface Item {
  path: string;
  lastmod?: string;
}

/** `<url>` entries of the items in every language, yielding now and then for the time slicer. */
function* urlset(base: string, langs: string[], defaultLang: string, items: Item[]): Generator<unknown, string> {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  const urlOf = (lang: string, path: string) => esc(`${base}/${langSegment(lang)}/${path}`);
  for (let i = 0; i < items.length; i++) {
    const { path, lastmod } = items[i]!;
    const alternates =
      langs.map((l) => `<xhtml:link rel="alternate" hreflang="${esc(tagOf(l))}" href="${urlOf(l, path)}"/>`).join('') +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${urlOf(defaultLang, path)}"/>`;
    const mod = lastmod ? `<lastmod>${esc(lastmod)}</lastmod>` : '';
    for (const lang of langs) out.push(`<url><loc>${urlOf(lang, path)}</loc>${mod}${alternates}</url>\n`);
    if (i % 100 === 99) yield;
  }
  out.push('</urlset>\n');
  return out.join('');
}

function sitemapIndex(base: string, files: string[]): string {
  const entries = files.map((f) => `<sitemap><loc>${esc(`${base}/${f}`)}</loc></sitemap>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}

/** The items of the pages files: home, the legal pages that have text, every category the storefront shows. */
async function pageItems(db: Kysely<DB>, site: PublicSite, tenantId: number): Promise<Item[]> {
  const legal = (Object.keys(SITE_LEGAL_PAGES) as SiteLegalPage[]).filter((p) =>
    site.languages.some((l) => legalText(site, l, p)),
  );
  const categories = visibleCategories(await sitemapCategories(db, tenantId, Number(site.id), SITE_CATEGORY_MAX));
  return [
    { path: '' },
    ...legal.map((p) => ({ path: `legal/${p}` })),
    ...categories.map((c) => ({ path: `c/${c.slug}` })),
  ];
}

const xml = (body: string): StorefrontAnswer => ({ status: 200, type: XML, body });

/**
 * The answer for `/robots.txt`, `/sitemap.xml` and its files of a published site; null for any
 * other path (and for a file number past the last: the storefront's 404).
 */
export async function siteFileAnswer(
  db: Kysely<DB>,
  site: PublicSite | undefined,
  path: string,
  at: SiteAddress,
): Promise<StorefrontAnswer | null> {
  const name = path.replace(/^\//, '');
  const file = FILE_RE.exec(name);
  if (!site?.published || (name !== 'robots.txt' && name !== 'sitemap.xml' && !file)) return null;
  const info = await sitemapSite(db, Number(site.id));
  if (!info) return null;
  if (name === 'robots.txt') {
    // The preview address is never for search engines; a domain is unless the SEO settings say no.
    const allow = !at.preview && seoAllowsIndexing(info.seo);
    const body = allow ? `User-agent: *\nAllow: /\nSitemap: ${at.base}/sitemap.xml\n` : 'User-agent: *\nDisallow: /\n';
    return { status: 200, type: TEXT, body };
  }
  // The sitemap files are kept in the page cache under the tenant's version: a builder write
  // (bumpSiteVersion) or a changed site row (the stamp: languages, legal texts) makes a new one.
  const tenantId = info.tenant_id;
  const key = `sitemap|${site.id}|${at.base}|${name}|${siteStamp(site)}`;
  const body = await cachedSitemap(tenantId, key, () => sitemapFile(db, site, tenantId, name, file, at));
  return body === null ? null : xml(body);
}

/** A fingerprint of the site row (its languages and legal texts decide the files). */
const siteStamp = (site: PublicSite) => createHash('sha1').update(JSON.stringify(site)).digest('base64url');

/** Builds `sitemap.xml` or one of its files (null: a file number past the last). */
async function sitemapFile(
  db: Kysely<DB>,
  site: PublicSite,
  tenantId: number,
  name: string,
  file: RegExpExecArray | null,
  at: SiteAddress,
): Promise<string | null> {
  const langs = site.languages;
  const perFile = Math.max(1, Math.floor(MAX_URLS / Math.max(1, langs.length)));
  if (name === 'sitemap.xml') {
    const pages = await pageItems(db, site, tenantId);
    const products = await countPublishedProducts(db, tenantId, Number(site.id));
    const files = [
      ...Array.from({ length: Math.ceil(pages.length / perFile) }, (_, i) => `sitemap-pages-${i + 1}.xml`),
      ...Array.from({ length: Math.ceil(products / perFile) }, (_, i) => `sitemap-products-${i + 1}.xml`),
    ];
    return sitemapIndex(at.base, files);
  }
  const n = Number(file![2]);
  let items: Item[];
  if (file![1] === 'pages') {
    items = (await pageItems(db, site, tenantId)).slice((n - 1) * perFile, n * perFile);
  } else {
    const rows = await publishedProductPage(db, tenantId, Number(site.id), (n - 1) * perFile, perFile);
    items = rows.map((r) => ({ path: `p/${r.slug}`, lastmod: r.lastmod }));
  }
  if (items.length === 0) return null;
  return runSliced(urlset(at.base, langs, site.default_language, items));
}
