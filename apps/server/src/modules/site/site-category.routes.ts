import {
  siteCategoryCreateBody,
  siteCategoryDeleteBody,
  siteCategoryImport,
  siteCategoryMoveBody,
  siteCategoryNode,
  siteCategoryPublishBody,
  siteCategoryTree,
  siteCategoryUpdateBody,
} from '@console/shared/schemas/site-category';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { importLibraryCategories } from './site-category.import.js';
import {
  createSiteCategory,
  deleteSiteCategoryNode,
  moveSiteCategory,
  siteCategoryTree as readTree,
  setSiteCategoryPublished,
  updateSiteCategoryNode,
} from './site-category.service.js';

/** 建站 站点分类 (`/build-site/category`, docs/site.md "Categories"): the site's category tree. */
export async function siteCategoryRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const use = { access: 'site.manage' as const };
  const actor = (req: Parameters<typeof authOf>[0]) => actorOf(req, authOf(req));

  app.get('/site/category/list', { schema: { response: replies(siteCategoryTree) }, config: use }, async (req) =>
    ok(await readTree(deps, authOf(req).tenantId)),
  );
  app.post(
    '/site/category/create',
    { schema: { body: siteCategoryCreateBody, response: replies(siteCategoryNode) }, config: use },
    async (req) => ok(await createSiteCategory(deps, actor(req), req.body), '添加成功'),
  );
  app.post(
    '/site/category/update',
    { schema: { body: siteCategoryUpdateBody, response: replies(siteCategoryNode) }, config: use },
    async (req) => ok(await updateSiteCategoryNode(deps, actor(req), req.body), '保存成功'),
  );
  app.post(
    '/site/category/move',
    {
      schema: { body: siteCategoryMoveBody, response: replies(z.object({ id: z.number(), version: z.number() })) },
      config: use,
    },
    async (req) => ok(await moveSiteCategory(deps, actor(req), req.body), '移动成功'),
  );
  app.post(
    '/site/category/publish',
    { schema: { body: siteCategoryPublishBody, response: replies(siteCategoryNode) }, config: use },
    async (req) => ok(await setSiteCategoryPublished(deps, actor(req), req.body), '保存成功'),
  );
  app.post(
    '/site/category/delete',
    { schema: { body: siteCategoryDeleteBody, response: replies(z.null()) }, config: use },
    async (req) => ok(await deleteSiteCategoryNode(deps, actor(req), req.body), '删除成功'),
  );
  app.post(
    '/site/category/import-library',
    { schema: { response: replies(siteCategoryImport) }, config: use },
    async (req) => ok(await importLibraryCategories(deps, actor(req)), '导入完成'),
  );
}
