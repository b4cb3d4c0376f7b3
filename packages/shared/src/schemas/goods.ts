import { z } from 'zod';
import {
  AUDIT_STATUS_KEYS,
  COPYABLE_FIELDS,
  DESC_LANGUAGE_KEYS,
  GOODS_LACKS,
  LISTING_LIMITS,
} from '../constants/goods.js';
import { PRICE_COUNTRY_CODES } from '../constants/marketplaces.js';
import { MSG } from '../validation/rules.js';
import { dbId, dbIdList, dbInt, pageQuery, secondsQuery } from './common.js';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MSG.maxLength(max) });
const flag = z.union([z.literal(0), z.literal(1)], { error: '只能为0或1' });
const goodsId = dbId('商品ID');

/** baseInfo of the editor (spec section 3); money in minor units (cost_price in fen). */
export const baseInfoSchema = z.strictObject({
  category_id: dbInt('分类').nullable().optional(),
  product_category_text: text(300).optional(),
  amz_category_name: text(300).optional(),
  gid: text(64).optional(),
  status: text(32).optional(),
  type: dbInt('类型', 0, 8).optional(),
  vendor: text(100).optional(),
  brand_name: text(100).optional(),
  source: text(100).optional(),
  link_url: text(2000).optional(),
  sku: text(100).optional(),
  sku_id_ext: text(100).optional(),
  product_type: dbInt('产品类型', 0, 99).optional(),
  product_id: text(64).optional(),
  quantity: dbInt('库存', 0, 1_000_000).optional(),
  deal_time: dbInt('处理时间', 0, 30).optional(),
  remark: text(2000).optional(),
  manufactuer_id: text(32).optional(),
  cost_price: dbInt('成本价', 0).optional(),
  weight: dbInt('重量', 0).optional(),
  length1: dbInt('长', 0).optional(),
  length2: dbInt('宽', 0).optional(),
  length3: dbInt('高', 0).optional(),
  discount: z.coerce.number({ error: '折扣必须为数字' }).min(0).max(1, { error: '折扣不能大于1' }).optional(),
  is_electric: flag.optional(),
  not_vat: flag.optional(),
  product_template_id: dbInt('模板').nullable().optional(),
});
export type BaseInfo = z.infer<typeof baseInfoSchema>;

/** One language of commonData.descs. Limits are Amazon's; the editor shows counters against them. */
export const descSchema = z.strictObject({
  key: z.enum(DESC_LANGUAGE_KEYS as [string, ...string[]], { error: '语言不合法' }),
  langVal: text(10).optional(),
  title: text(LISTING_LIMITS.titleChars).default(''),
  search_terms: text(1000).default(''),
  bullet_points: z
    .array(text(LISTING_LIMITS.bulletChars))
    .max(LISTING_LIMITS.bulletCount, { error: `五点描述最多${LISTING_LIMITS.bulletCount}条` })
    .default([]),
  product_description: text(LISTING_LIMITS.descriptionChars).default(''),
});
export type Desc = z.infer<typeof descSchema>;

/** One price-table row: amount in the country's minor units (the currency follows the country). */
export const priceRowSchema = z.strictObject({
  country_code: z.enum(PRICE_COUNTRY_CODES as [string, ...string[]], { error: '国家不合法' }),
  price: dbInt('价格', 0, 1_000_000_000),
});

/** One child of the variation table. */
export const variationChildSchema = z.strictObject({
  sku: text(100),
  values: z.record(z.string().max(50), text(100)),
  price: dbInt('价格', 0, 1_000_000_000).optional(),
  quantity: dbInt('库存', 0, 1_000_000).optional(),
  images: z.array(text(2000)).max(20).default([]),
  ean: text(14).optional(),
});

/** parentageTable: variation theme, attribute names and the generated child rows. */
export const parentageSchema = z.strictObject({
  theme: text(100).default(''),
  attrs: z.array(text(50)).max(3, { error: '变体属性最多3个' }).default([]),
  children: z.array(variationChildSchema).max(300, { error: '变体最多300个' }).default([]),
});

/** The whole product as the editor saves it (spec section 3 "Product editor default state"). */
export const goodsDataSchema = z.strictObject({
  baseInfo: baseInfoSchema.default({}),
  commonData: z
    .strictObject({ descs: z.array(descSchema).max(DESC_LANGUAGE_KEYS.length).default([]) })
    .default({ descs: [] }),
  priceTable: z.array(priceRowSchema).max(PRICE_COUNTRY_CODES.length).default([]),
  parentageTable: parentageSchema.default({ theme: '', attrs: [], children: [] }),
  images: z
    .array(z.strictObject({ url: text(2000) }))
    .max(30, { error: '图片最多30张' })
    .default([]),
  /** The Amazon product type whose schema the extra attributes follow, and the marketplace of that schema. */
  template: z
    .strictObject({
      product_type: z.string().trim().min(1, { error: MSG.required }).max(100),
      marketplace: z.enum(PRICE_COUNTRY_CODES as [string, ...string[]], { error: '站点不合法' }),
    })
    .nullable()
    .default(null),
  extraAttrs: z.record(z.string().max(100), z.unknown()).default({}),
  tags: z.array(text(30)).max(20).default([]),
});
export type GoodsData = z.infer<typeof goodsDataSchema>;

