import type { ServerModule } from '../../lib/server-module.js';
import { customsRoutes } from './customs.routes.js';

/** Customs (issue 18 §3): HS codes, production and sales unit records, the operator's IOSS number (docs/customs.md). */
export const serverModule: ServerModule = {
  name: 'customs',
  routes: [customsRoutes],
};
