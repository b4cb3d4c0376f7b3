import type { ServerModule } from '../../lib/server-module.js';
import { siteApi } from './site-api.js';
import { siteOrderExpiryJob } from './site-order.jobs.js';
import { cartPages } from './storefront/cart-routes.js';
import { storefrontPages } from './storefront/storefront.routes.js';

/** Own site (issue 33): the builder's API and the public storefront (docs/site.md). */
export const serverModule: ServerModule = {
  name: 'site',
  routes: [siteApi],
  pages: [storefrontPages, cartPages],
  jobs: [siteOrderExpiryJob],
};
