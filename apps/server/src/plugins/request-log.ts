import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, written when the answer has gone out (issue 13 §3): method, path,
 * status, duration and who asked. Replaces Fastify's two lines ("incoming request" and "request
 * completed"), so the `info` level stays readable. Failures add their own line (5xx at `error`;
 * refused input only at `debug`, its status is already on the request line).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const line = {
      method: req.method,
      url: req.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ...(req.auth ? { uid: req.auth.user.id, tenant: req.auth.tenantId } : {}),
    };
    req.log.info(line, 'request');
  });
}
