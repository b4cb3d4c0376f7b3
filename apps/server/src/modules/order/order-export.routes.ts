import { jobIdQuery } from '@console/shared/schemas/jobs';
import { orderExportBody, orderExportStarted } from '@console/shared/schemas/order-export';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { fileReplies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { subjectOf } from '../account/account.presenter.js';
import { fileStorage } from '../files/storage.js';
import { exportOrders, orderExportFile } from './order-export.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

/** 订单导出 (issue 17 §2, docs/orders.md "Export"): the file at once, or a job and its download. */
export async function orderExportRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'order.read' as const };

  app.post(
    '/order/export',
    { schema: { body: orderExportBody, response: fileReplies([XLSX], orderExportStarted) }, config },
    async (req, reply) => {
      const auth = authOf(req);
      const out = await exportOrders(deps, fastify.jobs, actorOf(req, auth), subjectOf(auth.user), req.body);
      if ('job_id' in out) return ok(out, '导出任务已创建,完成后可下载');
      return reply.type(XLSX).header('content-disposition', attachment('order-export.xlsx')).send(out.file);
    },
  );

  app.get(
    '/order/export/download',
    { schema: { querystring: jobIdQuery, response: fileReplies([XLSX]) }, config },
    async (req, reply) => {
      const auth = authOf(req);
      const f = await orderExportFile(deps, auth.tenantId, auth.user.id, req.query.id);
      const stream = await fileStorage(deps.config).get(f.file_key);
      if (!stream) throw notFound('导出文件已不存在,请重新导出');
      return reply.type(XLSX).header('content-disposition', attachment(f.file_name)).send(stream);
    },
  );
}
