import { deletedData } from '@console/shared/schemas/common';
import { eanImportBody, eanImportReport, eanListQuery, eanPage, idsBody } from '@console/shared/schemas/goods-library';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { deleteEans, importEans, listEanPool } from './ean.service.js';
import { presentEan } from './library.presenter.js';

/** The EAN/UPC pool (`/goods/ean-table`). */
export async function eanRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'goods.operate' as const };
  /** Changes need the library setting an admin may withhold per child account (issue 13 §5). */
  const change = { access: 'library.ean' as const };

  app.get(
    '/goods/ean/list',
    { schema: { querystring: eanListQuery, response: replies(eanPage) }, config },
    async (req) => {
      const r = await listEanPool(deps, authOf(req).tenantId, req.query);
      return ok({
        list: r.rows.map(presentEan),
        total: r.total,
        page: req.query.page,
        pageSize: req.query.pageSize,
        free: r.free,
        used: r.used,
      });
    },
  );

  app.post(
    '/goods/ean/import',
    { schema: { body: eanImportBody, response: replies(eanImportReport) }, config: change },
    async (req) => {
      const r = await importEans(deps, actorOf(req, authOf(req)), req.body);
      return ok(r, `导入完成: 新增${r.added}个,重复${r.duplicate}个,无效${r.invalid}个`);
    },
  );

  app.post(
    '/goods/ean/delete',
    { schema: { body: idsBody, response: replies(deletedData) }, config: change },
    async (req) => {
      const deleted = await deleteEans(deps, actorOf(req, authOf(req)), req.body.ids);
      return ok({ deleted }, '删除成功');
    },
  );
}
