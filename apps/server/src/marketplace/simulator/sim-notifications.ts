import { randomUUID } from 'node:crypto';
import { marketplaceById } from '@console/shared/constants/marketplaces';
import { minor, moneyFromNumber, moneyToNumber } from '@console/shared/money';
import type { AnyOfferChangedEnvelope } from '../notifications/any-offer-changed.js';
import type { SimOfferChange, SimOfferView } from './sim-market.js';
import type { SpApiSimulator } from './sim-server.js';

const money = (Amount: number, CurrencyCode: string) => ({ Amount, CurrencyCode });

/**
 * The `ANY_OFFER_CHANGED` notification the simulator sends a seller for an offer change on an
 * ASIN it offers, shaped as the vendored `AnyOfferChangedNotification.json` requires.
 */
export function anyOfferChanged(sim: SpApiSimulator, sellerId: string, c: SimOfferChange): AnyOfferChangedEnvelope {
  const cur = sim.market.currency(c.marketplaceId);
  const suppressed = sim.market.product(c.marketplaceId, c.asin)?.suppressed === true;
  const all: SimOfferView[] = suppressed ? [] : sim.market.offers(c.marketplaceId, c.asin);
  const winner = all[0];
  // Price plus shipping added in minor units, as sim-pricing does.
  const landed = (o: SimOfferView) =>
    moneyToNumber(minor((moneyFromNumber(o.price, cur) ?? 0) + (moneyFromNumber(o.shipping, cur) ?? 0)), cur);
  const channels = (['Amazon', 'Merchant'] as const)
    .map((ch) => ({ ch, list: all.filter((o) => o.fba === (ch === 'Amazon')) }))
    .filter((x) => x.list.length > 0);
  const zero = money(0, cur);
  const now = new Date().toISOString();
  const country = marketplaceById(c.marketplaceId)?.code.toUpperCase() ?? 'US';
  return {
    NotificationVersion: '1.0',
    NotificationType: 'ANY_OFFER_CHANGED',
    PayloadVersion: '1.0',
    EventTime: now,
    NotificationMetadata: {
      ApplicationId: 'amzn1.sp.solution.simulator',
      SubscriptionId: `sim-sub-${sellerId}`,
      PublishTime: now,
      NotificationId: randomUUID(),
    },
    Payload: {
      AnyOfferChangedNotification: {
        SellerId: sellerId,
        OfferChangeTrigger: {
          MarketplaceId: c.marketplaceId,
          ASIN: c.asin,
          ItemCondition: 'New',
          TimeOfOfferChange: c.time,
          OfferChangeType: 'External',
        },
        Summary: {
          NumberOfOffers: channels.map((x) => ({
            Condition: 'new',
            FulfillmentChannel: x.ch,
            OfferCount: x.list.length,
          })),
          LowestPrices: channels.map((x) => ({
            Condition: 'new',
            FulfillmentChannel: x.ch,
            LandedPrice: money(landed(x.list[0]!), cur),
            ListingPrice: money(x.list[0]!.price, cur),
            Shipping: money(x.list[0]!.shipping, cur),
          })),
          BuyBoxPrices: winner
            ? [
                {
                  Condition: 'new',
                  LandedPrice: money(landed(winner), cur),
                  ListingPrice: money(winner.price, cur),
                  Shipping: money(winner.shipping, cur),
                },
              ]
            : [],
          ListPrice: winner ? money(winner.price, cur) : zero,
          MinimumAdvertisedPrice: zero,
          SuggestedLowerPricePlusShipping: winner ? money(landed(winner), cur) : zero,
          TotalBuyBoxEligibleOffers: all.length,
          SalesRankings: [],
          NumberOfBuyBoxEligibleOffers: channels.map((x) => ({
            Condition: 'new',
            FulfillmentChannel: x.ch,
            OfferCount: x.list.length,
          })),
          CompetitivePriceThreshold: winner ? money(winner.price, cur) : zero,
        },
        Offers: all.slice(0, 20).map((o) => ({
          SellerId: o.sellerId,
          SubCondition: 'new',
          SellerFeedbackRating: { FeedbackCount: o.feedbackCount ?? 0, SellerPositiveFeedbackRating: 95 },
          ShippingTime: {
            MinimumHours: o.fba ? 0 : 24,
            MaximumHours: o.fba ? 0 : 72,
            AvailabilityType: 'NOW',
            AvailableDate: now,
          },
          ListingPrice: money(o.price, cur),
          Points: { PointsNumber: 0 },
          Shipping: money(o.shipping, cur),
          ShipsFrom: { Country: country, State: '' },
          IsFulfilledByAmazon: o.fba,
          PrimeInformation: { IsOfferPrime: o.fba, IsOfferNationalPrime: o.fba },
          IsBuyBoxWinner: o === winner,
          IsExpeditedShippingAvailable: o.fba,
          IsFeaturedMerchant: true,
          ShipsDomestically: true,
          ShipsInternationally: false,
        })),
      },
    },
  };
}