/** POST /amazon-user/insertGoods_v2: create (no id) or update (id + the version it was loaded at). */
export const insertGoodsBody = z
  .strictObject({
    id: goodsId.optional(),
    version: dbInt('版本', 1).optional(),
    goodsData: goodsDataSchema,
  })
  .refine((b) => b.id === undefined || b.version !== undefined, {
    error: '更新商品时必须提供版本号',
    path: ['version'],
  });
export type InsertGoodsBody = z.infer<typeof insertGoodsBody>;

/** Filters of the product list (also used by batch calls "over everything the filter matches"). */
export const goodsFilterSchema = z.strictObject({
  type: dbInt('类型', 0, 8).default(0),
  status: z.enum(['all', ...AUDIT_STATUS_KEYS] as [string, ...string[]], { error: '状态不合法' }).default('all'),
  keyword: text(100).optional(),
  category_id: dbInt('分类', 1).optional(),
  creator_id: dbInt('创建人', 1).optional(),
  startTime: secondsQuery,
  endTime: secondsQuery,
  is_delete: z.coerce.number().pipe(flag).default(0),
  /** 待完善: products that still lack this (GOODS_LACKS). */
  lack: z.enum(GOODS_LACKS.map((l) => l.value) as [string, ...string[]], { error: '待完善条件不合法' }).optional(),
});
export type GoodsFilter = z.infer<typeof goodsFilterSchema>;

/** GET /amazon-user/productList. `cursor` (the last id of the previous page) pages by keyset. */
export const productListQuery = goodsFilterSchema.extend({
  ...pageQuery,
  cursor: dbInt('游标', 1).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** GET getProduct / getProductPreviewId / getProductNextId. */
export const goodsIdQuery = z.strictObject({ id: goodsId });
export const neighbourQuery = goodsFilterSchema.extend({ id: goodsId });

/** `ids` as the specification sends it: a list as text ("1,2,3" or "[1,2,3]"), or an array. */
export const idsField = dbIdList({ label: '商品ID', empty: '请选择商品', invalid: '商品ID列表不合法' });

/** POST delGoodsMutl: is_delete 1 to the recycle bin, 0 restore, 2 delete for good (from the bin only). */
export const delGoodsBody = z.strictObject({
  ids: idsField,
  is_delete: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'is_delete只能为0、1或2' }),
});

/** POST batchCopyGoods: copies of the chosen products, all or none (at most 200, a list page). */
export const batchCopyBody = z.strictObject({
  ids: idsField.refine((ids) => ids.length <= 200, { error: '一次最多复制200个商品' }),
});

/** POST setGoodsStatus. */
export const setGoodsStatusBody = z.strictObject({
  ids: idsField,
  status: z.enum(AUDIT_STATUS_KEYS as [string, ...string[]], { error: '状态不合法' }),
});

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

/** POST goods/getCopyFields: the chosen text fields of one product's languages, to paste elsewhere. */
export const copyFieldsBody = z.strictObject({
  id: goodsId,
  langs: z
    .array(z.enum(DESC_LANGUAGE_KEYS as [string, ...string[]]))
    .min(1)
    .max(DESC_LANGUAGE_KEYS.length),
  fields: z
    .array(z.enum(COPYABLE_FIELDS))
    .min(1)
    .default([...COPYABLE_FIELDS]),
});

/** One row of the product list. */
export interface GoodsListRow {
  id: number;
  title: string;
  sku: string;
  type: number;
  audit_status: string;
  is_delete: number;
  thumbnail: string;
  prices: Record<string, { price: number; currency: string }>;
  category_id: number | null;
  creator_id: number;
  creator_name: string;
  tags: string[];
  variation_count: number;
  created_at: number;
  updated_at: number;
  version: number;
  /** Published by the platform operator for other tenants to claim (claim/publish). */
  claimable: boolean;
}

/** An account of the tenant that products can be filtered by (GET goodsCreators). */
export interface GoodsCreator {
  id: number;
  /** The account's display name, else its login name. */
  name: string;
  /** 0 main account, else a child account. */
  parent_id: number;
  disabled: boolean;
}

/** GET goods/overview: the product home page (商品首页). */
export interface GoodsOverview {
  /** Outside the recycle bin per audit status; `recycled` is the bin. */
  counts: { all: number; hasAudit: number; willAudit: number; useless: number; recycled: number };
  by_type: { type: number; n: number }[];
  /** The last 14 days in China time, oldest first, days without products included. */
  created_per_day: { day: string; n: number }[];
  /** Products (outside the bin) that still lack something before upload. */
  incomplete: { no_image: number; no_price: number; no_en_title: number; variation_without_ean: number };
  eans: { free: number; used: number };
  /** The newest products. */
  recent: GoodsListRow[];
}

/** Counts for the status tabs under the current filter. */
export interface GoodsCounts {
  all: number;
  hasAudit: number;
  willAudit: number;
  useless: number;
}
