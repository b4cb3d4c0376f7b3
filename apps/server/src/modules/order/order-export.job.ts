import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ORDER_EXPORT_COLUMN_KEYS,
  type OrderExportColumnKey,
  orderExportFilter,
} from '@console/shared/schemas/order-export';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { defineJob, requireJob } from '../../lib/server-module.js';
import { TimeSlicer } from '../../lib/time-slice.js';
import { exportKey } from '../files/file-storage.js';
import { fileStorage } from '../files/storage.js';
import { exportDir } from '../goods/goods-export.job.js';
import { forEachOrderBatch, orderSheetColumns } from './order-export.sheet.js';

/** What a finished order export holds: the download's name and the workbook's storage key. */
export interface OrderExportResult {
  file_name: string;
  file_key: string;
}

const payload = z.object({
  filter: orderExportFilter,
  columns: z.array(z.enum(ORDER_EXPORT_COLUMN_KEYS as [OrderExportColumnKey, ...OrderExportColumnKey[]])).min(1),
  /** The starter's id when the starter sees only the shops given to it (group leaders, workers). */
  staff_of: z.number().int().positive().optional(),
});
export type OrderExportPayload = z.infer<typeof payload>;

/** The sheet's name (and the download's prefix). */
export const ORDER_SHEET = '订单';

/**
 * 订单导出 of more than `ORDER_EXPORT_SYNC_LIMIT` orders: streams the workbook to local disk with
 * progress per batch of orders, then hands it to the file storage (as the goods export does).
 */
export const orderExportJob = defineJob<OrderExportPayload, OrderExportResult>({
  kind: 'order-export',
  payload,
  access: 'order.read',
  failMessage: '订单导出失败,请重试',
  async run(ctx, p) {
    const job = requireJob(ctx);
    const dir = exportDir(ctx.deps);
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${job.id}.xlsx.part`);
    try {
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
      const sheet = book.addWorksheet(ORDER_SHEET);
      sheet.columns = orderSheetColumns(p.columns);
      const slicer = new TimeSlicer();
      let done = 0;
      await ctx.progress.update(0);
      const reader = p.staff_of ? { staffOf: p.staff_of } : {};
      await forEachOrderBatch(ctx.deps, job.tenantId, p.filter, reader, p.columns, async (rows, orders) => {
        for (const row of rows) {
          sheet.addRow(row).commit();
          await slicer.pause(); // a batch in slices of a few ms (issue 27 §3)
        }
        done += orders;
        await ctx.progress.update(done);
      });
      sheet.commit();
      await book.commit();
      const key = exportKey(job.id);
      await fileStorage(ctx.deps.config).putFile(key, file);
      await ctx.progress.done(
        { file_name: `order-export-${job.id.slice(0, 8)}.xlsx`, file_key: key },
        { progress: done, total: done },
      );
    } catch (err) {
      await fs.rm(file, { force: true });
      throw err;
    }
  },
  async discard(deps, job) {
    await fileStorage(deps.config).remove(exportKey(job.id));
  },
});
