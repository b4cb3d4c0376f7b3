import { SITE_LANGUAGES, SITE_LEGAL_PAGES, type SiteLegalPage } from '@console/shared/schemas/site';
import type { findSiteBySlug } from '../site.repository.js';
import { catalogWordsOf } from './catalog-strings.js';
import { html, type SafeHtml, safeHref, trustedHtml } from './html.js';
import { markdownToHtml } from './markdown.js';
import { seoText } from './seo.js';
import { wordsOf } from './strings.js';

/** A site as the storefront reads it. */
export type PublicSite = NonNullable<Awaited<ReturnType<typeof findSiteBySlug>>>;

/** Where and for whom a page is rendered. */
export interface PageContext {
  site: PublicSite;
  /** Library language key of the page. */
  lang: string;
  /** The site's address without a trailing slash: `https://shop.example.com` or `http://console/s/<slug>`. */
  base: string;
  /** A preview address: not for search engines. */
  preview: boolean;
  /** The public link of a stored file (logo, favicon). */
  fileUrl: (key: string) => string;
  /** The header's category navigation: the site's top-level categories in order (catalog-routes.ts). */
  nav?: readonly NavCategory[];
  /** `sites.seo` (the SEO templates of the home and legal pages; catalog-routes.ts puts it here with `nav`). */
  seo?: unknown;
}

/** A top-level category in the header (its name per language key). */
export interface NavCategory {
  slug: string;
  names: Partial<Record<string, string>>;
}

/** The path segment of a language: its tag in lower case (`en`, `sv`, `zh-cn`). */
export const langSegment = (key: string) => (SITE_LANGUAGES.find((l) => l.key === key)?.tag ?? key).toLowerCase();
const tagOf = (key: string) => SITE_LANGUAGES.find((l) => l.key === key)?.tag ?? 'en';

/** The site language a path segment names, if the site has it. */
export function langOfSegment(site: PublicSite, segment: string): string | undefined {
  return site.languages.find((k) => langSegment(k) === segment.toLowerCase());
}

/** A legal page's Markdown in the language, else in the site's default language; '' when neither has one. */
export function legalText(site: PublicSite, lang: string, page: SiteLegalPage): string {
  return site.legal[lang]?.[page] || site.legal[site.default_language]?.[page] || '';
}

export const homeUrl = (c: PageContext, lang: string) => `${c.base}/${langSegment(lang)}/`;
const legalUrl = (c: PageContext, lang: string, page: SiteLegalPage) => `${c.base}/${langSegment(lang)}/legal/${page}`;

/** The stylesheet: a constant of this file, so trusted markup (escaping would turn its quotes into entities). */
const CSS =
  trustedHtml(`*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;background:#fff}
.bar,main,.foot{max-width:1120px;margin:0 auto;padding:12px 16px}header{border-bottom:1px solid #d0d7de}.bar{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between}
.brand{display:flex;gap:12px;align-items:center;color:inherit;text-decoration:none;font-size:1.25rem;font-weight:600}.brand img{max-height:48px;width:auto}
nav ul{display:flex;flex-wrap:wrap;gap:4px 14px;list-style:none;margin:0;padding:0}a{color:#0b5cad}a[aria-current]{font-weight:700;color:#1f2328}
.cats{border-top:1px solid #eaeef2}.search{display:flex;gap:4px}.search input{min-width:0;width:14em;padding:6px 8px;border:1px solid #6e7781;border-radius:6px;font:inherit}
button,select{font:inherit;padding:6px 12px;border-radius:6px;border:1px solid #6e7781;background:#fff;color:#1f2328}button[type=submit]{background:#0b5cad;border-color:#0b5cad;color:#fff;cursor:pointer}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:16px;list-style:none;padding:0}.card a{display:block;color:inherit;text-decoration:none}.card img{width:100%;height:auto;aspect-ratio:1;object-fit:cover;background:#f6f8fa}
.card h2{font-size:1rem;font-weight:500;margin:8px 0 4px}.price{font-weight:700}.was{color:#57606a;text-decoration:line-through;font-weight:400;margin-inline-start:8px}
.product{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:24px}.gallery img{width:100%;height:auto}.thumbs{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0}.thumbs img{width:80px;height:80px;object-fit:cover}
.add-to-cart{display:flex;flex-wrap:wrap;gap:8px;align-items:end}.add-to-cart label{display:flex;flex-direction:column;font-size:.9rem}.add-to-cart input{width:5em;padding:6px;font:inherit}.desc{white-space:pre-line}
.pager{display:flex;gap:16px;align-items:center}footer{border-top:1px solid #d0d7de;font-size:.9rem;color:#57606a;margin-top:32px}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:600}
@media (max-width:600px){.search{width:100%}.search input{flex:1}}`);

