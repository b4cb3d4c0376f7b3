import {
  fbaPlacementConfirmBody,
  fbaShipmentStartData,
  fbaTransportConfirmBody,
} from '@console/shared/schemas/fba-shipment';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { confirmPlacement, confirmTransport } from './fba-shipment-choice.service.js';

/** 头程发货's choices (docs/fba.md "Choosing placement and carrier"): the placement option, the carriers. */
export async function fbaShipmentChoiceRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'fba.use' as const };
  const actor = (req: Parameters<typeof authOf>[0]) => actorOf(req, authOf(req));

  app.post(
    '/fba/shipment/placement/confirm',
    { schema: { body: fbaPlacementConfirmBody, response: replies(fbaShipmentStartData) }, config },
    async (req) => ok(await confirmPlacement(deps, fastify.jobs, actor(req), req.body), '已确认分仓方案'),
  );

  app.post(
    '/fba/shipment/transport/confirm',
    { schema: { body: fbaTransportConfirmBody, response: replies(fbaShipmentStartData) }, config },
    async (req) => ok(await confirmTransport(deps, fastify.jobs, actor(req), req.body), '已确认运输方案'),
  );
}
