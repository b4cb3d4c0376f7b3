import { API_PREFIX } from '@console/shared/constants/app';
import { normaliseDomain } from '@console/shared/schemas/site';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { publicFileUrl } from '../../files/public-link.js';
import { findSiteByDomain, findSiteBySlug } from '../site.repository.js';
import { cartGet } from './cart-routes.js';
import { catalogAnswer } from './catalog-routes.js';
import { cachedSiteHost, consoleHostOf, rememberSiteHost } from './site-hosts.js';
import { siteFileAnswer } from './sitemap.js';
import { type SiteAddress, type StorefrontAnswer, storefrontAnswer } from './storefront.js';

/** Where preview addresses live: `/s/<slug>/...` on the console's own host. */
export const PREVIEW_PREFIX = '/s';

/** No script may run on a storefront page (it has none); styles are inline, images our own. */
const CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function send(reply: FastifyReply, a: StorefrontAnswer): FastifyReply {
  if (a.location) return reply.redirect(a.location, 301);
  return reply
    .code(a.status)
    .type(a.type)
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('cache-control', a.status === 200 ? 'public, max-age=60' : 'no-cache')
    .send(a.body);
}

const pathOf = (req: FastifyRequest) => req.url.split('?', 1)[0] ?? '/';

/**
 * The public storefront (issue 33 §2, docs/site.md "Storefront"), outside `/PDD` and without
 * a session or CSRF token (its routes declare no `access`): the preview address
 * `GET /s/<slug>/...` on any host, and every page address on a host that is a site's domain.
 * Registered without encapsulation (skip-override, as `fastify-plugin` does) so that the
 * host hook sees the requests of the web app's routes and of the 404 handler too.
 */
export const storefrontPages: FastifyPluginAsync = async (app: FastifyInstance) => {
  const { deps } = app;
  const fileUrl = (key: string) => publicFileUrl(deps.config, '', key);
  // The console's own host (PUBLIC_URL) is never a storefront, whatever a tenant saved: without
  // PUBLIC_URL the console cannot tell its own address from a site's, so sites answer only at
  // their preview address (docs/site.md "Domains").
  const consoleHost = consoleHostOf(deps.config.publicUrl);

  // A site's domain: its pages before the web app and the 404 handler see the request. The API
  // keeps answering on every host (`/PDD`, the storefront's images are public links under it).
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const path = pathOf(req);
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path.startsWith(`${PREVIEW_PREFIX}/`)) return;
    // IP addresses and `localhost` are never a site's domain: no lookup for the console's usual hosts.
    if (!consoleHost) return;
    const host = normaliseDomain(req.hostname ?? '');
    if (!host || host === consoleHost || cachedSiteHost(host) === false) return;
    const site = await findSiteByDomain(deps.db, host);
    rememberSiteHost(host, Boolean(site));
    if (!site) return;
    const at: SiteAddress = { base: `${req.protocol}://${req.host}`, preview: false, fileUrl };
    const cart = await cartGet(deps, req, reply, { site, addr: at }, path);
    if (cart) return cart;
    const file = await siteFileAnswer(deps.db, site, path, at);
    if (file) return send(reply, file);
    return (
      (await catalogAnswer(deps, req, reply, site, path, at)) ??
      send(reply, await storefrontAnswer(site, path, at, deps.db))
    );
  });

  const preview = async (req: FastifyRequest, reply: FastifyReply) => {
    const rest = pathOf(req).slice(PREVIEW_PREFIX.length + 1);
    const slash = rest.indexOf('/');
    const slug = slash === -1 ? rest : rest.slice(0, slash);
    const site = /^[a-z][a-z0-9-]{2,31}$/.test(slug) ? await findSiteBySlug(deps.db, slug) : undefined;
    // `/s/<slug>` -> `/s/<slug>/`: the canonical form of a site's home.
    if (slash === -1 && site?.published)
      return send(reply, {
        status: 301,
        type: 'text/plain; charset=utf-8',
        body: '',
        location: `${PREVIEW_PREFIX}/${slug}/`,
      });
    const at: SiteAddress = { base: `${req.protocol}://${req.host}${PREVIEW_PREFIX}/${slug}`, preview: true, fileUrl };
    const inner = slash === -1 ? '/' : rest.slice(slash);
    const file = await siteFileAnswer(deps.db, site, inner, at);
    if (file) return send(reply, file);
    return (
      (await catalogAnswer(deps, req, reply, site, inner, at)) ??
      send(reply, await storefrontAnswer(site, inner, at, deps.db))
    );
  };
  app.get(PREVIEW_PREFIX, preview);
  app.get(`${PREVIEW_PREFIX}/*`, preview);
};
// Hooks and routes of this plugin belong to the root instance (Fastify's documented skip-override flag).
Object.assign(storefrontPages, { [Symbol.for('skip-override')]: true });
