import { z } from 'zod';
import { MARKETPLACES, type MarketplaceCode, type SpApiRegion } from '../constants/marketplaces.js';
import { MSG } from '../validation/rules.js';
import { dbId, dbInt, paged, pageQuery, requiredString } from './common.js';

/**
 * Shops (`/order/shop` 店铺管理, `/platform/family` 授权中心): one Amazon seller account in one
 * SP-API region, bound through Amazon's website authorization workflow (docs/shops.md).
 */

/** The SP-API regions a shop can be bound in, with their Chinese labels. */
export const SHOP_REGIONS = [
  { value: 'NA', label: '北美' },
  { value: 'EU', label: '欧洲' },
  { value: 'FE', label: '远东' },
] as const satisfies readonly { value: SpApiRegion; label: string }[];

/**
 * Seller Central of each region, where the seller grants the console access (Amazon's
 * "website authorization workflow": `<seller central>/apps/authorize/consent`).
 */
export const SELLER_CENTRAL_URLS: Readonly<Record<SpApiRegion, string>> = {
  NA: 'https://sellercentral.amazon.com',
  EU: 'https://sellercentral-europe.amazon.com',
  FE: 'https://sellercentral.amazon.co.jp',
};

/** Authorization state of a shop: authorized, expired or revoked, or never authorized. */
export const SHOP_AUTH_STATUSES = ['authorized', 'expired', 'never'] as const;
export type ShopAuthStatus = (typeof SHOP_AUTH_STATUSES)[number];

/** Chinese labels of the authorization states. */
export const SHOP_AUTH_LABELS: Readonly<Record<ShopAuthStatus, string>> = {
  authorized: '已授权',
  expired: '授权失效',
  never: '未授权',
};

const regionField = z.enum(['NA', 'EU', 'FE'], { error: '请选择站点区域' });
const shopName = requiredString(64);
const shopId = dbId('店铺ID', 'integer');

const marketplaceCode = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .refine((s): s is MarketplaceCode => MARKETPLACES.some((m) => m.code === s), { error: '站点不存在' });

/** `POST /amazon-user/bindShop`: start binding a new shop, or re-authorize shop `id`. */
export const bindShopBody = z.strictObject({
  name: shopName,
  region: regionField,
  /** 沙箱店铺: bound to the built-in Amazon simulator, for trying the console offline. */
  sandbox: z.boolean().default(false),
  /** Re-authorize this shop (its authorization expired or was revoked). */
  id: shopId.optional(),
});
export type BindShopBody = z.infer<typeof bindShopBody>;

/** Where the browser goes to authorize: Seller Central's consent page (or the simulator's). */
export const bindShopData = z.object({
  consent_url: z.string(),
  /** Unix seconds after which the authorization must be started again. */
  expires_at: z.number().int(),
});

/**
 * Readable cookie the callback leaves for the web app (10 minutes) with what Amazon's redirect
 * carried, as a query string; 店铺管理 reads it once, clears it and finishes the binding. A
 * cookie rather than the address keeps the code out of the history and the tabs.
 */
export const SHOP_AUTH_COOKIE = 'shop_auth';

