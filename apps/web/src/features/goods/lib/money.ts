import { priceCountryCurrency } from '@console/shared/constants/marketplaces';
import { currencyDigits as shared } from '@console/shared/money/currencies';
import {
  formatMoney as formatAmount,
  isMinor,
  minor,
  moneyFromNumber,
  moneyToNumber,
  parseMoney,
  toDecimalString,
} from '@console/shared/money/money';

/**
 * The editor's bindings of the shared money module to its inputs: price texts per country
 * (digits of the country's currency), cost and shipping in yuan for antd number inputs, and
 * list cells. No arithmetic here: every conversion is the shared module's exact one.
 */

/**
 * The helpers below take a currency's digits (callers have them from `countryDigits`); every
 * currency has 0 (JPY) or 2 digits, so a currency of that many digits stands for them.
 */
const currencyWith = (digits: number) => (digits === 0 ? 'JPY' : 'CNY');

/** Digits of a price country's currency (JPY 0, others 2). */
export function countryDigits(countryCode: string): number {
  return shared(priceCountryCurrency(countryCode));
}

/** Minor units as a major-unit string with the currency's digits: 1999, 2 -> "19.99"; null -> "". */
export function minorToMajor(amount: number | null | undefined, digits: number): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return toDecimalString(minor(Math.trunc(amount)), currencyWith(digits));
}

/**
 * A major-unit text as integer minor units without float error ("19.99", 2 -> 1999).
 * Empty -> null; not a number or too many decimals -> NaN (the caller shows an error).
 */
export function majorToMinor(text: string, digits: number): number | null {
  if (text.trim() === '') return null;
  const r = parseMoney(text, currencyWith(digits));
  return r.ok ? r.value : Number.NaN;
}

/** Yuan (number from an input) to fen, exactly: 12.5 -> 1250; empty -> 0. */
export function yuanToFen(yuan: number | null | undefined): number {
  return moneyFromNumber(yuan, 'CNY') ?? 0;
}

/** Fen to yuan for an input: 1250 -> 12.5. */
export function fenToYuan(fen: number | null | undefined): number {
  return isMinor(fen) ? moneyToNumber(fen, 'CNY') : 0;
}

/** Fen as a yuan text with two decimals: 1250 -> "12.50"; missing -> "0.00". */
export function fenText(fen: number | null | undefined): string {
  return toDecimalString(isMinor(fen) ? fen : minor(0), 'CNY');
}

/** A price cell of the list: minor units with the currency code, "-" when missing. */
export function formatMoney(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || !isMinor(amount)) return '-';
  return formatAmount(amount, currency);
}
