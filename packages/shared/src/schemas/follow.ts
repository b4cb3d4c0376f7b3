import { z } from 'zod';
import { MARKETPLACES, type MarketplaceCode } from '../constants/marketplaces.js';
import { MARKET_AMOUNT_MAX } from '../money/market-amount.js';
import { MSG } from '../validation/rules.js';
import { dbId, dbIdList, dbInt, paged, pageQuery } from './common.js';

/**
 * Follow-selling (跟卖, issue 15 §1-§2): the candidate pool of other sellers' ASINs with
 * what Amazon says about them, the follow queue that creates offer-only listings in a shop,
 * and the follow offers it made (docs/follow.md). Money is integer minor units of the
 * marketplace's currency.
 */

/** Most ASINs one paste or file adds (a lookup job reads them within the shop's rate limits). */
export const MAX_CANDIDATES_PER_ADD = 1000;

const marketplaceCode = z
  .string({ error: '请选择站点' })
  .transform((s) => s.trim().toLowerCase())
  .refine((s): s is MarketplaceCode => MARKETPLACES.some((m) => m.code === s), { error: '站点不存在' });

const shopId = dbId('店铺ID', 'integer');
const idList = dbIdList({ label: 'ID', empty: '请选择数据', invalid: 'ID不合法' });

/**
 * ASINs as pasted: one per line (or separated by commas, blanks, tabs), trimmed and upper-cased,
 * duplicates dropped. Each must be 10 characters (spec section 5, `ASIN格式不合法`); the
 * message names the first bad ones.
 */
export const asinListField = z
  .union([z.string().max(200_000), z.array(z.string().max(100)).max(MAX_CANDIDATES_PER_ADD * 2)], {
    error: '请填写ASIN',
  })
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v : v.split(/[\s,，;；]+/)).map((s) => s.trim().toUpperCase()).filter(Boolean);
    if (parts.length === 0) {
      ctx.addIssue({ code: 'custom', message: '请填写ASIN' });
      return z.NEVER;
    }
    const bad = parts.filter((s) => s.length !== 10 || !/^[A-Z0-9]+$/.test(s));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `${MSG.asin}: ${bad.slice(0, 5).join(', ')}` });
      return z.NEVER;
    }
    const unique = [...new Set(parts)];
    if (unique.length > MAX_CANDIDATES_PER_ADD) {
      ctx.addIssue({ code: 'custom', message: `一次最多添加${MAX_CANDIDATES_PER_ADD}个ASIN` });
      return z.NEVER;
    }
    return unique;
  });

/** Why an ASIN of a paste or file was not added (the add's result panel). */
export const ASIN_REFUSALS = {
  format: '格式不正确(ASIN为10位字母数字)',
  duplicate: '重复',
} as const;

/** Most refused ASINs an add answers one by one (the rest only counted). */
export const MAX_REFUSED_LISTED = 200;

/** An ASIN of a paste or file that was not added, with its reason (as typed, cut to 40 characters). */
export const refusedAsin = z.object({ asin: z.string(), reason: z.string() });

/**
 * Sorts pasted ASINs (already split, trimmed, upper-cased): the valid ones, each once, and
 * the refused ones with their reason (bad format, or a repeat of one earlier in the list).
 */
export function sortAsins(parts: string[]): { asins: string[]; refused: z.infer<typeof refusedAsin>[] } {
  const asins: string[] = [];
  const refused: z.infer<typeof refusedAsin>[] = [];
  const seen = new Set<string>();
  for (const s of parts) {
    if (s.length !== 10 || !/^[A-Z0-9]+$/.test(s)) refused.push({ asin: s.slice(0, 40), reason: ASIN_REFUSALS.format });
    else if (seen.has(s)) refused.push({ asin: s, reason: ASIN_REFUSALS.duplicate });
    else {
      seen.add(s);
      asins.push(s);
    }
  }
  return { asins, refused };
}

