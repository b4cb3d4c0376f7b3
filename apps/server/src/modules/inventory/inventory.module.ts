import type { ServerModule } from '../../lib/server-module.js';

/**
 * Inventory (issue 30 §1): the one ledger of stock in China, in overseas warehouses and at
 * Amazon (docs/inventory.md). The service (`inventory.service.ts`) is what other modules call.
 */
export const serverModule: ServerModule = {
  name: 'inventory',
  routes: [],
};
