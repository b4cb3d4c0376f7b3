import type { ServerModule } from '../../lib/server-module.js';
import { manualOrderRoutes } from './manual-order.routes.js';
import { orderRoutes, orderTestHookRoutes } from './order.routes.js';
import { orderAssignRoutes } from './order-assign.routes.js';
import { orderDistributionRoutes } from './order-distribution.routes.js';
import { orderExportJob } from './order-export.job.js';
import { orderExportRoutes } from './order-export.routes.js';
import { orderSalesRoutes } from './order-sales.routes.js';
import { orderStockRoutes } from './order-stock.routes.js';
import { orderBuyerPurge, orderSyncJob, orderSyncScheduled } from './order-sync.job.js';
import { orderTestRoutes } from './order-test.routes.js';
import { order1688Logistics } from './purchase-1688.job.js';
import { purchase1688Routes } from './purchase-1688.routes.js';

/** Orders: sync from the shops, processing, purchase and express status (issue 17, docs/orders.md). */
export const serverModule: ServerModule = {
  name: 'order',
  routes: [
    orderRoutes,
    orderTestHookRoutes,
    orderDistributionRoutes,
    orderStockRoutes,
    orderAssignRoutes,
    orderExportRoutes,
    orderSalesRoutes,
    manualOrderRoutes,
    purchase1688Routes,
    orderTestRoutes,
  ],
  jobs: [orderSyncScheduled, orderSyncJob, orderBuyerPurge, orderExportJob, order1688Logistics],
};
