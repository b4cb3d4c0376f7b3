import {
  testOrderListingsBody,
  testOrderListingsData,
  testOrdersBody,
  testOrdersData,
} from '@console/shared/schemas/order-test';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { authOf } from '../../plugins/auth.js';
import { orderSyncJob } from './order-sync.job.js';
import { createTestOrders, testOrderListings } from './order-test.service.js';

/** 生成测试订单 of a sandbox shop (店铺管理; issue 29 §1, docs/orders.md "Test orders"). */
export async function orderTestRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const manage = { access: 'shop.manage' as const };

  app.post(
    '/order/test/listings',
    { schema: { body: testOrderListingsBody, response: replies(testOrderListingsData) }, config: manage },
    async (req) => ok({ list: await testOrderListings(deps, authOf(req).tenantId, req.body.shop_id) }),
  );

  app.post(
    '/order/test/create',
    { schema: { body: testOrdersBody, response: replies(testOrdersData) }, config: manage },
    async (req) => {
      const auth = authOf(req);
      const ids = await createTestOrders(deps, auth.tenantId, req.body);
      // The shop's own order sync reads them (the path real orders take), with progress.
      const job = await fastify.jobs.enqueue(
        orderSyncJob,
        { tenantId: auth.tenantId, userId: auth.user.id },
        { shop_ids: [req.body.shop_id] },
        { total: 1 },
      );
      return ok({ ids, job_id: job.id }, `已生成 ${ids.length} 个测试订单,正在同步到订单处理`);
    },
  );
}
