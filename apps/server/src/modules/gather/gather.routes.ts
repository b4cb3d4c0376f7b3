import fs from 'node:fs';
import path from 'node:path';
import {
  GATHER_MAX_BODY,
  gatherCollectBody,
  gatherCollectData,
  gatherExtensionData,
  gatherRevokeData,
  gatherTokenCreated,
} from '@console/shared/schemas/gather';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { fileStorage } from '../files/storage.js';
import { collect } from './gather-collect.service.js';
import { EXTENSION_DIST, EXTENSION_ZIP, extensionBuild } from './gather-extension.js';
import { createToken, revokeToken, takeRate, tokenHolder, tokenState } from './gather-token.service.js';

const DOWNLOAD_URL = '/PDD/gather/extension.zip';

/**
 * The collection plugin (issue 31 §5, docs/plugin.md): the download page's facts and token,
 * the zip, and the one call the extension makes with its collection token.
 */
export async function gatherRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const storage = fileStorage(deps.config);
  // Whoever may create products may collect them.
  const config = { access: 'goods.operate' as const };

  app.get(
    '/amazon-user/getGatherExtension',
    { schema: { response: replies(gatherExtensionData) }, config },
    async (req) => {
      const auth = authOf(req);
      const build = extensionBuild();
      return ok({
        available: build !== null,
        version: build?.version ?? '',
        size: build?.size ?? 0,
        built_at: build?.built_at ?? null,
        download_url: DOWNLOAD_URL,
        file_name: EXTENSION_ZIP,
        console_url: deps.config.publicUrl ?? null,
        token: await tokenState(deps, auth.tenantId, auth.user.id),
      });
    },
  );

  app.get(
    '/gather/extension.zip',
    { schema: { response: fileReplies(['application/zip']) }, config },
    (_req, reply) => {
      if (!extensionBuild()) throw notFound('采集插件尚未构建,请在服务器上运行 npm run build:extension');
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${EXTENSION_ZIP}"`)
        .send(fs.createReadStream(path.join(EXTENSION_DIST, EXTENSION_ZIP)));
    },
  );

  app.post('/gather/token', { schema: { response: replies(gatherTokenCreated) }, config }, async (req) => {
    const auth = authOf(req);
    return ok(await createToken(deps, actorOf(req, auth)), '已生成采集令牌,请立即复制,关闭后不再显示');
  });

  app.post('/gather/token/revoke', { schema: { response: replies(gatherRevokeData) }, config }, async (req) => {
    const r = await revokeToken(deps, actorOf(req, authOf(req)));
    return ok(r, r.revoked ? '已撤销采集令牌' : '没有可撤销的令牌');
  });

  // The extension's call: no session, only the collection token. The token is checked once the
  // body is validated (a malformed request is a 400 like on every route; the body is bounded).
  app.post(
    '/gather/collect',
    {
      bodyLimit: GATHER_MAX_BODY,
      schema: { body: gatherCollectBody, response: replies(gatherCollectData) },
      config: { access: 'public' as const },
      preHandler: async (req) => {
        const user = await tokenHolder(deps, req.headers.authorization);
        takeRate(user.id);
        req.gatherUser = user;
      },
    },
    async (req) => {
      const r = await collect(deps, storage, req.gatherUser!, req.body, req.ip);
      return ok(r.data, r.msg);
    },
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The collection token's holder (the collect route only). */
    gatherUser?: import('../../db/types.js').UserRow;
  }
}
