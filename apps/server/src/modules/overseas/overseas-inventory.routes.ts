import {
  inventoryFlowBody,
  inventoryFlowData,
  inventoryListBody,
  inventoryListData,
  inventoryLocationsBody,
  inventoryLocationsData,
} from '@console/shared/schemas/overseas-inventory';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import { inventoryFlow, inventoryList, inventoryLocations, inventoryReach } from './overseas-inventory.service.js';

/**
 * 库存列表 / 库存流水 (issue 30 §2, docs/overseas.md "Inventory screens"): the tenant's own stock
 * in every place (China, overseas warehouses, FBA), read-only; the operator (`warehouse.operate`)
 * reads every tenant's, or the one it picks with `tenant_id`.
 */
export async function overseasInventoryRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const use = { access: 'warehouse.use' as const };
  const reachOf = (req: Parameters<typeof authOf>[0]) => {
    const auth = authOf(req);
    return inventoryReach(deps, auth.user, auth.tenantId);
  };

  app.post(
    '/overseas/inventory/list',
    { schema: { body: inventoryListBody, response: replies(inventoryListData) }, config: use },
    async (req) => ok(await inventoryList(deps, reachOf(req), req.body)),
  );

  app.post(
    '/overseas/inventory/flow',
    { schema: { body: inventoryFlowBody, response: replies(inventoryFlowData) }, config: use },
    async (req) => ok(await inventoryFlow(deps, reachOf(req), req.body)),
  );

  app.post(
    '/overseas/inventory/locations',
    { schema: { body: inventoryLocationsBody, response: replies(inventoryLocationsData) }, config: use },
    async (req) => ok(await inventoryLocations(deps, reachOf(req), authOf(req).tenantId, req.body.tenant_id)),
  );
}
