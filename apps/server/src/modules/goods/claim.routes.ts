import { pageQuery } from '@console/shared/schemas/common';
import { batchUpdateData, claimPage, copyGoodsData, goodsIdQuery, idsField } from '@console/shared/schemas/goods';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { claimGoods, listClaimable, publishForClaim } from './claim.service.js';
import { goodsReachOf, requireGoodsInReach } from './goods-reach.js';

/** Claiming products the platform publishes (spec section 7 claim/list, claimGoods — POST per DECISIONS.md). */
export async function claimRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'goods.operate' as const };

  app.get(
    '/claim/list',
    {
      schema: {
        querystring: z.strictObject({ ...pageQuery, keyword: z.string().trim().max(100).optional() }),
        response: replies(claimPage),
      },
      config,
    },
    async (req) => ok(await listClaimable(deps, authOf(req).tenantId, req.query)),
  );

  app.post(
    '/claim/claimGoods',
    {
      schema: { body: goodsIdQuery, response: replies(copyGoodsData) },
      config,
    },
    async (req) => ok(await claimGoods(deps, actorOf(req, authOf(req)), req.body.id), '认领成功'),
  );

  app.post(
    '/claim/publish',
    {
      schema: {
        body: z.strictObject({ ids: idsField, claimable: z.boolean({ error: 'claimable必须为布尔值' }) }),
        response: replies(batchUpdateData),
      },
      config: { access: 'platform.internal' },
    },
    async (req) => {
      const auth = authOf(req);
      await requireGoodsInReach(deps.db, await goodsReachOf(deps.db, auth.user), req.body.ids);
      return ok(await publishForClaim(deps, actorOf(req, auth), req.body.ids, req.body.claimable), '操作成功');
    },
  );
}
