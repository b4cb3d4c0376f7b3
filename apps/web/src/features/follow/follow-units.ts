import { minor, moneyFromNumber, moneyToNumber } from '@console/shared/money';

/**
 * Units of the follow price rule on screen (issue 29 §4): the API keeps integers (an amount in
 * the marketplace's minor units, percents and margins in basis points), people type an amount
 * with two decimals and percents. Every conversion of the screens goes through these two pairs.
 */

/** The rule's amounts have two decimals whatever the marketplace (read as a two-decimal currency). */
const TWO_DECIMALS = 'CNY';

/** Minor units (e.g. cents) as an amount with two decimals (199 -> 1.99). */
export function minorToAmount(units: number): number {
  return moneyToNumber(minor(units), TWO_DECIMALS);
}

/** An amount as typed (two decimals at most) in minor units (1.99 -> 199; half away from zero). */
export function amountToMinor(amount: number): number {
  return moneyFromNumber(amount, TWO_DECIMALS) ?? 0;
}

/** Basis points (‱) as a percent (1250 -> 12.5). */
export function bpToPercent(bp: number): number {
  return bp / 100;
}

/** A percent as typed (two decimals at most) in basis points (12.5 -> 1250; rounded to the nearest ‱). */
export function percentToBp(percent: number): number {
  return Math.round(Number((percent * 100).toFixed(6)));
}
