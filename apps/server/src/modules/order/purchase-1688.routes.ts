import { orderItemStepData } from '@console/shared/schemas/order';
import { logistics1688Body, logistics1688Data, purchase1688Body } from '@console/shared/schemas/purchase-1688';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { logistics1688, purchase1688 } from './purchase-1688.service.js';

/** 1688 purchasing (issue 17 §2, docs/orders.md "1688"): place the purchase, read its logistics. */
export async function purchase1688Routes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'order.purchase' as const };
  app.post(
    '/order/purchase1688',
    { schema: { body: purchase1688Body, response: replies(orderItemStepData) }, config },
    async (req) => {
      const auth = authOf(req);
      return ok(await purchase1688(deps, actorOf(req, auth), subjectOf(auth.user), req.body), '已在1688下单');
    },
  );
  app.post(
    '/order/logistics1688',
    { schema: { body: logistics1688Body, response: replies(logistics1688Data) }, config },
    async (req) => {
      const auth = authOf(req);
      return ok(await logistics1688(deps, actorOf(req, auth), subjectOf(auth.user), req.body.item_id));
    },
  );
}
