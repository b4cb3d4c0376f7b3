import { issueField, issueMessage } from '@console/shared/validation/zod-messages';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';

const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度不正确',
};

/** The message of every unexpected failure: no details, the request id to quote. */
const internalError = (id: string) => `服务器内部错误,请稍后再试 (请求号 ${id})`;

/**
 * One place that turns every failure into the envelope: user-facing Chinese `msg`,
 * details (stack, SQL) only in the log with the request id.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'app error');
      return reply.code(err.status).send({ status: err.status, msg: err.message, data: err.data });
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
      return reply.code(400).send({ status: 400, msg: first.msg, data: { field: first.field, issues } });
    }
    if (isResponseSerializationError(err)) {
      // The answer does not match the route's response schema: a server bug. It is never
      // sent; the caller gets the usual 500 and the log says which fields were wrong.
      req.log.error(
        { method: err.method, url: err.url, issues: err.cause.issues },
        'response does not match its schema (not sent)',
      );
      return reply.code(500).send({ status: 500, msg: internalError(req.id), data: null });
    }
    const code = (err as { code?: string }).code ?? '';
    const statusCode = (err as { statusCode?: number }).statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      req.log.debug({ code, message: (err as Error).message }, 'client error');
      const msg = CLIENT_ERRORS[code] ?? '请求不合法';
      return reply.code(statusCode).send({ status: statusCode, msg, data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status: 500, msg: internalError(req.id), data: null });
  });

  app.setNotFoundHandler((_req, reply) => {
    reply.code(404).send({ status: 404, msg: '接口不存在', data: null });
  });
}