/** Splits a paste (one per line, or separated by commas, blanks, tabs) or a list into trimmed, upper-cased parts. */
export function asinParts(v: string | string[]): string[] {
  return (Array.isArray(v) ? v : v.split(/[\s,，;；]+/)).map((s) => s.trim().toUpperCase()).filter(Boolean);
}

/**
 * ASINs of the pool's add (issue 29 §4): partial acceptance. The valid ones are added, the
 * others come back with their reason; only an empty list or more than the limit of valid
 * ones refuses the whole add.
 */
export const asinPasteField = z
  .union([z.string().max(200_000), z.array(z.string().max(100)).max(MAX_CANDIDATES_PER_ADD * 2)], {
    error: '请填写ASIN',
  })
  .transform((v, ctx) => {
    const parts = asinParts(v);
    if (parts.length === 0) {
      ctx.addIssue({ code: 'custom', message: '请填写ASIN' });
      return z.NEVER;
    }
    const sorted = sortAsins(parts);
    if (sorted.asins.length > MAX_CANDIDATES_PER_ADD) {
      ctx.addIssue({ code: 'custom', message: `一次最多添加${MAX_CANDIDATES_PER_ADD}个ASIN` });
      return z.NEVER;
    }
    return sorted;
  });

/**
 * `POST /follow/candidate/add`: add ASINs of a marketplace and look them up with a shop's
 * authorization; malformed and repeated ones are refused one by one (the answer lists them).
 */
export const addCandidatesBody = z.strictObject({
  marketplace: marketplaceCode,
  shop_id: shopId,
  asins: asinPasteField,
});

/** File types an ASIN list may come in (`POST /follow/candidate/import`). */
export const ASIN_FILE_TYPES = ['.txt', '.csv', '.xlsx'] as const;

/**
 * `POST /follow/candidate/import`: ASINs from a file (base64): .txt like a paste, .csv/.xlsx
 * the column headed `ASIN` or else the first column (a header row is skipped). Each ASIN is
 * checked as a pasted one.
 */
export const importCandidatesBody = z.strictObject({
  marketplace: marketplaceCode,
  shop_id: shopId,
  file: z.object(
    {
      name: z.string({ error: '请选择文件' }).trim().min(1, { error: '请选择文件' }).max(255),
      content: z
        .string({ error: '文件内容为空' })
        .min(1, { error: '文件内容为空' })
        .max(2_000_000, { error: '文件过大,请拆分后导入' }),
    },
    { error: '请选择文件' },
  ),
});

/** `POST /follow/candidate/search`: find ASINs in Amazon's catalog by keyword or category (browse node). */
export const searchCatalogBody = z
  .strictObject({
    marketplace: marketplaceCode,
    shop_id: shopId,
    keyword: z.string().trim().max(200).default(''),
    classification_id: z.string().trim().max(40).regex(/^\d*$/, { error: '分类ID必须为数字' }).default(''),
  })
  .refine((b) => b.keyword !== '' || b.classification_id !== '', { error: '请填写关键词或分类ID' });

/** One catalog hit of a search. */
export const catalogHit = z.object({
  asin: z.string(),
  title: z.string(),
  brand: z.string(),
  image: z.string(),
  product_type: z.string(),
  /** The item's browse node (category) in the marketplace, to search that category; empty when Amazon gives none. */
  category_id: z.string(),
  category_name: z.string(),
});
/** `POST /follow/candidate/search` answer. */
export const searchCatalogData = z.object({ list: z.array(catalogHit) });

/** What a lookup job answers when started. */
export const lookupStartedData = z.object({
  /** Null when no ASIN was valid (nothing to look up). */
  job_id: z.string().nullable(),
  added: z.number().int(),
  /** ASINs already in the pool (looked up again). */
  existing: z.number().int(),
  /** The ones already in the pool (at most MAX_REFUSED_LISTED; `existing` counts them all). */
  existing_asins: z.array(z.string()).default([]),
  /** Refused ASINs with their reason (at most MAX_REFUSED_LISTED; `refused_count` counts them all). */
  refused: z.array(refusedAsin).default([]),
  refused_count: z.number().int().default(0),
});

