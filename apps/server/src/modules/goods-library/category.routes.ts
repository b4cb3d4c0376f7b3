import { nullData } from '@console/shared/schemas/common';
import {
  categoryCreateBody,
  categoryNode,
  categoryRow,
  categoryUpdateBody,
  idQuery,
} from '@console/shared/schemas/goods-library';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { categoryTree, createCategory, removeCategory, updateCategoryNode } from './category.service.js';

/** The tenant's own categories (`/goods/category`). */
export async function categoryRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'goods.operate' as const };
  /** Changes need the library setting an admin may withhold per child account (issue 13 §5). */
  const change = { access: 'library.category' as const };

  app.get('/goods/category/tree', { schema: { response: replies(z.array(categoryNode)) }, config }, async (req) =>
    ok(await categoryTree(deps, authOf(req).tenantId)),
  );

  app.post(
    '/goods/category/create',
    { schema: { body: categoryCreateBody, response: replies(categoryRow) }, config: change },
    async (req) => ok(await createCategory(deps, actorOf(req, authOf(req)), req.body), '添加成功'),
  );

  app.post(
    '/goods/category/update',
    { schema: { body: categoryUpdateBody, response: replies(categoryRow) }, config: change },
    async (req) => ok(await updateCategoryNode(deps, actorOf(req, authOf(req)), req.body), '修改成功'),
  );

  app.post(
    '/goods/category/delete',
    { schema: { body: idQuery, response: replies(nullData) }, config: change },
    async (req) => {
      await removeCategory(deps, actorOf(req, authOf(req)), req.body.id);
      return ok(null, '删除成功');
    },
  );
}
