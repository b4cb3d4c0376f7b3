import { siteBasic, siteBasicSaveBody } from '@console/shared/schemas/site';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { fileStorage } from '../files/storage.js';
import { getSiteBasic, saveSiteBasic } from './site.service.js';

/** 建站 基础设置 (`/build-site/basic`, docs/site.md): the tenant's one site. Company and personal admins. */
export async function siteRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const storage = fileStorage(deps.config);
  const use = { access: 'site.manage' as const };

  app.get('/site/basic/get', { schema: { response: replies(siteBasic) }, config: use }, async (req) =>
    ok(await getSiteBasic(deps, authOf(req).tenantId)),
  );
  app.post(
    '/site/basic/save',
    { schema: { body: siteBasicSaveBody, response: replies(siteBasic) }, config: use },
    async (req) => ok(await saveSiteBasic(deps, storage, actorOf(req, authOf(req)), req.body), '保存成功'),
  );
}
