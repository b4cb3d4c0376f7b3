import { z } from 'zod';
import { DESC_LANGUAGES, type DescLanguage } from '../constants/goods.js';
import { type Minor, minor, moneyFromNumber } from '../money/money.js';
import { MSG } from '../validation/rules.js';
import { dbId, dbIdList, paged, pageQuery } from './common.js';

/**
 * 建站 站点商品 (`/build-site/goods/*`, issue 33 §1, docs/site.md "Products"): the products of the
 * tenant's site, created there or taken from the library. Prices are integer minor units of the
 * site currency (1999 = 19.99 EUR), as everywhere else.
 */

export const SITE_GOODS_LIMITS = {
  titleChars: 200,
  descriptionChars: 10_000,
  bulletCount: 10,
  bulletChars: 500,
  pictures: 20,
  variations: 100,
  optionCount: 3,
  categories: 20,
  /** Largest price in minor units (100 million in a two-digit currency). */
  price: 10_000_000_000,
  /** Ids of one batch (publish, delete, sync) and library products of one import. */
  batch: 200,
  importBatch: 50,
} as const;

const LANGUAGE_KEYS = DESC_LANGUAGES.map((l) => l.key) as [DescLanguage, ...DescLanguage[]];

const text = (max: number, label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, { error: `${label}${MSG.maxLength(max)}` })
    .default('');

/** A price in minor units of the site currency: a whole number, not negative, bounded. */
const price = (label: string) =>
  z
    .number({ error: `${label}必须为数字` })
    .int({ error: `${label}必须是最小货币单位的整数` })
    .min(0, { error: `${label}不能为负数` })
    .max(SITE_GOODS_LIMITS.price, { error: `${label}过大` });

/** A picture: one of the tenant's uploads, as `POST /files/upload` answers its `url`. */
export const SITE_PICTURE_RE = /^\/PDD\/files\/t\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|jpeg|png|webp|gif)$/;
const picture = z.string({ error: '图片地址不合法' }).max(200).regex(SITE_PICTURE_RE, { error: '请先上传图片' });

export const siteGoodsText = z.strictObject({
  title: text(SITE_GOODS_LIMITS.titleChars, '标题'),
  description: text(SITE_GOODS_LIMITS.descriptionChars, '描述'),
  bullets: z
    .array(text(SITE_GOODS_LIMITS.bulletChars, '卖点'), { error: '卖点格式不正确' })
    .max(SITE_GOODS_LIMITS.bulletCount, { error: `卖点最多${SITE_GOODS_LIMITS.bulletCount}条` })
    .default([]),
});
export type SiteGoodsText = z.infer<typeof siteGoodsText>;

export const siteGoodsVariation = z.strictObject({
  sku: z
    .string({ error: '请填写变体SKU' })
    .trim()
    .min(1, { error: '请填写变体SKU' })
    .max(100, { error: `变体SKU${MSG.maxLength(100)}` }),
  options: z
    .record(
      z.string().trim().min(1).max(50),
      z
        .string()
        .trim()
        .max(100, { error: `变体属性值${MSG.maxLength(100)}` }),
      {
        error: '变体属性格式不正确',
      },
    )
    .refine((o) => Object.keys(o).length <= SITE_GOODS_LIMITS.optionCount, {
      error: `变体属性最多${SITE_GOODS_LIMITS.optionCount}个`,
    })
    .default({}),
  /** Its own price; null: the product's. */
  price: price('变体价格').nullable().default(null),
  picture: picture.nullable().default(null),
  /** Units in stock (null: not tracked, always available). Checkout takes from it, a cancelled order gives back. */
  stock: z
    .number({ error: '库存必须是0-1000000的整数' })
    .int({ error: '库存必须是0-1000000的整数' })
    .min(0, { error: '库存必须是0-1000000的整数' })
    .max(1_000_000, { error: '库存必须是0-1000000的整数' })
    .nullable()
    .default(null),
});
export type SiteGoodsVariation = z.infer<typeof siteGoodsVariation>;

