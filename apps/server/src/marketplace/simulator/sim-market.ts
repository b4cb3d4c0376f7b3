import { createHash } from 'node:crypto';
import { marketplaceById } from '@console/shared/constants/marketplaces';
import { minor, moneyToNumber } from '@console/shared/money';
import type { CatalogItem } from '../sp-api.types.js';
import type { SpApiSimulator } from './sim-server.js';
import type { SimListing } from './sim-state.js';

/** A product (ASIN) of a marketplace as the simulator's catalog knows it, beyond the sellers' own listings. */
export interface SimProduct {
  asin: string;
  marketplaceId: string;
  title: string;
  brand: string;
  productType: string;
  /** Main image URL. */
  image: string;
  /** The brand is registered (Brand Registry): followers risk complaints. */
  registeredBrand: boolean;
  /** The seller needs approval (`APPROVAL_REQUIRED`) or may not list it at all (`NOT_ELIGIBLE`). */
  restriction?: 'APPROVAL_REQUIRED' | 'NOT_ELIGIBLE';
  /** Browse node the product sits in (catalog search by `classificationIds`). */
  classificationId?: string;
  /** A suppressed detail page: no offers are answered. */
  suppressed?: boolean;
}

/** Another seller's offer on an ASIN (prices in the marketplace's currency, major units as Amazon sends them). */
export interface SimOffer {
  sellerId: string;
  sellerName?: string;
  price: number;
  shipping: number;
  fba: boolean;
  /** Positive feedback count shown with the offer. */
  feedbackCount?: number;
}

/** One offer as answered: another seller's or one made from a seller's own listing. */
export interface SimOfferView extends SimOffer {
  /** The listing of a seller of the simulator this offer comes from (undefined for injected offers). */
  sku?: string;
}

/** An offer change, as `ANY_OFFER_CHANGED` reports it (`sim.market.onOfferChange`). */
export interface SimOfferChange {
  marketplaceId: string;
  asin: string;
  time: string;
}

const key = (marketplaceId: string, asin: string) => `${marketplaceId}|${asin}`;

/**
 * ASINs the simulator invents a product for when nobody created one: `B0` + 8 letters or
 * digits with at least one letter beyond F. The simulator's own listings get `B0` + 8 hex
 * digits (`simAsin`), so a deleted listing's ASIN stays gone instead of being invented.
 */
const GENERATED = /^B0(?=[0-9A-Z]*[G-Z])[0-9A-Z]{8}$/;

const BRANDS = ['Lumora', 'Kivvo', 'Brightnest', 'Ozark Trail', 'Homvana', 'Zentro', 'Pawfect', 'Velora'];
const NOUNS = ['Storage Box', 'Water Bottle', 'Phone Case', 'Throw Blanket', 'Hair Brush', 'Wall Art', 'Dog Toy'];
const TYPES = ['STORAGE_BOX', 'BOTTLE', 'CELLULAR_PHONE_CASE', 'BLANKET', 'HAIR_BRUSH', 'WALL_ART', 'PET_TOY'];

