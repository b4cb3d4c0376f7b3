import { salesBody, salesData } from '@console/shared/schemas/order-sales';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { salesStats } from './order-sales.service.js';

/** 销量统计 (issue 17 §2, docs/orders.md "Sales statistics"). */
export async function orderSalesRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  app.post(
    '/order/asinSales',
    { schema: { body: salesBody, response: replies(salesData) }, config: { access: 'order.read' } },
    async (req) => {
      const auth = authOf(req);
      return ok(await salesStats(deps, auth.tenantId, subjectOf(auth.user), req.body));
    },
  );
}
