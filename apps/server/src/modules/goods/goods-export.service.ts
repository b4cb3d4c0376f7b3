import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AUDIT_STATUSES, CURRENCY_DIGITS, GOODS_TYPES, PRICE_COUNTRIES } from '@console/shared';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Actor, AppDeps } from '../../context.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { exportKey } from '../files/file-storage.js';
import { fileStorage } from '../files/storage.js';
import { audit } from '../system/audit.js';
import type { StoredDescs, StoredParentage, StoredPrices } from './goods.presenter.js';
import { type Selection, selectedIds } from './goods-batch.service.js';

/** Selections up to this size download at once; larger ones become a job with progress. */
export const SYNC_EXPORT_LIMIT = 1000;
export const EXPORT_QUEUE = 'goods-export';
const BATCH = 500;

const typeLabel = Object.fromEntries(GOODS_TYPES.map((t) => [t.value, t.label]));
const money = (minor: number | undefined, currency: string) => {
  if (minor === undefined) return '';
  const d = CURRENCY_DIGITS[currency] ?? 2;
  return (minor / 10 ** d).toFixed(d);
};

const COLUMNS = [
  { header: 'ID', key: 'id', width: 10 },
  { header: 'SKU', key: 'sku', width: 18 },
  { header: '标题(英文)', key: 'title_en', width: 50 },
  { header: '标题(中文)', key: 'title_zh', width: 30 },
  { header: '类型', key: 'type', width: 10 },
  { header: '审核状态', key: 'status', width: 10 },
  ...PRICE_COUNTRIES.map((c) => ({
    header: `${c.country}价格(${c.currency})`,
    key: `price_${c.country_code}`,
    width: 14,
  })),
  { header: '变体数', key: 'variations', width: 8 },
  { header: '创建人', key: 'creator', width: 12 },
  { header: '创建时间', key: 'created_at', width: 20 },
  { header: '更新时间', key: 'updated_at', width: 20 },
];

function rowsQuery(deps: AppDeps, tenantId: number, sel: Selection) {
  return deps.db
    .selectFrom('goods')
    .leftJoin('users', 'users.id', 'goods.creator_id')
    .select([
      'goods.id',
      'goods.sku',
      'goods.type',
      'goods.audit_status',
      'goods.descs',
      'goods.prices',
      'goods.parentage',
      'goods.created_at',
      'goods.updated_at',
      'users.user_name',
    ])
    .where('goods.tenant_id', '=', tenantId)
    .where('goods.id', 'in', selectedIds(deps.db, tenantId, sel));
}

type ExportRow = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

function toSheetRow(r: ExportRow) {
  const descs = r.descs as StoredDescs;
  const prices = r.prices as StoredPrices;
  const fmt = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
  return {
    id: Number(r.id),
    sku: r.sku,
    title_en: descs.en?.title ?? '',
    title_zh: descs['zh-CN']?.title ?? '',
    type: typeLabel[r.type] ?? '',
    status: AUDIT_STATUSES[r.audit_status as keyof typeof AUDIT_STATUSES] ?? r.audit_status,
    ...Object.fromEntries(
      PRICE_COUNTRIES.map((c) => [`price_${c.country_code}`, money(prices[c.country_code]?.price, c.currency)]),
    ),
    variations: ((r.parentage as StoredParentage).children ?? []).length,
    creator: r.user_name ?? '',
    created_at: fmt(r.created_at),
    updated_at: fmt(r.updated_at),
  };
}

/** Walks the selection newest first in batches (keyset), calling `each` per batch. */
async function forEachBatch(
  deps: AppDeps,
  tenantId: number,
  sel: Selection,
  each: (rows: ExportRow[]) => Promise<void>,
) {
  let cursor: number | undefined;
  for (;;) {
    let q = rowsQuery(deps, tenantId, sel).orderBy('goods.id', 'desc').limit(BATCH);
    if (cursor !== undefined) q = q.where('goods.id', '<', cursor);
    const rows = await q.execute();
    if (rows.length === 0) return;
    await each(rows);
    cursor = Number(rows[rows.length - 1]!.id);
    if (rows.length < BATCH) return;
  }
}

export async function countSelection(deps: AppDeps, tenantId: number, sel: Selection): Promise<number> {
  const r = await deps.db
    .selectFrom('goods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', selectedIds(deps.db, tenantId, sel))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A small selection as an .xlsx buffer. */
export async function exportNow(deps: AppDeps, actor: Actor, sel: Selection): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('商品');
  sheet.columns = COLUMNS;
  let n = 0;
  await forEachBatch(deps, actor.tenantId, sel, async (rows) => {
    for (const r of rows) sheet.addRow(toSheetRow(r));
    n += rows.length;
  });
  await deps.db
    .transaction()
    .execute((trx) =>
      audit(trx, actor, { action: 'goods.export', targetType: 'goods', targetId: `${n} items`, after: { count: n } }),
    );
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Where a job writes its workbook before handing it to the file storage (local disk of the worker). */
export const exportDir = (deps: AppDeps) => path.join(deps.config.dataDir, 'exports');

/** A large selection: a queued job whose progress the UI polls. */
export async function startExportJob(deps: AppDeps, jobs: JobQueue, actor: Actor, sel: Selection, total: number) {
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('export_jobs')
      .values({
        id,
        tenant_id: actor.tenantId,
        user_id: actor.userId,
        kind: 'goods',
        params: JSON.stringify(sel),
        total,
      })
      .execute();
    await audit(trx, actor, { action: 'goods.exportJob', targetType: 'export_job', targetId: id, after: { total } });
  });
  await jobs.send(EXPORT_QUEUE, { id });
  return { job_id: id, total };
}

/**
 * The job worker: writes the workbook by streaming to local disk, recording progress per batch,
 * then moves it into the file storage (a bucket when STORAGE=s3, so web-only nodes can serve it).
 */
export async function runExportJob(deps: AppDeps, id: string): Promise<void> {
  const job = await deps.db.selectFrom('export_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!job || job.status === 'done') return;
  await deps.db.updateTable('export_jobs').set({ status: 'running', progress: 0 }).where('id', '=', id).execute();
  const dir = exportDir(deps);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${id}.xlsx.part`);
  try {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
    const sheet = book.addWorksheet('商品');
    sheet.columns = COLUMNS;
    let done = 0;
    await forEachBatch(deps, job.tenant_id, job.params as Selection, async (rows) => {
      for (const r of rows) sheet.addRow(toSheetRow(r)).commit();
      done += rows.length;
      await deps.db.updateTable('export_jobs').set({ progress: done }).where('id', '=', id).execute();
    });
    sheet.commit();
    await book.commit();
    await fileStorage(deps.config).putFile(exportKey(id), file);
    await deps.db
      .updateTable('export_jobs')
      .set({
        status: 'done',
        progress: done,
        total: done,
        file_name: `goods-export-${id.slice(0, 8)}.xlsx`,
        finished_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
  } catch (err) {
    await fs.rm(file, { force: true });
    await deps.db
      .updateTable('export_jobs')
      .set({ status: 'failed', error: '导出失败,请重试', finished_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    throw err;
  }
}

/** One export job of the tenant. */
export async function getExportJob(deps: AppDeps, tenantId: number, id: string) {
  const job = await deps.db
    .selectFrom('export_jobs')
    .select(['id', 'status', 'progress', 'total', 'file_name', 'error', 'created_at', 'finished_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!job) throw notFound('导出任务不存在');
  return job;
}

export function assertSomething(total: number): void {
  if (total === 0) throw badRequest('没有可导出的商品');
}
