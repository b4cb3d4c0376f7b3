import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { sandbox } from '../../marketplace/sandbox.js';
import { authOf } from '../../plugins/auth.js';
import { sandboxSeller } from './reports.repository.js';

/**
 * Test hook (only with TEST_HOOKS): the sandbox Amazon ships every open order of a sandbox shop
 * as of a minute after its purchase, and refunds the first `refund` of them, so the seller
 * reports have feedback at once in a browser test (docs/reports.md "Simulator").
 */
export async function reportsSandboxRoutes(fastify: FastifyInstance) {
  const { deps } = fastify;
  if (!deps.config.testHooks) return;
  const app = zodApp(fastify);
  app.post(
    '/__test__/sandbox-feedback',
    {
      schema: {
        body: z.strictObject({
          shop_id: z.number().int().positive().max(2_147_483_647),
          refund: z.number().int().min(0).max(50).default(0),
        }),
        response: replies(z.object({ shipped: z.number().int() })),
        hide: true,
      },
      config: { access: 'shop.use' },
    },
    async (req) => {
      const seller = await sandboxSeller(deps.db, authOf(req).tenantId, req.body.shop_id);
      if (!seller) throw notFound('沙箱店铺不存在');
      const { sim } = await sandbox(deps.config, deps.db);
      let shipped = 0;
      for (const o of sim.orders.orders.values()) {
        if (o.sellerId !== seller || o.timeline.some((t) => t.status === 'Shipped' || t.status === 'Canceled'))
          continue;
        sim.orders.ship(o.amazonOrderId, o.createdAt + 60_000);
        if (shipped < req.body.refund) sim.orders.refund(o.amazonOrderId, o.createdAt + 120_000);
        shipped++;
      }
      return ok({ shipped });
    },
  );
}
