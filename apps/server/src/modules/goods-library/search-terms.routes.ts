import { deletedData } from '@console/shared/schemas/common';
import {
  idQuery,
  idsBody,
  searchTermsCreateBody,
  searchTermsEntry,
  searchTermsListQuery,
  searchTermsPage,
  searchTermsUpdateBody,
} from '@console/shared/schemas/goods-library';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { presentSearchTerms } from './library.presenter.js';
import {
  createSearchTermEntry,
  deleteSearchTermEntries,
  getSearchTermEntry,
  listSearchTermEntries,
  updateSearchTermEntry,
} from './search-terms.service.js';

/** Search-terms library (`/goods/search-terms`, `addSearchTerms`, `editSearchTerms/:id`). */
export async function searchTermsRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'goods.operate' as const };
  /** Changes need the library setting an admin may withhold per child account (issue 13 §5). */
  const change = { access: 'library.searchTerms' as const };

  app.get(
    '/goods/search-terms/list',
    { schema: { querystring: searchTermsListQuery, response: replies(searchTermsPage) }, config },
    async (req) => {
      const r = await listSearchTermEntries(deps, authOf(req).tenantId, req.query);
      return ok({
        list: r.rows.map(presentSearchTerms),
        total: r.total,
        page: req.query.page,
        pageSize: req.query.pageSize,
      });
    },
  );

  app.get(
    '/goods/search-terms/get',
    { schema: { querystring: idQuery, response: replies(searchTermsEntry) }, config },
    async (req) => ok(presentSearchTerms(await getSearchTermEntry(deps, authOf(req).tenantId, req.query.id))),
  );

  app.post(
    '/goods/search-terms/create',
    { schema: { body: searchTermsCreateBody, response: replies(searchTermsEntry) }, config: change },
    async (req) =>
      ok(presentSearchTerms(await createSearchTermEntry(deps, actorOf(req, authOf(req)), req.body)), '添加成功'),
  );

  app.post(
    '/goods/search-terms/update',
    { schema: { body: searchTermsUpdateBody, response: replies(searchTermsEntry) }, config: change },
    async (req) =>
      ok(presentSearchTerms(await updateSearchTermEntry(deps, actorOf(req, authOf(req)), req.body)), '修改成功'),
  );

  app.post(
    '/goods/search-terms/delete',
    { schema: { body: idsBody, response: replies(deletedData) }, config: change },
    async (req) =>
      ok({ deleted: await deleteSearchTermEntries(deps, actorOf(req, authOf(req)), req.body.ids) }, '删除成功'),
  );
}
