import type { PassThrough } from 'node:stream';
import { isInternal } from '@console/shared/permissions/can';
import { goodsIdQuery, remoteCopyData, uploadedImage } from '@console/shared/schemas/goods';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { goodsReachOf, requireGoodsInReach } from '../goods/goods-reach.js';
import { CONTENT_TYPES, contentTypeOf, isSafeKey } from './file-storage.js';
import { auditRemoteCopies, goodsImageUrls, uploadImage } from './files.service.js';
import { storeImage } from './images.service.js';
import { publicLinkValid } from './public-link.js';
import { fetchPublic } from './remote-fetch.js';
import { fileStorage } from './storage.js';

const OWN = /^\/PDD\/files\/(.+)$/;
/** What `/files/*` may answer (a stored file's type follows its extension). */
const SERVED_TYPES = [...new Set([...Object.values(CONTENT_TYPES), 'application/octet-stream'])];

/**
 * Product images: upload, serving, zip download, copying remote images into our storage.
 * Images are always served here (never by a direct bucket URL), so tenancy and sign-in rules
 * hold whichever storage is configured.
 */
export async function filesRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const storage = fileStorage(deps.config);

  app.post(
    '/files/upload',
    {
      schema: { response: replies(uploadedImage), summary: 'Upload one image (multipart field "file")' },
      config: { access: 'goods.operate' },
    },
    async (req) => {
      const auth = authOf(req);
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
      const part = await req.file({ limits: { fileSize: deps.config.maxUploadBytes, files: 1 } });
      if (!part) throw badRequest('请选择文件');
      const data = await part.toBuffer().catch(() => {
        throw badRequest(`文件不能超过 ${Math.round(deps.config.maxUploadBytes / 1024 / 1024)}MB`);
      });
      return ok(await uploadImage(deps, storage, actorOf(req, auth), data), '上传成功');
    },
  );

  app.get(
    '/files/*',
    { schema: { hide: true, response: fileReplies(SERVED_TYPES) }, config: { access: 'authenticated' } },
    async (req, reply) => {
      const auth = authOf(req);
      const key = (req.params as { '*': string })['*'];
      const internal = isInternal(subjectOf(auth.user), { internalIds: deps.config.internalIds });
      // The platform operator's images belong to the products it publishes for claiming: every signed-in user sees them.
      const owner = Number(/^t(\d+)\//.exec(key)?.[1]);
      const readable = internal || owner === auth.tenantId || deps.config.internalIds.includes(owner);
      if (!isSafeKey(key) || !readable) throw notFound('文件不存在');
      const stream = await storage.get(key);
      if (!stream) throw notFound('文件不存在');
      return reply.type(contentTypeOf(key)).header('cache-control', 'private, max-age=86400').send(stream);
    },
  );

  // Signed public links of product images (public-link.ts): what a marketplace fetches a listing's images from.
  app.get(
    '/public-files/:sig/*',
    { schema: { hide: true, response: fileReplies(SERVED_TYPES) }, config: { access: 'public' } },
    async (req, reply) => {
      const { sig, '*': key } = req.params as { sig: string; '*': string };
      if (!isSafeKey(key) || !publicLinkValid(deps.config, sig, key)) throw notFound('文件不存在');
      const stream = await storage.get(key);
      if (!stream) throw notFound('文件不存在');
      return reply.type(contentTypeOf(key)).header('cache-control', 'public, max-age=86400').send(stream);
    },
  );

  app.post(
    '/amazon-user/downZlibImgs',
    {
      schema: { body: goodsIdQuery, response: fileReplies(['application/zip']) },
      config: { access: 'goods.operate' },
    },
    async (req, reply) => {
      const auth = authOf(req);
      await requireGoodsInReach(deps.db, await goodsReachOf(deps.db, auth.user), [req.body.id]);
      const row = await goodsImageUrls(deps, auth.tenantId, req.body.id);
      const unique = row.urls;
      if (unique.length === 0) throw badRequest('该商品没有图片');
      const zip = new yazl.ZipFile();
      const outside: string[] = [];
      let n = 0;
      for (const url of unique) {
        const key = OWN.exec(url)?.[1];
        if (!key?.startsWith(`t${auth.tenantId}/`) || !(await storage.exists(key))) {
          outside.push(url);
          continue;
        }
        n += 1;
        // Opened one at a time while the zip is written: a bucket's connections are not held for every image at once.
        zip.addReadStreamLazy(`${String(n).padStart(2, '0')}${key.slice(key.lastIndexOf('.'))}`, (cb) => {
          storage.get(key).then(
            (stream) =>
              stream ? cb(null, stream) : cb(new Error(`file ${key} disappeared while zipping`), null as never),
            (err: unknown) => cb(err, null as never),
          );
        });
      }
      zip.on('error', (err: Error) => {
        req.log.error({ err }, 'zip of product images failed');
        (zip.outputStream as PassThrough).destroy(err);
      });
      if (outside.length) zip.addBuffer(Buffer.from(`${outside.join('\n')}\n`), '未打包的外部图片链接.txt');
      zip.end();
      const name = `${row.sku || `goods-${row.id}`}-images.zip`;
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(zip.outputStream);
    },
  );

  app.post(
    '/goods/batchCopyOssObject',
    {
      schema: {
        body: z.strictObject({
          urls: z
            .array(z.string().trim().max(2000))
            .min(1, { error: '请提供图片地址' })
            .max(50, { error: '一次最多50张图片' }),
        }),
        response: replies(remoteCopyData),
      },
      config: { access: 'goods.operate' },
    },
    async (req) => {
      const auth = authOf(req);
      const results: z.infer<typeof remoteCopyData> = [];
      for (const from of req.body.urls) {
        try {
          const data = await fetchPublic(from, {
            maxBytes: deps.config.maxUploadBytes,
            allowLoopback: deps.config.fetchAllowLoopback,
          });
          const image = await storeImage(storage, auth.tenantId, data);
          results.push({ from, url: image.url, thumb: image.thumb, width: image.width, height: image.height });
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500)
            req.log.error({ err, from }, 'copying a remote image failed');
          results.push({ from, error: err instanceof AppError ? err.message : '复制失败,请稍后再试' });
        }
      }
      const copied = results.filter((r) => r.url).length;
      await auditRemoteCopies(deps, actorOf(req, auth), copied, results.length - copied);
      return ok(results, `已复制${copied}张,失败${results.length - copied}张`);
    },
  );
}
