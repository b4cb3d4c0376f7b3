import type { PermissionSubject } from '@console/shared/permissions/can';
import { ORDER_EXPORT_SYNC_LIMIT, type OrderExportBody } from '@console/shared/schemas/order-export';
import type { Actor, AppDeps } from '../../context.js';
import type { JobClient } from '../../jobs/job-queue.js';
import { badRequest } from '../../lib/app-error.js';
import { xlsxBuffer } from '../../lib/xlsx-buffer.js';
import { exportKey } from '../files/file-storage.js';
import { getTenantJob } from '../jobs/jobs.service.js';
import { audit } from '../system/audit.js';
import { readerOf } from './order.service.js';
import { ORDER_SHEET, type OrderExportResult, orderExportJob } from './order-export.job.js';
import { countExportOrders } from './order-export.repository.js';
import { forEachOrderBatch, orderSheetColumns } from './order-export.sheet.js';

/** The outcome of `POST /order/export`: the workbook at once, or the job that writes it. */
export type OrderExportOutcome = { file: Buffer; count: number } | { job_id: string; total: number };

/**
 * 订单导出: up to `ORDER_EXPORT_SYNC_LIMIT` orders as a workbook now, more as a job with progress.
 * Group leaders and workers export only the orders of the shops given to them.
 */
export async function exportOrders(
  deps: AppDeps,
  jobs: JobClient,
  actor: Actor,
  subject: PermissionSubject,
  body: OrderExportBody,
): Promise<OrderExportOutcome> {
  const reader = readerOf(subject);
  const total = await countExportOrders(deps.db, actor.tenantId, body.filter, reader);
  if (total === 0) throw badRequest('没有符合条件的订单可导出');
  if (total > ORDER_EXPORT_SYNC_LIMIT) {
    const payload = { filter: body.filter, columns: body.columns, ...(reader.staffOf && { staff_of: reader.staffOf }) };
    const { id } = await deps.db.transaction().execute(async (trx) => {
      const job = await jobs.enqueue(orderExportJob, actor, payload, { tx: trx, total });
      await audit(trx, actor, {
        action: 'order.exportJob',
        targetType: 'export_job',
        targetId: job.id,
        after: { total },
      });
      return job;
    });
    return { job_id: id, total };
  }
  // Written in slices (`lib/xlsx-buffer.ts`, issue 27 §3).
  const x = xlsxBuffer();
  const sheet = x.book.addWorksheet(ORDER_SHEET);
  sheet.columns = orderSheetColumns(body.columns);
  let count = 0;
  await forEachOrderBatch(deps, actor.tenantId, body.filter, reader, body.columns, async (rows, orders) => {
    for (const row of rows) await x.addRow(sheet, row);
    count += orders;
  });
  await deps.db
    .transaction()
    .execute((trx) =>
      audit(trx, actor, { action: 'order.export', targetType: 'order', targetId: `${count} orders`, after: { count } }),
    );
  return { file: await x.finish(), count };
}

/** The caller's finished export job: file name and storage key (404 for another's or a missing one). */
export async function orderExportFile(deps: AppDeps, tenantId: number, userId: number, id: string) {
  const job = await getTenantJob(deps, tenantId, id, { kind: orderExportJob.kind, missing: '导出任务不存在', userId });
  if (job.status !== 'done') throw badRequest('导出尚未完成');
  const result = job.result as OrderExportResult | null;
  return { file_name: result?.file_name ?? 'order-export.xlsx', file_key: result?.file_key ?? exportKey(job.id) };
}
