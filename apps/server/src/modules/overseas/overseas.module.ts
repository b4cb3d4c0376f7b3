import type { ServerModule } from '../../lib/server-module.js';
import { overseasCountRoutes } from './overseas-count.routes.js';
import { overseasHomeRoutes } from './overseas-home.routes.js';
import { overseasInboundRoutes } from './overseas-inbound.routes.js';
import { overseasInventoryRoutes } from './overseas-inventory.routes.js';
import { overseasOutboundRoutes } from './overseas-outbound.routes.js';
import { overseasSandboxRoutes } from './overseas-sandbox.routes.js';
import { overseasSkuRoutes } from './overseas-sku.routes.js';
import { overseasWarehouseRoutes } from './overseas-warehouse.routes.js';

/**
 * 海外仓 (issue 30 §2): warehouses, warehouse SKUs, inbound and outbound orders and the
 * inventory screens, on the one inventory ledger (docs/inventory.md, docs/overseas.md).
 * Each area's routes file adds itself to `routes` below.
 */
export const serverModule: ServerModule = {
  name: 'overseas',
  routes: [
    overseasWarehouseRoutes,
    overseasSkuRoutes,
    overseasInboundRoutes,
    overseasInventoryRoutes,
    overseasCountRoutes,
    overseasOutboundRoutes,
    overseasHomeRoutes,
    overseasSandboxRoutes,
  ],
};
