/**
 * Units of the follow price rule on screen (issue 29 §4): the API keeps integers (an amount in
 * the marketplace's minor units, percents and margins in basis points), people type an amount
 * with two decimals and percents. Every conversion of the screens goes through these two pairs.
 */

/** Minor units (e.g. cents) as an amount with two decimals (199 -> 1.99). */
export function minorToAmount(minor: number): number {
  return minor / 100;
}

/** An amount as typed (two decimals at most) in minor units (1.99 -> 199; rounded to the nearest unit). */
export function amountToMinor(amount: number): number {
  return Math.round(Number((amount * 100).toFixed(6)));
}

/** Basis points (‱) as a percent (1250 -> 12.5). */
export function bpToPercent(bp: number): number {
  return bp / 100;
}

/** A percent as typed (two decimals at most) in basis points (12.5 -> 1250; rounded to the nearest ‱). */
export function percentToBp(percent: number): number {
  return Math.round(Number((percent * 100).toFixed(6)));
}
