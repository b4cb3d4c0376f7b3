import { z } from 'zod';
import { DESC_LANGUAGE_KEYS, LISTING_LIMITS, SEARCH_TERM_COUNTRIES, utf8Bytes } from '../constants/goods.js';
import { MSG } from '../validation/rules.js';
import { DB_BIGINT_MAX, DB_INT_MAX, dbId, paged, pageQuery, requiredString } from './common.js';
import { sensitiveHit } from './goods.js';

/** A record id in a body or query (numbers arrive as strings in a query). */
export const libraryId = dbId('ID');
/** Several ids at once (batch delete). */
export const libraryIds = z
  .array(libraryId, { error: '请选择要操作的记录' })
  .min(1, { error: '请选择要操作的记录' })
  .max(1000, { error: '一次最多操作1000条' });
/** The version the client last read; a stale one is refused (409). */
export const versionField = z.coerce
  .number({ error: '版本号必须为数字' })
  .int({ error: '版本号不合法' })
  .min(1, { error: '版本号不合法' })
  .max(DB_INT_MAX, { error: '版本号不合法' });

const keyword = z
  .string()
  .trim()
  .max(100, { error: MSG.maxLength(100) })
  .optional();
const descLang = z.enum(DESC_LANGUAGE_KEYS as unknown as [string, ...string[]], { error: '语言不支持' });

// ---------------------------------------------------------------- bullet points (五点描述库)

const bullet = z
  .string({ error: '五点描述必须为文本' })
  .trim()
  .max(LISTING_LIMITS.bulletChars, { error: `每条五点描述不能超过${LISTING_LIMITS.bulletChars}个字符` });
/** Up to 5 bullet points for each language key of DESC_LANGUAGE_KEYS. */
export const pointsByLang = z
  .record(
    z.string(),
    z
      .array(bullet, { error: '五点描述格式不正确' })
      .max(LISTING_LIMITS.bulletCount, { error: `每种语言最多${LISTING_LIMITS.bulletCount}条五点描述` }),
    { error: '五点描述格式不正确' },
  )
  .superRefine((v, ctx) => {
    const bad = Object.keys(v).find((k) => !(DESC_LANGUAGE_KEYS as readonly string[]).includes(k));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `语言不支持: ${bad}`, path: [bad] });
    else if (!Object.values(v).some((list) => list.some((b) => b !== ''))) {
      ctx.addIssue({ code: 'custom', message: '请至少填写一条五点描述' });
    }
  });

/** GET /goods/points/list. */
export const pointsListQuery = z.strictObject({ ...pageQuery, keyword });
/** POST /goods/points/create. */
export const pointsCreateBody = z.strictObject({ name: requiredString(100), points: pointsByLang });
/** POST /goods/points/update. */
export const pointsUpdateBody = z.strictObject({
  id: libraryId,
  version: versionField,
  name: requiredString(100).optional(),
  points: pointsByLang.optional(),
});
export type PointsCreateBody = z.infer<typeof pointsCreateBody>;
export type PointsUpdateBody = z.infer<typeof pointsUpdateBody>;

/** One bullet-point set. Times are unix seconds. */
export const pointsSet = z.object({
  id: z.number().int(),
  name: z.string(),
  points: z.record(z.string(), z.array(z.string()).optional()),
  creator_id: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  version: z.number().int(),
});
export type PointsSet = z.infer<typeof pointsSet>;
/** GET /goods/points/list. */
export const pointsPage = paged(pointsSet);

// ---------------------------------------------------------------- search terms

const country = z.string({ error: '请选择国家' }).trim().min(1, { error: '请选择国家' }).max(8);
const terms = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: '请填写搜索词' })
  .refine((v) => utf8Bytes(v) <= LISTING_LIMITS.searchTermsBytes, {
    error: `搜索词不能超过${LISTING_LIMITS.searchTermsBytes}字节(UTF-8)`,
  });

