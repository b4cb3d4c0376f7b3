import { CURRENCY_DIGITS, PRICE_COUNTRIES } from '@console/shared';

/** Digits of a price country's currency (JPY 0, others 2). */
export function countryDigits(countryCode: string): number {
  const currency = PRICE_COUNTRIES.find((c) => c.country_code === countryCode)?.currency ?? 'USD';
  return CURRENCY_DIGITS[currency] ?? 2;
}

/** Minor units as a major-unit string with the currency's digits: 1999, 2 -> "19.99"; null -> "". */
export function minorToMajor(minor: number | null | undefined, digits: number): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '';
  const neg = minor < 0;
  const abs = Math.abs(Math.trunc(minor));
  if (digits === 0) return `${neg ? '-' : ''}${abs}`;
  const s = String(abs).padStart(digits + 1, '0');
  return `${neg ? '-' : ''}${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/**
 * A major-unit text as integer minor units without float error ("19.99", 2 -> 1999).
 * Empty -> null; not a number or too many decimals -> NaN (the caller shows an error).
 */
export function majorToMinor(text: string, digits: number): number | null {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return null;
  const m = /^(\d+)(?:\.(\d*))?$/.exec(t);
  if (!m) return Number.NaN;
  const frac = m[2] ?? '';
  if (frac.length > digits) return Number.NaN;
  return Number(m[1]) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
}

/** Yuan (number from an input) to fen, integers only: 12.5 -> 1250. */
export function yuanToFen(yuan: number | null | undefined): number {
  if (yuan === null || yuan === undefined || !Number.isFinite(yuan)) return 0;
  return Math.round(yuan * 100);
}

/** Fen to yuan for an input: 1250 -> 12.5. */
export function fenToYuan(fen: number | null | undefined): number {
  return (fen ?? 0) / 100;
}

/** A price cell of the list: minor units with the currency code, "-" when missing. */
export function formatMoney(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '-';
  return `${minorToMajor(minor, CURRENCY_DIGITS[currency] ?? 2)} ${currency}`;
}
