import { currencyDigits } from './currencies.js';
import { divRoundHalfAway, rateMicros } from './exchange.js';
import { type Minor, minor } from './money.js';

/** How a computed selling price is rounded up after conversion (labels in the price settings). */
export type PriceRounding = 'none' | 'up99' | 'upInt';

/** The inputs of a selling price (one country of the user's price settings). */
export interface SellingPriceInput {
  /** The marketplace currency the price is in. */
  currency: string;
  /** CNY per one unit of `currency` as a decimal text ("7.1226"). */
  rate: string;
  /** Margin in percent (30 = 30 %); hundredths of a percent count, finer digits are rounded. */
  marginPercent: number;
  /** Shipping cost in fen. */
  shippingFen: number;
  rounding: PriceRounding;
}

/**
 * The selling price in the currency's minor units: (cost + shipping) x (1 + margin %) / rate.
 * Integer arithmetic throughout: the exact quotient is rounded once, half away from zero, to
 * the minor unit; then `upInt` rounds up to a whole unit and `up99` up to the next amount
 * ending in .99 (for a currency without minor units, the next amount ending in 99: 1790 ->
 * 1799 yen); an amount already ending so stays.
 */
export function sellingPrice(costFen: number, input: SellingPriceInput): Minor {
  const digits = currencyDigits(input.currency);
  const unit = 10n ** BigInt(digits);
  const marginBasisPoints = BigInt(Math.round(input.marginPercent * 100));
  const num = BigInt(minor(costFen) + minor(input.shippingFen)) * (10_000n + marginBasisPoints) * 1_000_000n * unit;
  const den = 100n * 10_000n * rateMicros(input.rate);
  let price = divRoundHalfAway(num, den);
  if (input.rounding === 'upInt') price = ((price + unit - 1n) / unit) * unit;
  if (input.rounding === 'up99') {
    const step = digits === 0 ? 100n : unit;
    price = ((price + step) / step) * step - 1n;
  }
  return minor(Number(price));
}
