import { can } from '@console/shared/permissions/can';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { contentTypeOf, type FileStorage } from '../files/file-storage.js';
import { storeProof } from './topup.service.js';

/**
 * The images of finance (a top-up's proof, a payee's WeChat QR): uploaded as one multipart file
 * and stored like product images under the caller's files; served to the finance roles only.
 */

/** The query of an image file route: the record's id (named `label` in messages) and `thumb=1`. */
export function imageFileQuery(label: string) {
  return z.strictObject({
    id: z.coerce
      .number({ error: `${label}必须为数字` })
      .int({ error: `${label}不合法` })
      .positive({ error: `${label}不合法` })
      .max(2_147_483_647, { error: `${label}不合法` }),
    thumb: z.enum(['1'], { error: '参数不合法' }).optional(),
  });
}

/** The one file of a multipart request (field `file`), at most the configured upload size. */
export async function readUploadedFile(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw badRequest('请选择文件');
  return part.toBuffer().catch(() => {
    throw badRequest(`文件不能超过 ${Math.round(maxBytes / 1024 / 1024)}MB`);
  });
}

/** Stores the request's uploaded image under the caller's tenant: its key, url and thumbnail. */
export async function storeUploadedImage(deps: AppDeps, storage: FileStorage, req: FastifyRequest) {
  const data = await readUploadedFile(req, deps.config.maxUploadBytes);
  return storeProof(storage, authOf(req).tenantId, data);
}

/**
 * Sends a stored finance image to a reviewer (`finance.review`) or a viewer (`finance.view`);
 * anyone else, a record `keyOf` does not find and a missing file are 404 (`missing` names the record).
 */
export async function sendFinanceImage(
  deps: AppDeps,
  storage: FileStorage,
  req: FastifyRequest,
  reply: FastifyReply,
  missing: string,
  keyOf: (user: UserRow, reviewer: boolean) => Promise<string>,
) {
  const { user } = authOf(req);
  const reviewer = can(subjectOf(user), 'finance.review', { internalIds: deps.config.internalIds });
  if (!reviewer && !can(subjectOf(user), 'finance.view')) throw notFound(missing);
  const key = await keyOf(user, reviewer);
  const stream = await storage.get(key);
  if (!stream) throw notFound('文件不存在');
  return reply.type(contentTypeOf(key)).header('cache-control', 'private, max-age=86400').send(stream);
}
