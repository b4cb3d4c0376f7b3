import { orderAssignBody, orderAssignData, orderAssigneesData } from '@console/shared/schemas/order-stock';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { assign, assignees } from './order-assign.service.js';

/** Assigning orders to staff (issue 17 §2, docs/orders.md "Assignment"): group leaders and admins. */
export async function orderAssignRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'order.assign' as const };

  app.post('/order/assignees', { schema: { response: replies(orderAssigneesData) }, config }, async (req) => {
    const auth = authOf(req);
    return ok(await assignees(deps, auth.tenantId, subjectOf(auth.user)));
  });

  app.post(
    '/order/assign',
    { schema: { body: orderAssignBody, response: replies(orderAssignData) }, config },
    async (req) => {
      const auth = authOf(req);
      const r = await assign(deps, actorOf(req, auth), subjectOf(auth.user), req.body);
      return ok(r, req.body.user_id === null ? '已取消分配' : '分配成功');
    },
  );
}