/** `POST /follow/candidate/refresh`: look the candidates up again. */
export const refreshCandidatesBody = z.strictObject({ ids: idList, shop_id: shopId });
/** `POST /follow/candidate/delete`. */
export const deleteCandidatesBody = z.strictObject({ ids: idList });

/** Lookup state of a candidate. */
export const CANDIDATE_STATUSES = ['pending', 'ready', 'failed'] as const;
/** Chinese labels of the lookup states. */
export const CANDIDATE_STATUS_LABELS: Record<(typeof CANDIDATE_STATUSES)[number], string> = {
  pending: '查询中',
  ready: '已查询',
  failed: '查询失败',
};

/** Risk flags of a candidate (§1). */
export const RISK_FLAGS = ['sensitive_brand', 'registered_brand', 'few_sellers', 'amazon_sells', 'restricted'] as const;
/** Chinese labels of the risk flags. */
export const RISK_FLAG_LABELS: Record<(typeof RISK_FLAGS)[number], string> = {
  sensitive_brand: '品牌在敏感词中',
  registered_brand: '品牌已备案',
  few_sellers: '卖家过少',
  amazon_sells: '亚马逊自营',
  restricted: '需审核或不可售',
};

/** `GET /follow/candidate/list`. */
export const candidateListQuery = z.object({
  ...pageQuery,
  marketplace: marketplaceCode.optional(),
  status: z.enum(CANDIDATE_STATUSES, { error: '状态不合法' }).optional(),
  asin: z.string().trim().toUpperCase().max(20).optional(),
});

/** A candidate as the pool shows it. */
export const candidateView = z.object({
  id: z.number().int(),
  marketplace: z.string(),
  asin: z.string(),
  status: z.enum(CANDIDATE_STATUSES),
  title: z.string(),
  image: z.string(),
  brand: z.string(),
  product_type: z.string(),
  currency: z.string(),
  offer_count: z.number().int().nullable(),
  fba_offers: z.number().int().nullable(),
  fbm_offers: z.number().int().nullable(),
  buybox_price: z.number().int().nullable(),
  buybox_seller: z.string(),
  amazon_sells: z.boolean(),
  /** `none`, or Amazon's reason code (`APPROVAL_REQUIRED`, `NOT_ELIGIBLE`, `ASIN_NOT_FOUND`). */
  restriction: z.string(),
  restriction_message: z.string(),
  risk_flags: z.array(z.string()),
  /** From the tenant's follow price rule; null without a Buy Box price. */
  suggested_price: z.number().int().nullable(),
  cost: z.number().int().nullable(),
  error: z.string(),
  looked_up_at: z.number().int().nullable(),
});
/** A page of candidates. */
export const candidateListData = paged(candidateView);

/** `POST /follow/candidate/cost`: the candidate's cost (the floor of the suggested price). */
export const candidateCostBody = z.strictObject({
  id: dbId('ID'),
  cost: dbInt('成本', 0, 100_000_000).nullable(),
});

/**
 * The tenant's follow price rule: below the Buy Box by an amount (in each marketplace's own
 * currency) or a percent (basis points), never under cost x (1 + margin).
 */
export const priceRuleBody = z.strictObject({
  mode: z.enum(['amount', 'percent'], { error: '请选择降价方式' }),
  /**
   * For `amount` a market amount: hundredths of a major unit of each marketplace's currency
   * (150 = 1.50 GBP; rounded up to whole yen for JPY: 2 JPY, see `marketAmountIn` in money/);
   * for `percent` basis points (hundredths of a percent).
   */
  value: dbInt('降价幅度', 0, MARKET_AMOUNT_MAX),
  /** Minimum margin over cost in basis points. */
  min_margin_bp: dbInt('最低利润率', 0, 100_000),
});
/** The rule as saved. */
export const priceRuleData = priceRuleBody;

