import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, written when the answer has gone out (issue 13 §3): method, path,
 * status, duration and who asked. Replaces Fastify's two lines ("incoming request" and "request
 * completed"), so the `info` level stays readable. Failures add their own line (5xx at `error`;
 * refused input only at `debug`, its status is already on the request line).
 */
/** Levels at which `info` lines are written. */
const WRITES_INFO = new Set(['trace', 'debug', 'info']);

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    // The line is built only when it is written (a busy list costs nothing at `warn`).
    if (!WRITES_INFO.has(req.log.level)) return done();
    const line = {
      method: req.method,
      url: req.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ...(req.auth ? { uid: req.auth.user.id, tenant: req.auth.tenantId } : {}),
    };
    req.log.info(line, 'request');
    done();
  });
}
