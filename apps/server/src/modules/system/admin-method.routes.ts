import { COOKIE, CSRF_HEADER, issueField, issueMessage, refreshBody } from '@console/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteAccess } from '../../context.js';
import { AppError, badRequest, unauthorized } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { zodApp } from '../../lib/route.js';
import { requireAccess } from '../../plugins/auth.js';
import { tokenInfo } from '../account/account.presenter.js';
import { findSessionUserId } from '../account/session.repository.js';
import { refreshSession } from '../account/session.service.js';
import { deliverTokens, wantsBearer } from '../account/session-cookies.js';

interface AdminMethod {
  access: RouteAccess;
  body: z.ZodType;
  handler: (req: FastifyRequest, reply: FastifyReply, body: unknown) => Promise<unknown>;
}

/**
 * `POST /PDD/v1/admin/?method=NAME` (spec section 7). Each method declares its own access
 * and body schema; the permission snapshot test lists them like routes.
 */
export function adminMethods(fastify: FastifyInstance): Record<string, AdminMethod> {
  const { deps } = fastify;
  return {
    'refresh.admin.token': {
      access: 'refreshToken',
      body: refreshBody,
      handler: async (req, reply, raw) => {
        const body = raw as z.infer<typeof refreshBody>;
        const bearer = wantsBearer(req) || body.refresh !== undefined;
        const refresh = body.refresh ?? req.cookies[COOKIE.refresh];
        if (!refresh) throw unauthorized('请先登录');
        // A cookie-carried refresh is a state change triggered by the browser: it needs the CSRF token.
        const csrf = body.refresh !== undefined ? null : String(req.headers[CSRF_HEADER] ?? '');
        const tokens = await refreshSession(deps, refresh, csrf);
        const userId = await findSessionUserId(deps.db, tokens.sessionId);
        if (userId === undefined) throw unauthorized('请先登录');
        if (!bearer) deliverTokens(req, reply, deps.config, tokens, userId);
        return ok({ token: tokenInfo(tokens, bearer) });
      },
    },
  };
}

export async function adminMethodRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const methods = adminMethods(fastify);
  for (const [name, m] of Object.entries(methods)) {
    fastify.routeTable.push({
      method: 'POST',
      url: `/PDD/v1/admin/?method=${name}`,
      access: m.access,
      request: { body: m.body },
    });
  }
  app.post(
    '/v1/admin/',
    {
      schema: {
        querystring: z.strictObject({ method: z.string({ error: '缺少 method 参数' }).min(1).max(100) }),
        body: z.unknown(),
        summary: `Method dispatcher: ${Object.keys(methods).join(', ')}`,
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const method = methods[req.query.method];
      if (!method) throw new AppError(404, `未知的方法: ${req.query.method}`);
      requireAccess(fastify, req, method.access);
      const parsed = method.body.safeParse(req.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(issueMessage(issue), { field: issueField(issue) });
      }
      return method.handler(req, reply, parsed.data);
    },
  );
}
