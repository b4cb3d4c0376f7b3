import { z } from 'zod';
import {
  AUDIT_STATUS_KEYS,
  COPYABLE_FIELDS,
  DESC_LANGUAGE_KEYS,
  GOODS_LACKS,
  LISTING_LIMITS,
} from '../constants/goods.js';
import { PRICE_COUNTRY_CODES, priceCountryCurrency } from '../constants/marketplaces.js';
import { PRICE_MSG } from '../validation/goods-save.js';
import { MSG } from '../validation/rules.js';
import { httpUrl, imageUrl } from '../validation/url.js';
import { affectedData, dbId, dbIdList, dbInt, paged, pageQuery, savedVersionData, secondsQuery } from './common.js';

/** A trimmed text of at most `max` characters (the editor's and the batch calls' fields). */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MSG.maxLength(max) });
/** A 0/1 switch of the product's base info. */
export const flag = z.union([z.literal(0), z.literal(1)], { error: '只能为0或1' });
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
  /** The supplier link (来源链接, shown as 供应商链接 on orders): http(s) only (issue 27 §5). */
  link_url: httpUrl('来源链接', { allowEmpty: true }).optional(),
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
  /** getProduct's language name (英语): shown, never stored; accepted back and ignored (issue 28 §3). */
  label: z.string().max(50).optional(),
});
export type Desc = z.infer<typeof descSchema>;

const countryCode = z.enum(PRICE_COUNTRY_CODES as [string, ...string[]], { error: '国家不合法' });
/** Above 0: a country the product is not sold in has no row (docs/decisions.md, issue 13 §1). */
const priceAmount = z.coerce
  .number({ error: '价格必须为数字' })
  .refine((n) => n >= 0, { error: PRICE_MSG.negative })
  .refine((n) => n !== 0, { error: PRICE_MSG.zero })
  .int({ error: '价格必须为整数' })
  .max(1_000_000_000, { error: '价格不能大于1000000000' });

/** One price-table row: amount in the country's minor units (the currency follows the country). */
export const priceRowSchema = z.strictObject({ country_code: countryCode, price: priceAmount });

/**
 * The price table of a save. getProduct answers every country (`{country, country_code,
 * currency, price}`, `price: null` where the product is not sold); such rows are accepted back
 * as they came (issue 28 §3): `country` is shown, never stored; `currency` follows the country
 * (a different one is refused, not ignored); a row with `price: null` is a country not sold in
 * and dropped. The result has only rows with an amount.
 */
const priceTableSchema = z
  .array(
    z
      .strictObject({
        country_code: countryCode,
        price: priceAmount.nullable(),
        country: z.string().max(50).optional(),
        currency: z.string().max(10).optional(),
      })
      .refine((r) => r.currency === undefined || r.currency === priceCountryCurrency(r.country_code), {
        error: '货币由国家决定,不能修改',
        path: ['currency'],
      }),
  )
  .max(PRICE_COUNTRY_CODES.length)
  .transform((rows) =>
    rows.flatMap((r) => (r.price === null ? [] : [{ country_code: r.country_code, price: r.price }])),
  );

