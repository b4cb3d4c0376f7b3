import { deletedData } from '@console/shared/schemas/common';
import {
  GPSR_MAX_DOC_BYTES,
  gpsrApplyBody,
  gpsrApplyResult,
  gpsrCheckPage,
  gpsrCheckQuery,
  gpsrDefaults,
  gpsrIdQuery,
  gpsrIdsBody,
  gpsrProfileCreateBody,
  gpsrProfileListQuery,
  gpsrProfilePage,
  gpsrProfileRow,
  gpsrProfileUpdateBody,
  gpsrRemoveBody,
  gpsrRemoveResult,
  gpsrUploadedDocument,
} from '@console/shared/schemas/gpsr';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { fileStorage } from '../files/storage.js';
import { goodsReachOf, requireGoodsInReach } from '../goods/goods-reach.js';
import {
  applyProfile,
  createProfile,
  deleteProfileRows,
  getProfile,
  gpsrCheck,
  listProfilePage,
  profileDefaults,
  removeProfileLinks,
  updateProfile,
} from './gpsr.service.js';
import { storeGpsrDocument } from './gpsr-document.js';

/** GPSR helper (`/index/gpsr`): profiles, documents, apply, the EU check (docs/gpsr.md). Who edits goods. */
export async function gpsrRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const storage = fileStorage(deps.config);
  const use = { access: 'goods.operate' as const };

  app.get(
    '/gpsr/profile/list',
    { schema: { querystring: gpsrProfileListQuery, response: replies(gpsrProfilePage) }, config: use },
    async (req) => ok(await listProfilePage(deps, authOf(req).tenantId, req.query)),
  );
  app.get(
    '/gpsr/profile/get',
    { schema: { querystring: gpsrIdQuery, response: replies(gpsrProfileRow) }, config: use },
    async (req) => ok(await getProfile(deps, authOf(req).tenantId, req.query.id)),
  );
  app.get('/gpsr/defaults', { schema: { response: replies(gpsrDefaults) }, config: use }, async (req) =>
    ok(await profileDefaults(deps, actorOf(req, authOf(req)))),
  );
  app.post(
    '/gpsr/profile/create',
    { schema: { body: gpsrProfileCreateBody, response: replies(gpsrProfileRow) }, config: use },
    async (req) => ok(await createProfile(deps, actorOf(req, authOf(req)), req.body), '添加成功'),
  );
  app.post(
    '/gpsr/profile/update',
    { schema: { body: gpsrProfileUpdateBody, response: replies(gpsrProfileRow) }, config: use },
    async (req) => ok(await updateProfile(deps, actorOf(req, authOf(req)), req.body), '修改成功'),
  );
  app.post(
    '/gpsr/profile/delete',
    { schema: { body: gpsrIdsBody, response: replies(deletedData) }, config: use },
    async (req) => ok({ deleted: await deleteProfileRows(deps, actorOf(req, authOf(req)), req.body.ids) }, '删除成功'),
  );
  app.post(
    '/gpsr/document/upload',
    {
      schema: {
        response: replies(gpsrUploadedDocument),
        summary: 'Upload one GPSR document: PDF, JPEG or PNG (multipart field "file")',
      },
      config: use,
    },
    async (req) => {
      const auth = authOf(req);
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
      const max = Math.min(GPSR_MAX_DOC_BYTES, deps.config.maxUploadBytes);
      const part = await req.file({ limits: { fileSize: max, files: 1 } });
      if (!part) throw badRequest('请选择文件');
      const data = await part.toBuffer().catch(() => {
        throw badRequest(`文件不能超过 ${Math.round(max / 1024 / 1024)}MB`);
      });
      return ok(await storeGpsrDocument(deps, storage, actorOf(req, auth), data, part.filename), '上传成功');
    },
  );
  app.post(
    '/gpsr/apply',
    { schema: { body: gpsrApplyBody, response: replies(gpsrApplyResult) }, config: use },
    async (req) => {
      const auth = authOf(req);
      const reach = await goodsReachOf(deps.db, auth.user);
      await requireGoodsInReach(deps.db, reach, req.body.ids ?? []);
      return ok(await applyProfile(deps, actorOf(req, auth), reach, req.body), '应用成功');
    },
  );
  app.post(
    '/gpsr/remove',
    { schema: { body: gpsrRemoveBody, response: replies(gpsrRemoveResult) }, config: use },
    async (req) => {
      const auth = authOf(req);
      const reach = await goodsReachOf(deps.db, auth.user);
      await requireGoodsInReach(deps.db, reach, req.body.ids ?? []);
      return ok(await removeProfileLinks(deps, actorOf(req, auth), reach, req.body), '移除成功');
    },
  );
  app.get(
    '/gpsr/check',
    { schema: { querystring: gpsrCheckQuery, response: replies(gpsrCheckPage) }, config: use },
    async (req) => ok(await gpsrCheck(deps, await goodsReachOf(deps.db, authOf(req).user), req.query)),
  );
}
