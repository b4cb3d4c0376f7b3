import { can } from '@console/shared/permissions/can';
import {
  outboundDetailBody,
  outboundEligibleBody,
  outboundEligibleData,
  outboundFromOrderBody,
  outboundIdBody,
  outboundListBody,
  outboundListData,
  outboundRow,
  outboundSaveBody,
  outboundShipBody,
  outboundStepData,
  outboundStockBody,
  outboundStockData,
} from '@console/shared/schemas/overseas-outbound';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { logisticsConfirmJob } from '../logistics/logistics.jobs.js';
import {
  eligibleOrders,
  outboundDetail,
  outboundFromOrder,
  outboundList,
  outboundStock,
  saveOutbound,
  warehouseScope,
} from './overseas-outbound.service.js';
import { cancelOutbound, shipOutbound, stepPickPack } from './overseas-outbound-steps.service.js';

/**
 * 出库单 (issue 30 §2, docs/overseas.md "Outbound"): the tenant's side (`warehouse.use`) creates,
 * cancels and reads its outbounds; the warehouse's side (`warehouse.operate`, the operator's
 * admins) picks, packs and ships any tenant's.
 */
export async function overseasOutboundRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const use = { access: 'warehouse.use' as const };
  const operate = { access: 'warehouse.operate' as const };

  app.post(
    '/overseas/outbound/save',
    { schema: { body: outboundSaveBody, response: replies(outboundRow) }, config: use },
    async (req) => ok(await saveOutbound(deps, actorOf(req, authOf(req)), req.body), '出库单已创建'),
  );

  app.post(
    '/overseas/outbound/from-order',
    { schema: { body: outboundFromOrderBody, response: replies(outboundRow) }, config: use },
    async (req) => {
      const auth = authOf(req);
      return ok(await outboundFromOrder(deps, actorOf(req, auth), subjectOf(auth.user), req.body), '出库单已创建');
    },
  );

  app.post(
    '/overseas/outbound/cancel',
    { schema: { body: outboundIdBody, response: replies(outboundStepData) }, config: use },
    async (req) =>
      ok(await cancelOutbound(deps, actorOf(req, authOf(req)), req.body.id, req.body.version), '出库单已取消'),
  );

  app.post(
    '/overseas/outbound/list',
    { schema: { body: outboundListBody, response: replies(outboundListData) }, config: use },
    async (req) => {
      const auth = authOf(req);
      return ok(await outboundList(deps, auth.tenantId, subjectOf(auth.user), req.body));
    },
  );

  app.post(
    '/overseas/outbound/detail',
    { schema: { body: outboundDetailBody, response: replies(outboundRow) }, config: use },
    async (req) => {
      const auth = authOf(req);
      const subject = subjectOf(auth.user);
      const all = warehouseScope(deps, subject, req.body.scope);
      return ok(
        await outboundDetail(deps, all ? null : auth.tenantId, req.body.id, all || can(subject, 'order.buyerData')),
      );
    },
  );

  app.post(
    '/overseas/outbound/eligible',
    { schema: { body: outboundEligibleBody, response: replies(outboundEligibleData) }, config: use },
    async (req) => ok(await eligibleOrders(deps, authOf(req).tenantId, req.body.order_ids)),
  );

  app.post(
    '/overseas/outbound/stock',
    { schema: { body: outboundStockBody, response: replies(outboundStockData) }, config: use },
    async (req) => ok(await outboundStock(deps, authOf(req).tenantId, req.body.warehouse_id, req.body.keyword)),
  );

  app.post(
    '/overseas/outbound/pick',
    { schema: { body: outboundIdBody, response: replies(outboundStepData) }, config: operate },
    async (req) =>
      ok(await stepPickPack(deps, actorOf(req, authOf(req)), 'pick', req.body.id, req.body.version), '已开始拣货'),
  );

  app.post(
    '/overseas/outbound/pack',
    { schema: { body: outboundIdBody, response: replies(outboundStepData) }, config: operate },
    async (req) =>
      ok(await stepPickPack(deps, actorOf(req, authOf(req)), 'pack', req.body.id, req.body.version), '已打包'),
  );

  app.post(
    '/overseas/outbound/ship',
    { schema: { body: outboundShipBody, response: replies(outboundStepData) }, config: operate },
    async (req) => {
      const r = await shipOutbound(deps, actorOf(req, authOf(req)), req.body);
      await fastify.jobs.trigger(logisticsConfirmJob, {});
      return ok(r, '已发货');
    },
  );
}
