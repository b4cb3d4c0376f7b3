import {
  type ExportJob,
  exportColumnsView,
  exportJob,
  exportJobStarted,
  exportSelectBody,
} from '@console/shared/schemas/goods-export';
import { jobIdQuery } from '@console/shared/schemas/jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { fileReplies, replies, zodApp } from '../../lib/route.js';
import { actorOf, authOf } from '../../plugins/auth.js';
import { fileStorage } from '../files/storage.js';
import { jobReaderId } from '../jobs/jobs.service.js';
import {
  assertSomething,
  countSelection,
  exportColumnsOf,
  exportNow,
  getExportJob,
  resolveExportColumns,
  SYNC_EXPORT_LIMIT,
  startExportJob,
} from './goods-export.service.js';
import { goodsReachOf, requireGoodsInReach } from './goods-reach.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
/** The console's address as the browser reached it (behind a proxy: with TRUST_PROXY), for image links in the sheet. */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * exportSelectTableData: an .xlsx of the selection, at once when small, as a job when large.
 * `exportJob` is the export's view of `GET /jobs/get` (kept for API clients, docs/api-goods.md).
 */
export async function goodsExportRoutes(fastify: FastifyInstance) {
  const app = zodApp(fastify);
  const { deps } = fastify;
  const config = { access: 'goods.operate' as const };

  app.post(
    '/amazon-user/exportSelectTableData',
    {
      schema: {
        body: exportSelectBody,
        response: fileReplies([XLSX], exportJobStarted),
      },
      config,
    },
    async (req, reply) => {
      const auth = authOf(req);
      const actor = actorOf(req, auth);
      // The caller's data scope (issue 13 §5): chosen ids all in reach, a filter narrowed to it (also in the job).
      const reach = await goodsReachOf(deps.db, auth.user);
      const { ids, filter } = req.body;
      await requireGoodsInReach(deps.db, reach, ids ?? []);
      const columns = await resolveExportColumns(deps, actor, req.body.columns);
      const payload = {
        ...(ids && { ids }),
        ...(filter && { filter }),
        creators: reach.creators && [...reach.creators],
        columns,
        origin: originOf(req),
      };
      const total = await countSelection(deps, auth.tenantId, payload);
      assertSomething(total);
      if (total > SYNC_EXPORT_LIMIT) {
        return ok(await startExportJob(deps, fastify.jobs, actor, payload, total), '导出任务已创建,完成后可下载');
      }
      const buffer = await exportNow(deps, actor, payload);
      return reply.type(XLSX).header('content-disposition', attachment('goods-export.xlsx')).send(buffer);
    },
  );

  app.get(
    '/amazon-user/exportColumns',
    { schema: { response: replies(exportColumnsView), summary: "The caller's remembered export columns" }, config },
    async (req) => ok({ columns: await exportColumnsOf(deps, actorOf(req, authOf(req))) }),
  );

  app.get(
    '/amazon-user/exportJob',
    { schema: { querystring: jobIdQuery, response: replies(exportJob) }, config },
    async (req) => {
      const auth = authOf(req);
      const job = await getExportJob(deps, auth.tenantId, req.query.id, jobReaderId(auth.user));
      return ok({
        id: job.id,
        status: job.status as ExportJob['status'],
        progress: job.progress,
        total: job.total,
        file_name: job.file_name,
        error: job.error,
        created_at: Math.floor(job.created_at.getTime() / 1000),
        finished_at: job.finished_at ? Math.floor(job.finished_at.getTime() / 1000) : null,
      });
    },
  );

  app.get(
    '/amazon-user/exportJob/download',
    { schema: { querystring: jobIdQuery, response: fileReplies([XLSX]) }, config },
    async (req, reply) => {
      const auth = authOf(req);
      const job = await getExportJob(deps, auth.tenantId, req.query.id, jobReaderId(auth.user));
      if (job.status !== 'done') throw badRequest('导出尚未完成');
      const stream = await fileStorage(deps.config).get(job.file_key);
      if (!stream) throw notFound('导出文件已不存在,请重新导出');
      return reply.type(XLSX).header('content-disposition', attachment(job.file_name)).send(stream);
    },
  );
}