/** A page in the frame: its head texts and alternates, its main content. */
export interface LayoutPage {
  title: string;
  /** Meta description ('' or absent: none). */
  description?: string;
  canonical: string;
  alternates: Map<string, string>;
  main: SafeHtml;
  /** More of the head (a product's JSON-LD). */
  head?: SafeHtml;
  /** The search box's text (the search page). */
  query?: string;
  /** The category whose page this is (marked in the navigation). */
  category?: string;
  /** `<meta name="robots" content="noindex">` (a product marked 不被搜索引擎收录); preview pages always have it. */
  noindex?: boolean;
}

/**
 * The frame of every page: head (title, description, canonical, hreflang, favicon), header with
 * the logo, the category navigation, the search form, the cart link and the language switch,
 * footer with the contact details and the legal links. Landmarks: banner, navigation, search, main, contentinfo.
 */
export function layout(c: PageContext, p: LayoutPage) {
  const { site } = c;
  const words = wordsOf(c.lang);
  const cw = catalogWordsOf(c.lang);
  const rtl = c.lang === 'ae';
  const seg = langSegment(c.lang);
  const pages = (Object.keys(SITE_LEGAL_PAGES) as SiteLegalPage[]).filter((pg) => legalText(site, c.lang, pg));
  const defaultAlt = p.alternates.get(site.default_language);
  const nav = c.nav ?? [];
  const { email, phone } = site.contact;
  return html`<!doctype html>
<html lang="${tagOf(c.lang)}" dir="${rtl ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${p.title}</title>
${p.description ? html`<meta name="description" content="${p.description}">` : ''}
${c.preview || p.noindex ? html`<meta name="robots" content="noindex">` : ''}
<link rel="canonical" href="${p.canonical}">
${[...p.alternates].map(([lang, href]) => html`<link rel="alternate" hreflang="${tagOf(lang)}" href="${href}">\n`)}
${defaultAlt ? html`<link rel="alternate" hreflang="x-default" href="${defaultAlt}">` : ''}
${site.favicon_key ? html`<link rel="icon" href="${c.fileUrl(site.favicon_key)}">` : ''}
<style>${CSS}</style>
${p.head ?? ''}
</head>
<body>
<header>
<div class="bar">
<a class="brand" href="${homeUrl(c, c.lang)}">${site.logo_key ? html`<img src="${c.fileUrl(site.logo_key)}" alt="${site.name}" height="48">` : ''}<span>${site.name}</span></a>
<form class="search" role="search" method="get" action="${c.base}/${seg}/search"><label class="vh" for="q">${cw.searchLabel}</label><input id="q" type="search" name="q" maxlength="100" value="${p.query ?? ''}" placeholder="${cw.searchLabel}"><button type="submit">${cw.search}</button></form>
<a class="cart" href="${c.base}/${seg}/cart">${cw.cart}</a>
<nav aria-label="${words.language}"><ul>
${site.languages.map((lang) => {
  const label = SITE_LANGUAGES.find((l) => l.key === lang)?.native ?? lang;
  const href = p.alternates.get(lang) ?? homeUrl(c, lang);
  return html`<li><a href="${href}" hreflang="${tagOf(lang)}" lang="${tagOf(lang)}"${lang === c.lang ? html` aria-current="page"` : ''}>${label}</a></li>`;
})}
</ul></nav>
</div>
${
  nav.length
    ? html`<nav class="cats" aria-label="${cw.categories}"><ul class="bar">
${nav.map((cat) => html`<li><a href="${c.base}/${seg}/c/${encodeURIComponent(cat.slug)}"${cat.slug === p.category ? html` aria-current="page"` : ''}>${categoryName(site, cat.names, c.lang, cat.slug)}</a></li>`)}
</ul></nav>`
    : ''
}
</header>
<main id="main">
${p.main}
</main>
<footer><div class="foot">
${email || phone ? html`<p>${words.contact}: ${email ? html`<a href="${safeHref(`mailto:${email}`)}">${email}</a>` : ''} ${phone ? html`<a href="${safeHref(`tel:${phone.replace(/[^\d+]/g, '')}`)}">${phone}</a>` : ''}</p>` : ''}
<nav aria-label="${cw.legal}"><ul>
${pages.map((pg) => html`<li><a href="${legalUrl(c, c.lang, pg)}">${words.legal[pg]}</a></li>`)}
</ul></nav>
<p>© ${new Date().getFullYear()} ${site.name}</p>
</div></footer>
</body>
</html>
`;
}

