import { platformStatusData } from '@console/shared/schemas/platform';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import { platformStatus } from './platform.service.js';

/** 平台首页 (`/platform/index`, issue 31 §4, docs/platform.md): the state of every connection. */
export async function platformRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  // The 平台 menu has no permission: every signed-in account sees its cards (shops only with `shop.use`).
  app.get(
    '/amazon-user/platformStatus',
    { schema: { response: replies(platformStatusData) }, config: { access: 'authenticated' } },
    async (req) => {
      const auth = authOf(req);
      return ok(await platformStatus(deps, auth.user, auth.tenantId));
    },
  );
}
