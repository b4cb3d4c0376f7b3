import { can } from '@console/shared/permissions/can';
import { topupProof } from '@console/shared/schemas/finance';
import { payeeAccount, payeeAccounts, payeeDeleteBody, payeeSaveBody } from '@console/shared/schemas/finance-payee';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { CONTENT_TYPES, contentTypeOf } from '../files/file-storage.js';
import { fileStorage } from '../files/storage.js';
import { bookPayees, ownPayees, payeeQrKey, removePayee, savePayee } from './payee.service.js';
import { storeProof } from './topup.service.js';

const qrQuery = z.strictObject({
  id: z.coerce
    .number({ error: '收款账户必须为数字' })
    .int({ error: '收款账户不合法' })
    .positive({ error: '收款账户不合法' })
    .max(2_147_483_647, { error: '收款账户不合法' }),
  thumb: z.enum(['1'], { error: '参数不合法' }).optional(),
});

/**
 * 收款账户 (issue 29 §3, docs/finance.md "Payee accounts"): the keeper of a book (the platform
 * operator for book 0, a trader for its clients) keeps where the book's clients send top-ups;
 * 提交充值 shows the accounts of the caller's own book only.
 */
export async function payeeRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const storage = fileStorage(deps.config);
  const review = { access: 'finance.review' as const };

  app.get(
    '/finance/payee/accounts',
    { schema: { response: replies(payeeAccounts) }, config: { access: 'finance.view' } },
    async (req) => ok(await ownPayees(deps, authOf(req).tenantId)),
  );

  app.get('/finance/payee/list', { schema: { response: replies(payeeAccounts) }, config: review }, async (req) =>
    ok(await bookPayees(deps, authOf(req).user)),
  );

  app.post(
    '/finance/payee/save',
    { schema: { body: payeeSaveBody, response: replies(payeeAccount) }, config: review },
    async (req) => {
      const auth = authOf(req);
      return ok(await savePayee(deps, storage, actorOf(req, auth), auth.user, req.body), '保存成功');
    },
  );

  app.post(
    '/finance/payee/delete',
    { schema: { body: payeeDeleteBody, response: replies(z.null()) }, config: review },
    async (req) => {
      const auth = authOf(req);
      await removePayee(deps, actorOf(req, auth), auth.user, req.body.id);
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/finance/payee/qr',
    {
      schema: { response: replies(topupProof), summary: 'Upload a WeChat payee QR image (multipart field "file")' },
      config: review,
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

  app.get(
    '/finance/payee/qr-file',
    {
      schema: { querystring: qrQuery, hide: true, response: fileReplies([...new Set(Object.values(CONTENT_TYPES))]) },
      config: { access: 'authenticated' },
    },
    async (req, reply) => {
      const { user } = authOf(req);
      const reviewer = can(subjectOf(user), 'finance.review', { internalIds: deps.config.internalIds });
      if (!reviewer && !can(subjectOf(user), 'finance.view')) throw notFound('收款账户不存在');
      const key = await payeeQrKey(deps, user, reviewer, req.query.id, req.query.thumb === '1');
      const stream = await storage.get(key);
      if (!stream) throw notFound('文件不存在');
      return reply.type(contentTypeOf(key)).header('cache-control', 'private, max-age=86400').send(stream);
    },
  );
}
