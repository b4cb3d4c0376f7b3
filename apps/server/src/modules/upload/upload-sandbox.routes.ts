import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { sandbox } from '../../marketplace/sandbox.js';

const listingIssueBody = z.strictObject({
  /** The seller SKU the sandbox Amazon answers the issue for (on every submission). */
  sku: z.string().min(1).max(40),
  code: z.string().max(20),
  message: z.string().min(1).max(500),
  attribute: z.string().max(100).optional(),
  /** Takes the SKU's added issues away again. */
  remove: z.boolean().default(false),
});

/**
 * Test hook (only with TEST_HOOKS): makes the sandbox Amazon answer a SKU's submissions with
 * an issue of its choosing, such as a code the console does not know (issue 28 §1: such an
 * issue says so in Chinese and opens the product's 扩展属性 pane).
 */
export async function uploadSandboxRoutes(fastify: FastifyInstance) {
  const { deps } = fastify;
  if (!deps.config.testHooks) return;
  const app = zodApp(fastify);
  app.post(
    '/__test__/sandbox-listing-issue',
    {
      schema: { body: listingIssueBody, response: replies(z.null()), hide: true },
      config: { access: 'shop.use' },
    },
    async (req) => {
      const b = req.body;
      const { sim } = await sandbox(deps.config, deps.db);
      if (b.remove) sim.extraIssues.delete(b.sku);
      else
        sim.extraIssues.set(b.sku, [
          {
            code: b.code,
            message: b.message,
            severity: 'ERROR',
            ...(b.attribute ? { attributeNames: [b.attribute] } : {}),
            categories: ['INVALID_ATTRIBUTE'],
          },
        ]);
      return ok(null);
    },
  );
}
