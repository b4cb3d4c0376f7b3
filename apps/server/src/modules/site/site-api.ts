import type { FastifyInstance } from 'fastify';
import { siteRoutes } from './site.routes.js';
import { siteCategoryRoutes } from './site-category.routes.js';
import { siteGoodsRoutes } from './site-goods.routes.js';
import { siteOrderRoutes } from './site-order.routes.js';
import { siteSeoRoutes } from './site-seo.routes.js';
import { siteVisualRoutes } from './site-visual.routes.js';
import { bumpSiteVersion } from './storefront/page-cache.js';

/**
 * The builder's API (`/PDD/site/*`). Every write that succeeded forgets the tenant's cached
 * storefront pages in this process (storefront/page-cache.ts): basic settings, categories, SEO,
 * products, page blocks, and any write added here later. Its transaction has committed by the
 * time the answer is sent; other server processes follow within the cache's 30 s.
 */
export async function siteApi(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && reply.statusCode === 200 && req.auth) bumpSiteVersion(req.auth.tenantId);
    return payload;
  });
  for (const routes of [
    siteRoutes,
    siteCategoryRoutes,
    siteSeoRoutes,
    siteGoodsRoutes,
    siteOrderRoutes,
    siteVisualRoutes,
  ])
    await app.register(routes);
}
