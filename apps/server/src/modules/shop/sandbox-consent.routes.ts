import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { redirectReplies } from '../../lib/route.js';
import { closeSandbox, sandbox } from '../../marketplace/sandbox.js';
import { handleConfirm, handleConsent, refusalPage } from '../../marketplace/simulator/sim-lwa.js';
import type { SimReq, SimRes } from '../../marketplace/simulator/sim-server.js';
import { formCaller } from '../../plugins/auth.js';
import { callbackUrl } from './shop.routes.js';
import { sandboxConsentRefusal } from './shop.service.js';
import { SANDBOX_CONSENT_PATH } from './shop-authorizer.js';

const CONFIRM_PATH = '/PDD/amazon-sandbox/confirm';

/** The request as the simulator's consent handlers read it. */
function simReq(req: FastifyRequest, raw: string): SimReq {
  const url = new URL(req.url, 'http://console');
  return {
    method: req.method,
    path: url.pathname,
    region: undefined,
    query: url.searchParams,
    headers: req.headers,
    raw: Buffer.from(raw),
    json: undefined,
    sellerId: '',
    params: [],
  };
}

const htmlPage = z.string().meta({ description: 'the sandbox consent page (HTML)' });

const SIGN_IN_FIRST = '请先登录控制台,再从店铺管理发起授权';
const CSRF_FAILED = '安全校验失败,请回到控制台重新发起授权';

/**
 * The consent page of sandbox shops, served by the console so any browser that reaches the
 * console reaches it (the simulator itself listens on loopback): the simulator's own page and
 * confirmation, whose redirect then goes to the console's callback like Amazon's would.
 *
 * Unlike the simulator's own page (and like Amazon, which redirects only to an app's
 * registered address), it answers a code only for the signed-in owner of a state the console
 * issued, still open, and only to the console's own callback (issue 27 §4): the page is
 * opened by the owner's browser from 店铺管理, so the session cookie is there, and the form
 * carries the session's CSRF token back (`formCaller`).
 */
export async function sandboxConsentRoutes(fastify: FastifyInstance) {
  const { deps } = fastify;
  fastify.addHook('onClose', () => closeSandbox(deps.config));
  // The consent form posts form-encoded fields (only within this plugin).
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  const send = (res: SimRes, reply: import('fastify').FastifyReply) => {
    reply.code(res.status);
    for (const [k, v] of Object.entries(res.headers ?? {})) reply.header(k, v);
    if (res.text !== undefined && !res.headers?.['content-type']) reply.type('text/plain; charset=utf-8');
    return reply.send(res.text ?? '');
  };
  const pages = { 200: htmlPage, 400: htmlPage, 401: htmlPage, 403: htmlPage };

  fastify.get(
    SANDBOX_CONSENT_PATH.replace(/^\/PDD/, ''),
    { schema: { response: pages }, config: { access: 'public' } },
    async (req, reply) => {
      // A GET carries no CSRF header; the plugin resolves the cookie session all the same.
      const auth = req.auth;
      if (!auth) return send(refusalPage(401, SIGN_IN_FIRST), reply);
      const q = new URL(req.url, 'http://console').searchParams;
      const refusal = await sandboxConsentRefusal(
        deps,
        { tenantId: auth.tenantId, userId: auth.user.id },
        { state: q.get('state') ?? '', redirectUri: q.get('redirect_uri') ?? '' },
        callbackUrl(req),
      );
      if (refusal) return send(refusalPage(400, refusal), reply);
      const s = await sandbox(deps.config, deps.db);
      const hidden: Record<string, string> = auth.via === 'cookie' ? { csrf_token: auth.session.csrf } : {};
      return send(handleConsent(s.sim, simReq(req, ''), { action: CONFIRM_PATH, hidden }), reply);
    },
  );

  fastify.post(
    CONFIRM_PATH.replace(/^\/PDD/, ''),
    { schema: { response: { ...redirectReplies(), ...pages } }, config: { access: 'public' } },
    async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const form = new URLSearchParams(raw);
      const caller = await formCaller(fastify, req, form.get('csrf_token'));
      if ('refused' in caller)
        return send(
          caller.refused === 'signin' ? refusalPage(401, SIGN_IN_FIRST) : refusalPage(403, CSRF_FAILED),
          reply,
        );
      const refusal = await sandboxConsentRefusal(
        deps,
        { tenantId: caller.auth.tenantId, userId: caller.auth.user.id },
        { state: form.get('state') ?? '', redirectUri: form.get('redirect_uri') ?? '' },
        callbackUrl(req),
      );
      if (refusal) return send(refusalPage(400, refusal), reply);
      const s = await sandbox(deps.config, deps.db);
      return send(handleConfirm(s.sim, simReq(req, raw)), reply);
    },
  );
}
