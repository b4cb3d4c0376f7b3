import { marketAmountIn, moneyFromNumber } from '@console/shared/money';
import type { GetOffersResult, RestrictionList } from '../../marketplace/pricing.types.js';
import type { CatalogItem } from '../../marketplace/sp-api.types.js';

/** What the console keeps of an ASIN's offers (getItemOffers' summary and offers). */
export interface OfferSummary {
  offerCount: number;
  fbaOffers: number;
  fbmOffers: number;
  /** Buy Box landed price in minor units, null when nobody holds it. */
  buyboxPrice: number | null;
  buyboxSeller: string;
  /** Amazon itself sells (its seller id is the marketplace id, as on Amazon's own offers). */
  amazonSells: boolean;
  /** Whether the asking seller holds the Buy Box. */
  mine: boolean;
  offers: {
    sellerId: string;
    price: number;
    shipping: number;
    fba: boolean;
    buybox: boolean;
    mine: boolean;
  }[];
}

/** Reads getItemOffers' payload into minor units (the currency of the marketplace). */
export function summarizeOffers(r: GetOffersResult, currency: string): OfferSummary {
  const m = (a: number | undefined) => moneyFromNumber(a ?? 0, currency) ?? 0;
  const offers = r.Offers.map((o) => ({
    sellerId: o.SellerId ?? '',
    price: m(o.ListingPrice.Amount),
    shipping: m(o.Shipping.Amount),
    fba: o.IsFulfilledByAmazon,
    buybox: o.IsBuyBoxWinner === true,
    mine: o.MyOffer === true,
  }));
  const count = (ch: 'Amazon' | 'Merchant') =>
    (r.Summary.NumberOfOffers ?? [])
      .filter((n) => n.fulfillmentChannel === ch)
      .reduce((s, n) => s + (n.OfferCount ?? 0), 0);
  const bb = r.Summary.BuyBoxPrices?.[0];
  const winner = offers.find((o) => o.buybox);
  return {
    offerCount: r.Summary.TotalOfferCount,
    fbaOffers: count('Amazon'),
    fbmOffers: count('Merchant'),
    buyboxPrice: bb ? m(bb.LandedPrice.Amount) : null,
    buyboxSeller: bb?.sellerId ?? winner?.sellerId ?? '',
    amazonSells: offers.some((o) => o.sellerId === r.marketplaceId),
    mine: winner?.mine === true,
    offers,
  };
}

/** Title, brand, image and product type of a catalog item in one marketplace. */
export function catalogFacts(item: CatalogItem, marketplaceId: string) {
  const summary = item.summaries?.find((s) => s.marketplaceId === marketplaceId) ?? item.summaries?.[0];
  const images = item.images?.find((s) => s.marketplaceId === marketplaceId)?.images ?? [];
  const type = item.productTypes?.find((p) => p.marketplaceId === marketplaceId) ?? item.productTypes?.[0];
  return {
    title: summary?.itemName ?? '',
    brand: summary?.brand ?? '',
    image: (images.find((i) => i.variant === 'MAIN') ?? images[0])?.link ?? '',
    productType: type?.productType ?? '',
  };
}

/** The item's browse classification (category) in one marketplace: the first one Amazon lists. */
export function catalogCategory(item: CatalogItem, marketplaceId: string): { id: string; name: string } {
  const all = item.classifications as
    | { marketplaceId?: string; classifications?: { displayName?: string; classificationId?: string }[] }[]
    | undefined;
  const first = all?.find((c) => c.marketplaceId === marketplaceId)?.classifications?.[0];
  return { id: first?.classificationId ?? '', name: first?.displayName ?? '' };
}

/** The first restriction reason of a marketplace: its code and message, or `none`. */
export function restrictionOf(r: RestrictionList, marketplaceId: string) {
  const reason = r.restrictions.find((x) => x.marketplaceId === marketplaceId)?.reasons?.[0];
  return { code: reason?.reasonCode ?? (reason ? 'NOT_ELIGIBLE' : 'none'), message: reason?.message ?? '' };
}

/**
 * Risk flags of a candidate (§1): its brand is on the tenant's sensitive-word list, the brand
 * is gated (Amazon asks approval naming the brand: the nearest signal of a registered brand
 * SP-API gives about another seller's brand), too few sellers (one seller is usually the
 * brand owner), Amazon itself sells, or the shop may not list it.
 */
export function riskFlags(p: {
  brand: string;
  sensitive: string[];
  restriction: { code: string; message: string };
  offerCount: number;
  amazonSells: boolean;
}): string[] {
  const flags: string[] = [];
  const brand = p.brand.toLowerCase();
  if (brand && p.sensitive.some((w) => w && (brand === w || brand.includes(w)))) flags.push('sensitive_brand');
  if (p.restriction.code === 'APPROVAL_REQUIRED' && brand && p.restriction.message.toLowerCase().includes(brand))
    flags.push('registered_brand');
  if (p.offerCount < 2) flags.push('few_sellers');
  if (p.amazonSells) flags.push('amazon_sells');
  if (p.restriction.code !== 'none') flags.push('restricted');
  return flags;
}

/** The tenant's follow price rule (defaults: 0.01 below the Buy Box, i.e. one minor unit, no margin). */
export interface PriceRule {
  mode: 'amount' | 'percent';
  /**
   * For `amount`: hundredths of a major unit of each marketplace's own currency (a market
   * amount: 150 is 1.50 GBP, and 2 JPY rounded up, see `marketAmountIn`); for `percent`: basis points.
   */
  value: number;
  min_margin_bp: number;
}

/** The rule used when a tenant saved none: 0.01 below (1 cent, 1 yen). */
export const DEFAULT_PRICE_RULE: PriceRule = { mode: 'amount', value: 1, min_margin_bp: 0 };

/**
 * The suggested price (§1) in minor units of `currency` (the Buy Box's, the cost's): the Buy
 * Box price less the rule's amount (in that currency's minor units, whole yen for JPY) or
 * percent, never under the floor cost x (1 + margin), and never under one minor unit. Integer
 * arithmetic throughout (percent rounds the reduction down, the floor up). Null without a Buy Box.
 */
export function suggestedPrice(
  buybox: number | null,
  cost: number | null,
  rule: PriceRule,
  currency: string,
): number | null {
  if (buybox === null) return null;
  const cut =
    rule.mode === 'amount' ? marketAmountIn(rule.value, currency) : Math.floor((buybox * rule.value) / 10_000);
  let price = buybox - cut;
  if (cost !== null) {
    const floor = Math.ceil((cost * (10_000 + rule.min_margin_bp)) / 10_000);
    if (price < floor) price = floor;
  }
  return Math.max(1, price);
}

/**
 * The repriced price of an offer following the Buy Box (§2): one minor unit under the Buy Box
 * when someone else holds it, within [min, max]; unchanged when we hold it or there is none.
 */
export function repricedPrice(p: {
  price: number;
  buybox: number | null;
  holds: boolean;
  min: number;
  max: number;
}): number {
  if (p.buybox === null || p.holds) return Math.min(Math.max(p.price, p.min), p.max);
  return Math.min(Math.max(p.buybox - 1, p.min), p.max);
}
