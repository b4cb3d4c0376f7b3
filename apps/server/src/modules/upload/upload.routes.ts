import {
  affectedItemsData,
  cancelUploadBody,
  createUploadBody,
  createUploadData,
  deleteListingBody,
  deleteListingData,
  errorFeedData,
  errorFeedQuery,
  listingsData,
  listingsQuery,
  queueGoodsData,
  queueGoodsQuery,
  recheckUploadBody,
  resubmitBody,
  resubmitData,
  retryUploadBody,
  uploadItemsData,
  uploadItemsQuery,
  uploadQueueListData,
  uploadQueueListQuery,
  uploadQueueQuery,
  uploadQueueView,
  uploadTargetsData,
} from '@console/shared/schemas/upload';
import { uploadCheckBody, uploadCheckData } from '@console/shared/schemas/upload-check';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { goodsReachOf, requireGoodsInReach } from '../goods/goods-reach.js';
import { deleteListing } from './listing-delete.js';
import {
  cancelUpload,
  createUpload,
  errorFeed,
  listingsOf,
  queueItems,
  queueList,
  queueView,
  recheckUpload,
  resubmit,
  retryUpload,
  uploadTargets,
} from './upload.service.js';
import { checkUpload } from './upload-check.service.js';
import { queueGoods } from './upload-queue-goods.service.js';

/** The upload pipeline's calls (上传到亚马逊, 上传记录, 错误日志, 编辑上传队列; docs/upload.md). */
export async function uploadRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'shop.use' as const };
  const tenantOf = (req: FastifyRequest) => authOf(req).tenantId;
  const reachFor = async (req: FastifyRequest, ids: readonly number[] | undefined) => {
    const reach = await goodsReachOf(deps.db, authOf(req).user);
    await requireGoodsInReach(deps.db, reach, ids ?? []);
    return reach;
  };

  app.get('/upload/targets', { schema: { response: replies(uploadTargetsData) }, config }, async (req) =>
    ok(await uploadTargets(deps, actorOf(req, authOf(req)))),
  );

  app.post(
    '/upload/create',
    { schema: { body: createUploadBody, response: replies(createUploadData) }, config },
    async (req) => {
      const reach = await reachFor(req, req.body.ids);
      const r = await createUpload(deps, fastify.jobs, actorOf(req, authOf(req)), reach, req.body);
      const msg = r.items
        ? `已加入上传队列: ${r.items}条${r.invalid ? `,其中${r.invalid}条未通过检查` : ''}${r.held ? `,暂缓${r.held}个商品站点` : ''}`
        : `已加入上传队列,正在准备${r.goods}个商品`;
      return ok(r, msg);
    },
  );

  app.post(
    '/upload/check',
    { schema: { body: uploadCheckBody, response: replies(uploadCheckData) }, config },
    async (req) => {
      const reach = await reachFor(req, req.body.ids);
      const r = await checkUpload(deps, actorOf(req, authOf(req)), reach, req.body);
      const more = r.total > r.checked ? `;共${r.total}个商品,只检查了前${r.checked}个` : '';
      return ok(r, `检查完成: ${r.ready}个商品站点就绪,${r.held}个未通过${more}`);
    },
  );

  app.post(
    '/upload/deleteListing',
    { schema: { body: deleteListingBody, response: replies(deleteListingData) }, config },
    async (req) => {
      const auth = authOf(req);
      return ok(await deleteListing(deps, actorOf(req, auth), auth.user, req.body), '已从亚马逊删除');
    },
  );

  app.get(
    '/upload/queueList',
    { schema: { querystring: uploadQueueListQuery, response: replies(uploadQueueListData) }, config },
    async (req) => ok(await queueList(deps, tenantOf(req), req.query)),
  );

  app.get(
    '/upload/queue',
    { schema: { querystring: uploadQueueQuery, response: replies(uploadQueueView) }, config },
    async (req) => ok(await queueView(deps, tenantOf(req), req.query.id)),
  );

  app.get(
    '/upload/queueItems',
    { schema: { querystring: uploadItemsQuery, response: replies(uploadItemsData) }, config },
    async (req) => ok(await queueItems(deps, tenantOf(req), req.query)),
  );

  app.post(
    '/upload/retry',
    { schema: { body: retryUploadBody, response: replies(affectedItemsData) }, config },
    async (req) => {
      const r = await retryUpload(deps, fastify.jobs, actorOf(req, authOf(req)), req.body.queue_id, req.body.item_ids);
      return ok(r, r.affected ? `已重新提交${r.affected}条` : '没有需要重试的条目');
    },
  );

  app.post(
    '/upload/recheck',
    { schema: { body: recheckUploadBody, response: replies(affectedItemsData) }, config },
    async (req) => {
      const r = await recheckUpload(
        deps,
        fastify.jobs,
        actorOf(req, authOf(req)),
        req.body.queue_id,
        req.body.item_ids,
      );
      return ok(r, r.affected ? `正在重新查询${r.affected}条` : '没有结果未知的条目');
    },
  );

  app.post(
    '/upload/cancel',
    { schema: { body: cancelUploadBody, response: replies(affectedItemsData) }, config },
    async (req) => {
      const r = await cancelUpload(deps, actorOf(req, authOf(req)), req.body.queue_id);
      return ok(r, r.affected ? `已取消${r.affected}条未发送的条目` : '没有未发送的条目');
    },
  );

  app.get(
    '/upload/errorFeed',
    { schema: { querystring: errorFeedQuery, response: replies(errorFeedData) }, config },
    async (req) => ok(await errorFeed(deps, tenantOf(req), req.query.queue_id, req.query.goods_id)),
  );

  app.get(
    '/upload/queueGoods',
    { schema: { querystring: queueGoodsQuery, response: replies(queueGoodsData) }, config },
    async (req) => ok(await queueGoods(deps, tenantOf(req), req.query.queue_id, req.query)),
  );

  app.post(
    '/upload/resubmit',
    { schema: { body: resubmitBody, response: replies(resubmitData) }, config },
    async (req) => {
      const reach = await reachFor(
        req,
        req.body.goods.map((g) => g.goods_id),
      );
      const r = await resubmit(deps, fastify.jobs, actorOf(req, authOf(req)), reach, req.body);
      return ok(r, `已保存并重新提交${r.items}条`);
    },
  );

  app.get(
    '/upload/listings',
    { schema: { querystring: listingsQuery, response: replies(listingsData) }, config },
    async (req) => ok(await listingsOf(deps, tenantOf(req), req.query.goods_ids)),
  );
}
