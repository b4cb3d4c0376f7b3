import { z } from 'zod';
import { PRICE_COUNTRY_CODES, priceCountryCurrency } from '../constants/marketplaces.js';
import { type Minor, type PriceRounding, RATE_TEXT, sellingPrice } from '../money/index.js';
import { DB_INT_MAX } from './common.js';

/** How a computed price is rounded up (in the country's currency). */
export const ROUNDING_RULES = {
  none: '不取整',
  up99: '向上取整到.99',
  upInt: '向上取整到整数',
} as const satisfies Record<PriceRounding, string>;
export type RoundingRule = keyof typeof ROUNDING_RULES;

/**
 * One country of the user's price settings. `exchange_rate` is CNY per one unit of the
 * country's currency as a decimal string (e.g. "7.1023"), `margin` a percentage, `shipping`
 * the shipping cost in fen.
 */
export const priceCountrySetting = z.strictObject({
  country_code: z.enum(PRICE_COUNTRY_CODES as [string, ...string[]], { error: '国家不合法' }),
  exchange_rate: z
    .string()
    .regex(RATE_TEXT, { error: '汇率格式不正确' })
    .refine((v) => Number(v) > 0, {
      error: '汇率必须大于0',
    }),
  margin: z.coerce.number({ error: '利润率必须为数字' }).min(0, { error: '利润率不能小于0' }).max(1000),
  shipping: z.coerce.number({ error: '运费必须为数字' }).int().min(0).max(100_000_000),
  rounding: z.enum(Object.keys(ROUNDING_RULES) as [RoundingRule, ...RoundingRule[]], { error: '取整方式不合法' }),
});
export type PriceCountrySetting = z.infer<typeof priceCountrySetting>;

/** POST /amazon-user/savePriceInfo. */
export const savePriceInfoBody = z
  .strictObject({
    price_country: z.array(priceCountrySetting).min(1).max(PRICE_COUNTRY_CODES.length),
    quantityRange: z.tuple([z.number().int().min(0).max(1_000_000), z.number().int().min(0).max(1_000_000)]),
    version: z.number().int().min(0).max(DB_INT_MAX, { error: '版本号不合法' }),
  })
  .refine((b) => b.quantityRange[0] <= b.quantityRange[1], { error: '库存范围不正确', path: ['quantityRange'] });

/** What priceInfoData answers. */
export const priceInfo = z.object({
  price_country: z.array(
    z.object({
      country_code: z.string(),
      exchange_rate: z.string(),
      margin: z.number(),
      shipping: z.number().int(),
      rounding: z.enum(Object.keys(ROUNDING_RULES) as [RoundingRule, ...RoundingRule[]]),
      country: z.string(),
      currency: z.string(),
      /** True when the rate is still the shipped default (dated `rates_as_of`), not one the user set. */
      default_rate: z.boolean(),
    }),
  ),
  quantityRange: z.tuple([z.number().int(), z.number().int()]),
  /** Date of the default exchange rates. */
  rates_as_of: z.string(),
  version: z.number().int(),
});
export type PriceInfo = z.infer<typeof priceInfo>;
/** POST savePriceInfo: the new version. */
export const savePriceInfoData = z.object({ version: z.number().int() });

/**
 * The selling price of a country in its currency's minor units, from a cost in fen and the
 * user's setting for the country: the money module's `sellingPrice` (integer arithmetic,
 * rounding rules stated there).
 */
export function computePrice(
  costFen: number,
  s: Pick<PriceCountrySetting, 'country_code' | 'exchange_rate' | 'margin' | 'shipping' | 'rounding'>,
): Minor {
  return sellingPrice(costFen, {
    currency: priceCountryCurrency(s.country_code),
    rate: s.exchange_rate,
    marginPercent: s.margin,
    shippingFen: s.shipping,
    rounding: s.rounding,
  });
}
