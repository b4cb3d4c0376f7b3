import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { issueField, issueMessage } from '@console/shared/validation/zod-messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { isAppPageRequest, type PageFallback } from './web-app.js';

const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度不正确',
};

/** Refusals Fastify makes before a route runs (server options `frameworkErrors`). */
const FRAMEWORK_ERRORS: Record<string, { status: number; msg: string }> = {
  FST_ERR_BAD_URL: { status: 400, msg: '请求地址不合法' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, msg: '请求地址过长' },
};

/** Refusals Node's HTTP parser makes before Fastify sees a request (server option `clientErrorHandler`). */
const SOCKET_ERRORS: Record<string, { status: number; msg: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, msg: '请求头或地址过长' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, msg: '请求超时' },
};

/** The message of every unexpected failure: no details, the request id to quote. */
const internalError = (id: string) => `服务器内部错误,请稍后再试 (请求号 ${id})`;

/** The envelope as JSON text; `data` that cannot be written (a cycle, a BigInt) becomes null. */
function envelopeText(status: number, msg: string, data: unknown): string {
  try {
    return JSON.stringify({ status, msg, data: data ?? null });
  } catch {
    return JSON.stringify({ status, msg, data: null });
  }
}

/**
 * Sends a failure's envelope as ready JSON text, so it never goes through the route's response
 * schema: an error reply always serialises, whatever the route declares for its status (a
 * route's own `400` page, say).
 */
export function sendFailure(reply: FastifyReply, status: number, msg: string, data: unknown = null) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(envelopeText(status, msg, data));
}

/**
 * Fastify's `frameworkErrors`: a malformed address (bad percent-encoding) or an overlong path
 * parameter answers the envelope like any other refusal.
 */
export function frameworkErrorHandler(err: Error & { code?: string }, req: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[err.code ?? ''];
  reply.header('x-request-id', req.id);
  if (known) {
    req.log.debug({ code: err.code }, 'client error');
    return sendFailure(reply, known.status, known.msg);
  }
  req.log.error({ err }, 'unhandled error');
  return sendFailure(reply, 500, internalError(req.id));
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before any route (a
 * request line or headers over 16 KB, a malformed request, a timeout) get the envelope with a
 * Chinese message on the raw socket, then the connection closes (as Node and Fastify do).
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, msg } = SOCKET_ERRORS[err.code ?? ''] ?? { status: 400, msg: '请求不合法' };
  const body = envelopeText(status, msg, null);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * One place that turns every failure into the envelope: user-facing Chinese `msg`,
 * details (stack, SQL) only in the log with the request id.
 */
export function registerErrorHandling(app: FastifyInstance, pages: PageFallback = {}): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'app error');
      return sendFailure(reply, err.status, err.message, err.data);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const issue = {
          ...v.params,
          code: v.keyword,
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? '',
        } as unknown as z.core.$ZodIssue;
        return { field: issueField(issue), msg: issueMessage(issue) };
      });
      // An unknown field is the most useful thing to tell an API client first.
      issues.sort((a, b) => Number(b.msg.startsWith('不支持的字段')) - Number(a.msg.startsWith('不支持的字段')));
      // Expected: the request line already says 400; the issues only when debugging.
      req.log.debug({ issues }, 'validation failed');
      const first = issues[0] ?? { field: '', msg: '请求参数不正确' };
      return sendFailure(reply, 400, first.msg, { field: first.field, issues });
    }
    if (isResponseSerializationError(err)) {
      // The answer does not match the route's response schema: a server bug. It is never
      // sent; the caller gets the usual 500 and the log says which fields were wrong.
      req.log.error(
        { method: err.method, url: err.url, issues: err.cause.issues },
        'response does not match its schema (not sent)',
      );
      return sendFailure(reply, 500, internalError(req.id));
    }
    const code = (err as { code?: string }).code ?? '';
    const statusCode = (err as { statusCode?: number }).statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      req.log.debug({ code, message: (err as Error).message }, 'client error');
      const msg = CLIENT_ERRORS[code] ?? '请求不合法';
      return sendFailure(reply, statusCode, msg);
    }
    req.log.error({ err }, 'unhandled error');
    return sendFailure(reply, 500, internalError(req.id));
  });

  app.setNotFoundHandler((req, reply) => {
    // A page address without the `#` goes to the hash route; API addresses stay JSON.
    if (pages.redirect && isAppPageRequest(req)) return pages.redirect(req, reply);
    sendFailure(reply, 404, '接口不存在');
  });
}
