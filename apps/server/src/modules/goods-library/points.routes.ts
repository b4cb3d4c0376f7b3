import { deletedData } from '@console/shared/schemas/common';
import {
  idQuery,
  idsBody,
  pointsCreateBody,
  pointsListQuery,
  pointsPage,
  pointsSet,
  pointsUpdateBody,
} from '@console/shared/schemas/goods-library';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { presentPoints } from './library.presenter.js';
import { createPointSet, deletePointSets, getPointSet, listPointSets, updatePointSet } from './points.service.js';

/** Bullet-point library (`/goods/pointsManage`, `addPoints`, `editPoints/:id`). */
export async function pointsRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'goods.operate' as const };
  /** Changes need the library setting an admin may withhold per child account (issue 13 §5). */
  const change = { access: 'library.points' as const };

  app.get(
    '/goods/points/list',
    { schema: { querystring: pointsListQuery, response: replies(pointsPage) }, config },
    async (req) => {
      const r = await listPointSets(deps, authOf(req).tenantId, req.query);
      return ok({
        list: r.rows.map(presentPoints),
        total: r.total,
        page: req.query.page,
        pageSize: req.query.pageSize,
      });
    },
  );

  app.get(
    '/goods/points/get',
    { schema: { querystring: idQuery, response: replies(pointsSet) }, config },
    async (req) => ok(presentPoints(await getPointSet(deps, authOf(req).tenantId, req.query.id))),
  );

  app.post(
    '/goods/points/create',
    { schema: { body: pointsCreateBody, response: replies(pointsSet) }, config: change },
    async (req) => ok(presentPoints(await createPointSet(deps, actorOf(req, authOf(req)), req.body)), '添加成功'),
  );

  app.post(
    '/goods/points/update',
    { schema: { body: pointsUpdateBody, response: replies(pointsSet) }, config: change },
    async (req) => ok(presentPoints(await updatePointSet(deps, actorOf(req, authOf(req)), req.body)), '修改成功'),
  );

  app.post(
    '/goods/points/delete',
    { schema: { body: idsBody, response: replies(deletedData) }, config: change },
    async (req) => ok({ deleted: await deletePointSets(deps, actorOf(req, authOf(req)), req.body.ids) }, '删除成功'),
  );
}
