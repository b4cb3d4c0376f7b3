import {
  fbaStockItemsBody,
  fbaStockItemsData,
  fbaStockStatusBody,
  fbaStockStatusData,
  fbaStockSyncBody,
  fbaStockSyncData,
} from '@console/shared/schemas/fba-stock';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { startStockSync, stockItems, stockStatus } from './fba-stock.view.js';

/** FBA stock (docs/fba.md "FBA stock"): 同步FBA库存 and what the last syncs read, for `fba.use`. */
export async function fbaStockRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'fba.use' as const };

  app.post(
    '/fba/stock/sync',
    { schema: { body: fbaStockSyncBody, response: replies(fbaStockSyncData) }, config },
    async (req) =>
      ok(await startStockSync(deps, fastify.jobs, actorOf(req, authOf(req)), req.body), '已开始同步FBA库存'),
  );

  app.post(
    '/fba/stock/status',
    { schema: { body: fbaStockStatusBody, response: replies(fbaStockStatusData) }, config },
    async (req) => ok(await stockStatus(deps, authOf(req).tenantId)),
  );

  app.post(
    '/fba/stock/items',
    { schema: { body: fbaStockItemsBody, response: replies(fbaStockItemsData) }, config },
    async (req) => ok(await stockItems(deps, authOf(req).tenantId, req.body.stock_ids)),
  );
}
