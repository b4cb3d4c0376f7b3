import fs from 'node:fs/promises';
import path from 'node:path';
import { goodsFilterSchema } from '@console/shared/schemas/goods';
import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMN_KEYS, type ExportColumnKey } from '@console/shared/schemas/goods-export';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { AppDeps } from '../../context.js';
import { defineJob, type JobContext, requireJob } from '../../lib/server-module.js';
import { TimeSlicer } from '../../lib/time-slice.js';
import { exportKey } from '../files/file-storage.js';
import { fileStorage } from '../files/storage.js';
import { categoryPaths, forEachBatch, sheetColumns, toSheetRows } from './goods-export.sheet.js';

/** What a finished export job holds: the download's file name and the storage key of the workbook. */
export interface ExportResult {
  file_name: string;
  file_key: string;
}

/**
 * The selection to export (ids already parsed, or a product-list filter) as validated by the
 * route, the starter's data scope, the columns (jobs queued before columns existed get the
 * defaults) and the console's address for image links.
 */
const exportPayload = z
  .object({
    ids: z.array(z.number().int().positive()).optional(),
    filter: goodsFilterSchema.optional(),
    /** The starter's data scope when the job was queued (issue 13 §5): creators, or null for the whole tenant. */
    creators: z.array(z.number().int().positive()).nullable().optional(),
    columns: z
      .array(z.enum(EXPORT_COLUMN_KEYS as [ExportColumnKey, ...ExportColumnKey[]]))
      .min(1)
      .optional(),
    origin: z.string().max(300).optional(),
  })
  .refine((b) => b.ids || b.filter, { error: '请选择商品或筛选条件', path: ['ids'] });

/** What the job runs with. */
export type ExportPayload = z.infer<typeof exportPayload>;

/** Where a job writes its workbook before handing it to the file storage (local disk of the worker). */
export const exportDir = (deps: AppDeps) => path.join(deps.config.dataDir, 'exports');

/**
 * The worker: writes the workbook by streaming to local disk, reporting progress per batch,
 * then moves it into the file storage (a bucket when STORAGE=s3, so web-only nodes can serve it).
 */
export async function runExportJob(ctx: JobContext<ExportResult>, payload: ExportPayload): Promise<void> {
  const job = requireJob(ctx);
  const dir = exportDir(ctx.deps);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${job.id}.xlsx.part`);
  try {
    // Styles on: number and date formats are styles.
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet('商品');
    const sheetCtx = {
      columns: payload.columns ?? DEFAULT_EXPORT_COLUMNS,
      categoryPaths: await categoryPaths(ctx.deps, job.tenantId),
      origin: payload.origin ?? '',
    };
    sheet.columns = sheetColumns(sheetCtx.columns);
    const slicer = new TimeSlicer();
    let done = 0;
    await ctx.progress.update(0);
    await forEachBatch(ctx.deps, job.tenantId, payload, async (rows) => {
      for (const r of rows) {
        for (const row of toSheetRows(r, sheetCtx)) sheet.addRow(row).commit();
        await slicer.pause(); // a batch of 500 products in slices of a few ms (issue 27 §3)
      }
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
