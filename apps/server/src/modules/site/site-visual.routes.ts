import {
  siteVisualCreateBody,
  siteVisualGetQuery,
  siteVisualPage,
  siteVisualPageRef,
  siteVisualPages,
  siteVisualPreview,
  siteVisualPreviewBody,
  siteVisualSaveBody,
} from '@console/shared/schemas/site-blocks';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { publicFileUrl } from '../files/public-link.js';
import { fileStorage } from '../files/storage.js';
import { previewVisualPage } from './site-visual.preview.js';
import {
  createLandingPage,
  deleteLandingPage,
  getVisualPage,
  listVisualPages,
  publishVisualPage,
  saveVisualDraft,
} from './site-visual.service.js';

/** 可视化装修 (`/build-site/visual`, docs/site.md "Visual editor"): the home page and landing pages of blocks. */
export async function siteVisualRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const storage = fileStorage(deps.config);
  const use = { access: 'site.manage' as const };
  const actor = (req: Parameters<typeof authOf>[0]) => actorOf(req, authOf(req));

  app.get('/site/visual/pages', { schema: { response: replies(siteVisualPages) }, config: use }, async (req) =>
    ok(await listVisualPages(deps, authOf(req).tenantId)),
  );
  app.get(
    '/site/visual/get',
    { schema: { querystring: siteVisualGetQuery, response: replies(siteVisualPage) }, config: use },
    async (req) => ok(await getVisualPage(deps, authOf(req).tenantId, req.query.id ?? null)),
  );
  app.post(
    '/site/visual/save-draft',
    { schema: { body: siteVisualSaveBody, response: replies(siteVisualPage) }, config: use },
    async (req) => ok(await saveVisualDraft(deps, storage, actor(req), req.body), '草稿已保存'),
  );
  app.post(
    '/site/visual/publish',
    { schema: { body: siteVisualPageRef, response: replies(siteVisualPage) }, config: use },
    async (req) => ok(await publishVisualPage(deps, actor(req), req.body), '发布成功'),
  );
  app.post(
    '/site/visual/create-landing',
    { schema: { body: siteVisualCreateBody, response: replies(siteVisualPage) }, config: use },
    async (req) => ok(await createLandingPage(deps, actor(req), req.body), '创建成功'),
  );
  app.post(
    '/site/visual/delete-landing',
    { schema: { body: siteVisualPageRef, response: replies(z.null()) }, config: use },
    async (req) => ok(await deleteLandingPage(deps, actor(req), req.body), '删除成功'),
  );
  app.post(
    '/site/visual/preview',
    { schema: { body: siteVisualPreviewBody, response: replies(siteVisualPreview) }, config: use },
    async (req) => {
      const origin = `${req.protocol}://${req.host}`;
      const fileUrl = (key: string) => publicFileUrl(deps.config, '', key);
      return ok({ html: await previewVisualPage(deps, storage, authOf(req).tenantId, req.body, { origin, fileUrl }) });
    },
  );
}
