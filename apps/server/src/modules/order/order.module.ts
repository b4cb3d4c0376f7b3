import type { ServerModule } from '../../lib/server-module.js';
import { orderRoutes, orderTestHookRoutes } from './order.routes.js';
import { orderBuyerPurge, orderSyncJob, orderSyncScheduled } from './order-sync.job.js';

/** Orders: sync from the shops, processing, purchase and express status (issue 17, docs/orders.md). */
export const serverModule: ServerModule = {
  name: 'order',
  routes: [orderRoutes, orderTestHookRoutes],
  jobs: [orderSyncScheduled, orderSyncJob, orderBuyerPurge],
};
