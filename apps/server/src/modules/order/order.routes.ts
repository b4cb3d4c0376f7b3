import { can } from '@console/shared/permissions/can';
import { dbId, dbInt, nullData } from '@console/shared/schemas/common';
import {
  orderDetailData,
  orderExpressBody,
  orderIdBody,
  orderItemStepData,
  orderListBody,
  orderListData,
  orderNoteBody,
  orderOverviewData,
  orderPurchaseBody,
  orderSyncBody,
  orderSyncData,
} from '@console/shared/schemas/order';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { addNote, orderDetail, orderList, overview, purchaseItem, readerOf } from './order.service.js';
import { moveExpressKeepingReceiptFailure } from './order-receive.service.js';
import { sandboxOrders } from './order-sandbox.service.js';
import { orderSyncJob } from './order-sync.job.js';
import { listTenantSyncShops } from './order-sync.repository.js';

/** Orders: 订单首页, 订单处理, sync on demand, purchase and express steps (issue 17, docs/orders.md). */
export async function orderRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const read = { access: 'order.read' as const };

  app.post(
    '/order/list',
    { schema: { body: orderListBody, response: replies(orderListData) }, config: read },
    async (req) => {
      const auth = authOf(req);
      return ok(await orderList(deps, auth.tenantId, subjectOf(auth.user), req.body));
    },
  );

  app.post(
    '/order/detail',
    { schema: { body: orderIdBody, response: replies(orderDetailData) }, config: read },
    async (req) => {
      const auth = authOf(req);
      return ok(await orderDetail(deps, auth.tenantId, subjectOf(auth.user), req.body.id));
    },
  );

  app.post('/order/overview', { schema: { response: replies(orderOverviewData) }, config: read }, async (req) => {
    const auth = authOf(req);
    return ok(await overview(deps, auth.tenantId, subjectOf(auth.user)));
  });

  app.post(
    '/order/sync',
    { schema: { body: orderSyncBody, response: replies(orderSyncData) }, config: { access: 'order.sync' } },
    async (req) => {
      const auth = authOf(req);
      const subject = subjectOf(auth.user);
      const staffOf = readerOf(subject).staffOf;
      const ids = req.body.shop_id === undefined ? undefined : [req.body.shop_id];
      const shops = await listTenantSyncShops(deps.db, auth.tenantId, ids, staffOf);
      if (ids && shops.length === 0) throw notFound('店铺不存在或未授权');
      if (shops.length === 0) throw badRequest('没有已授权的店铺,请先在店铺管理绑定店铺');
      const job = await fastify.jobs.enqueue(
        orderSyncJob,
        { tenantId: auth.tenantId, userId: auth.user.id },
        { shop_ids: shops.map((s) => s.id), ...(staffOf ? { staff_of: staffOf } : {}) },
        { total: shops.length },
      );
      return ok({ job_id: job.id }, '已开始同步订单');
    },
  );

  app.post(
    '/order/purchase',
    { schema: { body: orderPurchaseBody, response: replies(orderItemStepData) }, config: { access: 'order.purchase' } },
    async (req) => {
      const auth = authOf(req);
      return ok(await purchaseItem(deps, actorOf(req, auth), subjectOf(auth.user), req.body), '采购已记录');
    },
  );

  // Each step checks its own role (purchase steps: buyers; receipt: the roles that ship).
  app.post(
    '/order/express',
    { schema: { body: orderExpressBody, response: replies(orderItemStepData) }, config: read },
    async (req) => {
      const auth = authOf(req);
      const subject = subjectOf(auth.user);
      if (!can(subject, 'order.purchase') && !can(subject, 'order.receive')) throw badRequest('没有权限修改快递状态');
      return ok(await moveExpressKeepingReceiptFailure(deps, actorOf(req, auth), subject, req.body), '修改成功');
    },
  );

  app.post(
    '/order/note',
    { schema: { body: orderNoteBody, response: replies(nullData) }, config: read },
    async (req) => {
      const auth = authOf(req);
      await addNote(deps, actorOf(req, auth), subjectOf(auth.user), req.body.id, req.body.text);
      return ok(null, '备注已添加');
    },
  );
}

/**
 * Test hook (only with TEST_HOOKS): orders for a sandbox shop without the upload pipeline: a
 * listing per marketplace of the shop in the in-server simulator, and `count` orders placed an
 * hour ago (already paid, outside Amazon's two-minute window; seller-fulfilled unless `channel`
 * is `AFN`), for the browser tests.
 */
export async function orderTestHookRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  if (!deps.config.testHooks) return;
  app.post(
    '/__test__/sandbox-orders',
    {
      schema: {
        body: z.strictObject({
          shop_id: dbId('店铺ID', 'integer'),
          count: dbInt('数量', 1, 50),
          /** Seller-fulfilled (default) or fulfilled by Amazon (FBA). */
          channel: z.enum(['MFN', 'AFN']).default('MFN'),
        }),
        response: replies(z.object({ ids: z.array(z.string()) })),
        hide: true,
      },
      config: { access: 'order.sync' },
    },
    async (req) =>
      ok({
        ids: await sandboxOrders(deps, authOf(req).tenantId, req.body.shop_id, req.body.count, req.body.channel),
      }),
  );
}
