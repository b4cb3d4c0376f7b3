import { formatMoney, minor, moneyToNumber } from '@console/shared/money';
import { formatDate } from '../../../lib/format';

/** CNY fen for display; '-' where a currency had no rate. */
export const cny = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? '-' : formatMoney(minor(fen), 'CNY');

/** Sums per currency for display. */
export const perCurrency = (sales: { currency: string; minor: number }[]) =>
  sales.length ? sales.map((s) => formatMoney(minor(s.minor), s.currency)).join(' + ') : '-';

/** CNY fen as yuan for a chart (display only: the exact amounts are the tables'). */
export const chartYuan = (fen: number | null) => (fen === null ? null : moneyToNumber(minor(fen), 'CNY'));

/** A date on the tenant's calendar of unix seconds. */
export const dateOf = (s: number | null) => (s === null ? '-' : formatDate(s));
