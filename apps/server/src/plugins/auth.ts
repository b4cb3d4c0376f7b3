import { timingSafeEqual } from 'node:crypto';
import { COOKIE, CSRF_HEADER } from '@console/shared/constants/app';
import { can } from '@console/shared/permissions/can';
import {
  isLibraryPermission,
  LIBRARY_PERMISSION_NAMES,
  type Permission,
} from '@console/shared/permissions/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, AuthContext } from '../context.js';
import { AppError, forbidden, unauthorized } from '../lib/app-error.js';
import { subjectOf } from '../modules/account/account.presenter.js';
import { authenticate } from '../modules/account/session.service.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CSRF_FAILED = '安全校验失败,请刷新页面后重试';

/** The access token of a request: `Authorization: Bearer` first, else the HttpOnly cookie. */
export function readAccessToken(req: FastifyRequest): { token: string | undefined; via: AuthContext['via'] } {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  return { token: req.cookies[COOKIE.token], via: 'cookie' };
}

/** Whether a cookie-authenticated state change carries the session's CSRF token. */
export function csrfValid(req: FastifyRequest, csrf: string): boolean {
  return SAFE_METHODS.has(req.method) || req.headers[CSRF_HEADER] === csrf;
}

/** The form field that carries the CSRF token of a route with `csrf: 'form'`. */
export const FORM_CSRF_FIELD = 'csrf_token';

/** The CSRF token a form-encoded (or JSON) body carries, if any. */
function formToken(body: unknown): string | null {
  if (typeof body === 'string') return new URLSearchParams(body).get(FORM_CSRF_FIELD);
  if (body && typeof body === 'object') {
    const v = (body as Record<string, unknown>)[FORM_CSRF_FIELD];
    return typeof v === 'string' ? v : null;
  }
  return null;
}

function sameToken(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Throws unless the caller is signed in and allowed; returns the caller. */
export function requireAccess(app: FastifyInstance, req: FastifyRequest, access: string): AuthContext | null {
  if (access === 'public' || access === 'refreshToken') return req.auth;
  if (!req.auth) throw unauthorized(readAccessToken(req).token ? '登录已过期,请重新登录' : '请先登录');
  if (access === 'authenticated') return req.auth;
  const { user } = req.auth;
  const permission = access as Permission;
  if (!can(subjectOf(user), permission, { internalIds: app.deps.config.internalIds })) {
    throw forbidden(deniedMessage(permission));
  }
  return req.auth;
}

/** The refusal of a route guard: the library settings name what is withheld (issue 13 §5). */
function deniedMessage(permission: Permission): string | undefined {
  if (!isLibraryPermission(permission)) return undefined;
  return `无权修改${LIBRARY_PERMISSION_NAMES[permission]},请联系主账号管理员开通`;
}

/**
 * Resolves the caller of every API route and enforces the route's `access` config before
 * the body is even parsed: 401 without a live session, 403 without the permission or CSRF token.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  // Cookie requests of `csrf: 'form'` routes whose token is still to be read from the body.
  const formTokenDue = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access) return;
    const { token, via } = readAccessToken(req);
    const auth = await authenticate(app.deps, token, via);
    if (auth && via === 'cookie' && !csrfValid(req, auth.session.csrf)) {
      if (access === 'public' || access === 'refreshToken') return;
      if (req.routeOptions.config.csrf !== 'form') throw new AppError(403, CSRF_FAILED);
      formTokenDue.add(req);
    }
    req.auth = auth;
    requireAccess(app, req, access);
  });
  // A form's token is in its body: checked once the body is parsed, before any handler runs.
  app.addHook('preHandler', async (req) => {
    if (!formTokenDue.has(req)) return;
    if (!sameToken(formToken(req.body), req.auth?.session.csrf ?? '')) throw new AppError(403, CSRF_FAILED);
  });
}

/** The caller as the operation log records it. */
export function actorOf(req: FastifyRequest, auth: AuthContext): Actor {
  return {
    userId: auth.user.id,
    tenantId: auth.tenantId,
    account: auth.user.account,
    ip: req.ip,
    requestId: String(req.id),
  };
}

/** The signed-in caller of a route whose access is not public. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
