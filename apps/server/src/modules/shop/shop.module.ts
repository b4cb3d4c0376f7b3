import type { ServerModule } from '../../lib/server-module.js';
import { sandboxConsentRoutes } from './sandbox-consent.routes.js';
import { shopRoutes } from './shop.routes.js';

/** Bound Amazon shops and their authorization (issue 14 §1, docs/shops.md). */
export const serverModule: ServerModule = {
  name: 'shop',
  routes: [shopRoutes, sandboxConsentRoutes],
};
