import { deletedData } from '@console/shared/schemas/common';
import {
  customsIdQuery,
  customsIdsBody,
  customsUnitCreateBody,
  customsUnitListQuery,
  customsUnitPage,
  customsUnitRow,
  customsUnitUpdateBody,
  hsCodeCreateBody,
  hsCodeListQuery,
  hsCodePage,
  hsCodeRow,
  hsCodeUpdateBody,
  iossCheckBody,
  iossCheckResult,
  iossSetting,
  iossUpdateBody,
} from '@console/shared/schemas/customs';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { presentHsCode, presentUnit } from './customs.presenter.js';
import {
  createHsCode,
  createUnit,
  deleteHsCodeRows,
  deleteUnitRows,
  getHsCode,
  getUnit,
  listHsCodePage,
  listUnitPage,
  updateHsCode,
  updateUnit,
} from './customs.service.js';
import { checkIoss, getIossSetting, updateIossSetting } from './ioss.service.js';

/** HS codes (`/order/hs-code` 海关编码) and production and sales units (`/order/order_customs_info`). */
export async function customsRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const read = { access: 'customs.read' as const };
  const manage = { access: 'customs.manage' as const };
  const ioss = { access: 'customs.ioss' as const };

  app.get(
    '/customs/hs-code/list',
    { schema: { querystring: hsCodeListQuery, response: replies(hsCodePage) }, config: read },
    async (req) => {
      const r = await listHsCodePage(deps, authOf(req).tenantId, req.query);
      return ok({
        list: r.rows.map(presentHsCode),
        total: r.total,
        page: req.query.page,
        pageSize: req.query.pageSize,
      });
    },
  );
  app.get(
    '/customs/hs-code/get',
    { schema: { querystring: customsIdQuery, response: replies(hsCodeRow) }, config: read },
    async (req) => ok(presentHsCode(await getHsCode(deps, authOf(req).tenantId, req.query.id))),
  );
  app.post(
    '/customs/hs-code/create',
    { schema: { body: hsCodeCreateBody, response: replies(hsCodeRow) }, config: manage },
    async (req) => ok(presentHsCode(await createHsCode(deps, actorOf(req, authOf(req)), req.body)), '添加成功'),
  );
  app.post(
    '/customs/hs-code/update',
    { schema: { body: hsCodeUpdateBody, response: replies(hsCodeRow) }, config: manage },
    async (req) => ok(presentHsCode(await updateHsCode(deps, actorOf(req, authOf(req)), req.body)), '修改成功'),
  );
  app.post(
    '/customs/hs-code/delete',
    { schema: { body: customsIdsBody, response: replies(deletedData) }, config: manage },
    async (req) => ok({ deleted: await deleteHsCodeRows(deps, actorOf(req, authOf(req)), req.body.ids) }, '删除成功'),
  );

  app.get(
    '/customs/unit/list',
    { schema: { querystring: customsUnitListQuery, response: replies(customsUnitPage) }, config: read },
    async (req) => {
      const r = await listUnitPage(deps, authOf(req).tenantId, req.query);
      return ok({ list: r.rows.map(presentUnit), total: r.total, page: req.query.page, pageSize: req.query.pageSize });
    },
  );
  app.get(
    '/customs/unit/get',
    { schema: { querystring: customsIdQuery, response: replies(customsUnitRow) }, config: read },
    async (req) => ok(presentUnit(await getUnit(deps, authOf(req).tenantId, req.query.id))),
  );
  app.post(
    '/customs/unit/create',
    { schema: { body: customsUnitCreateBody, response: replies(customsUnitRow) }, config: manage },
    async (req) => ok(presentUnit(await createUnit(deps, actorOf(req, authOf(req)), req.body)), '添加成功'),
  );
  app.post(
    '/customs/unit/update',
    { schema: { body: customsUnitUpdateBody, response: replies(customsUnitRow) }, config: manage },
    async (req) => ok(presentUnit(await updateUnit(deps, actorOf(req, authOf(req)), req.body)), '修改成功'),
  );
  app.post(
    '/customs/unit/delete',
    { schema: { body: customsIdsBody, response: replies(deletedData) }, config: manage },
    async (req) => ok({ deleted: await deleteUnitRows(deps, actorOf(req, authOf(req)), req.body.ids) }, '删除成功'),
  );

  app.get('/customs/ioss', { schema: { response: replies(iossSetting) }, config: ioss }, async () =>
    ok(await getIossSetting(deps)),
  );
  app.post(
    '/customs/ioss/update',
    { schema: { body: iossUpdateBody, response: replies(iossSetting) }, config: ioss },
    async (req) => ok(await updateIossSetting(deps, actorOf(req, authOf(req)), req.body), '修改成功'),
  );
  app.post(
    '/customs/ioss/check',
    { schema: { body: iossCheckBody, response: replies(iossCheckResult) }, config: ioss },
    async (req) => ok(await checkIoss(deps, req.body)),
  );
}
