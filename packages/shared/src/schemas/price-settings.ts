import { z } from 'zod';
import { CURRENCY_DIGITS, PRICE_COUNTRIES, PRICE_COUNTRY_CODES } from '../constants/goods.js';

/** How a computed price is rounded up (in the country's currency). */
export const ROUNDING_RULES = { none: '不取整', up99: '向上取整到.99', upInt: '向上取整到整数' } as const;
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
    .regex(/^\d{1,6}(\.\d{1,6})?$/, { error: '汇率格式不正确' })
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
    version: z.number().int().min(0),
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

const pow10 = (n: number) => 10n ** BigInt(n);

/** Parses a decimal string into an integer scaled by 10^6 (exact, no floats). */
function micro(decimal: string): bigint {
  const [i = '0', f = ''] = decimal.split('.');
  return BigInt(i) * 1_000_000n + BigInt(`${f}000000`.slice(0, 6));
}

/**
 * The selling price in the country's minor units: (cost + shipping) x (1 + margin%) / rate,
 * rounded as the setting says. Integer arithmetic throughout.
 */
export function computePrice(
  costFen: number,
  s: Pick<PriceCountrySetting, 'country_code' | 'exchange_rate' | 'margin' | 'shipping' | 'rounding'>,
): number {
  const currency = PRICE_COUNTRIES.find((c) => c.country_code === s.country_code)?.currency ?? 'USD';
  const digits = CURRENCY_DIGITS[currency] ?? 2;
  const marginBp = BigInt(Math.round(s.margin * 100));
  const num = BigInt(costFen + s.shipping) * (10_000n + marginBp) * 1_000_000n * pow10(digits);
  const den = 100n * 10_000n * micro(s.exchange_rate);
  let minor = (num + den / 2n) / den;
  const unit = pow10(digits);
  if (s.rounding === 'upInt') minor = ((minor + unit - 1n) / unit) * unit;
  if (s.rounding === 'up99') {
    const step = digits === 0 ? 100n : unit;
    minor = ((minor + 1n + step - 1n) / step) * step - 1n;
  }
  return Number(minor);
}
