import {
  countCreateBody,
  countDetail as countDetailData,
  countIdBody,
  countListBody,
  countListData,
  countSaveBody,
  countSkusBody,
  countSkusData,
  inventoryAdjustBody,
  inventoryAdjustData,
} from '@console/shared/schemas/overseas-count';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import {
  adjustStock,
  cancelCount,
  countDetail,
  countList,
  countSkus,
  createCount,
  postCount,
  saveCount,
} from './overseas-count.service.js';
import { inventoryReach } from './overseas-inventory.service.js';

/**
 * 库存调整 and 盘点单 (issue 30 §1, docs/overseas.md "Adjustments and counts"): the operator
 * (`warehouse.operate`) adjusts and counts any tenant's stock; a tenant reads its own counts.
 */
export async function overseasCountRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const use = { access: 'warehouse.use' as const };
  const operate = { access: 'warehouse.operate' as const };
  const reachOf = (req: Parameters<typeof authOf>[0]) => {
    const auth = authOf(req);
    return inventoryReach(deps, auth.user, auth.tenantId);
  };
  const actor = (req: Parameters<typeof authOf>[0]) => actorOf(req, authOf(req));

  app.post(
    '/overseas/inventory/adjust',
    { schema: { body: inventoryAdjustBody, response: replies(inventoryAdjustData) }, config: operate },
    async (req) => ok(await adjustStock(deps, actor(req), req.body), '库存已调整'),
  );

  app.post(
    '/overseas/inventory/count/create',
    { schema: { body: countCreateBody, response: replies(countDetailData) }, config: operate },
    async (req) => ok(await createCount(deps, actor(req), req.body), '盘点单已创建'),
  );

  app.post(
    '/overseas/inventory/count/skus',
    { schema: { body: countSkusBody, response: replies(countSkusData) }, config: operate },
    async (req) => ok(await countSkus(deps, req.body)),
  );

  app.post(
    '/overseas/inventory/count/list',
    { schema: { body: countListBody, response: replies(countListData) }, config: use },
    async (req) => ok(await countList(deps, reachOf(req), req.body)),
  );

  app.post(
    '/overseas/inventory/count/detail',
    { schema: { body: countIdBody, response: replies(countDetailData) }, config: use },
    async (req) => ok(await countDetail(deps, reachOf(req), req.body.id)),
  );

  app.post(
    '/overseas/inventory/count/save',
    { schema: { body: countSaveBody, response: replies(countDetailData) }, config: operate },
    async (req) => ok(await saveCount(deps, actor(req), req.body), '保存成功'),
  );

  app.post(
    '/overseas/inventory/count/post',
    { schema: { body: countIdBody, response: replies(countDetailData) }, config: operate },
    async (req) => ok(await postCount(deps, actor(req), req.body.id), '盘点已过账'),
  );

  app.post(
    '/overseas/inventory/count/cancel',
    { schema: { body: countIdBody, response: replies(countDetailData) }, config: operate },
    async (req) => ok(await cancelCount(deps, actor(req), req.body.id), '盘点单已取消'),
  );
}
