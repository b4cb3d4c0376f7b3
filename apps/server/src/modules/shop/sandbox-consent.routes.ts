import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { redirectReplies } from '../../lib/route.js';
import { closeSandbox, sandbox } from '../../marketplace/sandbox.js';
import { handleConfirm, handleConsent } from '../../marketplace/simulator/sim-lwa.js';
import type { SimReq, SimRes } from '../../marketplace/simulator/sim-server.js';
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

/**
 * The consent page of sandbox shops, served by the console so any browser that reaches the
 * console reaches it (the simulator itself listens on loopback): the simulator's own page and
 * confirmation, whose redirect then goes to the console's callback like Amazon's would.
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

  fastify.get(
    SANDBOX_CONSENT_PATH.replace(/^\/PDD/, ''),
    {
      schema: { response: { 200: htmlPage, 400: htmlPage } },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const s = await sandbox(deps.config, deps.db);
      const res = handleConsent(s.sim, simReq(req, ''));
      if (res.text) res.text = res.text.replace('action="/apps/authorize/confirm"', `action="${CONFIRM_PATH}"`);
      return send(res, reply);
    },
  );

  fastify.post(
    CONFIRM_PATH.replace(/^\/PDD/, ''),
    { schema: { response: { ...redirectReplies(), 400: htmlPage } }, config: { access: 'public' } },
    async (req, reply) => {
      const s = await sandbox(deps.config, deps.db);
      return send(handleConfirm(s.sim, simReq(req, typeof req.body === 'string' ? req.body : '')), reply);
    },
  );
}