/** GET /goods/search-terms/list. */
export const searchTermsListQuery = z.strictObject({ ...pageQuery, keyword, country: country.optional() });
/** POST /goods/search-terms/create: only the countries of SEARCH_TERM_COUNTRIES (checked by the service). */
export const searchTermsCreateBody = z.strictObject({ country, name: requiredString(100), terms });
/** POST /goods/search-terms/update. */
export const searchTermsUpdateBody = z.strictObject({
  id: libraryId,
  version: versionField,
  country: country.optional(),
  name: requiredString(100).optional(),
  terms: terms.optional(),
});
export type SearchTermsCreateBody = z.infer<typeof searchTermsCreateBody>;
export type SearchTermsUpdateBody = z.infer<typeof searchTermsUpdateBody>;
/** The countries new search terms may be added for (spec section 9). */
export const SEARCH_TERM_COUNTRY_SET: ReadonlySet<string> = new Set(SEARCH_TERM_COUNTRIES);

/** One search-terms entry. */
export const searchTermsEntry = z.object({
  id: z.number().int(),
  country: z.string(),
  name: z.string(),
  terms: z.string(),
  bytes: z.number().int(),
  creator_id: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  version: z.number().int(),
});
export type SearchTermsEntry = z.infer<typeof searchTermsEntry>;
/** GET /goods/search-terms/list. */
export const searchTermsPage = paged(searchTermsEntry);

// ---------------------------------------------------------------- sensitive words

/** The "all languages" choice of a sensitive word. */
export const ALL_LANGS = 'all';
const wordLang = z.enum([ALL_LANGS, ...DESC_LANGUAGE_KEYS] as [string, ...string[]], { error: '语言不支持' });

/** GET /goods/sensitive/list. */
export const sensitiveListQuery = z.strictObject({ ...pageQuery, keyword, lang: wordLang.optional() });
/** POST /goods/sensitive/create: many words at once (an array, or text with one word per line or comma). */
export const sensitiveCreateBody = z.strictObject({
  lang: wordLang,
  words: z.union([z.array(z.string().max(100, { error: '敏感词不能超过100个字符' })), z.string().max(200_000)], {
    error: '请填写敏感词',
  }),
});
/**
 * Most characters one sensitive-word check reads, all texts together (issue 27 §3): a whole
 * product in every language is well under it (12 languages × about 6,000 characters).
 */
export const SENSITIVE_CHECK_MAX_CHARS = 200_000;
/** POST /goods/sensitive/check: the texts of a product being edited. */
export const sensitiveCheckBody = z.strictObject({
  texts: z
    .array(
      z.strictObject({
        lang: descLang,
        field: z.string().trim().min(1, { error: '字段名不能为空' }).max(64),
        text: z.string().max(20_000, { error: '文本过长' }),
      }),
      { error: '请提供要检查的文本' },
    )
    .max(200, { error: '一次最多检查200段文本' })
    .refine((texts) => texts.reduce((n, t) => n + t.text.length, 0) <= SENSITIVE_CHECK_MAX_CHARS, {
      error: `一次最多检查${SENSITIVE_CHECK_MAX_CHARS}个字符`,
    }),
});
export type SensitiveCheckBody = z.infer<typeof sensitiveCheckBody>;

/** One sensitive word of the library (GET /goods/sensitive/list). */
export const sensitiveWord = z.object({
  id: z.number().int(),
  lang: z.string(),
  word: z.string(),
  creator_id: z.number().int(),
  created_at: z.number().int(),
});
export type SensitiveWord = z.infer<typeof sensitiveWord>;
/** GET /goods/sensitive/list. */
export const sensitivePage = paged(sensitiveWord);
/** POST /goods/sensitive/create: how many were new, and the new words. */
export const sensitiveAdded = z.object({
  added: z.number().int(),
  duplicate: z.number().int(),
  words: z.array(z.string()),
});
export type SensitiveAdded = z.infer<typeof sensitiveAdded>;
/** POST /goods/sensitive/check. */
export const sensitiveCheckData = z.object({ hits: z.array(sensitiveHit) });

// ---------------------------------------------------------------- EAN pool

