import { topupProof } from '@console/shared/schemas/finance';
import { payeeAccount, payeeAccounts, payeeDeleteBody, payeeSaveBody } from '@console/shared/schemas/finance-payee';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { CONTENT_TYPES } from '../files/file-storage.js';
import { fileStorage } from '../files/storage.js';
import { imageFileQuery, sendFinanceImage, storeUploadedImage } from './finance-images.js';
import { bookPayees, ownPayees, payeeQrKey, removePayee, savePayee } from './payee.service.js';

const qrQuery = imageFileQuery('收款账户');

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
    async (req) => ok(await storeUploadedImage(deps, storage, req), '上传成功'),
  );

  app.get(
    '/finance/payee/qr-file',
    {
      schema: { querystring: qrQuery, hide: true, response: fileReplies([...new Set(Object.values(CONTENT_TYPES))]) },
      config: { access: 'authenticated' },
    },
    async (req, reply) =>
      sendFinanceImage(deps, storage, req, reply, '收款账户不存在', (user, reviewer) =>
        payeeQrKey(deps, user, reviewer, req.query.id, req.query.thumb === '1'),
      ),
  );
}
