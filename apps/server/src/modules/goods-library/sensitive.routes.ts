import { deletedData } from '@console/shared/schemas/common';
import {
  idsBody,
  sensitiveAdded,
  sensitiveCheckBody,
  sensitiveCheckData,
  sensitiveCreateBody,
  sensitiveListQuery,
  sensitivePage,
} from '@console/shared/schemas/goods-library';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { seconds } from './library.presenter.js';
import { addSensitiveWords, findSensitiveWords, listSensitive, removeSensitiveWords } from './sensitive.service.js';

/** Sensitive words (`/goods/admin/infringement/list`) and the editor's live check. */
export async function sensitiveRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'goods.operate' as const };
  /** Changes need the library setting an admin may withhold per child account (issue 13 §5). */
  const change = { access: 'library.sensitive' as const };

  app.get(
    '/goods/sensitive/list',
    { schema: { querystring: sensitiveListQuery, response: replies(sensitivePage) }, config },
    async (req) => {
      const r = await listSensitive(deps, authOf(req).tenantId, req.query);
      return ok({
        list: r.rows.map((w) => ({ ...w, created_at: seconds(w.created_at) })),
        total: r.total,
        page: req.query.page,
        pageSize: req.query.pageSize,
      });
    },
  );

  app.post(
    '/goods/sensitive/create',
    { schema: { body: sensitiveCreateBody, response: replies(sensitiveAdded) }, config: change },
    async (req) => {
      const r = await addSensitiveWords(deps, actorOf(req, authOf(req)), req.body.lang, req.body.words);
      return ok(r, `添加成功: 新增${r.added}个,重复${r.duplicate}个已忽略`);
    },
  );

  app.post(
    '/goods/sensitive/delete',
    { schema: { body: idsBody, response: replies(deletedData) }, config: change },
    async (req) => {
      const deleted = await removeSensitiveWords(deps, actorOf(req, authOf(req)), req.body.ids);
      return ok({ deleted }, '删除成功');
    },
  );

  app.post(
    '/goods/sensitive/check',
    { schema: { body: sensitiveCheckBody, response: replies(sensitiveCheckData) }, config },
    async (req) => {
      const hits = await findSensitiveWords(deps.db, authOf(req).tenantId, req.body.texts);
      return ok({ hits });
    },
  );
}
