import { z } from 'zod';
import { goodsFilterSchema, idsField } from './goods.js';

/**
 * The columns a product export can hold, in sheet order (issue 13 §2). The user picks them in
 * the export dialog; the choice is kept per user (`goods.exportColumns`). `prices` stands for
 * one column per price country. A product with variations is one row per variation, the
 * product's own columns repeated on each.
 */
export const EXPORT_COLUMNS = [
  { key: 'id', label: '商品ID', group: '商品', default: true },
  { key: 'sku', label: 'SKU', group: '商品', default: true },
  { key: 'title_zh', label: '标题(中文)', group: '商品', default: true },
  { key: 'title_en', label: '标题(英文)', group: '商品', default: true },
  { key: 'type', label: '类型', group: '商品', default: true },
  { key: 'status', label: '审核状态', group: '商品', default: true },
  { key: 'brand', label: '品牌', group: '商品', default: true },
  { key: 'category', label: '分类', group: '商品', default: true },
  { key: 'stock', label: '库存', group: '商品', default: true },
  { key: 'cost', label: '成本价(CNY)', group: '价格', default: true },
  { key: 'prices', label: '各国售价', group: '价格', default: true },
  { key: 'variation_sku', label: '变体SKU', group: '变体', default: true },
  { key: 'variation_values', label: '变体属性', group: '变体', default: true },
  { key: 'ean', label: 'EAN', group: '变体', default: true },
  { key: 'variation_price', label: '变体价格(CNY)', group: '变体', default: false },
  { key: 'bullets_en', label: '五点描述(英文)', group: '文案', default: false },
  { key: 'search_terms_en', label: '搜索词(英文)', group: '文案', default: false },
  { key: 'description_en', label: '产品描述(英文)', group: '文案', default: false },
  { key: 'main_image', label: '主图链接', group: '图片', default: true },
  { key: 'images', label: '附图链接', group: '图片', default: false },
  { key: 'variation_images', label: '变体图片链接', group: '图片', default: false },
  { key: 'creator', label: '创建人', group: '其他', default: true },
  { key: 'created_at', label: '创建时间', group: '其他', default: true },
  { key: 'updated_at', label: '更新时间', group: '其他', default: true },
] as const;

/** A column key of the export. */
export type ExportColumnKey = (typeof EXPORT_COLUMNS)[number]['key'];
export const EXPORT_COLUMN_KEYS = EXPORT_COLUMNS.map((c) => c.key) as readonly ExportColumnKey[];
/** The columns of a user who never chose. */
export const DEFAULT_EXPORT_COLUMNS: readonly ExportColumnKey[] = EXPORT_COLUMNS.filter((c) => c.default).map(
  (c) => c.key,
);

/** A column choice: known keys, no repeats, at least one; kept in sheet order whatever order they were sent in. */
export const exportColumnsSchema = z
  .array(z.enum(EXPORT_COLUMN_KEYS as [ExportColumnKey, ...ExportColumnKey[]], { error: '导出列不合法' }))
  .min(1, { error: '请至少选择一列' })
  .max(EXPORT_COLUMN_KEYS.length)
  .transform((keys) => EXPORT_COLUMN_KEYS.filter((k) => keys.includes(k)));

/**
 * POST /amazon-user/exportSelectTableData: the selection (ids or a list filter) and, optionally,
 * the columns (remembered as the user's choice; without them the remembered choice is used).
 */
export const exportSelectBody = z
  .strictObject({
    ids: idsField.optional(),
    filter: goodsFilterSchema.optional(),
    columns: exportColumnsSchema.optional(),
  })
  .refine((b) => b.ids || b.filter, { error: '请选择商品或筛选条件', path: ['ids'] });

/** GET /amazon-user/exportColumns: the caller's remembered column choice (the defaults until one is made). */
export const exportColumnsView = z.object({
  columns: z.array(z.enum(EXPORT_COLUMN_KEYS as [ExportColumnKey, ...ExportColumnKey[]])),
});

/** POST exportSelectTableData above SYNC_EXPORT_LIMIT: the job that writes the file. */
export const exportJobStarted = z.object({ job_id: z.string(), total: z.number().int() });
/** GET exportJob: progress of an export job (times in unix seconds). */
export const exportJob = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number().int(),
  total: z.number().int(),
  file_name: z.string(),
  error: z.string(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type ExportJob = z.infer<typeof exportJob>;
