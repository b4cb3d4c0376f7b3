import type { ServerModule } from '../../lib/server-module.js';
import { orderRoutes, orderTestHookRoutes } from './order.routes.js';
import { orderAssignRoutes } from './order-assign.routes.js';
import { orderDistributionRoutes } from './order-distribution.routes.js';
import { orderStockRoutes } from './order-stock.routes.js';
import { orderBuyerPurge, orderSyncJob, orderSyncScheduled } from './order-sync.job.js';

/** Orders: sync from the shops, processing, purchase and express status (issue 17, docs/orders.md). */
export const serverModule: ServerModule = {
  name: 'order',
  routes: [orderRoutes, orderTestHookRoutes, orderDistributionRoutes, orderStockRoutes, orderAssignRoutes],
  jobs: [orderSyncScheduled, orderSyncJob, orderBuyerPurge],
};