/** GET /goods/ean/list. */
export const eanListQuery = z.strictObject({
  ...pageQuery,
  keyword: z.string().trim().max(20).optional(),
  status: z.enum(['free', 'used'], { error: '状态只能为 free 或 used' }).optional(),
});
/** POST /goods/ean/import: pasted text, or a .csv/.txt/.xlsx file as base64. */
export const eanImportBody = z
  .strictObject({
    text: z.string().max(1_000_000, { error: '文本过长' }).optional(),
    file: z
      .strictObject({
        name: z.string().trim().min(1, { error: '请提供文件名' }).max(200),
        content: z.string().min(1, { error: '文件内容为空' }).max(2_000_000, { error: '文件过大' }),
      })
      .optional(),
  })
  .refine((v) => Boolean(v.text?.trim()) || v.file !== undefined, { error: '请粘贴EAN码或上传文件' });
export type EanImportBody = z.infer<typeof eanImportBody>;

/** One line of an import report. */
export const eanImportLine = z.object({
  line: z.number().int(),
  code: z.string(),
  result: z.enum(['added', 'duplicate', 'invalid']),
  reason: z.string().optional(),
});
export type EanImportLine = z.infer<typeof eanImportLine>;
/** POST /goods/ean/import: counts and one line per input line. */
export const eanImportReport = z.object({
  added: z.number().int(),
  duplicate: z.number().int(),
  invalid: z.number().int(),
  lines: z.array(eanImportLine),
});
export type EanImportReport = z.infer<typeof eanImportReport>;

/** One code of the pool. */
export const eanCode = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['EAN13', 'UPCA', 'EAN8']),
  status: z.enum(['free', 'used']),
  goods_id: z.number().int().nullable(),
  sku: z.string().nullable(),
  used_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type EanCode = z.infer<typeof eanCode>;
/** GET /goods/ean/list: a page and the pool's counts. */
export const eanPage = paged(eanCode).extend({ free: z.number().int(), used: z.number().int() });
export type EanPage = z.infer<typeof eanPage>;

// ---------------------------------------------------------------- own categories

const categoryName = requiredString(50);
const sort = z.coerce.number({ error: '排序必须为数字' }).int().min(0).max(1_000_000);
const parentId = z.coerce
  .number({ error: '上级分类ID必须为数字' })
  .int({ error: '上级分类ID不合法' })
  .min(0, { error: '上级分类ID不合法' })
  .max(DB_BIGINT_MAX, { error: '上级分类ID不合法' });

/** POST /goods/category/create. parent_id 0 = top level. */
export const categoryCreateBody = z.strictObject({
  name: categoryName,
  parent_id: parentId.default(0),
  sort: sort.optional(),
});
/** POST /goods/category/update: rename, move (parent_id) or reorder (sort). */
export const categoryUpdateBody = z.strictObject({
  id: libraryId,
  version: versionField.optional(),
  name: categoryName.optional(),
  parent_id: parentId.optional(),
  sort: sort.optional(),
});
export type CategoryCreateBody = z.infer<typeof categoryCreateBody>;
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>;

/** A category with its children (the tree of GET /goods/category/tree). */
export interface CategoryNode {
  id: number;
  parent_id: number;
  name: string;
  sort: number;
  version: number;
  children: CategoryNode[];
}
/** The schema of CategoryNode (recursive, so the type above is its declared shape). */
export const categoryNode: z.ZodType<CategoryNode> = z.object({
  id: z.number().int(),
  parent_id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  version: z.number().int(),
  get children() {
    return z.array(categoryNode);
  },
});
/** One category row as create/update answer it (no children). */
export const categoryRow = z.object({
  id: z.number().int(),
  parent_id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  version: z.number().int(),
});

// ---------------------------------------------------------------- shared bodies and templates

/** POST .../delete of points, search terms, sensitive words, EANs and categories. */
export const idsBody = z.strictObject({ ids: libraryIds });
/** GET .../get?id=. */
export const idQuery = z.strictObject({ id: libraryId });

