import {
  fbaShipmentDetail,
  fbaShipmentIdBody,
  fbaShipmentLabelsBody,
  fbaShipmentListBody,
  fbaShipmentListData,
  fbaShipmentSaveBody,
  fbaShipmentShipBody,
  fbaShipmentSkuOptionsBody,
  fbaShipmentSkuOptionsData,
  fbaShipmentStartData,
} from '@console/shared/schemas/fba-shipment';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { skuOptions } from './fba-shipment.repository.js';
import { saveShipment, shipmentDetail, shipmentList, startShipment } from './fba-shipment.service.js';
import { shipmentLabels } from './fba-shipment-labels.service.js';
import { shipShipment, syncShipment } from './fba-shipment-ship.service.js';

/** 头程发货 (issue 30 §3, docs/fba.md): `/fba/shipment/*`, for the roles that keep stock (`fba.use`). */
export async function fbaShipmentRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'fba.use' as const };
  const actor = (req: Parameters<typeof authOf>[0]) => actorOf(req, authOf(req));

  app.post(
    '/fba/shipment/save',
    { schema: { body: fbaShipmentSaveBody, response: replies(fbaShipmentDetail) }, config },
    async (req) => ok(await saveShipment(deps, actor(req), authOf(req).user, req.body), '保存成功'),
  );

  app.post(
    '/fba/shipment/start',
    { schema: { body: fbaShipmentIdBody, response: replies(fbaShipmentStartData) }, config },
    async (req) => ok(await startShipment(deps, fastify.jobs, actor(req), req.body.id), '已开始计划'),
  );

  app.post(
    '/fba/shipment/list',
    { schema: { body: fbaShipmentListBody, response: replies(fbaShipmentListData) }, config },
    async (req) => ok(await shipmentList(deps, authOf(req).tenantId, req.body)),
  );

  app.post(
    '/fba/shipment/detail',
    { schema: { body: fbaShipmentIdBody, response: replies(fbaShipmentDetail) }, config },
    async (req) => ok(await shipmentDetail(deps, authOf(req).tenantId, req.body.id)),
  );

  app.post(
    '/fba/shipment/ship',
    { schema: { body: fbaShipmentShipBody, response: replies(fbaShipmentDetail) }, config },
    async (req) => ok(await shipShipment(deps, actor(req), req.body), '已发货'),
  );

  app.post(
    '/fba/shipment/sync',
    { schema: { body: fbaShipmentIdBody, response: replies(fbaShipmentDetail) }, config },
    async (req) => ok(await syncShipment(deps, actor(req), req.body.id), '同步完成'),
  );

  // Prints, stores nothing (no audit line), like POST /fba/labels/fnsku.
  app.post(
    '/fba/shipment/labels',
    { schema: { body: fbaShipmentLabelsBody, response: fileReplies(['application/pdf']) }, config },
    async (req, reply) => {
      const { id, kind, layout } = req.body;
      const r = await shipmentLabels(deps, authOf(req).tenantId, id, kind, layout);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${r.filename}"`)
        .send(r.pdf);
    },
  );

  app.post(
    '/fba/shipment/sku-options',
    { schema: { body: fbaShipmentSkuOptionsBody, response: replies(fbaShipmentSkuOptionsData) }, config },
    async (req) => {
      const rows = await skuOptions(deps.db, authOf(req).tenantId, req.body.keyword);
      return ok({
        list: rows.map((r) => ({ id: Number(r.id), sku: r.sku, title: r.title, china_available: r.china_available })),
      });
    },
  );
}
