import { PRICE_COUNTRIES } from '@console/shared/constants/marketplaces';
import type { GoodsListRow } from '@console/shared/schemas/goods';
import { formatMoney } from '../lib/money';

/** The row's set prices in the editor's country order, as `国家 金额 币种`. */
export function priceLines(prices: GoodsListRow['prices']): string[] {
  return PRICE_COUNTRIES.filter((c) => prices[c.country_code]?.price != null).map((c) => {
    const p = prices[c.country_code];
    return `${c.country} ${formatMoney(p?.price, p?.currency ?? c.currency)}`;
  });
}
