import {
  manualDetailData,
  manualIdBody,
  manualListBody,
  manualListData,
  manualSaveBody,
  manualTransitionBody,
} from '@console/shared/schemas/manual-order';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { manualDetail, manualList, saveManual, transitionManual } from './manual-order.service.js';

const stepData = z.object({ id: z.number().int(), version: z.number().int(), status: z.number().int() });

/** 手工单 (issue 17 §2, docs/orders.md "Manual orders"): list, detail, save and the state machine's steps. */
export async function manualOrderRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const read = { access: 'order.read' as const };

  app.post(
    '/order/manual/list',
    { schema: { body: manualListBody, response: replies(manualListData) }, config: read },
    async (req) => {
      const auth = authOf(req);
      return ok(await manualList(deps, auth.tenantId, subjectOf(auth.user), req.body));
    },
  );

  app.post(
    '/order/manual/detail',
    { schema: { body: manualIdBody, response: replies(manualDetailData) }, config: read },
    async (req) => {
      const auth = authOf(req);
      return ok(await manualDetail(deps, auth.tenantId, subjectOf(auth.user), req.body.id));
    },
  );

  app.post(
    '/order/manual/save',
    { schema: { body: manualSaveBody, response: replies(stepData) }, config: { access: 'order.manual' } },
    async (req) => ok(await saveManual(deps, actorOf(req, authOf(req)), req.body), '保存成功'),
  );

  // Each step checks its own permission (MANUAL_TRANSITIONS); order.read lets the caller reach the check.
  app.post(
    '/order/manual/transition',
    { schema: { body: manualTransitionBody, response: replies(stepData) }, config: read },
    async (req) => {
      const auth = authOf(req);
      return ok(await transitionManual(deps, actorOf(req, auth), subjectOf(auth.user), req.body), '操作成功');
    },
  );
}
