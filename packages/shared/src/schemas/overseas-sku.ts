import { z } from 'zod';
import { CURRENCIES, type CurrencyCode } from '../money/currencies.js';
import { imageUrl } from '../validation/url.js';
import { dbId, dbInt, paged, pageQuery, requiredString } from './common.js';

/**
 * 海外仓 SKUs (issue 30 §2, docs/overseas.md "SKUs"): the warehouse facts of the tenant's SKU
 * master (`stock_products`): names, the library product and variation it is, barcode, weight in
 * grams, size in millimetres, declared value in minor units of its currency, HS code, battery,
 * pictures and reorder point.
 */

const skuId = dbId('SKU ID');
const optText = (label: string, max: number) =>
  z
    .string({ error: `${label}必须为文本` })
    .trim()
    .max(max, { error: `${label}不能超过${max}个字符` })
    .default('');

/** The currencies a declared value may be in. */
export const DECLARED_CURRENCIES = Object.keys(CURRENCIES) as CurrencyCode[];

/** Most pictures of a SKU. */
export const SKU_PICTURES_MAX = 10;

/** The fields a SKU save writes (also what one import row becomes). */
export const skuFields = z.strictObject({
  sku: requiredString(64).regex(/^[^\s,，]+$/, { error: 'SKU不能包含空格或逗号' }),
  /** The Chinese name (the master's `title`). */
  title: requiredString(200),
  name_en: optText('英文名称', 200),
  /** The library product it is (商品库), with the variation's SKU when it is a variation. */
  goods_id: dbId('商品ID', 'integer').nullable().default(null),
  goods_sku: optText('商品SKU', 100),
  barcode: optText('条码', 64).refine((v) => /^[A-Za-z0-9-]*$/.test(v), { error: '条码只能包含字母、数字和-' }),
  weight_g: dbInt('重量(g)', 1, 1_000_000).nullable().default(null),
  length_mm: dbInt('长(mm)', 1, 10_000).nullable().default(null),
  width_mm: dbInt('宽(mm)', 1, 10_000).nullable().default(null),
  height_mm: dbInt('高(mm)', 1, 10_000).nullable().default(null),
  declared_value_minor: dbInt('申报价值', 0, 1_000_000_000).nullable().default(null),
  declared_currency: z.enum(DECLARED_CURRENCIES, { error: '申报币种不存在' }).default('USD'),
  /** One of the tenant's 海关编码 ('' for none). */
  hs_code: optText('海关编码', 20),
  battery: z.boolean({ error: '带电只能为是或否' }).default(false),
  pictures: z
    .array(imageUrl('图片'))
    .max(SKU_PICTURES_MAX, { error: `图片最多${SKU_PICTURES_MAX}张` })
    .default([]),
  reorder_point: dbInt('补货点', 0, 1_000_000).default(0),
});
export type SkuFields = z.output<typeof skuFields>;

/** `POST /overseas/sku/save`: create (no id) or update (id and version). */
export const skuSaveBody = skuFields.extend({ id: skuId.optional(), version: dbInt('版本', 1).optional() });
export type SkuSaveBody = z.input<typeof skuSaveBody>;

/** Stock of a SKU in one overseas warehouse. */
export const skuWarehouseStock = z.object({
  warehouse_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  on_hand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
});

/** One SKU as the API answers it. */
export const overseasSku = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  name_en: z.string(),
  goods_id: z.number().int().nullable(),
  goods_sku: z.string(),
  barcode: z.string(),
  weight_g: z.number().int().nullable(),
  length_mm: z.number().int().nullable(),
  width_mm: z.number().int().nullable(),
  height_mm: z.number().int().nullable(),
  declared_value_minor: z.number().int().nullable(),
  declared_currency: z.string(),
  hs_code: z.string(),
  battery: z.boolean(),
  pictures: z.array(z.string()),
  reorder_point: z.number().int(),
  /** Per overseas warehouse holding or having held it. */
  stock: z.array(skuWarehouseStock),
  on_hand: z.number().int(),
  available: z.number().int(),
  updated_at: z.number().int(),
  version: z.number().int(),
});
export type OverseasSku = z.infer<typeof overseasSku>;

/** Filters of the list and the export. */
const skuFilters = {
  keyword: z.string().trim().max(100, { error: '关键词不能超过100个字符' }).optional(),
  /** Only SKUs with units on hand in an overseas warehouse. */
  has_stock: z.boolean().optional(),
};

/** `POST /overseas/sku/list`. */
export const skuListBody = z.strictObject({ ...pageQuery, ...skuFilters });
export type SkuListBody = z.input<typeof skuListBody>;
export const skuListData = paged(overseasSku);
export type SkuListData = z.infer<typeof skuListData>;

/** `POST /overseas/sku/get`: one SKU (the editor's `?id=`). */
export const skuGetBody = z.strictObject({ id: skuId });

/** `POST /overseas/sku/delete`: a SKU that never moved. */
export const skuDeleteBody = z.strictObject({ id: skuId });

/** `POST /overseas/sku/export`: the filtered SKUs as .xlsx (the import's columns, then stock). */
export const skuExportBody = z.strictObject(skuFilters);
export type SkuExportBody = z.input<typeof skuExportBody>;

/** `POST /overseas/sku/import`: an .xlsx file as base64. */
export const skuImportBody = z.strictObject({
  file: z.strictObject({
    name: z.string().trim().min(1, { error: '请提供文件名' }).max(200),
    content: z.string().min(1, { error: '文件内容为空' }).max(2_000_000, { error: '文件过大' }),
  }),
});
export type SkuImportBody = z.infer<typeof skuImportBody>;
export const skuImportData = z.object({ created: z.number().int(), updated: z.number().int() });

/** One refused row of an import (the 400 answer's `data.rows`). */
export interface SkuImportRowError {
  row: number;
  sku: string;
  message: string;
}

/**
 * The columns of the import and export sheets, by header. `SKU` and `中文名称` are required;
 * sizes in cm (one decimal), the declared value in major units of its currency, pictures
 * separated by line breaks or blanks, 带电 as 是/否.
 */
export const SKU_SHEET_COLUMNS = [
  ['sku', 'SKU'],
  ['title', '中文名称'],
  ['name_en', '英文名称'],
  ['goods_sku', '商品库SKU'],
  ['barcode', '条码'],
  ['weight_g', '重量(g)'],
  ['length_cm', '长(cm)'],
  ['width_cm', '宽(cm)'],
  ['height_cm', '高(cm)'],
  ['declared_value', '申报价值'],
  ['declared_currency', '申报币种'],
  ['hs_code', '海关编码'],
  ['battery', '带电'],
  ['reorder_point', '补货点'],
  ['pictures', '图片'],
] as const;
export type SkuSheetKey = (typeof SKU_SHEET_COLUMNS)[number][0];

/** Chinese names of the SKU's and the warehouse's fields (the operation log's "修改了 …"). */
export const OVERSEAS_FIELD_NAMES: Record<string, string> = {
  ...Object.fromEntries(SKU_SHEET_COLUMNS),
  goods_id: '关联商品',
  length_mm: '长',
  width_mm: '宽',
  height_mm: '高',
  declared_value_minor: '申报价值',
  code: '仓库代码',
  name: '仓库名称',
  country: '国家',
  address: '地址',
  carriers: '承运商',
  handling_fee_minor: '操作费',
  unit_fee_minor: '拣货费',
  delivery_fee_minor: '派送费',
  storage_fee_cbm_day_minor: '仓储费',
};
