import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { sandbox } from '../../marketplace/sandbox.js';

const packagesBody = z.strictObject({ amazon_order_id: z.string().min(1).max(40) });
const packagesData = z.object({
  list: z.array(
    z.object({
      package_reference_id: z.string(),
      carrier_code: z.string(),
      tracking_number: z.string(),
    }),
  ),
});

/**
 * Test hook (only with TEST_HOOKS): the packages the sandbox Amazon received through
 * `confirmShipment` for one order, so a browser test proves that shipping an order's outbound
 * reached Amazon (not only that the console marked the order shipped).
 */
export async function overseasSandboxRoutes(fastify: FastifyInstance) {
  const { deps } = fastify;
  if (!deps.config.testHooks) return;
  const app = zodApp(fastify);
  app.post(
    '/__test__/sandbox-packages',
    {
      schema: { body: packagesBody, response: replies(packagesData), hide: true },
      config: { access: 'public' },
    },
    async (req) => {
      const { sim } = await sandbox(deps.config, deps.db);
      const list = sim.orders.packages
        .filter((k) => k.amazonOrderId === req.body.amazon_order_id)
        .map((k) => ({
          package_reference_id: k.packageReferenceId,
          carrier_code: k.carrierCode,
          tracking_number: k.trackingNumber,
        }));
      return ok({ list });
    },
  );
}