const marketplace = z.string().trim().min(1).max(20).optional();
/** GET /categoryTemplate/getCategoryTemp. */
export const categoryTempQuery = z.strictObject({ marketplace });
/** GET /categoryTemplate/getProductType. */
export const productTypeQuery = z.strictObject({ keyword, marketplace });
/** GET /categoryTemplate/getTempAttr. */
export const tempAttrQuery = z.strictObject({
  productType: z.string({ error: '请选择产品类型' }).trim().min(1, { error: '请选择产品类型' }).max(100),
  marketplace,
});

const int_ = z.number().int();

/** One input of a template attribute (a leaf of the attribute's item object). */
export const templateField = z.object({
  /** Dotted path inside one item of the attribute, e.g. `value` or `height.unit`. */
  path: z.string(),
  label: z.string(),
  description: z.string(),
  type: z.enum(['string', 'number', 'integer', 'boolean', 'array']),
  required: z.boolean(),
  /** Choices; with `enumOpen` the user may also type a value of their own. */
  enum: z.array(z.object({ value: z.union([z.string(), z.number(), z.boolean()]), name: z.string() })).optional(),
  enumOpen: z.boolean().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  maxUtf8ByteLength: z.number().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  multipleOf: z.number().optional(),
  editable: z.boolean(),
  hidden: z.boolean(),
  examples: z.array(z.string()),
});
export type TemplateField = z.infer<typeof templateField>;

/** One attribute of a product type, ready for a form (GET /categoryTemplate/getTempAttr). */
export const templateAttribute = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  required: z.boolean(),
  /** How many values a form may collect per marketplace and language (Amazon's maxUniqueItems). */
  maxValues: int_,
  selectors: z.array(z.string()),
  fields: z.array(templateField),
});
export type TemplateAttribute = z.infer<typeof templateAttribute>;

/** A marketplace a product-type schema exists for. */
export const templateMarketplace = z.object({ code: z.string(), id: z.string(), name: z.string() });
/** A product type of the catalog. */
export const productTypeEntry = z.object({
  productType: z.string(),
  displayName: z.string(),
  path: z.string(),
  marketplaces: z.array(z.string()).readonly(),
  marketplaceIds: z.array(z.string()),
  /** A template shipped with the console (离线模板), not Amazon's own definition fetched for a shop. */
  offline: z.boolean(),
});
/**
 * Where a marketplace's product type list came from: `amazon`, Amazon's whole list through the
 * tenant's authorized shop selling there; `offline`, only the console's shipped templates (a
 * small part of Amazon's list: bind a shop in 店铺管理 for the whole one).
 */
export const productTypeSource = z.enum(['amazon', 'offline']);
const sourceFields = {
  /** Set when a marketplace was asked for; without one the shipped set is listed (`offline`). */
  source: productTypeSource,
  /** The tenant's authorized shop selling in the marketplace (also when Amazon could not be reached). */
  shop: z.string().nullable(),
};
/** GET /categoryTemplate/getCategoryTemp. */
export const categoryTempData = z.object({
  marketplaces: z.array(templateMarketplace),
  list: z.array(productTypeEntry),
  ...sourceFields,
  /**
   * Template marketplaces of the tenant's shops, authorized shops first, then in binding order:
   * the editor's product type picker opens on the first (else Amazon.com).
   */
  shopMarketplaces: z.array(z.string()),
});
/** GET /categoryTemplate/getProductType. */
export const productTypesData = z.object({ productTypes: z.array(productTypeEntry), ...sourceFields });
/** GET /categoryTemplate/getTempAttr: the product type's JSON Schema (as Amazon publishes it) and its form fields. */
export const tempAttrData = z.object({
  productType: z.string(),
  displayName: z.string(),
  /** A template shipped with the console (离线模板), not Amazon's own definition fetched for a shop. */
  offline: z.boolean(),
  marketplace: templateMarketplace,
  locale: z.string(),
  schema: z.record(z.string(), z.unknown()),
  attributes: z.array(templateAttribute),
});
export type TempAttrData = z.infer<typeof tempAttrData>;
