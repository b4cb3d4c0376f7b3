import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { sandbox } from '../../marketplace/sandbox.js';
import { simInbound } from '../../marketplace/simulator/sim-inbound.js';

const body = z.strictObject({
  /** Multiplies every inbound operation's duration (0: ended by the first status read). */
  operation_factor: z.number().min(0).max(10).optional(),
  /** Whether plan MSKUs must be listings of the seller (Amazon's rule; off for a browser test without listings). */
  require_listings: z.boolean().optional(),
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
      return ok(null);
    },
  );
}
