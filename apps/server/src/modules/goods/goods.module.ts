import type { ServerModule } from '../../lib/server-module.js';
import { claimRoutes } from './claim.routes.js';
import { goodsRoutes } from './goods.routes.js';
import { goodsExportJob } from './goods-export.job.js';
import { goodsExportRoutes } from './goods-export.routes.js';
import { priceSettingsRoutes } from './price-settings.routes.js';

/** The product library: list, editor, batch calls, export, price settings, claims. */
export const serverModule: ServerModule = {
  name: 'goods',
  routes: [goodsRoutes, priceSettingsRoutes, claimRoutes, goodsExportRoutes],
  jobs: [goodsExportJob],
};
