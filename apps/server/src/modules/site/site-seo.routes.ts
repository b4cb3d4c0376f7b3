import { siteSeo, siteSeoSaveBody } from '@console/shared/schemas/site-seo';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { getSiteSeo, saveSiteSeo } from './site-seo.service.js';

/** 建站 SEO设置 (`/build-site/seo`, docs/site.md "SEO"): title/description templates and robots. */
export async function siteSeoRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const use = { access: 'site.manage' as const };

  app.get('/site/seo/get', { schema: { response: replies(siteSeo) }, config: use }, async (req) =>
    ok(await getSiteSeo(deps, authOf(req).tenantId)),
  );
  app.post(
    '/site/seo/save',
    { schema: { body: siteSeoSaveBody, response: replies(siteSeo) }, config: use },
    async (req) => ok(await saveSiteSeo(deps, actorOf(req, authOf(req)), req.body), '保存成功'),
  );
}