/** The fields of a create or an update. */
const fields = {
  texts: z
    .record(z.string().max(10), siteGoodsText, { error: '商品文字格式不正确' })
    .refine((t) => Object.keys(t).every((k) => (LANGUAGE_KEYS as string[]).includes(k)), { error: '语言不支持' })
    .default({}),
  price: price('价格'),
  compare_at_price: price('原价').nullable().default(null),
  pictures: z
    .array(picture, { error: '图片格式不正确' })
    .max(SITE_GOODS_LIMITS.pictures, { error: `图片最多${SITE_GOODS_LIMITS.pictures}张` })
    .default([]),
  variations: z
    .array(siteGoodsVariation, { error: '变体格式不正确' })
    .max(SITE_GOODS_LIMITS.variations, { error: `变体最多${SITE_GOODS_LIMITS.variations}个` })
    .default([])
    .refine((v) => new Set(v.map((x) => x.sku.toLowerCase())).size === v.length, { error: '变体SKU重复' }),
  category_ids: z
    .array(dbId('分类ID'), { error: '分类格式不正确' })
    .max(SITE_GOODS_LIMITS.categories, { error: `分类最多${SITE_GOODS_LIMITS.categories}个` })
    .default([])
    .transform((ids) => [...new Set(ids)]),
  /** 不被搜索引擎收录: `noindex` on the product's page, left out of the sitemap. */
  noindex: z.boolean({ error: '收录设置格式不正确' }).default(false),
};

const comparePrice = (b: { price: number; compare_at_price: number | null }) =>
  b.compare_at_price === null || b.compare_at_price > b.price;
const compareMsg = { error: '原价必须高于售价', path: ['compare_at_price'] };

/** POST /site/goods/create. */
export const siteGoodsCreateBody = z.strictObject(fields).refine(comparePrice, compareMsg);
export type SiteGoodsCreateBody = z.infer<typeof siteGoodsCreateBody>;

/** POST /site/goods/update: the whole form at the version it was loaded. */
export const siteGoodsUpdateBody = z
  .strictObject({
    id: dbId('商品ID'),
    version: z.number({ error: '版本号不合法' }).int().min(1).max(2_147_483_647),
    ...fields,
  })
  .refine(comparePrice, compareMsg);
export type SiteGoodsUpdateBody = z.infer<typeof siteGoodsUpdateBody>;

export const siteGoodsIdQuery = z.strictObject({ id: dbId('商品ID') });

/** An empty selection reads as none ("请选择…"), not as a bad id. */
const noneIfEmpty = (v: unknown) => ((Array.isArray(v) && v.length === 0) || v === '' ? undefined : v);
const ids = (max: number, label = '商品') =>
  z
    .preprocess(noneIfEmpty, dbIdList({ label: `${label}ID`, empty: `请选择${label}`, invalid: `${label}ID不合法` }))
    .refine((l) => l.length <= max, { error: `一次最多${max}个${label}` });

/** publish, unpublish, delete. */
export const siteGoodsIdsBody = z.strictObject({ ids: ids(SITE_GOODS_LIMITS.batch) });

/** GET /site/goods/list. */
export const siteGoodsListQuery = z.strictObject({
  ...pageQuery,
  pageSize: pageQuery.pageSize.refine((n) => n <= 100, { error: '每页条数不能大于100' }),
  keyword: z
    .string()
    .trim()
    .max(100, { error: MSG.maxLength(100) })
    .default(''),
  published: z.enum(['all', '1', '0'], { error: '发布状态不合法' }).default('all'),
  category_id: dbId('分类ID').optional(),
});
export type SiteGoodsListQuery = z.infer<typeof siteGoodsListQuery>;

/** How an imported price is rounded after conversion (the price settings' rules). */
export const SITE_ROUNDING = { none: '不取整', up99: '.99结尾', upInt: '取整' } as const;
export type SiteRounding = keyof typeof SITE_ROUNDING;

