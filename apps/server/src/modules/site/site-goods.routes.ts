import { deletedData } from '@console/shared/schemas/common';
import {
  siteGoods,
  siteGoodsCreateBody,
  siteGoodsIdQuery,
  siteGoodsIdsBody,
  siteGoodsImportBody,
  siteGoodsImportResult,
  siteGoodsListQuery,
  siteGoodsPage,
  siteGoodsPublishResult,
  siteGoodsSyncBody,
  siteGoodsSyncResult,
  siteGoodsUpdateBody,
} from '@console/shared/schemas/site-goods';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { fileStorage } from '../files/storage.js';
import { deleteGoods, setPublished } from './site-goods.batch.js';
import { importGoods, syncGoods } from './site-goods.library.js';
import { createGoods, getGoods, listGoodsPage, updateGoods } from './site-goods.service.js';

/** 建站 站点商品 (`/build-site/goods/*`, docs/site.md "Products"). Company and personal admins. */
export async function siteGoodsRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const storage = fileStorage(deps.config);
  const use = { access: 'site.manage' as const };

  app.get(
    '/site/goods/list',
    { schema: { querystring: siteGoodsListQuery, response: replies(siteGoodsPage) }, config: use },
    async (req) => ok(await listGoodsPage(deps, authOf(req).tenantId, req.query)),
  );
  app.get(
    '/site/goods/get',
    { schema: { querystring: siteGoodsIdQuery, response: replies(siteGoods) }, config: use },
    async (req) => ok(await getGoods(deps, authOf(req).tenantId, req.query.id)),
  );
  app.post(
    '/site/goods/create',
    { schema: { body: siteGoodsCreateBody, response: replies(siteGoods) }, config: use },
    async (req) => ok(await createGoods(deps, storage, actorOf(req, authOf(req)), req.body), '添加成功'),
  );
  app.post(
    '/site/goods/update',
    { schema: { body: siteGoodsUpdateBody, response: replies(siteGoods) }, config: use },
    async (req) => ok(await updateGoods(deps, storage, actorOf(req, authOf(req)), req.body), '保存成功'),
  );
  app.post(
    '/site/goods/publish',
    { schema: { body: siteGoodsIdsBody, response: replies(siteGoodsPublishResult) }, config: use },
    async (req) => ok(await setPublished(deps, actorOf(req, authOf(req)), req.body.ids, true), '发布成功'),
  );
  app.post(
    '/site/goods/unpublish',
    { schema: { body: siteGoodsIdsBody, response: replies(siteGoodsPublishResult) }, config: use },
    async (req) => ok(await setPublished(deps, actorOf(req, authOf(req)), req.body.ids, false), '已下线'),
  );
  app.post(
    '/site/goods/delete',
    { schema: { body: siteGoodsIdsBody, response: replies(deletedData) }, config: use },
    async (req) => ok(await deleteGoods(deps, actorOf(req, authOf(req)), req.body.ids), '删除成功'),
  );
  app.post(
    '/site/goods/import',
    { schema: { body: siteGoodsImportBody, response: replies(siteGoodsImportResult) }, config: use },
    async (req) =>
      ok(await importGoods(deps, actorOf(req, authOf(req)), req.body.goods_ids, req.body.rounding), '导入完成'),
  );
  app.post(
    '/site/goods/sync',
    { schema: { body: siteGoodsSyncBody, response: replies(siteGoodsSyncResult) }, config: use },
    async (req) => ok(await syncGoods(deps, actorOf(req, authOf(req)), req.body), '同步完成'),
  );
}
