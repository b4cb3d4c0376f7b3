import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Request ids (docs/operations.md "Health and metrics"): every request gets one, written on its
 * log lines as `reqId` and echoed in the `X-Request-Id` answer header. An incoming
 * `X-Request-Id` (a proxy's or a load balancer's) is kept when it is sane: 1 to 64 of letters,
 * digits and `._:-`; anything else is replaced by a fresh UUID, so a caller cannot write
 * arbitrary text into the log. The id is also held in an async context for the whole request,
 * so jobs enqueued while it runs carry it into their worker's log lines (jobs/job-queue.ts).
 */
export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const context = new AsyncLocalStorage<{ requestId: string }>();

/** Fastify's `genReqId`: the caller's id when sane, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const raw = req.headers[REQUEST_ID_HEADER];
  const given = Array.isArray(raw) ? raw[0] : raw;
  return given && SANE_ID.test(given) ? given : randomUUID();
}

/** The id of the request (or job) the calling code runs for, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** Runs `fn` with `requestId` as the current id (a job run carries its request's id on). */
export function withRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestId ? context.run({ requestId }, fn) : fn();
}

/**
 * Makes the id current for the request's hooks and handler (the answer's `X-Request-Id`
 * header is set by plugins/errors.ts).
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    context.run({ requestId: req.id }, done);
  });
}

/**
 * Log fields never written (pino's redaction): secrets anywhere a log call might carry them.
 * Paths are matched at the top level and one level down (`*.x`); request lines carry no
 * headers or bodies at all (plugins/request-log.ts), addresses lose their secret parameters.
 */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'secret',
  'clientSecret',
  'client_secret',
  'secretAccessKey',
  'apiKey',
  'cookie',
  'authorization',
];
export const LOG_REDACT_PATHS = [
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`]),
  'headers["x-amz-access-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
];
