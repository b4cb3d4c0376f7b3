import { z } from 'zod';
import { CURRENCIES, type CurrencyCode } from '../money/currencies.js';
import { MSG } from '../validation/rules.js';
import { httpUrl } from '../validation/url.js';

/**
 * The collection plugin (issue 31 §5, docs/plugin.md): what the browser extension sends to
 * `POST /PDD/gather/collect` and what the download page reads from `getGatherExtension`.
 */

/** The sites the extension collects from (the product's `source`). */
export const GATHER_SITES = {
  '1688': '1688',
  taobao: '淘宝',
  tmall: '天猫',
  aliexpress: '速卖通',
  amazon: '亚马逊',
} as const;
export type GatherSite = keyof typeof GATHER_SITES;

/** Bounds of one collect request (also the server's body limit, see GATHER_MAX_BODY). */
export const GATHER_LIMITS = {
  pictures: 20,
  /** Pictures of the page's detail description (图文详情). */
  descriptionPictures: 20,
  variations: 100,
  attributes: 60,
  /** Distinct pictures downloaded per collect (main, variation and description pictures together). */
  totalPictures: 40,
} as const;
/** The body limit of the collect route, in bytes. */
export const GATHER_MAX_BODY = 256 * 1024;

const str = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MSG.maxLength(max) });
const currencyCodes = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];
/** A price as the page shows it, in major units ("12.50", "1,299"); read by the money module. */
const priceText = z
  .string()
  .trim()
  .max(20, { error: '价格格式不正确' })
  .regex(/^\d[\d,]*(\.\d+)?$/, { error: '价格格式不正确' });
const picture = httpUrl('图片地址', { max: 1000 });

/** One variation: its attribute values, and its own price, stock and picture when the page has them. */
export const gatherVariation = z.strictObject({
  values: z
    .record(str(50), str(100))
    .refine((v) => Object.keys(v).length >= 1 && Object.keys(v).length <= 3, { error: '变体属性应为1到3个' }),
  price: priceText.optional(),
  /** The supplier's stock of this combination. */
  stock: z
    .number({ error: '库存应为整数' })
    .int({ error: '库存应为整数' })
    .min(0, { error: '库存不能为负数' })
    .max(1_000_000, { error: '库存不能超过1000000' })
    .optional(),
  picture: picture.optional(),
});

/** POST /PDD/gather/collect (Bearer collection token). */
export const gatherCollectBody = z.strictObject({
  url: httpUrl('商品链接', { max: 1000 }),
  site: z.enum(Object.keys(GATHER_SITES) as [GatherSite, ...GatherSite[]], { error: '不支持的网站' }),
  title: str(500).min(1, { error: '标题不能为空' }),
  price: priceText,
  currency: z.enum(currencyCodes, { error: '币种不支持' }),
  pictures: z.array(picture).max(GATHER_LIMITS.pictures, { error: `图片最多${GATHER_LIMITS.pictures}张` }),
  /** Pictures of the detail description: stored after the main pictures (docs/plugin.md). */
  description_pictures: z
    .array(picture)
    .max(GATHER_LIMITS.descriptionPictures, { error: `详情图片最多${GATHER_LIMITS.descriptionPictures}张` })
    .default([]),
  attributes: z
    .array(z.strictObject({ name: str(100).min(1), value: str(500) }))
    .max(GATHER_LIMITS.attributes, { error: `属性最多${GATHER_LIMITS.attributes}个` })
    .default([]),
  variations: z
    .array(gatherVariation)
    .max(GATHER_LIMITS.variations, { error: `变体最多${GATHER_LIMITS.variations}个` })
    .default([]),
});
export type GatherCollectBody = z.infer<typeof gatherCollectBody>;

/** What a collect answers: the product (new or the one collected before) and pictures not stored. */
export const gatherCollectData = z.object({
  id: z.number().int(),
  /** False when the page was collected before (已采集): the earlier product is answered. */
  created: z.boolean(),
  /** Path of the product in the console (the extension opens it on the console's origin). */
  path: z.string(),
  pictures: z.number().int(),
  failed_pictures: z.array(z.object({ url: z.string(), error: z.string() })),
});

/** The collection token's state (never the token itself except right after it is made). */
export const gatherTokenState = z.object({
  active: z.boolean(),
  /** The token's last four characters. */
  hint: z.string(),
  created_at: z.number().int().nullable(),
  last_used_at: z.number().int().nullable(),
});

/** GET /PDD/amazon-user/getGatherExtension: what the download page shows. */
export const gatherExtensionData = z.object({
  /** False when the extension zip was not built on this server (`npm run build:extension`). */
  available: z.boolean(),
  version: z.string(),
  size: z.number().int(),
  built_at: z.number().int().nullable(),
  download_url: z.string(),
  file_name: z.string(),
  /** PUBLIC_URL when configured (else the page shows its own origin). */
  console_url: z.string().nullable(),
  token: gatherTokenState,
});
export type GatherExtensionData = z.infer<typeof gatherExtensionData>;

/** POST /PDD/gather/token: the new token, shown once. */
export const gatherTokenCreated = gatherTokenState.extend({ token: z.string() });
export const gatherRevokeData = z.object({ revoked: z.boolean() });
