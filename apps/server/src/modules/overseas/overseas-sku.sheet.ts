import { minor, parseMoney, toDecimalString, unitsFromNumber, unitsToText } from '@console/shared/money';
import {
  type OverseasSku,
  SKU_SHEET_COLUMNS,
  type SkuFields,
  type SkuImportRowError,
  type SkuSheetKey,
  skuFields,
} from '@console/shared/schemas/overseas-sku';
import { badRequest } from '../../lib/app-error.js';
import { readSheetRows, type SheetRow } from '../../lib/sheet-reader.js';
import { xlsxBuffer } from '../../lib/xlsx-buffer.js';

/** Most SKUs one import carries. */
export const SKU_IMPORT_MAX = 5000;
/** The reader's limits (issue 27 §3): 5,000 rows and a header, 30 cells a row on average. */
export const SKU_SHEET_LIMITS = { maxRows: SKU_IMPORT_MAX, maxCells: SKU_IMPORT_MAX * 30, maxColumns: 60 };

/** One data row of the sheet, parsed (goods_id is resolved from `goods_sku` afterwards). */
export interface SheetSku {
  row: number;
  fields: SkuFields;
}

const YES = new Set(['是', 'y', 'yes', 'true', '1', '带电']);
const NO = new Set(['否', 'n', 'no', 'false', '0', '']);

/** A whole or decimal number typed in a cell, as an integer count of `10^-digits` units (cm -> mm). */
function units(text: string, digits: number, label: string): number | null {
  if (text === '') return null;
  const n = /^\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
  const v = unitsFromNumber(n, digits);
  if (v === null) throw new Error(`${label}必须为数字`);
  return v;
}

/** A row's cells as the save's fields, or the row's first problem. */
function parseRow(cells: (key: SkuSheetKey) => string): SkuFields {
  const currency = cells('declared_currency').toUpperCase() || 'USD';
  const value = cells('declared_value');
  let declared: number | null = null;
  if (value !== '') {
    const m = parseMoney(value, currency, { round: true });
    if (!m.ok) throw new Error(`申报价值: ${m.error}`);
    declared = m.value;
  }
  const battery = cells('battery').toLowerCase();
  if (!YES.has(battery) && !NO.has(battery)) throw new Error('带电只能填 是 或 否');
  const parsed = skuFields.safeParse({
    sku: cells('sku'),
    title: cells('title'),
    name_en: cells('name_en'),
    goods_sku: cells('goods_sku'),
    barcode: cells('barcode'),
    weight_g: units(cells('weight_g'), 0, '重量(g)'),
    length_mm: units(cells('length_cm'), 1, '长(cm)'),
    width_mm: units(cells('width_cm'), 1, '宽(cm)'),
    height_mm: units(cells('height_cm'), 1, '高(cm)'),
    declared_value_minor: declared,
    declared_currency: currency,
    hs_code: cells('hs_code'),
    battery: YES.has(battery),
    pictures: cells('pictures').split(/\s+/).filter(Boolean),
    reorder_point: units(cells('reorder_point'), 0, '补货点') ?? 0,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const column = SKU_SHEET_COLUMNS.find(([k]) => k === issue?.path[0])?.[1];
    throw new Error(column && !issue?.message.includes(column) ? `${column}: ${issue?.message}` : `${issue?.message}`);
  }
  return parsed.data;
}

/**
 * The SKUs of an uploaded .xlsx (the one bounded reader, `lib/sheet-reader.ts`): the first row
 * names the columns (`SKU_SHEET_COLUMNS`, any order, unknown ones ignored), each further row
 * one SKU. Every refused row is reported with its row number.
 */
export async function readSkuSheet(file: {
  name: string;
  content: string;
}): Promise<{ rows: SheetSku[]; errors: SkuImportRowError[] }> {
  if (!/\.xlsx$/i.test(file.name)) throw badRequest('只支持 .xlsx 文件');
  const rows: SheetRow[] = await readSheetRows(Buffer.from(file.content, 'base64'), 'xlsx', SKU_SHEET_LIMITS);
  const [header, ...data] = rows;
  if (!header) throw badRequest('表格是空的');
  const index = new Map<SkuSheetKey, number>();
  for (const [key, title] of SKU_SHEET_COLUMNS) {
    const i = header.cells.findIndex((c) => c.trim() === title);
    if (i >= 0) index.set(key, i);
  }
  const missing = SKU_SHEET_COLUMNS.filter(([k]) => (k === 'sku' || k === 'title') && !index.has(k)).map(([, t]) => t);
  if (missing.length > 0) throw badRequest(`表头缺少列: ${missing.join('、')}`);
  if (data.length === 0) throw badRequest('表格中没有SKU');
  const out: SheetSku[] = [];
  const errors: SkuImportRowError[] = [];
  const seen = new Map<string, number>();
  for (const r of data) {
    const cells = (key: SkuSheetKey) => {
      const i = index.get(key);
      return i === undefined ? '' : (r.cells[i] ?? '').trim();
    };
    const sku = cells('sku');
    try {
      const fields = parseRow(cells);
      const first = seen.get(fields.sku);
      if (first !== undefined) throw new Error(`SKU与第${first}行重复`);
      seen.set(fields.sku, r.line);
      out.push({ row: r.line, fields });
    } catch (err) {
      errors.push({ row: r.line, sku, message: (err as Error).message });
    }
  }
  return { rows: out, errors };
}

const cm = (mm: number | null) => (mm === null ? null : Number(unitsToText(mm, 1)));

/** The SKUs as .xlsx: the import's columns (so an export edited and imported again round-trips), then stock. */
export async function skuWorkbook(skus: OverseasSku[]): Promise<Buffer> {
  const x = xlsxBuffer();
  const sheet = x.book.addWorksheet('SKU');
  sheet.columns = [
    ...SKU_SHEET_COLUMNS.map(([key, header]) => ({ header, key, width: key === 'pictures' ? 60 : 16 })),
    { header: '在库(海外仓合计)', key: 'on_hand', width: 16 },
    { header: '可用(海外仓合计)', key: 'available', width: 16 },
    { header: '各仓库存', key: 'by_warehouse', width: 40 },
  ];
  for (const s of skus) {
    await x.addRow(sheet, {
      sku: s.sku,
      title: s.title,
      name_en: s.name_en,
      goods_sku: s.goods_sku,
      barcode: s.barcode,
      weight_g: s.weight_g,
      length_cm: cm(s.length_mm),
      width_cm: cm(s.width_mm),
      height_cm: cm(s.height_mm),
      declared_value:
        s.declared_value_minor === null
          ? null
          : Number(toDecimalString(minor(s.declared_value_minor), s.declared_currency)),
      declared_currency: s.declared_currency,
      hs_code: s.hs_code,
      battery: s.battery ? '是' : '否',
      reorder_point: s.reorder_point,
      pictures: s.pictures.join('\n'),
      on_hand: s.on_hand,
      available: s.available,
      by_warehouse: s.stock.map((w) => `${w.code}: ${w.on_hand}/${w.available}`).join('; '),
    });
  }
  return x.finish();
}
