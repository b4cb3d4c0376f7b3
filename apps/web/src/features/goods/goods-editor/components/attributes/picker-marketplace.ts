import { countryName, PRODUCT_TYPE_MARKETPLACES } from '@console/shared/constants/marketplaces';

/** Where the product type picker's list is opened without a choice and without shops (Amazon.com). */
export const FALLBACK_MARKETPLACE = 'us';

/**
 * The marketplace the product type picker shows (issue 28 §4): the one the seller just picked,
 * else the product's template's, else the first marketplace of the tenant's shops (authorized
 * shops first, in binding order, as getCategoryTemp's `shopMarketplaces` lists them), else
 * Amazon.com. Undefined while the shops are not known yet (nothing to show for a moment rather
 * than a list of the wrong country).
 */
export function pickerMarketplace(p: {
  picked: string | null;
  template: { marketplace: string } | null | undefined;
  shopMarketplaces: readonly string[] | undefined;
}): string | undefined {
  if (p.picked) return p.picked;
  if (p.template?.marketplace) return p.template.marketplace;
  if (!p.shopMarketplaces) return undefined;
  const own = p.shopMarketplaces.find((m) => (PRODUCT_TYPE_MARKETPLACES as readonly string[]).includes(m));
  return own ?? FALLBACK_MARKETPLACE;
}

/** The picker's marketplaces: those of the tenant's shops first (marked 有店铺), then the others. */
export function pickerMarketplaceOptions(shopMarketplaces: readonly string[] | undefined) {
  const shops = new Set(shopMarketplaces ?? []);
  const codes = [...PRODUCT_TYPE_MARKETPLACES].sort((a, b) => Number(shops.has(b)) - Number(shops.has(a)));
  return codes.map((code) => ({
    value: code,
    label: shops.has(code) ? `${countryName(code)}(有店铺)` : countryName(code),
  }));
}