/** A category's name in the language, else in the site's default language, else its slug. */
export function categoryName(site: PublicSite, names: Partial<Record<string, string>>, lang: string, slug: string) {
  return names[lang]?.trim() || names[site.default_language]?.trim() || slug;
}

/** The home page of a language: the site's name and its contact details. */
export function homePage(c: PageContext): SafeHtml {
  const { site } = c;
  const words = wordsOf(c.lang);
  const { email, phone, address } = site.contact;
  const alternates = new Map(site.languages.map((l) => [l, homeUrl(c, l)]));
  const contact =
    email || phone || address
      ? html`<section aria-labelledby="contact"><h2 id="contact">${words.contact}</h2><dl>
${email ? html`<dt>${words.email}</dt><dd><a href="${safeHref(`mailto:${email}`)}">${email}</a></dd>` : ''}
${phone ? html`<dt>${words.phone}</dt><dd><a href="${safeHref(`tel:${phone.replace(/[^\d+]/g, '')}`)}">${phone}</a></dd>` : ''}
${address ? html`<dt>${words.address}</dt><dd>${address}</dd>` : ''}
</dl></section>`
      : '';
  return layout(c, {
    ...seoText({ name: site.name, seo: c.seo }, 'home', c.lang, {}),
    canonical: homeUrl(c, c.lang),
    alternates,
    main: html`<h1>${site.name}</h1>\n${contact}`,
  });
}

/** A legal page in a language (the caller checked that it has text). */
export function legalPage(c: PageContext, page: SiteLegalPage): SafeHtml {
  const { site } = c;
  const words = wordsOf(c.lang);
  const alternates = new Map(
    site.languages.filter((l) => legalText(site, l, page)).map((l) => [l, legalUrl(c, l, page)]),
  );
  return layout(c, {
    ...seoText({ name: site.name, seo: c.seo }, 'legal', c.lang, { name: words.legal[page] }),
    canonical: legalUrl(c, c.lang, page),
    alternates,
    main: html`<h1>${words.legal[page]}</h1>\n${markdownToHtml(legalText(site, c.lang, page))}`,
  });
}

/** The 404 page: the site's frame when the site is known (its language), else a bare bilingual page. */
export function notFoundPage(c: PageContext | null): SafeHtml {
  if (c) {
    const words = wordsOf(c.lang);
    return layout(c, {
      title: `${words.notFound} - ${c.site.name}`,
      canonical: homeUrl(c, c.lang),
      alternates: new Map(),
      main: html`<h1>${words.notFound}</h1><p>${words.notFoundText}</p><p><a href="${homeUrl(c, c.lang)}">${words.home}</a></p>`,
    });
  }
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>404 Not Found</title></head>
<body><main><h1>404 Not Found</h1><p>The page you are looking for does not exist.</p><p lang="zh-CN">您访问的页面不存在。</p></main></body></html>
`;
}