/**
 * Rounds a converted amount (minor units): `none` keeps it, `upInt` rounds up to a whole unit,
 * `up99` up to the next amount ending in .99 (99 for a currency without minor units); an amount
 * already ending so stays. Integers only.
 */
export function roundSitePrice(amount: Minor, currency: string, rule: SiteRounding): Minor {
  if (rule === 'none' || amount <= 0) return amount;
  // One whole unit in minor units (100 cents, 1 yen), through the money module.
  const unit = moneyFromNumber(1, currency) ?? 100;
  if (rule === 'upInt') {
    const rest = amount % unit;
    return minor(rest === 0 ? amount : amount - rest + unit);
  }
  const step = unit === 1 ? 100 : unit;
  const next = amount + 1;
  const rest = next % step;
  return minor(rest === 0 ? amount : next - rest + step - 1);
}

/** POST /site/goods/import: library products to take into the site. */
export const siteGoodsImportBody = z.strictObject({
  goods_ids: ids(SITE_GOODS_LIMITS.importBatch, '商品库商品'),
  rounding: z.enum(Object.keys(SITE_ROUNDING) as [SiteRounding, ...SiteRounding[]], { error: '请选择取整方式' }),
});

/** POST /site/goods/sync: take the library's current texts, pictures and variations (prices when asked). */
export const siteGoodsSyncBody = z.strictObject({
  ids: ids(SITE_GOODS_LIMITS.batch),
  prices: z.boolean({ error: '格式不正确' }).default(false),
  rounding: z
    .enum(Object.keys(SITE_ROUNDING) as [SiteRounding, ...SiteRounding[]], { error: '请选择取整方式' })
    .default('none'),
});

/** A product as the console shows it (get, create, update). */
export const siteGoods = z.object({
  id: z.number().int(),
  goods_id: z.number().int().nullable(),
  slug: z.string(),
  texts: z.record(z.string(), z.object({ title: z.string(), description: z.string(), bullets: z.array(z.string()) })),
  price: z.number().int(),
  compare_at_price: z.number().int().nullable(),
  currency: z.string(),
  pictures: z.array(z.string()),
  variations: z.array(
    z.object({
      sku: z.string(),
      options: z.record(z.string(), z.string()),
      price: z.number().int().nullable(),
      picture: z.string().nullable(),
      stock: z.number().int().nullable(),
    }),
  ),
  category_ids: z.array(z.number().int()),
  noindex: z.boolean(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  library_synced_at: z.string().nullable(),
  /** The library product changed after the last import or sync (商品库有更新). */
  library_updated: z.boolean(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type SiteGoods = z.infer<typeof siteGoods>;

/** A row of the list. */
export const siteGoodsRow = siteGoods
  .pick({
    id: true,
    goods_id: true,
    price: true,
    compare_at_price: true,
    currency: true,
    category_ids: true,
    published: true,
    library_updated: true,
    updated_at: true,
    version: true,
  })
  .extend({
    /** The title in the site's default language (else the first language that has one). */
    title: z.string(),
    picture: z.string().nullable(),
    variation_count: z.number().int(),
  });
export type SiteGoodsRow = z.infer<typeof siteGoodsRow>;
export const siteGoodsPage = paged(siteGoodsRow);

/** One product a batch left alone, and why. */
const skipped = z.object({ id: z.number().int(), title: z.string(), reason: z.string() });

/** The answer of publish and unpublish. */
export const siteGoodsPublishResult = z.object({ affected: z.number().int() });

/** The answer of import. */
export const siteGoodsImportResult = z.object({
  created: z.array(
    z.object({ id: z.number().int(), goods_id: z.number().int(), title: z.string(), notes: z.array(z.string()) }),
  ),
  /** Library products already on the site (id is the library product's). */
  skipped: z.array(skipped),
});
export type SiteGoodsImportResult = z.infer<typeof siteGoodsImportResult>;

/** The answer of sync. */
export const siteGoodsSyncResult = z.object({ affected: z.number().int(), skipped: z.array(skipped) });
export type SiteGoodsSyncResult = z.infer<typeof siteGoodsSyncResult>;
