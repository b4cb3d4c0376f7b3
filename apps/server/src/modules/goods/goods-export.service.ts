import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMN_KEYS, type ExportColumnKey } from '@console/shared/schemas/goods-export';
import { z } from 'zod';
import type { Actor, AppDeps } from '../../context.js';
import type { JobClient } from '../../jobs/job-queue.js';
import { badRequest } from '../../lib/app-error.js';
import { xlsxBuffer } from '../../lib/xlsx-buffer.js';
import { readUserSetting, saveUserSetting, type UserSettingDefinition } from '../account/user-settings.service.js';
import { exportKey } from '../files/file-storage.js';
import { getTenantJob } from '../jobs/jobs.service.js';
import { audit } from '../system/audit.js';
import type { Selection } from './goods-batch.repository.js';
import { type ExportPayload, type ExportResult, goodsExportJob } from './goods-export.job.js';
import { countSelected } from './goods-export.repository.js';
import { categoryPaths, forEachBatch, sheetColumns, toSheetRows } from './goods-export.sheet.js';

/** Selections up to this size download at once; larger ones become a job with progress. */
export const SYNC_EXPORT_LIMIT = 1000;

/** How many of the tenant's products a selection holds. */
export function countSelection(deps: AppDeps, tenantId: number, sel: Selection): Promise<number> {
  return countSelected(deps.db, tenantId, sel);
}

/**
 * The export's column choice, kept per user (issue 13 §2). A stored choice naming columns that no
 * longer exist keeps the others; one left with none falls back to the defaults.
 */
export const exportColumnsSetting: UserSettingDefinition<ExportColumnKey[]> = {
  key: 'goods.exportColumns',
  schema: z
    .array(z.string())
    .transform((keys) => EXPORT_COLUMN_KEYS.filter((k) => keys.includes(k)))
    .refine((keys) => keys.length > 0),
  fallback: [...DEFAULT_EXPORT_COLUMNS],
};

/** The caller's remembered export columns (the defaults until a choice was made). */
export function exportColumnsOf(deps: AppDeps, actor: Actor): Promise<ExportColumnKey[]> {
  return readUserSetting(deps, actor, exportColumnsSetting);
}

/** The columns of this export: the ones sent (then remembered as the caller's choice), else the remembered ones. */
export async function resolveExportColumns(
  deps: AppDeps,
  actor: Actor,
  sent: ExportColumnKey[] | undefined,
): Promise<ExportColumnKey[]> {
  if (!sent) return exportColumnsOf(deps, actor);
  await saveUserSetting(deps, actor, exportColumnsSetting, sent);
  return sent;
}

/** A small selection as an .xlsx buffer, written in slices (`lib/xlsx-buffer.ts`, issue 27 §3). */
export async function exportNow(deps: AppDeps, actor: Actor, payload: ExportPayload): Promise<Buffer> {
  const x = xlsxBuffer();
  const sheet = x.book.addWorksheet('商品');
  const ctx = {
    columns: payload.columns ?? DEFAULT_EXPORT_COLUMNS,
    categoryPaths: await categoryPaths(deps, actor.tenantId),
    origin: payload.origin ?? '',
  };
  sheet.columns = sheetColumns(ctx.columns);
  let n = 0;
  await forEachBatch(deps, actor.tenantId, payload, async (rows) => {
    for (const r of rows) for (const row of toSheetRows(r, ctx)) await x.addRow(sheet, row);
    n += rows.length;
  });
  await deps.db
    .transaction()
    .execute((trx) =>
      audit(trx, actor, { action: 'goods.export', targetType: 'goods', targetId: `${n} items`, after: { count: n } }),
    );
  return x.finish();
}

/** A large selection: a queued job (row, message and audit in one transaction) whose progress the UI polls. */
export async function startExportJob(
  deps: AppDeps,
  jobs: JobClient,
  actor: Actor,
  payload: ExportPayload,
  total: number,
) {
  const { id } = await deps.db.transaction().execute(async (trx) => {
    const job = await jobs.enqueue(goodsExportJob, actor, payload, { tx: trx, total });
    await audit(trx, actor, {
      action: 'goods.exportJob',
      targetType: 'export_job',
      targetId: job.id,
      after: { total },
    });
    return job;
  });
  return { job_id: id, total };
}

/** One export job of the tenant (of `userId` when given) with its file (file name and storage key once done). */
export async function getExportJob(deps: AppDeps, tenantId: number, id: string, userId?: number) {
  const job = await getTenantJob(deps, tenantId, id, { kind: goodsExportJob.kind, missing: '导出任务不存在', userId });
  const result = job.result as ExportResult | null;
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    total: job.total,
    file_name: result?.file_name ?? '',
    error: job.error,
    created_at: job.created_at,
    finished_at: job.finished_at,
    file_key: result?.file_key ?? exportKey(job.id),
  };
}

/** Refuses an export of nothing. */
export function assertSomething(total: number): void {
  if (total === 0) throw badRequest('没有可导出的商品');
}
