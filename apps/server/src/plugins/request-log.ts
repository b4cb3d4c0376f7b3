import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, written when the answer has gone out (issue 13 §3): method, path,
 * status, duration and who asked. Replaces Fastify's two lines ("incoming request" and "request
 * completed"), so the `info` level stays readable. Failures add their own line (5xx at `error`;
 * refused input only at `debug`, its status is already on the request line). The address is
 * written without the values of secret query parameters (`loggedUrl`, issue 27 §5).
 */
/** Levels at which `info` lines are written. */
const WRITES_INFO = new Set(['trace', 'debug', 'info']);

/**
 * Query parameters whose values are secrets (the OAuth callback's `state` and
 * `spapi_oauth_code`, tokens, passwords): written to the log as `[redacted]`.
 */
const SECRET_PARAMS = new Set([
  'state',
  'code',
  'spapi_oauth_code',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'password',
  'secret',
  'signature',
  'sig',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

/** A signed public file link (`/PDD/public-files/<signature>/<key>`): its signature is a secret. */
const PUBLIC_FILE_SIGNATURE = /^(\/PDD\/public-files\/)[^/?]+/;

/**
 * The address as the log shows it: the path (a public file link's signature replaced), and
 * the query with secret values replaced.
 */
export function loggedUrl(rawUrl: string): string {
  const url = rawUrl.replace(PUBLIC_FILE_SIGNATURE, '$1[redacted]');
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const raw = eq < 0 ? pair : pair.slice(0, eq);
      let name = raw;
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        // A malformed name is shown as sent.
      }
      return eq >= 0 && SECRET_PARAMS.has(name.trim().toLowerCase()) ? `${raw}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    // The line is built only when it is written (a busy list costs nothing at `warn`).
    if (!WRITES_INFO.has(req.log.level)) return done();
    const line = {
      method: req.method,
      url: loggedUrl(req.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ...(req.auth ? { uid: req.auth.user.id, tenant: req.auth.tenantId } : {}),
    };
    req.log.info(line, 'request');
    done();
  });
}
