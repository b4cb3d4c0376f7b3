import type { ServerModule } from '../../lib/server-module.js';
import { fbaLabelRoutes } from './fba-labels.routes.js';
import { fbaSandboxRoutes } from './fba-sandbox.routes.js';
import { fbaShipmentJob } from './fba-shipment.job.js';
import { fbaShipmentRoutes } from './fba-shipment.routes.js';
import { fbaShipmentChoiceRoutes } from './fba-shipment-choice.routes.js';
import { fbaStockScheduled, fbaStockSyncJob } from './fba-stock.job.js';
import { fbaStockRoutes } from './fba-stock.routes.js';

/** FBA first leg 头程发货 (issue 30 §3): labels (docs/labels.md), shipments (docs/fba.md). */
export const serverModule: ServerModule = {
  name: 'fba',
  routes: [fbaLabelRoutes, fbaShipmentRoutes, fbaShipmentChoiceRoutes, fbaSandboxRoutes, fbaStockRoutes],
  jobs: [fbaShipmentJob, fbaStockSyncJob, fbaStockScheduled],
};
