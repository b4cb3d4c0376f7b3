import { COOKIE, CSRF_HEADER } from '@console/shared/constants/app';
import { refreshBody, refreshTokenData } from '@console/shared/schemas/account';
import { envelope } from '@console/shared/schemas/common';
import { issueField, issueMessage } from '@console/shared/validation/zod-messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '../../context.js';
import { AppError, badRequest, unauthorized } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { replies, zodApp } from '../../lib/route.js';
import { requireAccess } from '../../plugins/auth.js';
import { tokenInfo } from '../account/account.presenter.js';
import { findSessionUserId } from '../account/session.repository.js';
import { refreshSession } from '../account/session.service.js';
import { deliverTokens, wantsBearer } from '../account/session-cookies.js';

interface AdminMethod {
  access: RouteAccess;
  body: z.ZodType;
  /** Schema of the answer's `data` (checked before sending, shown in the OpenAPI document). */
  data: z.ZodType;
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
      data: refreshTokenData,
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

/** The answer of the dispatcher route: the `data` of whichever method was called. */
function dataOfAny(schemas: z.ZodType[]): z.ZodType {
  const [first, ...rest] = schemas;
  if (!first) return z.never();
  return rest.length ? z.union([first, ...rest]) : first;
}

/** The dispatcher route; each method's access, body and answer are checked as a route's would be. */
export async function adminMethodRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const methods = adminMethods(fastify);
  for (const [name, m] of Object.entries(methods)) {
    fastify.routeTable.push({
      method: 'POST',
      url: `/PDD/v1/admin/?method=${name}`,
      access: m.access,
      request: { body: m.body },
      response: true,
    });
  }
  app.post(
    '/v1/admin/',
    {
      schema: {
        querystring: z.strictObject({ method: z.string({ error: '缺少 method 参数' }).min(1).max(100) }),
        body: z.unknown(),
        response: replies(dataOfAny(Object.values(methods).map((m) => m.data))),
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
      const answer = await method.handler(req, reply, parsed.data);
      // The route's schema admits any method's answer; each answer must match its own method's.
      const checked = envelope(method.data).safeParse(answer);
      if (!checked.success) throw new ResponseSerializationError('POST', req.url, { cause: checked.error });
      return checked.data;
    },
  );
}
