/**
 * Request and answer types of Product Pricing v0 (`productPricingV0.json`) and Listings
 * Restrictions 2021-08-01 (`listingsRestrictions_2021-08-01.json`), written from the vendored
 * models' definitions with the same names. Only the fields the console reads are required;
 * the rest stay optional as in the models.
 */

/** `MoneyType`: Amazon's decimal amount with its currency (converted to minor units on reading). */
export interface MoneyType {
  CurrencyCode?: string;
  Amount?: number;
}

/** `ItemCondition` of the pricing queries. */
export type ItemCondition = 'New' | 'Used' | 'Collectible' | 'Refurbished' | 'Club';

/** `OfferDetail` of getItemOffers. */
export interface OfferDetail {
  MyOffer?: boolean;
  SubCondition: string;
  SellerId?: string;
  SellerFeedbackRating?: { SellerPositiveFeedbackRating?: number; FeedbackCount: number };
  ShippingTime: { minimumHours?: number; maximumHours?: number; availabilityType?: string };
  ListingPrice: MoneyType;
  Shipping: MoneyType;
  ShipsFrom?: { State?: string; Country?: string };
  IsFulfilledByAmazon: boolean;
  PrimeInformation?: { IsPrime: boolean; IsNationalPrime: boolean };
  IsBuyBoxWinner?: boolean;
  IsFeaturedMerchant?: boolean;
}

/** `OfferCountType`. */
export interface OfferCountType {
  condition?: string;
  fulfillmentChannel?: 'Amazon' | 'Merchant';
  OfferCount?: number;
}

/** `BuyBoxPriceType`. */
export interface BuyBoxPriceType {
  condition: string;
  LandedPrice: MoneyType;
  ListingPrice: MoneyType;
  Shipping: MoneyType;
  sellerId?: string;
}

/** `LowestPriceType`. */
export interface LowestPriceType {
  condition: string;
  fulfillmentChannel: string;
  LandedPrice?: MoneyType;
  ListingPrice: MoneyType;
  Shipping?: MoneyType;
}

/** `Summary` of getItemOffers. */
export interface OffersSummary {
  TotalOfferCount: number;
  NumberOfOffers?: OfferCountType[];
  LowestPrices?: LowestPriceType[];
  BuyBoxPrices?: BuyBoxPriceType[];
  BuyBoxEligibleOffers?: OfferCountType[];
  OffersAvailableTime?: string;
}

/** `GetOffersResult`: the payload of getItemOffers. */
export interface GetOffersResult {
  marketplaceId: string;
  ASIN?: string;
  ItemCondition: ItemCondition;
  status: string;
  Identifier: { MarketplaceId: string; ASIN?: string; ItemCondition: ItemCondition };
  Summary: OffersSummary;
  Offers: OfferDetail[];
}

/** `GetOffersResponse`. */
export interface GetOffersResponse {
  payload?: GetOffersResult;
  errors?: { code: string; message: string; details?: string }[];
}

/** `ItemOffersRequest` of getItemOffersBatch (at most 20 per batch). */
export interface ItemOffersRequest {
  uri: string;
  method: 'GET';
  MarketplaceId: string;
  ItemCondition: ItemCondition;
  CustomerType?: 'Consumer' | 'Business';
}

/** `ItemOffersResponse` of getItemOffersBatch: one per request, with its own HTTP status. */
export interface ItemOffersResponse {
  headers?: Record<string, string>;
  status?: { statusCode?: number; reasonPhrase?: string };
  body: GetOffersResponse;
  request: { MarketplaceId: string; ItemCondition: ItemCondition; Asin?: string };
}

/** `GetItemOffersBatchResponse`. */
export interface GetItemOffersBatchResponse {
  responses: ItemOffersResponse[];
}

/** `CompetitivePriceType` (CompetitivePriceId 1 is the new Buy Box price). */
export interface CompetitivePriceType {
  CompetitivePriceId: string;
  Price: { LandedPrice?: MoneyType; ListingPrice: MoneyType; Shipping?: MoneyType };
  condition?: string;
  belongsToRequester?: boolean;
}

/** `OfferType` of getPricing (the requesting seller's own offers). */
export interface PricingOfferType {
  BuyingPrice: { LandedPrice?: MoneyType; ListingPrice: MoneyType; Shipping?: MoneyType };
  RegularPrice: MoneyType;
  FulfillmentChannel: string;
  ItemCondition: string;
  ItemSubCondition: string;
  SellerSKU: string;
}

/** `Price` of getPricing / getCompetitivePricing. */
export interface PricingPrice {
  status: string;
  ASIN?: string;
  SellerSKU?: string;
  Product?: {
    Identifiers: { MarketplaceASIN: { MarketplaceId: string; ASIN: string } };
    CompetitivePricing?: {
      CompetitivePrices: CompetitivePriceType[];
      NumberOfOfferListings: { Count: number; condition: string }[];
    };
    Offers?: PricingOfferType[];
  };
}

/** `GetPricingResponse`. */
export interface GetPricingResponse {
  payload?: PricingPrice[];
}

/** `Reason` of a listing restriction. */
export interface RestrictionReason {
  message: string;
  reasonCode?: 'APPROVAL_REQUIRED' | 'ASIN_NOT_FOUND' | 'NOT_ELIGIBLE';
  links?: { resource: string; verb: 'GET'; title?: string; type?: string }[];
}

/** `Restriction`: one marketplace and condition the seller may not list freely. */
export interface Restriction {
  marketplaceId: string;
  conditionType?: string;
  reasons?: RestrictionReason[];
}

/** `RestrictionList`: empty when the seller may list the ASIN. */
export interface RestrictionList {
  restrictions: Restriction[];
}

/** The `ANY_OFFER_CHANGED` notification's payload (vendored `AnyOfferChangedNotification.json`). */
export interface AnyOfferChangedNotification {
  SellerId: string;
  OfferChangeTrigger: {
    MarketplaceId: string;
    ASIN: string;
    ItemCondition: string;
    TimeOfOfferChange: string;
    OfferChangeType?: string;
  };
}
