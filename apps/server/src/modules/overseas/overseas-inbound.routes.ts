import {
  inboundDetail as inboundDetailData,
  inboundIdBody,
  inboundListBody,
  inboundListData,
  inboundReceiveBody,
  inboundSaveBody,
  inboundShipBody,
  inboundSkuOptionsBody,
  inboundSkuOptionsData,
  inboundWarehouseOptionsData,
} from '@console/shared/schemas/overseas-inbound';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { activeWarehouses, skuOptions } from './overseas-inbound.repository.js';
import {
  acknowledgeInbound,
  arriveInbound,
  closeInbound,
  inboundDetail,
  inboundList,
  inboundReach,
  receiveInbound,
  saveInbound,
  shipInbound,
} from './overseas-inbound.service.js';

/**
 * 入库单 (issue 30 §2, docs/overseas.md "Inbound"): the tenant (`warehouse.use`) drafts, ships
 * and acknowledges; the operator (`warehouse.operate`) sees every tenant's inbounds and takes
 * the warehouse steps (到仓, 收货, 关闭).
 */
export async function overseasInboundRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const use = { access: 'warehouse.use' as const };
  const operate = { access: 'warehouse.operate' as const };
  const reachOf = (req: Parameters<typeof authOf>[0]) => {
    const auth = authOf(req);
    return inboundReach(deps, auth.user, auth.tenantId);
  };

  app.post(
    '/overseas/inbound/save',
    { schema: { body: inboundSaveBody, response: replies(inboundDetailData) }, config: use },
    async (req) => ok(await saveInbound(deps, actorOf(req, authOf(req)), req.body), '保存成功'),
  );

  app.post(
    '/overseas/inbound/list',
    { schema: { body: inboundListBody, response: replies(inboundListData) }, config: use },
    async (req) => ok(await inboundList(deps, reachOf(req), req.body)),
  );

  app.post(
    '/overseas/inbound/detail',
    { schema: { body: inboundIdBody, response: replies(inboundDetailData) }, config: use },
    async (req) => ok(await inboundDetail(deps, reachOf(req), req.body.id)),
  );

  app.post(
    '/overseas/inbound/ship',
    { schema: { body: inboundShipBody, response: replies(inboundDetailData) }, config: use },
    async (req) => ok(await shipInbound(deps, actorOf(req, authOf(req)), req.body), '已发货'),
  );

  app.post(
    '/overseas/inbound/acknowledge',
    { schema: { body: inboundIdBody, response: replies(inboundDetailData) }, config: use },
    async (req) => ok(await acknowledgeInbound(deps, actorOf(req, authOf(req)), req.body.id), '已确认差异'),
  );

  app.post(
    '/overseas/inbound/arrive',
    { schema: { body: inboundIdBody, response: replies(inboundDetailData) }, config: operate },
    async (req) => ok(await arriveInbound(deps, actorOf(req, authOf(req)), req.body.id), '已到仓'),
  );

  app.post(
    '/overseas/inbound/receive',
    { schema: { body: inboundReceiveBody, response: replies(inboundDetailData) }, config: operate },
    async (req) => ok(await receiveInbound(deps, actorOf(req, authOf(req)), req.body), '收货成功'),
  );

  app.post(
    '/overseas/inbound/close',
    { schema: { body: inboundIdBody, response: replies(inboundDetailData) }, config: operate },
    async (req) => ok(await closeInbound(deps, actorOf(req, authOf(req)), req.body.id), '已关闭'),
  );

  app.post(
    '/overseas/inbound/sku-options',
    { schema: { body: inboundSkuOptionsBody, response: replies(inboundSkuOptionsData) }, config: use },
    async (req) => {
      const rows = await skuOptions(deps.db, authOf(req).tenantId, req.body.keyword);
      return ok({ list: rows.map((r) => ({ id: Number(r.id), sku: r.sku, title: r.title })) });
    },
  );

  app.post(
    '/overseas/inbound/warehouses',
    { schema: { body: z.strictObject({}).optional(), response: replies(inboundWarehouseOptionsData) }, config: use },
    async () => ok({ list: await activeWarehouses(deps.db) }),
  );
}
