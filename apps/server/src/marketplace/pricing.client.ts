import type {
  GetItemOffersBatchResponse,
  GetOffersResult,
  ItemCondition,
  ItemOffersRequest,
  PricingPrice,
  RestrictionList,
} from './pricing.types.js';
import { arrayOf, shape } from './shape.js';
import type { SpApiHttp } from './sp-api.http.js';

const offersResult = shape<{ payload: GetOffersResult }>(
  {
    payload: (v) =>
      shape({ Summary: 'object', Offers: 'array', status: 'string', marketplaceId: 'string' }, '报价')(v).ok
        ? null
        : '报价缺少Summary或Offers',
  },
  '报价应答',
);

const priceList = shape<{ payload: PricingPrice[] }>({ payload: arrayOf({ status: 'string' }, '价格') }, '价格应答');

/** Options every pricing read takes: `maxWaitMs` defers instead of waiting long for a slot. */
export interface PricingReadOptions {
  maxWaitMs?: number;
}

/**
 * Product Pricing API v0 (`/products/pricing/v0`): offers on an ASIN (every seller's, with the
 * Buy Box), the same for 20 ASINs in one batch, the seller's own prices and the competitive
 * (Buy Box) price. Usage plans are small (0.5 rps, the batch 0.1 rps with 20 ASINs): the
 * monitor's budget is computed from them (`rate-limits.ts`).
 */
export class ProductPricingApi {
  constructor(private readonly http: SpApiHttp) {}

  /** getItemOffers: the (up to 20 lowest) offers on one ASIN and their summary. */
  async getItemOffers(
    asin: string,
    marketplaceId: string,
    opts: PricingReadOptions & { itemCondition?: ItemCondition } = {},
  ): Promise<GetOffersResult> {
    const r = await this.http.send({
      operation: 'getItemOffers',
      method: 'GET',
      path: `/products/pricing/v0/items/${encodeURIComponent(asin)}/offers`,
      query: { MarketplaceId: marketplaceId, ItemCondition: opts.itemCondition ?? 'New' },
      check: offersResult,
      maxWaitMs: opts.maxWaitMs,
    });
    return r.body.payload;
  }

  /**
   * getItemOffersBatch: getItemOffers of up to 20 ASINs in one request. Each answer carries
   * its own status: a bad ASIN fails alone, the others are read.
   */
  async getItemOffersBatch(
    items: { asin: string; marketplaceId: string; itemCondition?: ItemCondition }[],
    opts: PricingReadOptions = {},
  ): Promise<GetItemOffersBatchResponse> {
    if (items.length < 1 || items.length > 20) throw new RangeError('getItemOffersBatch takes 1 to 20 items');
    const requests: ItemOffersRequest[] = items.map((i) => ({
      uri: `/products/pricing/v0/items/${encodeURIComponent(i.asin)}/offers`,
      method: 'GET',
      MarketplaceId: i.marketplaceId,
      ItemCondition: i.itemCondition ?? 'New',
    }));
    const r = await this.http.send({
      operation: 'getItemOffersBatch',
      // A batch of reads changes nothing: safe to retry like a GET.
      method: 'POST',
      retryAsRead: true,
      path: '/batches/products/pricing/v0/itemOffers',
      body: { requests },
      check: shape<GetItemOffersBatchResponse>({ responses: arrayOf({ body: 'object' }, '批量报价') }, '批量报价应答'),
      maxWaitMs: opts.maxWaitMs,
    });
    return r.body;
  }

  /** getPricing: the seller's own offers (price, channel, SKU) on up to 20 ASINs. */
  async getPricing(asins: string[], marketplaceId: string, opts: PricingReadOptions = {}): Promise<PricingPrice[]> {
    const r = await this.http.send({
      operation: 'getPricing',
      method: 'GET',
      path: '/products/pricing/v0/price',
      query: { MarketplaceId: marketplaceId, ItemType: 'Asin', Asins: asins },
      check: priceList,
      maxWaitMs: opts.maxWaitMs,
    });
    return r.body.payload;
  }

  /** getCompetitivePricing: the Buy Box price (CompetitivePriceId 1) and offer counts of up to 20 ASINs. */
  async getCompetitivePricing(
    asins: string[],
    marketplaceId: string,
    opts: PricingReadOptions = {},
  ): Promise<PricingPrice[]> {
    const r = await this.http.send({
      operation: 'getCompetitivePricing',
      method: 'GET',
      path: '/products/pricing/v0/competitivePrice',
      query: { MarketplaceId: marketplaceId, ItemType: 'Asin', Asins: asins },
      check: priceList,
      maxWaitMs: opts.maxWaitMs,
    });
    return r.body.payload;
  }
}

/** Listings Restrictions API 2021-08-01: whether the shop may list an ASIN, and why not. */
export class ListingsRestrictionsApi {
  constructor(private readonly http: SpApiHttp) {}

  /** getListingsRestrictions: an empty list when the seller may list the ASIN in the condition. */
  async get(
    asin: string,
    marketplaceIds: string[],
    opts: { conditionType?: string; reasonLocale?: string; maxWaitMs?: number } = {},
  ): Promise<RestrictionList> {
    const r = await this.http.send({
      operation: 'getListingsRestrictions',
      method: 'GET',
      path: '/listings/2021-08-01/restrictions',
      query: {
        asin,
        sellerId: this.http.shop.sellingPartnerId,
        marketplaceIds,
        conditionType: opts.conditionType,
        reasonLocale: opts.reasonLocale,
      },
      check: shape<RestrictionList>({ restrictions: arrayOf({ marketplaceId: 'string' }, '限制') }, '限制应答'),
      maxWaitMs: opts.maxWaitMs,
    });
    return r.body;
  }
}