function hashBytes(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

function text(v: unknown): string | undefined {
  const first = Array.isArray(v) ? (v[0] as { value?: unknown } | undefined) : undefined;
  return typeof first?.value === 'string' ? first.value : undefined;
}

/** The offer a seller's own listing makes (price and quantity from its offer attributes), or undefined. */
export function listingOffer(l: SimListing): SimOfferView | undefined {
  const offer = l.attributes.purchasable_offer?.[0] as
    | { our_price?: { schedule?: { value_with_tax?: number }[] }[] }
    | undefined;
  const price = offer?.our_price?.[0]?.schedule?.[0]?.value_with_tax;
  const avail = l.attributes.fulfillment_availability?.[0] as
    | { fulfillment_channel_code?: string; quantity?: number }
    | undefined;
  if (typeof price !== 'number' || !avail) return undefined;
  const fba = (avail.fulfillment_channel_code ?? 'DEFAULT') !== 'DEFAULT';
  if (!fba && !((avail.quantity ?? 0) > 0)) return undefined;
  return { sellerId: l.sellerId, price, shipping: 0, fba, sku: l.sku, feedbackCount: 120 };
}

/**
 * The marketplace around the sellers of the simulator: products (ASINs) other sellers
 * created, other sellers' offers on them (followers, hijackers, Amazon itself), listing
 * restrictions, and listeners told of offer changes. Every ASIN of the `GENERATED` shape that
 * nobody created is invented from its hash (title, brand, a few offers), so a sandbox shop
 * finds products to follow offline; tests set what they need with `putProduct`, `setOffers`,
 * `addOffer` and `removeOffer`.
 */
export class SimMarket {
  private readonly products = new Map<string, SimProduct>();
  private readonly others = new Map<string, SimOffer[]>();
  private readonly approvals = new Set<string>();
  private readonly listeners = new Set<(c: SimOfferChange) => void>();

  constructor(private readonly sim: SpApiSimulator) {}

  /** Adds or replaces a product (content changes: title, image, brand, suppression). */
  putProduct(p: SimProduct): void {
    this.products.set(key(p.marketplaceId, p.asin), { ...p });
    this.changed(p.marketplaceId, p.asin);
  }

  /** Changes some fields of a product (it is materialized first when invented). */
  updateProduct(marketplaceId: string, asin: string, patch: Partial<SimProduct>): void {
    const p = this.product(marketplaceId, asin);
    if (!p) throw new Error(`no product ${asin} in ${marketplaceId}`);
    this.putProduct({ ...p, ...patch, asin, marketplaceId });
  }

  /** Products created explicitly (catalog keyword search goes over these and the listings). */
  explicitProducts(): SimProduct[] {
    return [...this.products.values()];
  }

  /** The product of an ASIN: explicit, else from a seller's listing, else invented for `B0` ASINs. */
  product(marketplaceId: string, asin: string): SimProduct | undefined {
    const p = this.products.get(key(marketplaceId, asin));
    if (p) return p;
    const l = this.creatorListing(marketplaceId, asin);
    if (l) {
      return {
        asin,
        marketplaceId,
        title: text(l.attributes.item_name) ?? l.sku,
        brand: text(l.attributes.brand) ?? '',
        productType: l.productType,
        image:
          (l.attributes.main_product_image_locator?.[0] as { media_location?: string } | undefined)?.media_location ??
          '',
        registeredBrand: false,
      };
    }
    if (!GENERATED.test(asin) || this.sim.options.inventProducts === false) return undefined;
    const h = hashBytes(key(marketplaceId, asin));
    const i = h[0]! % NOUNS.length;
    return {
      asin,
      marketplaceId,
      title: `${BRANDS[h[1]! % BRANDS.length]} ${NOUNS[i]} ${asin.slice(-4)}`,
      brand: BRANDS[h[1]! % BRANDS.length]!,
      productType: TYPES[i]!,
      image: `https://m.media-amazon.com/images/I/${asin}.jpg`,
      registeredBrand: h[2]! % 3 === 0,
      restriction: h[3]! % 7 === 0 ? 'APPROVAL_REQUIRED' : undefined,
      classificationId: String(1000 + i),
    };
  }

  private creatorListing(marketplaceId: string, asin: string): SimListing | undefined {
    let found: SimListing | undefined;
    for (const l of this.sim.listings.values()) {
      // An offer-only listing joined the ASIN; it did not create the product.
      if (l.asin !== asin || l.marketplaceId !== marketplaceId || l.requirements === 'LISTING_OFFER_ONLY') continue;
      if (!found || l.createdDate < found.createdDate) found = l;
    }
    return found;
  }

  /** Replaces the other sellers' offers on an ASIN. */
  setOffers(marketplaceId: string, asin: string, offers: SimOffer[]): void {
    this.others.set(
      key(marketplaceId, asin),
      offers.map((o) => ({ ...o })),
    );
    this.changed(marketplaceId, asin);
  }

  /** Another seller starts offering (or changes its offer on) an ASIN: a follower, a hijacker. */
  addOffer(marketplaceId: string, asin: string, offer: SimOffer): void {
    const list = this.otherOffers(marketplaceId, asin).filter((o) => o.sellerId !== offer.sellerId);
    this.setOffers(marketplaceId, asin, [...list, offer]);
  }

  /** Another seller stops offering an ASIN. */
  removeOffer(marketplaceId: string, asin: string, sellerId: string): void {
    this.setOffers(
      marketplaceId,
      asin,
      this.otherOffers(marketplaceId, asin).filter((o) => o.sellerId !== sellerId),
    );
  }

  /** Other sellers' offers: set ones, else invented ones for invented products. */
  otherOffers(marketplaceId: string, asin: string): SimOffer[] {
    const set = this.others.get(key(marketplaceId, asin));
    if (set) return set;
    if (this.products.has(key(marketplaceId, asin)) || this.creatorListing(marketplaceId, asin)) return [];
    const p = this.product(marketplaceId, asin);
    if (!p) return [];
    const h = hashBytes(`offers|${key(marketplaceId, asin)}`);
    // Whole minor units, shown in major units as Amazon's answers carry them.
    const baseCents = 1000 + (h[0]! % 40) * 1000;
    const major = (cents: number) => moneyToNumber(minor(cents), 'USD');
    const n = 1 + (h[1]! % 4);
    const list: SimOffer[] = [];
    for (let i = 0; i < n; i++) {
      const delta = (h[2 + i]! % 300) - 100;
      list.push({
        sellerId: `A${h
          .subarray(8 + i * 3, 11 + i * 3)
          .toString('hex')
          .toUpperCase()}SIMSELLER`.slice(0, 14),
        sellerName: `Seller ${i + 1}`,
        price: major(Math.max(100, baseCents + delta)),
        shipping: i % 2 === 0 ? 0 : 4.99,
        fba: h[6 + i]! % 2 === 0,
        feedbackCount: 50 + h[12 + i]!,
      });
    }
    if (h[20]! % 4 === 0)
      list.push({
        sellerId: marketplaceId,
        sellerName: 'Amazon',
        price: major(baseCents + 50),
        shipping: 0,
        fba: true,
      });
    return list;
  }

  /** Every offer on an ASIN: other sellers' and those of the simulator's sellers' listings, lowest landed price first. */
  offers(marketplaceId: string, asin: string): SimOfferView[] {
    const own: SimOfferView[] = [];
    for (const l of this.sim.listings.values()) {
      if (l.asin !== asin || l.marketplaceId !== marketplaceId) continue;
      const o = listingOffer(l);
      if (o) own.push(o);
    }
    const all: SimOfferView[] = [...this.otherOffers(marketplaceId, asin), ...own];
    return all.sort((a, b) => a.price + a.shipping - (b.price + b.shipping) || Number(b.fba) - Number(a.fba));
  }

  /** The Buy Box winner: the lowest landed price, FBA first on a tie; none on a suppressed page. */
  buyBox(marketplaceId: string, asin: string): SimOfferView | undefined {
    if (this.product(marketplaceId, asin)?.suppressed) return undefined;
    return this.offers(marketplaceId, asin)[0];
  }

  /** A seller was approved for a restricted ASIN (listing restrictions no longer apply). */
  approve(sellerId: string, asin: string): void {
    this.approvals.add(`${sellerId}|${asin}`);
  }

  /** Whether a seller was approved for an ASIN. */
  approved(sellerId: string, asin: string): boolean {
    return this.approvals.has(`${sellerId}|${asin}`);
  }

  /** Calls `fn` on every offer change (the simulator's stand-in for `ANY_OFFER_CHANGED`); returns the unsubscribe. */
  onOfferChange(fn: (c: SimOfferChange) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Tells the listeners an ASIN's offers changed. */
  changed(marketplaceId: string, asin: string): void {
    const c = { marketplaceId, asin, time: new Date().toISOString() };
    for (const fn of this.listeners) fn(c);
  }

  /** The currency of a marketplace's prices. */
  currency(marketplaceId: string): string {
    return marketplaceById(marketplaceId)?.currency ?? 'USD';
  }

  /** A catalog item of a product no listing of the simulator made (summaries, images, product types). */
  catalogItem(asin: string, marketplaceIds: string[], included: string[]): CatalogItem | undefined {
    const ps = marketplaceIds.map((m) => this.product(m, asin)).filter((p): p is SimProduct => !!p);
    if (ps.length === 0) return undefined;
    const item: CatalogItem = { asin };
    if (included.includes('summaries'))
      item.summaries = ps.map((p) => ({ marketplaceId: p.marketplaceId, itemName: p.title, brand: p.brand }));
    if (included.includes('productTypes'))
      item.productTypes = ps.map((p) => ({ marketplaceId: p.marketplaceId, productType: p.productType }));
    if (included.includes('images'))
      item.images = ps.map((p) => ({
        marketplaceId: p.marketplaceId,
        images: p.image ? [{ variant: 'MAIN', link: p.image, height: 500, width: 500 }] : [],
      }));
    if (included.includes('classifications'))
      item.classifications = ps.map((p) => ({
        marketplaceId: p.marketplaceId,
        classifications: p.classificationId
          ? [{ displayName: p.productType, classificationId: p.classificationId }]
          : [],
      }));
    if (included.includes('identifiers'))
      item.identifiers = ps.map((p) => ({ marketplaceId: p.marketplaceId, identifiers: [] }));
    return item;
  }
}
