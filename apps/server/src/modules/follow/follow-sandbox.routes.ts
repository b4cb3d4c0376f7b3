import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { minor, moneyToNumber } from '@console/shared/money';
import { dbInt } from '@console/shared/schemas/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { sandbox } from '../../marketplace/sandbox.js';

const marketBody = z.strictObject({
  marketplace: z.string().max(8),
  asin: z.string().length(10),
  /** Create the product (another seller's) with this title and brand first. */
  product: z.strictObject({ title: z.string().max(200), brand: z.string().max(60) }).optional(),
  /** The other seller whose offer is added or removed (a follower, a hijacker). */
  seller: z.string().max(20).optional(),
  price: dbInt('价格', 1, 100_000_000).optional(),
  remove: z.boolean().default(false),
});

/**
 * Test hook (only with TEST_HOOKS): changes the sandbox Amazon's market, so a browser test can
 * create another seller's product and make a hijacker arrive or leave (`sim.market`).
 */
export async function followSandboxRoutes(fastify: FastifyInstance) {
  const { deps } = fastify;
  if (!deps.config.testHooks) return;
  const app = zodApp(fastify);
  app.post(
    '/__test__/sandbox-market',
    { schema: { body: marketBody, response: replies(z.null()), hide: true }, config: { access: 'public' } },
    async (req) => {
      const b = req.body;
      const m = marketplaceByCode(b.marketplace);
      if (!m) throw badRequest('站点不存在');
      const { sim } = await sandbox(deps.config, deps.db);
      if (b.product)
        sim.market.putProduct({
          asin: b.asin,
          marketplaceId: m.marketplaceId,
          title: b.product.title,
          brand: b.product.brand,
          productType: 'HAIRBAND',
          image: '',
          registeredBrand: false,
        });
      if (b.seller && b.remove) sim.market.removeOffer(m.marketplaceId, b.asin, b.seller);
      else if (b.seller && b.price)
        sim.market.addOffer(m.marketplaceId, b.asin, {
          sellerId: b.seller,
          price: moneyToNumber(minor(b.price), m.currency),
          shipping: 0,
          fba: false,
        });
      return ok(null);
    },
  );
}
