import { z } from 'zod';
import { PRICE_COUNTRY_CODES } from '../constants/marketplaces.js';
import { MSG } from '../validation/rules.js';
import { dbInt } from './common.js';
import { flag, goodsFilterSchema, idsField, priceRowSchema, text } from './goods.js';

// The batch edits of the product list (batchUpdate2, batchUpdateEnTitle): what they may set and
// which products they act on.

/** The selection of a batch call: chosen ids, or everything the filter matches. */
const selection = {
  ids: idsField.optional(),
  filter: goodsFilterSchema.optional(),
};

/** Fields batchUpdate2 may set (base fields, prices per country, tags). */
export const batchFieldsSchema = z.strictObject({
  type: dbInt('类型', 0, 8).optional(),
  category_id: dbInt('分类', 1).nullable().optional(),
  product_template_id: dbInt('模板', 1).nullable().optional(),
  brand_name: text(100).optional(),
  vendor: text(100).optional(),
  manufactuer_id: text(32).optional(),
  quantity: dbInt('库存', 0, 1_000_000).optional(),
  deal_time: dbInt('处理时间', 0, 30).optional(),
  cost_price: dbInt('成本价', 0).optional(),
  weight: dbInt('重量', 0).optional(),
  discount: z.coerce.number().min(0).max(1).optional(),
  is_electric: flag.optional(),
  not_vat: flag.optional(),
  remark: text(2000).optional(),
  prices: z.array(priceRowSchema).max(PRICE_COUNTRY_CODES.length).optional(),
  add_tags: z.array(text(30)).max(20).optional(),
  remove_tags: z.array(text(30)).max(20).optional(),
});

/** POST batchUpdate2. */
export const batchUpdateBody = z
  .strictObject({ ...selection, fields: batchFieldsSchema })
  .refine((b) => b.ids || b.filter, { error: '请选择商品或筛选条件', path: ['ids'] })
  .refine((b) => Object.keys(b.fields).length > 0, { error: '请选择要修改的字段', path: ['fields'] });

/** POST batchUpdateEnTitle: find/replace in English titles; `preview` only counts. */
export const batchEnTitleBody = z
  .strictObject({
    ...selection,
    find: z.string().min(1, { error: MSG.required }).max(200),
    replace: z.string().max(200).default(''),
    match_case: z.boolean().default(false),
    preview: z.boolean().default(false),
  })
  .refine((b) => b.ids || b.filter, { error: '请选择商品或筛选条件', path: ['ids'] });
