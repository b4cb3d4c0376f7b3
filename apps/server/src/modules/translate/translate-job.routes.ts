import {
  translateGoodsBody,
  translateJobQuery,
  translateJobStarted,
  translateJobView,
} from '@console/shared/schemas/translate';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { goodsReachOf, requireGoodsInReach } from '../goods/goods-reach.js';
import { jobReaderId } from '../jobs/jobs.service.js';
import { getTranslateJob, startTranslateJob } from './translate-job.service.js';

/**
 * Product translation jobs: start one for a product or a selection, poll its progress
 * (`translateJob` is the translation's view of `GET /jobs/get`, kept for API clients, docs/translation.md).
 */
export async function translateJobRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'goods.operate' as const };

  app.post(
    '/transfer/translateGoods',
    { schema: { body: translateGoodsBody, response: replies(translateJobStarted) }, config },
    async (req) => {
      const auth = authOf(req);
      await requireGoodsInReach(deps.db, await goodsReachOf(deps.db, auth.user), req.body.ids);
      const r = await startTranslateJob(deps, fastify.jobs, actorOf(req, auth), req.body);
      return ok(r, '翻译任务已创建');
    },
  );

  app.get(
    '/transfer/translateJob',
    { schema: { querystring: translateJobQuery, response: replies(translateJobView) }, config },
    async (req) => {
      const auth = authOf(req);
      return ok(await getTranslateJob(deps, auth.tenantId, req.query.id, jobReaderId(auth.user)));
    },
  );
}
