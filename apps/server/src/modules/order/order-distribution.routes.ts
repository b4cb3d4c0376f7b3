import {
  distributionDismissBody,
  distributionDoneBody,
  distributionListBody,
  distributionListData,
  distributionScanBody,
  distributionScanData,
  distributionStepData,
  distributionUndoBody,
} from '@console/shared/schemas/order-stock';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { distributeOrder, distributionList, scanCode, undoDistribution } from './order-distribution.service.js';
import { dismissReceiveError } from './order-receive.service.js';

/** 配货 (`/order/distribution`, issue 17 §2, docs/orders.md "Distribution"): the warehouse roles (`order.receive`). */
export async function orderDistributionRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'order.receive' as const };

  app.post(
    '/order/distribution/scan',
    { schema: { body: distributionScanBody, response: replies(distributionScanData) }, config },
    async (req) => {
      const auth = authOf(req);
      return ok(await scanCode(deps, auth.tenantId, subjectOf(auth.user), req.body.code));
    },
  );

  app.post(
    '/order/distribution/list',
    { schema: { body: distributionListBody, response: replies(distributionListData) }, config },
    async (req) => {
      const auth = authOf(req);
      return ok(await distributionList(deps, auth.tenantId, subjectOf(auth.user), req.body));
    },
  );

  app.post(
    '/order/distribution/done',
    { schema: { body: distributionDoneBody, response: replies(distributionStepData) }, config },
    async (req) => {
      const auth = authOf(req);
      return ok(await distributeOrder(deps, actorOf(req, auth), subjectOf(auth.user), req.body), '配货完成');
    },
  );

  app.post(
    '/order/distribution/dismiss-error',
    { schema: { body: distributionDismissBody, response: replies(distributionDismissBody) }, config },
    async (req) => {
      const auth = authOf(req);
      return ok(await dismissReceiveError(deps, actorOf(req, auth), subjectOf(auth.user), req.body.item_id), '已处理');
    },
  );

  app.post(
    '/order/distribution/undo',
    { schema: { body: distributionUndoBody, response: replies(distributionStepData) }, config },
    async (req) => {
      const auth = authOf(req);
      return ok(await undoDistribution(deps, actorOf(req, auth), subjectOf(auth.user), req.body), '已撤销配货');
    },
  );
}
