import {
  minor,
  moneyFromNumber,
  moneyToNumber,
  parseMinorUnits,
  parseMoney,
  toDecimalString,
} from '@console/shared/money';

/**
 * The web side of the one money parser (issue 27 §5b): an amount a person types is read by the
 * shared `parseMoney` (a comma only as a correctly grouped thousands separator), never by
 * `Number()` or antd InputNumber's default parser, which drop every comma ("10,50" -> 1050).
 */

/** The message of typed text that is no amount. */
export const MONEY_FORMAT_MSG = '金额格式不正确';

/**
 * Typed text as a major-unit number for a form value: null when blank, NaN when it is no amount
 * of the currency (the form's `moneyInputRule` then refuses it), else the exact amount (12.5).
 */
export function readMoneyInput(text: string, currency = 'CNY', allowNegative = false): number {
  const r = parseMoney(text, currency, { allowNegative });
  return r.ok ? moneyToNumber(r.value, currency) : Number.NaN;
}

/** Why typed text is no amount (the shared parser's message), or null when it is one or blank. */
export function moneyInputError(text: string, currency = 'CNY', allowNegative = false): string | null {
  if (text.trim() === '') return null;
  const r = parseMoney(text, currency, { allowNegative });
  return r.ok ? null : r.error;
}

/** Typed text as whole minor units (a price band in cents): null when blank, NaN when it is no such number. */
export function readMinorUnitsInput(text: string): number {
  const r = parseMinorUnits(text);
  return r.ok ? r.value : Number.NaN;
}

/** Why typed text is no whole number of minor units (the shared parser's message), or null. */
export function minorUnitsInputError(text: string): string | null {
  if (text.trim() === '') return null;
  const r = parseMinorUnits(text);
  return r.ok ? null : r.error;
}

/** A form value (major units) as the text an input shows: 12.5 -> "12.50"; null, undefined, NaN -> "". */
export function moneyInputText(value: number | null | undefined, currency = 'CNY'): string {
  const amount = moneyFromNumber(value, currency);
  return amount === null ? '' : toDecimalString(minor(amount), currency);
}

/** An antd form rule for a `MoneyInput`'s value: NaN (text that is no amount) is 金额格式不正确. */
export const moneyInputRule = {
  validator: async (_: unknown, v: number | null | undefined) => {
    if (typeof v === 'number' && Number.isNaN(v)) throw new Error(MONEY_FORMAT_MSG);
  },
};

/**
 * An antd form rule for an amount kept as typed text (sent to the API as text, e.g. a manual
 * order's 金额): the shared parser's message when the text is no amount; blank passes (a
 * required field says so with its own rule).
 */
export const moneyTextRule = (currency = 'CNY') => ({
  validator: async (_: unknown, v: string | undefined) => {
    const error = v ? moneyInputError(v, currency) : null;
    if (error) throw new Error(error);
  },
});
