import { convertMoney, type ExchangeRates, type Minor, minor } from '../money/index.js';

/**
 * The 27 member states of the European Union by ISO 3166-1 alpha-2 code (spec section 9:
 * "EU country codes: 27 listed"). Greece is GR in ISO and EL in EU VAT texts; both are accepted.
 */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

/** The IOSS ceiling: intrinsic value at most EUR 150.00, in euro cents (spec section 9, DECISIONS "IOSS"). */
export const IOSS_THRESHOLD_EUR_CENTS = minor(15000);

/** The IOSS number format: IM, three digits of the member state of identification, seven digits. */
export const IOSS_NUMBER = /^IM\d{10}$/;

/** Whether an ISO country code (any case; EL for Greece too) is a member state of the EU. */
export function isEuCountry(country: string): boolean {
  const c = country.trim().toUpperCase();
  return c === 'EL' || (EU_COUNTRIES as readonly string[]).includes(c);
}

/** What the declaration needs to know. */
export interface IossInput {
  /** Destination country, ISO 3166-1 alpha-2 (the order's ship_country, e.g. "DE"). */
  country: string;
  /** Intrinsic value of the consignment (goods only, no transport or insurance) in minor units of `currency`. */
  value: Minor;
  /** Currency of `value` ("EUR", "USD", "GBP", "SEK", ...). */
  currency: string;
  /** Dated exchange rates (CNY per unit, `@console/shared/money`) valid for the declaration. */
  rates: ExchangeRates;
  /** The operator's IOSS number, or null when none is configured. */
  iossNumber: string | null;
}

/** Why the IOSS number goes on the declaration or not. */
export type IossReason = 'applies' | 'not_eu' | 'over_threshold' | 'no_number';

/** The decision for one declaration. */
export interface IossDecision {
  /** True when the operator's IOSS number goes on the declaration. */
  applies: boolean;
  /** The number to print (only when `applies`). */
  iossNumber: string | null;
  reason: IossReason;
  /** The intrinsic value in euro cents as converted (null when the destination is outside the EU). */
  valueEurCents: Minor | null;
  /** Date of the rates used. */
  ratesAsOf: string;
}

/** Chinese texts of the reasons (declaration preview, settings screen). */
export const IOSS_REASON_TEXT: Record<IossReason, string> = {
  applies: '适用IOSS:欧盟目的国且货值不超过150欧元',
  not_eu: '不适用IOSS:目的国不在欧盟',
  over_threshold: '不适用IOSS:货值超过150欧元',
  no_number: '应适用IOSS,但平台尚未设置IOSS编号',
};

/**
 * IOSS per DECISIONS (a correction of the specification, whose check was true on both sides
 * of the threshold): a consignment to an EU member state whose intrinsic value, converted
 * to euros with the given dated rates, is at most EUR 150.00 carries the operator's IOSS
 * number; above 150 it does not (import VAT is then paid at import). The value is converted
 * with `convertMoney` (exact integers, rounded once half away from zero to the euro cent)
 * and compared in cents: 150.00 applies, 150.01 does not. Throws RangeError when the rates
 * lack the currency (a configuration fault, never a silent guess).
 */
export function iossDecision(input: IossInput): IossDecision {
  const ratesAsOf = input.rates.as_of;
  if (!isEuCountry(input.country)) {
    return { applies: false, iossNumber: null, reason: 'not_eu', valueEurCents: null, ratesAsOf };
  }
  const eur = convertMoney(input.value, input.currency.toUpperCase(), 'EUR', input.rates);
  if (eur > IOSS_THRESHOLD_EUR_CENTS) {
    return { applies: false, iossNumber: null, reason: 'over_threshold', valueEurCents: eur, ratesAsOf };
  }
  if (!input.iossNumber) {
    return { applies: false, iossNumber: null, reason: 'no_number', valueEurCents: eur, ratesAsOf };
  }
  return { applies: true, iossNumber: input.iossNumber, reason: 'applies', valueEurCents: eur, ratesAsOf };
}