/** One child of the variation table. */
export const variationChildSchema = z.strictObject({
  sku: text(100),
  values: z.record(z.string().max(50), text(100)),
  price: dbInt('价格', 0, 1_000_000_000).optional(),
  quantity: dbInt('库存', 0, 1_000_000).optional(),
  images: z.array(imageUrl('变体图片')).max(20).default([]),
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
  priceTable: priceTableSchema.default([]),
  parentageTable: parentageSchema.default({ theme: '', attrs: [], children: [] }),
  /** Width and height as the upload measured them (a main image below 500 px is flagged). */
  images: z
    .array(
      z.strictObject({
        url: imageUrl(),
        width: dbInt('图片宽度', 1, 100_000).optional(),
        height: dbInt('图片高度', 1, 100_000).optional(),
      }),
    )
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

// ---------------------------------------------------------------- answers

const int_ = z.number().int();
const price_ = z.object({ price: int_, currency: z.string() });

/** One row of the product list. */
export const goodsListRow = z.object({
  id: int_,
  title: z.string(),
  sku: z.string(),
  type: int_,
  audit_status: z.string(),
  is_delete: int_,
  thumbnail: z.string(),
  prices: z.record(z.string(), price_),
  category_id: int_.nullable(),
  creator_id: int_,
  creator_name: z.string(),
  tags: z.array(z.string()),
  variation_count: int_,
  created_at: int_,
  updated_at: int_,
  version: int_,
  /** Published by the platform operator for other tenants to claim (claim/publish). */
  claimable: z.boolean(),
});
export type GoodsListRow = z.infer<typeof goodsListRow>;

/** An account of the tenant that products can be filtered by (GET goodsCreators). */
export const goodsCreator = z.object({
  id: int_,
  /** The account's display name, else its login name. */
  name: z.string(),
  /** 0 main account, else a child account. */
  parent_id: int_,
  disabled: z.boolean(),
});
export type GoodsCreator = z.infer<typeof goodsCreator>;

/** GET goods/overview: the product home page (商品首页). */
export const goodsOverview = z.object({
  /** Outside the recycle bin per audit status; `recycled` is the bin. */
  counts: z.object({ all: int_, hasAudit: int_, willAudit: int_, useless: int_, recycled: int_ }),
  by_type: z.array(z.object({ type: int_, n: int_ })),
  /**
   * Products outside the recycle bin created on each of the last 14 days of the tenant's
   * calendar (`time_zone`), oldest first, days without products included.
   */
  created_per_day: z.array(z.object({ day: z.string(), n: int_ })),
  /** The tenant's time zone: the calendar of the chart and of the times shown. */
  time_zone: z.string(),
  /** Products (outside the bin) that still lack something before upload. */
  incomplete: z.object({
    no_image: int_,
    no_price: int_,
    no_en_title: int_,
    variation_without_ean: int_,
    /** The main image's long side is below 500 px (as measured at upload; unknown sizes are not counted). */
    small_main_image: int_,
  }),
  eans: z.object({ free: int_, used: int_ }),
  /** The newest products. */
  recent: z.array(goodsListRow),
});
export type GoodsOverview = z.infer<typeof goodsOverview>;

/** Counts for the status tabs under the current filter. */
export const goodsCounts = z.object({ all: int_, hasAudit: int_, willAudit: int_, useless: int_ });
export type GoodsCounts = z.infer<typeof goodsCounts>;

/** GET productList: a page, the keyset cursor of the next page and the status-tab counts. */
export const goodsListPage = paged(goodsListRow).extend({
  next_cursor: int_.nullable(),
  counts: goodsCounts,
  /** A keyword's count stopped at its cap: `total` and every count mean "at least" ("1000+"). */
  total_capped: z.boolean(),
});
export type GoodsListPage = z.infer<typeof goodsListPage>;

/**
 * baseInfo as stored and answered: the fields of `baseInfoSchema` without its input rules
 * (trimming, limits), and keys of older saves kept (loose), so reading never rewrites data.
 */
export const baseInfoView = z.looseObject({
  category_id: int_.nullable().optional(),
  product_category_text: z.string().optional(),
  amz_category_name: z.string().optional(),
  gid: z.string().optional(),
  status: z.string().optional(),
  type: int_.optional(),
  vendor: z.string().optional(),
  brand_name: z.string().optional(),
  source: z.string().optional(),
  link_url: z.string().optional(),
  sku: z.string().optional(),
  sku_id_ext: z.string().optional(),
  product_type: int_.optional(),
  product_id: z.string().optional(),
  quantity: int_.optional(),
  deal_time: int_.optional(),
  remark: z.string().optional(),
  manufactuer_id: z.string().optional(),
  cost_price: int_.optional(),
  weight: int_.optional(),
  length1: int_.optional(),
  length2: int_.optional(),
  length3: int_.optional(),
  discount: z.number().optional(),
  is_electric: z.literal([0, 1]).optional(),
  not_vat: z.literal([0, 1]).optional(),
  product_template_id: int_.nullable().optional(),
});

/**
 * A product as getProduct answers it (docs/api-goods.md): every language and price country
 * present, in order. Stored JSON is answered as stored (base info keeps keys of older saves),
 * so these are the shapes, not the input rules of `goodsDataSchema`.
 */
export const goodsRecord = z.object({
  id: int_,
  version: int_,
  audit_status: z.string(),
  is_delete: int_,
  creator_id: int_,
  created_at: int_,
  updated_at: int_,
  goodsData: z.object({
    baseInfo: baseInfoView,
    commonData: z.object({
      descs: z.array(
        z.object({
          key: z.string(),
          langVal: z.string(),
          label: z.string(),
          title: z.string(),
          search_terms: z.string(),
          bullet_points: z.array(z.string()),
          product_description: z.string(),
        }),
      ),
    }),
    priceTable: z.array(
      z.object({ country: z.string(), country_code: z.string(), currency: z.string(), price: int_.nullable() }),
    ),
    parentageTable: z.object({
      theme: z.string(),
      attrs: z.array(z.string()),
      children: z.array(
        z.object({
          sku: z.string(),
          values: z.record(z.string(), z.string()),
          price: int_.optional(),
          quantity: int_.optional(),
          images: z.array(z.string()),
          ean: z.string().optional(),
        }),
      ),
    }),
    images: z.array(z.object({ url: z.string(), width: int_.optional(), height: int_.optional() })),
    template: z.object({ product_type: z.string(), marketplace: z.string() }).nullable(),
    extraAttrs: z.record(z.string(), z.unknown()),
    tags: z.array(z.string()),
  }),
});
export type GoodsRecord = z.infer<typeof goodsRecord>;

/** A sensitive word found in a text; start/end are JS string indices (end exclusive). */
export const sensitiveHit = z.object({
  lang: z.string(),
  field: z.string(),
  word: z.string(),
  start: int_,
  end: int_,
});
export type SensitiveHit = z.infer<typeof sensitiveHit>;

/** POST insertGoods_v2: the saved id and version, and what the user should still look at. */
export const saveGoodsResult = z.object({
  id: int_,
  version: int_,
  /**
   * The product's 产品ID after the save (a product without variations: its EAN, assigned from
   * the pool when it had none, or an ASIN; '' when none).
   */
  product_id: z.string().optional(),
  /**
   * EANs this save took from the pool, by variation SKU (the editor shows them at once); the
   * code of a product without variations has its SKU and `field: 'baseInfo.product_id'`.
   */
  assignedEans: z
    .array(z.object({ sku: z.string(), ean: z.string(), field: z.literal('baseInfo.product_id').optional() }))
    .optional(),
  warnings: z
    .object({
      sensitive: z.array(sensitiveHit).optional(),
      missingAttrs: z.array(z.object({ name: z.string(), label: z.string() })).optional(),
      /**
       * Listings left without an EAN because the pool ran short (filled by a later save): the
       * variations without one, or 1 for a product without variations and without a 产品ID.
       */
      missingEans: int_.optional(),
      /** A product without variations was left without a 产品ID (the pool had no free code). */
      missingProductId: z.boolean().optional(),
    })
    .optional(),
});
export type SaveResult = z.infer<typeof saveGoodsResult>;

/** POST /amazon-user/assignProductEan (从EAN池分配): a saved product without variations, at the version the editor loaded. */
export const assignProductEanBody = z.strictObject({ id: goodsId, version: dbInt('版本', 1) });
/** Its answer: the product's new version and the code it now holds as 产品ID. */
export const assignProductEanResult = z.object({ id: int_, version: int_, product_id: z.string() });
export type AssignProductEanResult = z.infer<typeof assignProductEanResult>;

/** getProductPreviewId / getProductNextId: the neighbour in the list order, `id` null at the end. */
export const neighbourData = z.object({ id: int_.nullable() });
/** POST delGoodsMutl. */
export const delGoodsData = z.object({ affected: int_, skipped: int_ });
/** POST setGoodsStatus: rows whose transition is not allowed are refused with a reason. */
export const setGoodsStatusData = z.object({
  affected: int_,
  refused: z.array(z.object({ id: int_, reason: z.string() })),
});
/** POST copyOneBenRenProduct and claim/claimGoods: the new product. */
export const copyGoodsData = savedVersionData;
/** POST batchCopyGoods: the copies made, all or none. */
export const batchCopyData = z.object({
  copies: z.array(z.object({ from: int_, id: int_, version: int_ })),
});
/** POST batchUpdate2 and claim/publish. */
export const batchUpdateData = affectedData;
/** POST batchUpdateEnTitle: how many titles match; a preview also shows samples. */
export const batchEnTitleData = z.object({
  matched: int_,
  /** Matching products left unchanged: the replacement would leave them without any title and SKU. */
  skipped: int_.optional(),
  samples: z.array(z.object({ id: int_, before: z.string(), after: z.string() })).optional(),
});
/** POST goods/getCopyFields: language -> field -> text (bullet points as a list). */
export const copyFieldsData = z.record(z.string(), z.record(z.string(), z.union([z.string(), z.array(z.string())])));
/** POST goods/getOneBaseInfoLinkUrl. */
export const linkUrlData = z.object({ id: int_, link_url: z.string() });

/** GET claim/list: products published for claiming, with the copy this tenant made (if any). */
export const claimRow = goodsListRow.extend({ claimed_goods_id: int_.nullable() });
export type ClaimRow = z.infer<typeof claimRow>;
export const claimPage = paged(claimRow);

/** POST files/upload: the stored image. */
export const uploadedImage = z.object({
  url: z.string(),
  thumb: z.string(),
  width: int_,
  height: int_,
  size: int_,
});
export type UploadedImage = z.infer<typeof uploadedImage>;
/** POST goods/batchCopyOssObject: one result per remote URL. */
export const remoteCopyData = z.array(
  z.object({
    from: z.string(),
    url: z.string().optional(),
    thumb: z.string().optional(),
    width: int_.optional(),
    height: int_.optional(),
    error: z.string().optional(),
  }),
);
