import { z } from 'zod';
import { currencyDigits } from './currencies.js';
import { type Minor, minor } from './money.js';

/** A rate text: CNY per one unit of a currency, up to 6 integer and 6 decimal digits ("7.1226"). */
export const RATE_TEXT = /^\d{1,6}(\.\d{1,6})?$/;

/** Scale of a parsed rate: rates are held as integers of millionths. */
const RATE_SCALE = 1_000_000n;

/**
 * A rate text as an exact integer of millionths ("7.1226" -> 7122600n). Throws RangeError for a
 * text that is not a positive rate (callers validate user input with `RATE_TEXT` first).
 */
export function rateMicros(rate: string): bigint {
  const t = rate.trim();
  if (!RATE_TEXT.test(t)) throw new RangeError(`not an exchange rate: ${rate}`);
  const [i = '0', f = ''] = t.split('.');
  const micros = BigInt(i) * RATE_SCALE + BigInt(`${f}000000`.slice(0, 6));
  if (micros <= 0n) throw new RangeError(`exchange rate must be positive: ${rate}`);
  return micros;
}

/**
 * Exchange rates are configuration with a date (`spec/DECISIONS.md`): CNY per one unit of each
 * currency as decimal texts, valid as of `as_of` (YYYY-MM-DD). The yuan itself is always 1.
 */
export const exchangeRatesSchema = z.object({
  as_of: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '汇率日期格式应为YYYY-MM-DD' }),
  rates: z.record(
    z.string().regex(/^[A-Z]{3}$/, { error: '币种代码不正确' }),
    z
      .string()
      .regex(RATE_TEXT, { error: '汇率格式不正确' })
      .refine((r) => /[1-9]/.test(r), { error: '汇率必须大于0' }),
  ),
});
/** Dated exchange rates (see `exchangeRatesSchema`). */
export type ExchangeRates = z.infer<typeof exchangeRatesSchema>;

/** CNY per unit of a currency in millionths; throws when the rates do not name the currency. */
function cnyPerUnit(currency: string, rates: ExchangeRates): bigint {
  if (currency === 'CNY') return RATE_SCALE;
  const rate = rates.rates[currency];
  if (rate === undefined) throw new RangeError(`缺少${currency}的汇率(汇率日期 ${rates.as_of})`);
  return rateMicros(rate);
}

/** Integer division rounding half away from zero (the rounding of every conversion). */
export function divRoundHalfAway(num: bigint, den: bigint): bigint {
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

/**
 * Converts an amount between currencies through the yuan with the given dated rates:
 * amount x (CNY per unit of `from`) / (CNY per unit of `to`), exact in integers and rounded
 * once, half away from zero, to the minor unit of `to`. Same currency: unchanged.
 */
export function convertMoney(amount: Minor, from: string, to: string, rates: ExchangeRates): Minor {
  if (from === to) return amount;
  const num = BigInt(amount) * cnyPerUnit(from, rates) * 10n ** BigInt(currencyDigits(to));
  const den = 10n ** BigInt(currencyDigits(from)) * cnyPerUnit(to, rates);
  return minor(Number(divRoundHalfAway(num, den)));
}

/** Default exchange rates older than this many days are flagged where prices are computed. */
export const RATES_STALE_DAYS = 30;

/** Whole days from the rates' date (`YYYY-MM-DD`, a UTC calendar day) to `now`; NaN for a bad date. */
export function ratesAgeDays(asOf: string, now: Date = new Date()): number {
  const day = Date.parse(`${asOf}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(day)) return Number.NaN;
  return Math.floor((now.getTime() - day) / 86_400_000);
}

/** True when default rates dated `asOf` are older than RATES_STALE_DAYS at `now` (or undated). */
export function ratesStale(asOf: string, now: Date = new Date()): boolean {
  const age = ratesAgeDays(asOf, now);
  return Number.isNaN(age) || age > RATES_STALE_DAYS;
}
