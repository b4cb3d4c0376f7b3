import { waybillIdBody } from '@console/shared/schemas/logistics';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { carrierOf } from '../../logistics/carrier-sandbox.js';
import { authOf } from '../../plugins/auth.js';
import { findWaybill } from './waybill.repository.js';

/** Seven simulated hours: past the sandbox carrier's pickup (6 h), before the parcel leaves (24 h). */
const PICKED_UP_MS = 7 * 3600 * 1000;

/**
 * Test hook (only with TEST_HOOKS): the sandbox carrier picks up the shipment of one of the
 * caller's waybills now (its creation moved back seven simulated hours), so a browser test sees
 * the carrier refuse 取消运单 (`already picked up`) as it would after a real pickup
 * (docs/logistics.md "Failures stay on the row").
 */
export async function carrierSandboxRoutes(fastify: FastifyInstance) {
  const { deps } = fastify;
  if (!deps.config.testHooks) return;
  const app = zodApp(fastify);
  app.post(
    '/__test__/carrier-pickup',
    {
      schema: { body: waybillIdBody, response: replies(z.object({ tracking_no: z.string() })), hide: true },
      config: { access: 'logistics.ship' },
    },
    async (req) => {
      const w = await findWaybill(deps.db, authOf(req).tenantId, req.body.id);
      const { sim } = await carrierOf(deps.config);
      const shipment = w?.tracking_no ? sim?.shipments.get(w.tracking_no) : undefined;
      if (!w?.tracking_no || !shipment) throw notFound('运单不存在');
      shipment.created_at -= Math.ceil(PICKED_UP_MS / sim!.timeScale);
      return ok({ tracking_no: w.tracking_no });
    },
  );
}
