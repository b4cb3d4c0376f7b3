import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { sandbox } from '../../marketplace/sandbox.js';
import { simInbound } from '../../marketplace/simulator/sim-inbound.js';
import { sandboxSellerOf } from './fba-stock.repository.js';

const body = z.strictObject({
  /** Multiplies every inbound operation's duration (0: ended by the first status read). */
  operation_factor: z.number().min(0).max(10).optional(),
  /** Whether plan MSKUs must be listings of the seller (Amazon's rule; off for a browser test without listings). */
  require_listings: z.boolean().optional(),
  /** Sets what the sandbox Amazon holds of an MSKU of a sandbox shop in a marketplace (FBA Inventory). */
  fba_stock: z
    .strictObject({
      shop_id: z.number().int().positive().max(2_147_483_647),
      marketplace: z.string().max(8),
      msku: z.string().min(1).max(40),
      fulfillable: z.number().int().min(0).max(1_000_000),
      unfulfillable: z.number().int().min(0).max(1_000_000).optional(),
    })
    .optional(),
});

/**
 * Test hook (only with TEST_HOOKS): the sandbox Amazon's first-leg knobs (docs/marketplace.md
 * "The simulated workflow"), so a browser test plans a shipment in seconds with SKUs it made.
 */
export async function fbaSandboxRoutes(fastify: FastifyInstance) {
  const { deps } = fastify;
  if (!deps.config.testHooks) return;
  const app = zodApp(fastify);
  app.post(
    '/__test__/sandbox-fba',
    { schema: { body, response: replies(z.null()), hide: true }, config: { access: 'public' } },
    async (req) => {
      const inbound = simInbound((await sandbox(deps.config, deps.db)).sim);
      if (req.body.operation_factor !== undefined) inbound.operationFactor = req.body.operation_factor;
      if (req.body.require_listings !== undefined) inbound.requireListings = req.body.require_listings;
      const st = req.body.fba_stock;
      if (st) {
        const seller = await sandboxSellerOf(deps.db, st.shop_id);
        const mp = marketplaceByCode(st.marketplace);
        if (!seller || !mp) throw badRequest('沙箱店铺或站点不存在');
        inbound.setStock(seller, mp.marketplaceId, st.msku, {
          fulfillable: st.fulfillable,
          unfulfillable: st.unfulfillable ?? 0,
        });
      }
      return ok(null);
    },
  );
}
