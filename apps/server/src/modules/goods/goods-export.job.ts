import fs from 'node:fs/promises';
import path from 'node:path';
import { goodsFilterSchema } from '@console/shared';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { AppDeps } from '../../context.js';
import { defineJob, type JobContext, requireJob } from '../../lib/server-module.js';
import { exportKey } from '../files/file-storage.js';
import { fileStorage } from '../files/storage.js';
import type { Selection } from './goods-batch.repository.js';
import { COLUMNS, forEachBatch, toSheetRow } from './goods-export.sheet.js';

/** What a finished export job holds: the download's file name and the storage key of the workbook. */
export interface ExportResult {
  file_name: string;
  file_key: string;
}

/** The selection to export (ids already parsed, or a product-list filter), as validated by the route. */
const exportPayload = z
  .object({
    ids: z.array(z.number().int().positive()).optional(),
    filter: goodsFilterSchema.optional(),
    /** The starter's data scope when the job was queued (issue 13 §5): creators, or null for the whole tenant. */
    creators: z.array(z.number().int().positive()).nullable().optional(),
  })
  .refine((b) => b.ids || b.filter, { error: '请选择商品或筛选条件', path: ['ids'] });

/** Where a job writes its workbook before handing it to the file storage (local disk of the worker). */
export const exportDir = (deps: AppDeps) => path.join(deps.config.dataDir, 'exports');

/**
 * The worker: writes the workbook by streaming to local disk, reporting progress per batch,
 * then moves it into the file storage (a bucket when STORAGE=s3, so web-only nodes can serve it).
 */
export async function runExportJob(ctx: JobContext<ExportResult>, sel: Selection): Promise<void> {
  const job = requireJob(ctx);
  const dir = exportDir(ctx.deps);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${job.id}.xlsx.part`);
  try {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
    const sheet = book.addWorksheet('商品');
    sheet.columns = COLUMNS;
    let done = 0;
    await ctx.progress.update(0);
    await forEachBatch(ctx.deps, job.tenantId, sel, async (rows) => {
      for (const r of rows) sheet.addRow(toSheetRow(r)).commit();
      done += rows.length;
      await ctx.progress.update(done);
    });
    sheet.commit();
    await book.commit();
    const key = exportKey(job.id);
    await fileStorage(ctx.deps.config).putFile(key, file);
    await ctx.progress.done(
      { file_name: `goods-export-${job.id.slice(0, 8)}.xlsx`, file_key: key },
      { progress: done, total: done },
    );
  } catch (err) {
    await fs.rm(file, { force: true });
    throw err;
  }
}

/** Export of more than SYNC_EXPORT_LIMIT products (POST exportSelectTableData), polled by the list. */
export const goodsExportJob = defineJob({
  kind: 'goods-export',
  payload: exportPayload,
  access: 'goods.operate',
  failMessage: '导出失败,请重试',
  run: runExportJob,
  async discard(deps, job) {
    await fileStorage(deps.config).remove(exportKey(job.id));
  },
});
