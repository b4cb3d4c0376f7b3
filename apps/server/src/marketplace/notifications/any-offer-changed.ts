import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { AnyOfferChangedNotification } from '../pricing.types.js';

/**
 * Amazon's `ANY_OFFER_CHANGED` notification (Notifications API), checked against the schema
 * vendored from amazon-sp-api (`AnyOfferChangedNotification.json`, Apache-2.0, copied
 * unchanged). Amazon sends it for ASINs the seller itself offers; the ASIN monitor reads the
 * offers it carries instead of polling those ASINs (docs/monitor.md "Hybrid watching").
 */

/** One offer as the notification carries it. */
export interface NotificationOffer {
  SellerId: string;
  SubCondition?: string;
  ListingPrice: { Amount: number; CurrencyCode: string };
  Shipping: { Amount: number; CurrencyCode: string };
  IsFulfilledByAmazon: boolean;
  IsBuyBoxWinner?: boolean;
  IsFeaturedMerchant?: boolean;
  ShippingTime?: { MinimumHours?: number; MaximumHours?: number; AvailabilityType?: string; AvailableDate?: string };
  SellerFeedbackRating?: { FeedbackCount?: number; SellerPositiveFeedbackRating?: number };
  PrimeInformation?: { IsOfferPrime?: boolean; IsOfferNationalPrime?: boolean };
  ShipsDomestically?: boolean;
  ShipsInternationally?: boolean;
  ShipsFrom?: { Country: string; State: string };
  Points?: { PointsNumber: number };
  IsExpeditedShippingAvailable?: boolean;
}

type Money = { Amount: number; CurrencyCode: string };

/** The whole notification as delivered (envelope and payload). */
export interface AnyOfferChangedEnvelope {
  NotificationVersion: string;
  NotificationType: 'ANY_OFFER_CHANGED';
  PayloadVersion: string;
  EventTime: string;
  NotificationMetadata: { ApplicationId: string; SubscriptionId: string; PublishTime: string; NotificationId: string };
  Payload: {
    AnyOfferChangedNotification: AnyOfferChangedNotification & {
      Summary: {
        NumberOfOffers: { Condition: string; FulfillmentChannel: string; OfferCount: number }[];
        LowestPrices: {
          Condition: string;
          FulfillmentChannel: string;
          LandedPrice: Money;
          ListingPrice: Money;
          Shipping: Money;
        }[];
        BuyBoxPrices: { Condition: string; LandedPrice: Money; ListingPrice: Money; Shipping: Money }[];
        ListPrice: Money;
        MinimumAdvertisedPrice: Money;
        SuggestedLowerPricePlusShipping: Money;
        TotalBuyBoxEligibleOffers: number;
        SalesRankings: { ProductCategoryId: string; Rank: number }[];
        NumberOfBuyBoxEligibleOffers: { Condition: string; FulfillmentChannel: string; OfferCount: number }[];
        CompetitivePriceThreshold: Money;
      };
      Offers: NotificationOffer[];
    };
  };
}

const schema = JSON.parse(
  readFileSync(new URL('./AnyOfferChangedNotification.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

let validator: ReturnType<Ajv['compile']> | undefined;

/**
 * Checks a delivered notification against the vendored schema: the notification, or the first
 * problem (`error` in Chinese for an HTTP answer, `detail` in English for the server log).
 */
export function parseAnyOfferChanged(
  body: unknown,
): { ok: true; value: AnyOfferChangedEnvelope } | { ok: false; error: string; detail: string } {
  if (!validator) {
    const ajv = new Ajv({ strict: false, allErrors: false });
    addFormats(ajv);
    const { $schema: _ignored, ...rest } = schema;
    validator = ajv.compile(rest);
  }
  if (!validator(body)) {
    const e = validator.errors?.[0];
    const where = `${e?.instancePath || '/'} ${e?.message ?? ''}`.trim();
    return {
      ok: false,
      error: `通知格式不合法: ${where}`,
      detail: `does not match AnyOfferChangedNotification.json: ${where}`,
    };
  }
  const v = body as AnyOfferChangedEnvelope;
  if (v.NotificationType !== 'ANY_OFFER_CHANGED')
    return {
      ok: false,
      error: '通知类型不是ANY_OFFER_CHANGED',
      detail: `notification type is ${String(v.NotificationType)}, not ANY_OFFER_CHANGED`,
    };
  return { ok: true, value: v };
}
