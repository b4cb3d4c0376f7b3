import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../context.js';
import { type CatalogContext, pageParam } from './catalog-view.js';
import { categoryPage, SORTS } from './category-page.js';
import type { SafeHtml } from './html.js';
import { isImageWidth, isTenantPictureKey, siteImageFile } from './images.js';
import { cachedOr } from './page-cache.js';
import { langOfSegment, notFoundPage, type PageContext, type PublicSite } from './pages.js';
import { productPage } from './product-page.js';
import { searchPage, searchText } from './search-page.js';
import type { SiteAddress } from './storefront.js';
import {
  type CatalogCategory,
  type CatalogSort,
  isPublishedPicture,
  siteCatalogInfo,
  siteCategories,
} from './storefront-catalog.repository.js';

/** Same policy as the storefront's other pages (storefront.routes.ts): no script runs (JSON-LD is data). */
const CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function sendHtml(reply: FastifyReply, status: number, body: SafeHtml): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('cache-control', status === 200 ? 'public, max-age=60' : 'no-cache')
    .send(body.value);
}

interface SiteMeta {
  seo: unknown;
  categories: CatalogCategory[];
}

/** The site's SEO settings and categories (cached under the site's version). */
function siteMeta(deps: AppDeps, site: PublicSite): Promise<SiteMeta> {
  return cachedOr<SiteMeta>(site.tenant_id, `meta|${site.id}`, async () => {
    const [info, categories] = await Promise.all([
      siteCatalogInfo(deps.db, site.tenant_id, site.id),
      siteCategories(deps.db, site.tenant_id, site.id),
    ]);
    return { seo: info?.seo ?? {}, categories };
  });
}

/** A fingerprint of the site row: a cached page of an older name, logo or languages is not served. */
const siteStamp = (site: PublicSite) => createHash('sha1').update(JSON.stringify(site)).digest('base64url');

function queryOf(req: FastifyRequest): URLSearchParams {
  const i = req.url.indexOf('?');
  return new URLSearchParams(i === -1 ? '' : req.url.slice(i + 1));
}

async function image(deps: AppDeps, reply: FastifyReply, site: PublicSite, tenantId: number, parts: string[]) {
  const width = Number(parts[1]);
  const key = parts.slice(2).join('/');
  const refuse = (status: number, text: string) =>
    reply.code(status).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(text);
  if (!/^\d+$/.test(parts[1] ?? '') || !isImageWidth(width) || !isTenantPictureKey(tenantId, key))
    return refuse(404, 'Not found');
  const own = key === site.logo_key || key === site.favicon_key;
  if (
    !own &&
    !(await cachedOr(tenantId, `img|${site.id}|${key}`, () => isPublishedPicture(deps.db, tenantId, site.id, key)))
  )
    return refuse(404, 'Not found');
  const out = await siteImageFile(deps.config, key, width);
  if (!out.ok) {
    if (out.status === 503) reply.header('retry-after', '2');
    return refuse(out.status, out.message);
  }
  return reply
    .code(200)
    .type('image/webp')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(await fs.readFile(out.file));
}

/**
 * The storefront's catalog (docs/site.md "Catalog pages"), asked first by storefront.routes.ts
 * for every path of a published site: answers `/<lang>/p/<slug>`, `/<lang>/c/<slug>`,
 * `/<lang>/search` and `/img/<width>/<key>` (returns the reply), and for every other path only
 * puts the header's category navigation into `at` (`at.nav`) and returns undefined, so the
 * home and legal pages get the same header.
 */
export async function catalogAnswer(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  site: PublicSite | undefined,
  path: string,
  at: SiteAddress,
): Promise<FastifyReply | undefined> {
  if (!site?.published) return undefined;
  const meta = { ...(await siteMeta(deps, site)), tenantId: site.tenant_id };
  at.nav = meta.categories.filter((c) => c.parent_id === null).map((c) => ({ slug: c.slug, names: c.names }));
  at.seo = meta.seo;
  const parts = path.replace(/^\//, '').replace(/\/$/, '').split('/');
  if (parts[0] === 'img' && parts.length >= 3) return image(deps, reply, site, meta.tenantId, parts);
  const lang = langOfSegment(site, parts[0] ?? '');
  const kind = parts[1];
  if (!lang || !((parts.length === 3 && (kind === 'p' || kind === 'c')) || (parts.length === 2 && kind === 'search')))
    return undefined;
  const c: CatalogContext = { ...at, site, lang, tenantId: meta.tenantId, seo: meta.seo, categories: meta.categories };
  const notFound = () => sendHtml(reply, 404, notFoundPage(c as PageContext));
  const q = queryOf(req);
  const page = pageParam(q.get('page'));
  if (page === null) return notFound();
  let body: SafeHtml | null;
  if (kind === 'search') body = await searchPage(deps.db, c, searchText(q.get('q')), page);
  else {
    let slug: string;
    try {
      slug = decodeURIComponent(parts[2]!);
    } catch {
      return notFound();
    }
    if (!slug || slug.length > 200) return notFound();
    const sort = (SORTS as readonly string[]).includes(q.get('sort') ?? '') ? (q.get('sort') as CatalogSort) : 'newest';
    const which = kind === 'p' ? slug : `${slug}|${page}|${sort}`;
    const key = `${kind}|${at.base}|${lang}|${which}|${siteStamp(site)}`;
    body = await cachedOr(meta.tenantId, key, () =>
      kind === 'p' ? productPage(deps.db, c, slug) : categoryPage(deps.db, c, slug, page, sort),
    );
  }
  return body ? sendHtml(reply, 200, body) : notFound();
}
