import type { ServerModule } from '../../lib/server-module.js';
import { siteRoutes } from './site.routes.js';
import { siteCategoryRoutes } from './site-category.routes.js';
import { siteGoodsRoutes } from './site-goods.routes.js';
import { siteOrderRoutes } from './site-order.routes.js';
import { siteSeoRoutes } from './site-seo.routes.js';
import { siteVisualRoutes } from './site-visual.routes.js';
import { cartPages } from './storefront/cart-routes.js';
import { storefrontPages } from './storefront/storefront.routes.js';

/** Own site (issue 33): the builder's API and the public storefront (docs/site.md). */
export const serverModule: ServerModule = {
  name: 'site',
  routes: [siteRoutes, siteCategoryRoutes, siteSeoRoutes, siteGoodsRoutes, siteOrderRoutes, siteVisualRoutes],
  pages: [storefrontPages, cartPages],
};
