import { z } from 'zod';
import { defineJob, type ServerModule } from '../../lib/server-module.js';
import { claimRoutes } from './claim.routes.js';
import { goodsRoutes } from './goods.routes.js';
import { goodsExportRoutes } from './goods-export.routes.js';
import { EXPORT_QUEUE, runExportJob } from './goods-export.service.js';
import { priceSettingsRoutes } from './price-settings.routes.js';

/** The product library: list, editor, batch calls, export, price settings, claims. */
export const serverModule: ServerModule = {
  name: 'goods',
  routes: [goodsRoutes, priceSettingsRoutes, claimRoutes, goodsExportRoutes],
  jobs: [
    defineJob({
      kind: EXPORT_QUEUE,
      payload: z.object({ id: z.string() }),
      run: (deps, p) => runExportJob(deps, p.id),
    }),
  ],
};
