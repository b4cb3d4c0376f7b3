import {
  ALI1688_AUTH_COOKIE,
  ali1688CallbackQuery,
  ali1688CompleteBody,
  ali1688ConnectData,
  ali1688ConnectionView,
} from '@console/shared/schemas/ali1688';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { redirectReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { completeConnect, connectionView, disconnect, startConnect } from './ali1688.service.js';

/** Path of 1688's redirect back after the buyer's consent (the app's registered callback). */
export const ALI1688_CALLBACK_PATH = '/PDD/ali1688/callback';

/** The redirect URI 1688 sends the buyer back to: PUBLIC_URL, else this request's origin. */
export function ali1688CallbackUrl(req: FastifyRequest): string {
  const base = req.server.deps.config.publicUrl ?? `${req.protocol}://${req.host}`;
  return `${base}${ALI1688_CALLBACK_PATH}`;
}

/** 1688采购 (`/platform/ali1688`): the tenant's own 1688 buyer account (docs/ali1688.md). */
export async function ali1688Routes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const manage = { access: 'ali1688.manage' as const };

  app.post(
    '/ali1688/connection',
    { schema: { response: replies(ali1688ConnectionView) }, config: manage },
    async (req) => ok(await connectionView(deps, authOf(req).tenantId)),
  );

  app.post('/ali1688/connect', { schema: { response: replies(ali1688ConnectData) }, config: manage }, async (req) =>
    ok(await startConnect(deps, actorOf(req, authOf(req)), ali1688CallbackUrl(req))),
  );

  // 1688's redirect lands here; the signed-in screen finishes the connection (ali1688/complete),
  // so the code is used by the account that started it, with the session and CSRF checks of any
  // write. What 1688 sent waits in a short-lived cookie, not in the address.
  app.get(
    '/ali1688/callback',
    { schema: { querystring: ali1688CallbackQuery, response: redirectReplies() }, config: { access: 'public' } },
    async (req, reply) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(req.query)) if (v) q.set(k, v);
      reply.setCookie(ALI1688_AUTH_COOKIE, q.toString(), {
        path: '/',
        maxAge: 600,
        sameSite: 'lax',
        secure: deps.config.cookieSecure,
      });
      return reply.redirect('/#/platform/ali1688');
    },
  );

  app.post(
    '/ali1688/complete',
    { schema: { body: ali1688CompleteBody, response: replies(ali1688ConnectionView) }, config: manage },
    async (req) =>
      ok(await completeConnect(deps, actorOf(req, authOf(req)), req.body, ali1688CallbackUrl(req)), '1688账号已连接'),
  );

  app.post(
    '/ali1688/disconnect',
    { schema: { response: replies(ali1688ConnectionView) }, config: manage },
    async (req) => ok(await disconnect(deps, actorOf(req, authOf(req))), '已断开1688账号'),
  );
}
