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
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { CONTENT_TYPES } from '../files/file-storage.js';
import { fileStorage } from '../files/storage.js';
import { presentTopup } from './finance.presenter.js';
import { imageFileQuery, sendFinanceImage, storeUploadedImage } from './finance-images.js';
import { approveTopup, ownTopups, proofKeyFor, refuseTopup, reviewTopups, submitTopup } from './topup.service.js';

const proofQuery = imageFileQuery('充值记录');

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
    async (req) => ok(await storeUploadedImage(deps, storage, req), '上传成功'),
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
    async (req, reply) =>
      sendFinanceImage(deps, storage, req, reply, '充值记录不存在', (user, reviewer) =>
        proofKeyFor(deps, user, reviewer, req.query.id, req.query.thumb === '1'),
      ),
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
