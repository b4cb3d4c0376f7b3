import { CURRENCIES, type CurrencyCode, currencyDigits } from './currencies.js';
import { type Minor, minor, unitsFromNumber, unitsToText } from './money.js';

/**
 * An amount that applies in every marketplace's own currency (the follow price rule's 降价金额,
 * docs/follow.md): one number for the UK's pounds and Japan's yen, kept as an integer count of
 * hundredths of a major unit (1.50 -> 150). In a currency with two minor digits it is that many
 * minor units (150 pence); in a currency with fewer digits (JPY: none) it is rounded UP to the
 * currency's minor unit (1.50 -> 2 yen, 0.01 -> 1 yen), so a positive amount never becomes zero.
 */
export const MARKET_AMOUNT_DIGITS = 2;

/** The largest market amount (hundredths): 100000.00. */
export const MARKET_AMOUNT_MAX = 10_000_000;

/** A market amount (hundredths of a major unit) in the minor units of `currency` (rounded up). */
export function marketAmountIn(hundredths: number, currency: string): Minor {
  const digits = currencyDigits(currency);
  const h = BigInt(minor(hundredths));
  if (digits >= MARKET_AMOUNT_DIGITS) return minor(Number(h * 10n ** BigInt(digits - MARKET_AMOUNT_DIGITS)));
  const step = 10n ** BigInt(MARKET_AMOUNT_DIGITS - digits);
  // Up, away from zero (amounts are never negative here, but a negative one mirrors).
  const abs = h < 0n ? -h : h;
  const up = (abs + step - 1n) / step;
  return minor(Number(h < 0n ? -up : up));
}

/** A market amount as the number an input control shows (150 -> 1.5). */
export function marketAmountToNumber(hundredths: number): number {
  return Number(unitsToText(minor(hundredths), MARKET_AMOUNT_DIGITS));
}

/** A number typed in an input control as a market amount (1.5 -> 150; extra digits round half away from zero). */
export function marketAmountFromNumber(value: number | null | undefined): number | null {
  return unitsFromNumber(value, MARKET_AMOUNT_DIGITS);
}

/** The currencies a market amount is rounded in (fewer minor digits than the amount: JPY). */
export function roundedMarketCurrencies(): CurrencyCode[] {
  return (Object.keys(CURRENCIES) as CurrencyCode[]).filter((c) => CURRENCIES[c].digits < MARKET_AMOUNT_DIGITS);
}
