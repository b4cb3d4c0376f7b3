import { AUDIT_STATUSES, GOODS_TYPES, isMinor, PRICE_COUNTRIES, toDecimalString } from '@console/shared';
import type { AppDeps } from '../../context.js';
import type { StoredDescs, StoredParentage, StoredPrices } from './goods.presenter.js';
import type { Selection } from './goods-batch.repository.js';
import { type ExportRow, exportBatch } from './goods-export.repository.js';

const BATCH = 500;

const typeLabel = Object.fromEntries(GOODS_TYPES.map((t) => [t.value, t.label]));
/** A price cell: the amount in major units with the currency's digits ("12.99", "1980"), empty when unset. */
const money = (amount: number | undefined, currency: string) =>
  isMinor(amount) ? toDecimalString(amount, currency) : '';

/** Columns of the product workbook (same for the direct download and the job). */
export const COLUMNS = [
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

/** One product as a workbook row. */
export function toSheetRow(r: ExportRow) {
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
export async function forEachBatch(
  deps: AppDeps,
  tenantId: number,
  sel: Selection,
  each: (rows: ExportRow[]) => Promise<void>,
) {
  let cursor: number | undefined;
  for (;;) {
    const rows = await exportBatch(deps.db, tenantId, sel, BATCH, cursor);
    if (rows.length === 0) return;
    await each(rows);
    cursor = Number(rows[rows.length - 1]!.id);
    if (rows.length < BATCH) return;
  }
}
