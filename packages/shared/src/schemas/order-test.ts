import { z } from 'zod';
import { MARKETPLACES, type MarketplaceCode } from '../constants/marketplaces.js';
import { dbId, dbInt } from './common.js';

/**
 * 生成测试订单 (issue 29 §1): orders a sandbox shop's simulated Amazon places for chosen
 * listings, paid at once, then read by the shop's order sync (docs/orders.md "Test orders").
 */

/** Most orders one 生成测试订单 makes. */
export const TEST_ORDER_MAX = 50;
/** Most listings one 生成测试订单 names. */
export const TEST_ORDER_MAX_LISTINGS = 20;

/** Seller-fulfilled (自发货) or fulfilled by Amazon (FBA). */
export const TEST_ORDER_CHANNELS = ['MFN', 'AFN'] as const;
export const TEST_ORDER_CHANNEL_LABELS: Readonly<Record<(typeof TEST_ORDER_CHANNELS)[number], string>> = {
  MFN: '自发货',
  AFN: '亚马逊配送(FBA)',
};

const shopId = dbId('店铺ID', 'integer');
const marketplaceCode = z
  .string({ error: '请选择站点' })
  .transform((s) => s.trim().toLowerCase())
  .refine((s): s is MarketplaceCode => MARKETPLACES.some((m) => m.code === s), { error: '站点不存在' });

/** `POST /order/test/listings`: the live listings of a sandbox shop that orders can be made for. */
export const testOrderListingsBody = z.strictObject({ shop_id: shopId });

/** A live listing of the sandbox shop. */
export const testOrderListing = z.object({
  marketplace: z.string(),
  sku: z.string(),
  asin: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  /** `follow`: a follow-sell offer of the console; `listing`: the shop's own listing. */
  source: z.enum(['follow', 'listing']),
});
export type TestOrderListing = z.infer<typeof testOrderListing>;
export const testOrderListingsData = z.object({ list: z.array(testOrderListing) });

/** `POST /order/test/create`: `count` orders, one listing each, spread over the chosen listings. */
export const testOrdersBody = z.strictObject({
  shop_id: shopId,
  listings: z
    .array(
      z.strictObject({
        marketplace: marketplaceCode,
        sku: z.string({ error: '请选择商品' }).trim().min(1, { error: '请选择商品' }).max(100, { error: 'SKU过长' }),
      }),
      { error: '请选择商品' },
    )
    .min(1, { error: '请选择商品' })
    .max(TEST_ORDER_MAX_LISTINGS, { error: `最多选择${TEST_ORDER_MAX_LISTINGS}个商品` }),
  count: dbInt('订单数量', 1, TEST_ORDER_MAX),
  channel: z.enum(TEST_ORDER_CHANNELS, { error: '配送方式不存在' }),
});
export type TestOrdersBody = z.infer<typeof testOrdersBody>;

/** The orders made and the sync job that reads them into the console. */
export const testOrdersData = z.object({ ids: z.array(z.string()), job_id: z.string() });
