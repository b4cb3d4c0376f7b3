import { marketAmountFromNumber, marketAmountIn, marketAmountToNumber, toDecimalString } from '@console/shared/money';

/**
 * Units of the follow price rule on screen (issue 29 §4): the API keeps integers (the amount as
 * a market amount, hundredths of each marketplace currency's major unit; percents and margins in
 * basis points), people type an amount with two decimals and percents. Every conversion of the
 * screens goes through these functions; the amounts through the shared money module.
 */

/** The rule's amount (hundredths) as the number the input shows (199 -> 1.99). */
export function ruleAmountToNumber(hundredths: number): number {
  return marketAmountToNumber(hundredths);
}

/** An amount as typed (two decimals at most) as the rule's amount (1.99 -> 199; half away from zero). */
export function ruleAmountFromNumber(amount: number): number {
  return marketAmountFromNumber(amount) ?? 0;
}

/** What the rule's amount cuts in one currency, with the code: (150, 'JPY') -> "2 JPY", (150, 'GBP') -> "1.50 GBP". */
export function ruleAmountIn(hundredths: number, currency: string): string {
  return `${toDecimalString(marketAmountIn(hundredths, currency), currency)} ${currency}`;
}

/** Basis points (‱) as a percent (1250 -> 12.5). */
export function bpToPercent(bp: number): number {
  return bp / 100;
}

/** A percent as typed (two decimals at most) in basis points (12.5 -> 1250; rounded to the nearest ‱). */
export function percentToBp(percent: number): number {
  return Math.round(Number((percent * 100).toFixed(6)));
}