/** `POST /follow/push`: create offer-only listings of candidates in a shop. */
export const pushBody = z.strictObject({
  ids: idList,
  shop_id: shopId,
  quantity: dbInt('库存', 0, 100_000),
  fulfillment: z.enum(['FBM', 'FBA'], { error: '请选择配送方式' }).default('FBM'),
});
/** What a push answers: the job and how many items it queued. */
export const pushData = z.object({ job_id: z.string(), queued: z.number().int(), skipped: z.number().int() });

/** States of a follow offer: the queue's (`queued`, `submitting`, `failed`) and the product's. */
export const OFFER_STATUSES = ['queued', 'submitting', 'failed', 'active', 'paused', 'deleted'] as const;
/** Chinese labels of the follow offer states. */
export const OFFER_STATUS_LABELS: Record<(typeof OFFER_STATUSES)[number], string> = {
  queued: '排队中',
  submitting: '提交中',
  failed: '失败',
  active: '在售',
  paused: '已暂停',
  deleted: '已停止跟卖',
};

/** `GET /follow/queue/list` and `GET /follow/offer/list`. */
export const offerListQuery = z.object({
  ...pageQuery,
  shop_id: shopId.optional(),
  status: z.enum(OFFER_STATUSES, { error: '状态不合法' }).optional(),
  asin: z.string().trim().toUpperCase().max(20).optional(),
});

/** Amazon's issue on a submission, as the queue shows it. */
export const offerIssue = z.object({ code: z.string(), message: z.string(), severity: z.string() });

/** A follow offer (a queue item and, once accepted, a follow-sale product). */
export const offerView = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  marketplace: z.string(),
  asin: z.string(),
  sku: z.string(),
  title: z.string(),
  image: z.string(),
  currency: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  fulfillment: z.string(),
  status: z.enum(OFFER_STATUSES),
  issues: z.array(offerIssue),
  error: z.string(),
  buybox_price: z.number().int().nullable(),
  buybox_seller: z.string(),
  holds_buybox: z.boolean(),
  seller_count: z.number().int().nullable(),
  reprice_enabled: z.boolean(),
  reprice_min: z.number().int().nullable(),
  reprice_max: z.number().int().nullable(),
  checked_at: z.number().int().nullable(),
  created_at: z.number().int(),
  version: z.number().int(),
});
/** A page of follow offers. */
export const offerListData = paged(offerView);

/** `POST /follow/queue/retry`: submit failed items again. */
export const retryBody = z.strictObject({ ids: idList });

/** `POST /follow/offer/update`: change price and quantity (0 pauses) of one offer. */
export const offerUpdateBody = z.strictObject({
  id: dbId('ID'),
  version: dbInt('版本', 1),
  price: dbInt('价格', 1, 100_000_000).optional(),
  quantity: dbInt('库存', 0, 100_000).optional(),
});

/** `POST /follow/offer/stop`: stop following (delete the offer on Amazon). */
export const offerStopBody = z.strictObject({ id: dbId('ID'), version: dbInt('版本', 1) });

/** `POST /follow/offer/reprice`: follow the Buy Box within min and max (minor units). */
export const offerRepriceBody = z
  .strictObject({
    id: dbId('ID'),
    version: dbInt('版本', 1),
    enabled: z.boolean(),
    min: dbInt('最低价', 1, 100_000_000).nullable(),
    max: dbInt('最高价', 1, 100_000_000).nullable(),
  })
  .refine((b) => !b.enabled || (b.min !== null && b.max !== null), { error: '启用调价需填写最低价和最高价' })
  .refine((b) => b.min === null || b.max === null || b.min <= b.max, { error: '最低价不能高于最高价' });

/** `POST /follow/offer/check`: read the Buy Box of follow offers (a job). */
export const offerCheckBody = z.strictObject({ ids: idList });
/** A started job. */
export const jobStartedData = z.object({ job_id: z.string() });
