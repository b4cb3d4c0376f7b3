import { homeSummaryBody, homeSummaryData } from '@console/shared/schemas/overseas-home';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import { homeSummary } from './overseas-home.service.js';

/** 海外仓首页 (issue 30 §2, docs/overseas.md "Home"): read-only figures of the tenant. */
export async function overseasHomeRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  app.post(
    '/overseas/home/summary',
    { schema: { body: homeSummaryBody, response: replies(homeSummaryData) }, config: { access: 'warehouse.use' } },
    async (req) => ok(await homeSummary(deps, authOf(req).tenantId, req.body.warehouse_id)),
  );
}
