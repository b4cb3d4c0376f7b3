import { SITE_LEGAL_PAGES, type SiteLegalPage } from '@console/shared/schemas/site';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types.js';
import { homePageOf, landingPageOf } from './home-page.js';
import { langOfSegment, legalPage, legalText, notFoundPage, type PageContext, type PublicSite } from './pages.js';

/** What the storefront answers for one address. */
export interface StorefrontAnswer {
  status: number;
  type: 'text/html; charset=utf-8' | 'text/plain; charset=utf-8' | 'application/xml; charset=utf-8';
  body: string;
  /** A redirect's target (status 301). */
  location?: string;
}

/** How a site is reached: its base address, whether it is the preview, how stored files are linked. */
export type SiteAddress = Omit<PageContext, 'site' | 'lang'>;

const HTML = 'text/html; charset=utf-8' as const;

const notFound = (c: PageContext | null): StorefrontAnswer => ({
  status: 404,
  type: HTML,
  body: notFoundPage(c).value,
});

/**
 * Routes a path inside a site (`/`, `/<lang>/`, `/<lang>/legal/<page>`) to its page (`robots.txt`
 * and the sitemap files are answered before, by `sitemap.ts`). An unknown or unpublished site is
 * the bare 404 page (it does not say whose site it was).
 */
export async function storefrontAnswer(
  site: PublicSite | undefined,
  path: string,
  at: SiteAddress,
  db: Kysely<DB>,
): Promise<StorefrontAnswer> {
  if (!site?.published) return notFound(null);
  const trimmed = path.replace(/^\//, '').replace(/\/$/, '');
  const parts = trimmed === '' ? [] : trimmed.split('/');
  const ctx = (lang: string): PageContext => ({ ...at, site, lang });
  if (parts.length === 0)
    return { status: 200, type: HTML, body: (await homePageOf(db, ctx(site.default_language))).value };
  const lang = langOfSegment(site, parts[0] ?? '');
  if (!lang) return notFound(ctx(site.default_language));
  if (parts.length === 1) return { status: 200, type: HTML, body: (await homePageOf(db, ctx(lang))).value };
  if (parts.length === 3 && parts[1] === 'pages') {
    const landing = await landingPageOf(db, ctx(lang), parts[2] ?? '');
    return landing ? { status: 200, type: HTML, body: landing.value } : notFound(ctx(lang));
  }
  const page = parts[2] as SiteLegalPage;
  if (parts.length === 3 && parts[1] === 'legal' && Object.hasOwn(SITE_LEGAL_PAGES, page)) {
    if (!legalText(site, lang, page)) return notFound(ctx(lang));
    return { status: 200, type: HTML, body: legalPage(ctx(lang), page).value };
  }
  return notFound(ctx(lang));
}
