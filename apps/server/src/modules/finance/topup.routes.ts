import { can } from '@console/shared/permissions/can';
import {
  topupAddBody,
  topupApproveBody,
  topupListQuery,
  topupPage,
  topupProof,
  topupRefuseBody,
  topupRow,
} from '@console/shared/schemas/finance';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { CONTENT_TYPES, contentTypeOf } from '../files/file-storage.js';
import { fileStorage } from '../files/storage.js';
import { presentTopup } from './finance.presenter.js';
import {
  approveTopup,
  ownTopups,
  proofKeyFor,
  refuseTopup,
  reviewTopups,
  storeProof,
  submitTopup,
} from './topup.service.js';

const proofQuery = z.strictObject({
  id: z.coerce
    .number({ error: '充值记录必须为数字' })
    .int({ error: '充值记录不合法' })
    .positive({ error: '充值记录不合法' })
    .max(2_147_483_647, { error: '充值记录不合法' }),
  thumb: z.enum(['1'], { error: '参数不合法' }).optional(),
});

/** Top-ups: submit with a proof image, the tenant's list, review by the book keeper (docs/finance.md). */
export async function topupRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const storage = fileStorage(deps.config);
  const view = { access: 'finance.view' as const };
  const review = { access: 'finance.review' as const };

  app.post(
    '/finance/topup/proof',
    {
      schema: { response: replies(topupProof), summary: 'Upload a top-up proof image (multipart field "file")' },
      config: view,
    },
    async (req) => {
      const auth = authOf(req);
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
      const part = await req.file({ limits: { fileSize: deps.config.maxUploadBytes, files: 1 } });
      if (!part) throw badRequest('请选择文件');
      const data = await part.toBuffer().catch(() => {
        throw badRequest(`文件不能超过 ${Math.round(deps.config.maxUploadBytes / 1024 / 1024)}MB`);
      });
      return ok(await storeProof(storage, auth.tenantId, data), '上传成功');
    },
  );

  app.post(
    '/finance/topup/add',
    { schema: { body: topupAddBody, response: replies(topupRow) }, config: view },
    async (req) => {
      const auth = authOf(req);
      return ok(presentTopup(await submitTopup(deps, storage, actorOf(req, auth), req.body)), '提交成功,请等待审核');
    },
  );

  app.get(
    '/finance/topup/list',
    { schema: { querystring: topupListQuery, response: replies(topupPage) }, config: view },
    async (req) => {
      const r = await ownTopups(deps, authOf(req).tenantId, req.query);
      return ok({ list: r.rows.map(presentTopup), total: r.total, page: req.query.page, pageSize: req.query.pageSize });
    },
  );

  app.get(
    '/finance/topup/proof-file',
    {
      schema: {
        querystring: proofQuery,
        hide: true,
        response: fileReplies([...new Set(Object.values(CONTENT_TYPES))]),
      },
      config: { access: 'authenticated' },
    },
    async (req, reply) => {
      const { user } = authOf(req);
      const reviewer = can(subjectOf(user), 'finance.review', { internalIds: deps.config.internalIds });
      const viewer = can(subjectOf(user), 'finance.view');
      if (!reviewer && !viewer) throw notFound('充值记录不存在');
      const key = await proofKeyFor(deps, user, reviewer, req.query.id, req.query.thumb === '1');
      const stream = await storage.get(key);
      if (!stream) throw notFound('文件不存在');
      return reply.type(contentTypeOf(key)).header('cache-control', 'private, max-age=86400').send(stream);
    },
  );

  app.get(
    '/finance/review/list',
    { schema: { querystring: topupListQuery, response: replies(topupPage) }, config: review },
    async (req) => {
      const r = await reviewTopups(deps, authOf(req).user, req.query);
      return ok({ list: r.rows.map(presentTopup), total: r.total, page: req.query.page, pageSize: req.query.pageSize });
    },
  );

  app.post(
    '/finance/review/approve',
    { schema: { body: topupApproveBody, response: replies(topupRow) }, config: review },
    async (req) => {
      const auth = authOf(req);
      return ok(presentTopup(await approveTopup(deps, actorOf(req, auth), auth.user, req.body.id)), '审核通过');
    },
  );

  app.post(
    '/finance/review/refuse',
    { schema: { body: topupRefuseBody, response: replies(topupRow) }, config: review },
    async (req) => {
      const auth = authOf(req);
      const row = await refuseTopup(deps, actorOf(req, auth), auth.user, req.body.id, req.body.reason);
      return ok(presentTopup(row), '已驳回');
    },
  );
}
