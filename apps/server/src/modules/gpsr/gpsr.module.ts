import type { ServerModule } from '../../lib/server-module.js';
import { gpsrRoutes } from './gpsr.routes.js';

/** GPSR helper (issue 31 §3): compliance profiles applied to products per EU marketplace (docs/gpsr.md). */
export const serverModule: ServerModule = {
  name: 'gpsr',
  routes: [gpsrRoutes],
};
