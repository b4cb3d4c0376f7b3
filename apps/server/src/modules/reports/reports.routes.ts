import {
  reportsFeedbackBody,
  reportsFeedbackData,
  reportsFeedbackExportQuery,
  reportsPerformanceBody,
  reportsPerformanceData,
  reportsRefreshBody,
  reportsRefreshData,
} from '@console/shared/schemas/seller-reports';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { feedback, feedbackExport, performance, startRefresh } from './reports.view.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * 卖家绩效 and 卖家反馈 (docs/reports.md): `shop.use`, like the shop screens; a user without
 * `shop.manage` reads the shops given to the account only.
 */
export async function reportsRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'shop.use' as const };

  app.post(
    '/reports/refresh',
    { schema: { body: reportsRefreshBody, response: replies(reportsRefreshData) }, config },
    async (req) => {
      const auth = authOf(req);
      return ok(await startRefresh(deps, fastify.jobs, actorOf(req, auth), auth.user, req.body), '已开始获取报告');
    },
  );

  app.post(
    '/reports/performance',
    { schema: { body: reportsPerformanceBody, response: replies(reportsPerformanceData) }, config },
    async (req) => {
      const auth = authOf(req);
      return ok(await performance(deps, auth.tenantId, auth.user, req.body));
    },
  );

  app.post(
    '/reports/feedback/list',
    { schema: { body: reportsFeedbackBody, response: replies(reportsFeedbackData) }, config },
    async (req) => {
      const auth = authOf(req);
      return ok(await feedback(deps, auth.tenantId, auth.user, req.body));
    },
  );

  app.get(
    '/reports/feedback/export',
    {
      schema: {
        querystring: reportsFeedbackExportQuery,
        response: fileReplies([XLSX]),
        summary: '卖家反馈导出(.xlsx)',
      },
      config,
    },
    async (req, reply) => {
      const auth = authOf(req);
      const book = await feedbackExport(deps, auth.tenantId, auth.user, req.query);
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('卖家反馈.xlsx')}`)
        .send(book);
    },
  );
}
