import { AUTH_MODE_HEADER, COOKIE } from '@console/shared/constants/app';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { IssuedTokens } from './session.service.js';

/** The uid cookie lives until 2030 (spec section 9). */
const UID_EXPIRES = new Date('2030-01-01T00:00:00Z');

/** API clients ask for the secrets in the body with `X-Auth-Mode: bearer`; browsers get cookies. */
export function wantsBearer(req: FastifyRequest): boolean {
  return req.headers[AUTH_MODE_HEADER] === 'bearer';
}

function base(config: Config) {
  return { path: '/', sameSite: 'lax' as const, secure: config.cookieSecure };
}

/** Sets the session cookies: secrets HttpOnly, `uuid` readable as the CSRF token. */
export function setSessionCookies(reply: FastifyReply, config: Config, t: IssuedTokens, uid: number): void {
  const expires = t.sessionExpires;
  reply.setCookie(COOKIE.token, t.access, { ...base(config), httpOnly: true, expires });
  if (t.refresh) {
    reply.setCookie(COOKIE.refresh, t.refresh, { ...base(config), path: '/PDD', httpOnly: true, expires });
  }
  reply.setCookie(COOKIE.uuid, t.csrf, { ...base(config), httpOnly: false, expires });
  reply.setCookie(COOKIE.uid, String(uid), { ...base(config), httpOnly: false, expires: UID_EXPIRES });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  reply.clearCookie(COOKIE.token, base(config));
  reply.clearCookie(COOKIE.refresh, { ...base(config), path: '/PDD' });
  reply.clearCookie(COOKIE.uuid, base(config));
  reply.clearCookie(COOKIE.uid, base(config));
}

/** Hands freshly issued tokens to the client in the way it asked for. */
export function deliverTokens(req: FastifyRequest, reply: FastifyReply, config: Config, t: IssuedTokens, uid: number) {
  if (!wantsBearer(req)) setSessionCookies(reply, config, t, uid);
}

/** Request facts recorded with a session. */
export function sessionMeta(req: FastifyRequest) {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? ''), requestId: String(req.id) };
}
