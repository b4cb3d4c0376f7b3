import type { MarketplaceCurrency } from '../constants/marketplaces.js';

/** A currency the console handles: every marketplace currency and the yuan (costs, fees). */
export type CurrencyCode = MarketplaceCurrency | 'CNY';

/** One currency: digits of its minor unit (ISO 4217 exponent) and its Chinese name. */
export interface CurrencyInfo {
  /** Digits after the decimal point: 2 for cents and fen, 0 for the yen. */
  digits: number;
  /** Chinese name. */
  name: string;
}

/**
 * Every currency with its minor-unit digits (ISO 4217). Amounts are stored as integer minor
 * units of these digits: 1999 USD is $19.99, 1980 JPY is ¥1980.
 */
export const CURRENCIES: Readonly<Record<CurrencyCode, CurrencyInfo>> = {
  CNY: { digits: 2, name: '人民币' },
  USD: { digits: 2, name: '美元' },
  CAD: { digits: 2, name: '加元' },
  MXN: { digits: 2, name: '墨西哥比索' },
  BRL: { digits: 2, name: '巴西雷亚尔' },
  GBP: { digits: 2, name: '英镑' },
  EUR: { digits: 2, name: '欧元' },
  SEK: { digits: 2, name: '瑞典克朗' },
  PLN: { digits: 2, name: '波兰兹罗提' },
  TRY: { digits: 2, name: '土耳其里拉' },
  AED: { digits: 2, name: '阿联酋迪拉姆' },
  SAR: { digits: 2, name: '沙特里亚尔' },
  EGP: { digits: 2, name: '埃及镑' },
  INR: { digits: 2, name: '印度卢比' },
  JPY: { digits: 0, name: '日元' },
  AUD: { digits: 2, name: '澳元' },
};

/** Whether a text is a currency code of the table. */
export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCIES, code);
}

/** Minor-unit digits of a currency; 2 for a code outside the table (as every listed currency but the yen). */
export function currencyDigits(currency: string): number {
  return isCurrencyCode(currency) ? CURRENCIES[currency].digits : 2;
}
