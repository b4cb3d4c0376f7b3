import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { redirectReplies } from '../../lib/route.js';
import { closeSandbox, sandbox } from '../../marketplace/sandbox.js';
import { handleConfirm, handleConsent, refusalPage } from '../../marketplace/simulator/sim-lwa.js';
import type { SimReq, SimRes } from '../../marketplace/simulator/sim-server.js';
import { authOf, FORM_CSRF_FIELD } from '../../plugins/auth.js';
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

const consentForm = z.string().max(8192).meta({ description: 'the consent form, application/x-www-form-urlencoded' });
const htmlPage = z.string().meta({ description: 'the sandbox consent page (HTML)' });

/**
 * The consent page of sandbox shops, served by the console so any browser that reaches the
 * console reaches it (the simulator itself listens on loopback): the simulator's own page and
 * confirmation, whose redirect then goes to the console's callback like Amazon's would.
 *
 * Unlike the simulator's own page (and like Amazon, which redirects only to an app's
 * registered address), it answers a code only to the signed-in owner of a state the console
 * issued, still open, and only to the console's own callback (issue 27 §4). The owner's
 * browser opens the page from 店铺管理, so the session cookie is there; the page's form
 * carries the session's CSRF token back in a hidden field (`csrf: 'form'`, plugins/auth.ts).
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
  /** Why the caller may not confirm this consent (the page's Chinese refusal), or null. */
  const refusal = (req: FastifyRequest, p: URLSearchParams) => {
    const auth = authOf(req);
    return sandboxConsentRefusal(
      deps,
      { tenantId: auth.tenantId, userId: auth.user.id },
      { state: p.get('state') ?? '', redirectUri: p.get('redirect_uri') ?? '' },
      callbackUrl(req),
    );
  };

  fastify.get(
    SANDBOX_CONSENT_PATH.replace(/^\/PDD/, ''),
    { schema: { response: { 200: htmlPage, 400: htmlPage } }, config: { access: 'shop.manage' } },
    async (req, reply) => {
      const refused = await refusal(req, new URL(req.url, 'http://console').searchParams);
      if (refused) return send(refusalPage(400, refused), reply);
      const s = await sandbox(deps.config, deps.db);
      const auth = authOf(req);
      const hidden: Record<string, string> = auth.via === 'cookie' ? { [FORM_CSRF_FIELD]: auth.session.csrf } : {};
      reply.header('cache-control', 'no-store');
      return send(handleConsent(s.sim, simReq(req, ''), { action: CONFIRM_PATH, hidden }), reply);
    },
  );

  fastify.post(
    CONFIRM_PATH.replace(/^\/PDD/, ''),
    {
      // The form's fields as one url-encoded text; any other body (JSON) is refused before the handler.
      schema: { body: consentForm, response: { ...redirectReplies(), 400: htmlPage } },
      config: { access: 'shop.manage', csrf: 'form' },
    },
    async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const refused = await refusal(req, new URLSearchParams(raw));
      if (refused) return send(refusalPage(400, refused), reply);
      const s = await sandbox(deps.config, deps.db);
      return send(handleConfirm(s.sim, simReq(req, raw)), reply);
    },
  );
}