/** The callback Amazon redirects to after the seller's consent (query of Amazon's workflow). */
export const shopAuthCallbackQuery = z.object({
  state: z.string().max(200).optional(),
  selling_partner_id: z.string().max(64).optional(),
  spapi_oauth_code: z.string().max(2000).optional(),
  /** Set by Amazon when the seller declined or the request was invalid. */
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/**
 * `POST /amazon-user/shopAuthComplete`: the web app hands over what Amazon's redirect carried
 * (the callback forwards it to `#/order/shop`), so the signed-in user finishes the binding.
 */
export const shopAuthCompleteBody = z.strictObject({
  state: z.string({ error: '授权参数缺失' }).min(16, { error: '授权参数不合法' }).max(200, { error: '授权参数不合法' }),
  selling_partner_id: z
    .string({ error: '授权参数缺失' })
    .regex(/^[A-Z0-9]{5,32}$/, { error: '卖家编号(selling_partner_id)不合法' }),
  spapi_oauth_code: z
    .string({ error: '授权参数缺失' })
    .min(1, { error: '授权参数缺失' })
    .max(2000, { error: '授权参数不合法' }),
});
export type ShopAuthCompleteBody = z.infer<typeof shopAuthCompleteBody>;

/** One shop as the console shows it; tokens and secrets are never part of it. */
export const shopView = z.object({
  id: z.number().int(),
  name: z.string(),
  region: regionField,
  sandbox: z.boolean(),
  seller_id: z.string().nullable(),
  auth_status: z.enum(SHOP_AUTH_STATUSES),
  /** Why the last use of the authorization failed (Chinese), when it did. */
  auth_error: z.string().nullable(),
  /** Marketplace codes the seller participates in (`getMarketplaceParticipations`). */
  marketplaces: z.array(z.string()),
  /** Child accounts allowed to use the shop; empty: every account of the tenant. */
  staff_ids: z.array(z.number().int()),
  authorized_at: z.number().int().nullable(),
  created_at: z.number().int(),
  version: z.number().int(),
});
export type ShopView = z.infer<typeof shopView>;

/** `POST /amazon-user/authShopList`. */
/**
 * Authorization filters of the shop list (首页's 店铺授权待处理 card, docs/home.md): lapsed, never
 * authorized, authorized but ending within SHOP_AUTH_EXPIRING_DAYS, or any of the three.
 */
export const SHOP_AUTH_FILTERS = [
  { value: 'attention', label: '授权待处理' },
  { value: 'expired', label: '授权失效' },
  { value: 'never', label: '未授权' },
  { value: 'expiring', label: '授权即将到期' },
] as const;

export const shopListBody = z.strictObject({
  ...pageQuery,
  keyword: z.string().trim().max(64).optional(),
  auth: z.enum(['attention', 'expired', 'never', 'expiring']).optional(),
});
export type ShopListBody = z.infer<typeof shopListBody>;

/**
 * A page of shops, whether an SP-API application is configured (else only sandbox shops bind),
 * and whether PUBLIC_URL is set (Amazon fetches a real shop's listing images from it; without
 * it only the built-in sandbox, which reads the console's own files directly, can see them).
 */
export const shopListData = paged(shopView).extend({ app_configured: z.boolean(), public_url_set: z.boolean() });

/**
 * `POST /amazon-user/shopOptions`: the shops whose orders the caller reads, by name only, for
 * the shop filters of the order pages (a buyer reads orders but may not manage or use shops).
 */
export const shopOption = shopView.pick({ id: true, name: true, sandbox: true, marketplaces: true });
export type ShopOption = z.infer<typeof shopOption>;
export const shopOptionsData = z.object({ list: z.array(shopOption) });

/** `POST /amazon-user/updateShop`: rename, choose who may use it. */
export const updateShopBody = z.strictObject({
  id: shopId,
  version: dbInt('版本'),
  name: shopName.optional(),
  staff_ids: z.array(dbId('账号ID', 'integer')).max(500).optional(),
});
export type UpdateShopBody = z.infer<typeof updateShopBody>;

/** `POST /amazon-user/delShop` and `syncShop` (检测授权): one shop by id. */
export const shopIdBody = z.strictObject({ id: shopId });

/**
 * `POST /amazon-user/updateAllowSites` (GET in the specification; POST as it writes): the
 * marketplaces a child account may upload to; an empty list allows all.
 */
export const updateAllowSitesBody = z.strictObject({
  uid: dbId('账号ID', 'integer'),
  sites: z.array(marketplaceCode, { error: MSG.required }).max(MARKETPLACES.length),
});
export type UpdateAllowSitesBody = z.infer<typeof updateAllowSitesBody>;
/** What a client sends to `updateAllowSites` (codes before normalisation). */
export type UpdateAllowSitesInput = z.input<typeof updateAllowSitesBody>;
