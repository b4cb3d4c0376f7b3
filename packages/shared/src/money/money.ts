import { currencyDigits } from './currencies.js';

declare const minorBrand: unique symbol;

/**
 * An amount in integer minor units of its currency (fen, cents; whole yen for JPY). The brand
 * keeps a plain number (a major-unit input, a float) from being passed where an amount is
 * expected: amounts come from `minor()`, `parseMoney`, `convertMoney` or `sellingPrice`.
 */
export type Minor = number & { readonly [minorBrand]: 'Minor' };

/** Whether a value is a valid amount in minor units (a safe integer). */
export function isMinor(value: unknown): value is Minor {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Brands a stored amount; throws RangeError for anything but a safe integer (a programming error). */
export function minor(value: number): Minor {
  if (!isMinor(value)) throw new RangeError(`not an amount in minor units: ${value}`);
  return value;
}

/** The amount as a decimal text in major units with the currency's digits: 1999 USD -> "19.99", 1980 JPY -> "1980". */
export function toDecimalString(amount: Minor, currency: string): string {
  return unitsToText(amount, currencyDigits(currency));
}

/** An integer count of `10^-digits` units as decimal text with `digits` decimals: (150, 2) -> "1.50". */
export function unitsToText(units: number, digits: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = String(Math.abs(units));
  if (digits === 0) return `${sign}${abs}`;
  const padded = abs.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** The amount for display with its currency: "19.99 USD", "1980 JPY" (no grouping, as every screen shows it). */
export function formatMoney(amount: Minor, currency: string): string {
  return `${toDecimalString(amount, currency)} ${currency}`;
}

/** Result of reading a user's text: the amount, or a Chinese message saying what is wrong. */
export type ParseMoneyResult = { ok: true; value: Minor } | { ok: false; error: string };

/** Options of `parseMoney`. */
export interface ParseMoneyOptions {
  /** Accept a leading minus (default: refused, prices and costs are never negative). */
  allowNegative?: boolean;
  /**
   * Round digits beyond the currency's minor unit half away from zero instead of refusing them
   * (for numbers an input control already rounded, never for typed text).
   */
  round?: boolean;
}

/**
 * Major units as typed: an optional minus, the whole part as plain digits or grouped in threes
 * by `,` or `，` ("1,000", "12,345,678"), then an optional fraction after a point.
 */
const MONEY_TEXT = /^(-)?(\d+|[1-9]\d{0,2}(?:[,，]\d{3})+)(?:\.(\d*))?$/;
const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * A user's text in major units as exact minor units: "19.99" USD -> 1999, "1,299" JPY -> 1299.
 * The one parser of every amount a person types (issue 27 §5b). Surrounding blanks are ignored;
 * a comma (`,` or `，`) is read only as a correctly grouped thousands separator, so "10,50",
 * "1,0000" and "1,,000" are refused (金额格式不正确), never read as 1050, 10000 or 1000.
 * No float is involved.
 */
export function parseMoney(text: string, currency: string, options: ParseMoneyOptions = {}): ParseMoneyResult {
  const digits = currencyDigits(currency);
  return parseAmount(text, digits, options, digits === 0 ? `${currency}金额不能有小数` : `金额最多${digits}位小数`);
}

/**
 * A whole number of minor units as typed (a price band of "1,299" cents -> 1299): the same
 * grouping rule as `parseMoney` ("10,50" is 金额格式不正确), no fraction, never negative.
 */
export function parseMinorUnits(text: string): ParseMoneyResult {
  return parseAmount(text, 0, {}, '请输入整数(最小货币单位,如分)');
}

function parseAmount(
  text: string,
  digits: number,
  options: ParseMoneyOptions,
  fractionError: string,
): ParseMoneyResult {
  const t = text.trim();
  if (t === '') return { ok: false, error: '请输入金额' };
  const m = MONEY_TEXT.exec(t);
  if (!m) return { ok: false, error: '金额格式不正确' };
  const negative = m[1] === '-';
  if (negative && !options.allowNegative) return { ok: false, error: '金额不能为负数' };
  let frac = m[3] ?? '';
  let carry = 0n;
  if (frac.length > digits) {
    if (!options.round) return { ok: false, error: fractionError };
    carry = frac.charCodeAt(digits) >= '5'.charCodeAt(0) ? 1n : 0n;
    frac = frac.slice(0, digits);
  }
  const abs =
    BigInt(m[2]!.replace(/[,，]/g, '')) * 10n ** BigInt(digits) + BigInt(frac.padEnd(digits, '0') || '0') + carry;
  if (abs > MAX) return { ok: false, error: '金额过大' };
  const value = Number(abs);
  return { ok: true, value: (negative && value !== 0 ? -value : value) as Minor };
}

/**
 * A number from an input control in major units (antd InputNumber: 12.5 yuan) as minor units,
 * read through its shortest decimal text so no float arithmetic is done; extra digits round half
 * away from zero. Null for null, undefined, NaN, infinities and amounts too large.
 */
export function moneyFromNumber(value: number | null | undefined, currency: string): Minor | null {
  return unitsFromNumber(value, currencyDigits(currency));
}

/**
 * A number from an input control as an integer count of `10^-digits` units ((1.5, 2) -> 150), as
 * `moneyFromNumber` reads it for a currency of `digits` decimals.
 */
export function unitsFromNumber(value: number | null | undefined, digits: number): Minor | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  // Below 1e-6 JavaScript prints exponents; such a value is no amount in any currency's minor unit.
  if (Math.abs(value) < 1e-6) return 0 as Minor;
  const r = parseAmount(String(value), digits, { allowNegative: true, round: true }, '');
  return r.ok ? r.value : null;
}

/**
 * The amount in major units as a number for an input control (1250 fen -> 12.5): the decimal
 * text read back as a number, the closest double to the exact value, never computed.
 */
export function moneyToNumber(amount: Minor, currency: string): number {
  return Number(toDecimalString(amount, currency));
}
