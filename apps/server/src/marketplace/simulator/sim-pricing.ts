import { minor, moneyFromNumber, moneyToNumber } from '@console/shared/money';
import type {
  GetOffersResult,
  ItemCondition,
  ItemOffersResponse,
  MoneyType,
  OfferDetail,
  PricingPrice,
  Restriction,
} from '../pricing.types.js';
import type { SpApiOperation } from '../rate-limits.js';
import type { SimOfferView } from './sim-market.js';
import { amazonError, type SimReq, type SimRes, type SpApiSimulator } from './sim-server.js';

const CONDITIONS: ItemCondition[] = ['New', 'Used', 'Collectible', 'Refurbished', 'Club'];
/** Amazon's `MoneyType`: the simulator keeps amounts in major units, as Amazon sends them. */
const money = (amount: number, currency: string): MoneyType => ({ CurrencyCode: currency, Amount: amount });
/** Price plus shipping, added in minor units (no float sum such as 24.980000000000004). */
const landedAmount = (price: number, shipping: number, currency: string): number =>
  moneyToNumber(minor((moneyFromNumber(price, currency) ?? 0) + (moneyFromNumber(shipping, currency) ?? 0)), currency);

/**
 * getItemOffers' payload for one ASIN, or an error answer. Only `New` offers exist in the
 * simulator; other conditions answer no offers.
 */
function offersResult(
  sim: SpApiSimulator,
  sellerId: string,
  asin: string,
  marketplaceId: string | null,
  condition: string | null,
): { ok: true; payload: GetOffersResult } | { ok: false; res: SimRes } {
  if (!marketplaceId) return { ok: false, res: amazonError(400, 'InvalidInput', "Missing 'MarketplaceId'.") };
  if (!condition || !CONDITIONS.includes(condition as ItemCondition))
    return { ok: false, res: amazonError(400, 'InvalidInput', "Invalid or missing 'ItemCondition'.") };
  const product = sim.market.product(marketplaceId, asin);
  if (!product)
    return {
      ok: false,
      res: amazonError(400, 'InvalidInput', `ASIN '${asin}' is not valid for marketplace '${marketplaceId}'.`),
    };
  const cur = sim.market.currency(marketplaceId);
  const all = condition === 'New' && !product.suppressed ? sim.market.offers(marketplaceId, asin) : [];
  const winner = all[0];
  const detail = (o: SimOfferView): OfferDetail => ({
    MyOffer: o.sellerId === sellerId,
    SubCondition: 'new',
    SellerId: o.sellerId,
    SellerFeedbackRating: { SellerPositiveFeedbackRating: 95, FeedbackCount: o.feedbackCount ?? 0 },
    ShippingTime: o.fba ? { minimumHours: 0, maximumHours: 0 } : { minimumHours: 24, maximumHours: 72 },
    ListingPrice: money(o.price, cur),
    Shipping: money(o.shipping, cur),
    IsFulfilledByAmazon: o.fba,
    PrimeInformation: { IsPrime: o.fba, IsNationalPrime: o.fba },
    IsBuyBoxWinner: o === winner,
    IsFeaturedMerchant: true,
  });
  const channels = (['Amazon', 'Merchant'] as const)
    .map((ch) => ({ ch, list: all.filter((o) => o.fba === (ch === 'Amazon')) }))
    .filter((c) => c.list.length > 0);
  const payload: GetOffersResult = {
    marketplaceId,
    ASIN: asin,
    ItemCondition: condition as ItemCondition,
    status: 'Success',
    Identifier: { MarketplaceId: marketplaceId, ASIN: asin, ItemCondition: condition as ItemCondition },
    Summary: {
      TotalOfferCount: all.length,
      NumberOfOffers: channels.map((c) => ({
        condition: 'new',
        fulfillmentChannel: c.ch,
        OfferCount: c.list.length,
      })),
      LowestPrices: channels.map((c) => ({
        condition: 'new',
        fulfillmentChannel: c.ch,
        LandedPrice: money(landedAmount(c.list[0]!.price, c.list[0]!.shipping, cur), cur),
        ListingPrice: money(c.list[0]!.price, cur),
        Shipping: money(c.list[0]!.shipping, cur),
      })),
      BuyBoxPrices: winner
        ? [
            {
              condition: 'New',
              LandedPrice: money(landedAmount(winner.price, winner.shipping, cur), cur),
              ListingPrice: money(winner.price, cur),
              Shipping: money(winner.shipping, cur),
              sellerId: winner.sellerId,
            },
          ]
        : [],
      BuyBoxEligibleOffers: channels.map((c) => ({
        condition: 'new',
        fulfillmentChannel: c.ch,
        OfferCount: c.list.length,
      })),
      OffersAvailableTime: new Date().toISOString(),
    },
    // Amazon answers at most the 20 lowest offers.
    Offers: all.slice(0, 20).map(detail),
  };
  return { ok: true, payload };
}

/** getItemOffers: the offers on one ASIN and their summary (Buy Box, lowest prices, counts). */
export function handleItemOffers(sim: SpApiSimulator, req: SimReq): SimRes {
  const r = offersResult(
    sim,
    req.sellerId,
    req.params[0]!,
    req.query.get('MarketplaceId'),
    req.query.get('ItemCondition'),
  );
  if (!r.ok) return r.res;
  return { status: 200, body: { payload: r.payload } };
}

const ITEM_OFFERS_URI = /^\/products\/pricing\/v0\/items\/([^/]+)\/offers$/;

/** getItemOffersBatch: up to 20 getItemOffers requests in one call, each answered with its own status. */
export function handleItemOffersBatch(sim: SpApiSimulator, req: SimReq): SimRes {
  const b = req.json as { requests?: unknown } | null;
  const list = b?.requests;
  if (!Array.isArray(list) || list.length < 1 || list.length > 20)
    return amazonError(400, 'InvalidInput', "'requests' must hold 1 to 20 requests.");
  const responses: ItemOffersResponse[] = [];
  for (const raw of list) {
    const r = (raw ?? {}) as { uri?: unknown; method?: unknown; MarketplaceId?: unknown; ItemCondition?: unknown };
    const m = typeof r.uri === 'string' ? ITEM_OFFERS_URI.exec(r.uri) : null;
    const request = {
      MarketplaceId: String(r.MarketplaceId ?? ''),
      ItemCondition: String(r.ItemCondition ?? '') as ItemCondition,
      Asin: m ? decodeURIComponent(m[1]!) : undefined,
    };
    const headers = { 'x-amzn-RequestId': crypto.randomUUID(), Date: new Date().toUTCString() };
    if (!m || r.method !== 'GET') {
      responses.push({
        headers,
        status: { statusCode: 400, reasonPhrase: 'Bad Request' },
        body: { errors: [{ code: 'InvalidInput', message: "Invalid 'uri' or 'method'." }] },
        request,
      });
      continue;
    }
    const one = offersResult(sim, req.sellerId, request.Asin!, request.MarketplaceId || null, request.ItemCondition);
    if (one.ok) {
      responses.push({
        headers,
        status: { statusCode: 200, reasonPhrase: 'OK' },
        body: { payload: one.payload },
        request,
      });
    } else {
      responses.push({
        headers,
        status: { statusCode: one.res.status, reasonPhrase: 'Bad Request' },
        body: one.res.body as ItemOffersResponse['body'],
        request,
      });
    }
  }
  return { status: 200, body: { responses } };
}

function asinList(req: SimReq): { marketplaceId: string; asins: string[] } | SimRes {
  const marketplaceId = req.query.get('MarketplaceId');
  if (!marketplaceId) return amazonError(400, 'InvalidInput', "Missing 'MarketplaceId'.");
  if (req.query.get('ItemType') !== 'Asin')
    return amazonError(400, 'InvalidInput', "The simulator answers 'ItemType=Asin' only.");
  const asins = (req.query.get('Asins') ?? '').split(',').filter(Boolean);
  if (asins.length < 1 || asins.length > 20)
    return amazonError(400, 'InvalidInput', "'Asins' must hold 1 to 20 ASINs.");
  return { marketplaceId, asins };
}

/** getPricing: the requesting seller's own offers on up to 20 ASINs. */
export function handlePricing(sim: SpApiSimulator, req: SimReq): SimRes {
  const q = asinList(req);
  if ('status' in q) return q;
  const cur = sim.market.currency(q.marketplaceId);
  const payload: PricingPrice[] = q.asins.map((asin) => {
    if (!sim.market.product(q.marketplaceId, asin)) return { status: 'ClientError', ASIN: asin };
    const mine = sim.market.offers(q.marketplaceId, asin).filter((o) => o.sellerId === req.sellerId);
    return {
      status: 'Success',
      ASIN: asin,
      Product: {
        Identifiers: { MarketplaceASIN: { MarketplaceId: q.marketplaceId, ASIN: asin } },
        Offers: mine.map((o) => ({
          BuyingPrice: {
            LandedPrice: money(landedAmount(o.price, o.shipping, cur), cur),
            ListingPrice: money(o.price, cur),
            Shipping: money(o.shipping, cur),
          },
          RegularPrice: money(o.price, cur),
          FulfillmentChannel: o.fba ? 'AMAZON' : 'MERCHANT',
          ItemCondition: 'New',
          ItemSubCondition: 'New',
          SellerSKU: o.sku ?? '',
        })),
      },
    };
  });
  return { status: 200, body: { payload } };
}

/** getCompetitivePricing: the Buy Box price (CompetitivePriceId 1) and the offer count of up to 20 ASINs. */
export function handleCompetitivePricing(sim: SpApiSimulator, req: SimReq): SimRes {
  const q = asinList(req);
  if ('status' in q) return q;
  const cur = sim.market.currency(q.marketplaceId);
  const payload: PricingPrice[] = q.asins.map((asin) => {
    if (!sim.market.product(q.marketplaceId, asin)) return { status: 'ClientError', ASIN: asin };
    const all = sim.market.offers(q.marketplaceId, asin);
    const bb = sim.market.buyBox(q.marketplaceId, asin);
    return {
      status: 'Success',
      ASIN: asin,
      Product: {
        Identifiers: { MarketplaceASIN: { MarketplaceId: q.marketplaceId, ASIN: asin } },
        CompetitivePricing: {
          CompetitivePrices: bb
            ? [
                {
                  CompetitivePriceId: '1',
                  condition: 'New',
                  belongsToRequester: bb.sellerId === req.sellerId,
                  Price: {
                    LandedPrice: money(landedAmount(bb.price, bb.shipping, cur), cur),
                    ListingPrice: money(bb.price, cur),
                    Shipping: money(bb.shipping, cur),
                  },
                },
              ]
            : [],
          NumberOfOfferListings: [{ condition: 'New', Count: all.length }],
        },
      },
    };
  });
  return { status: 200, body: { payload } };
}

/** getListingsRestrictions: why the seller may not list an ASIN (approval, not eligible, unknown ASIN). */
export function handleRestrictions(sim: SpApiSimulator, req: SimReq): SimRes {
  const asin = req.query.get('asin');
  const sellerId = req.query.get('sellerId');
  const ids = (req.query.get('marketplaceIds') ?? '').split(',').filter(Boolean);
  if (!asin || !sellerId || ids.length === 0)
    return amazonError(400, 'InvalidInput', "'asin', 'sellerId' and 'marketplaceIds' are required.");
  if (sellerId !== req.sellerId)
    return amazonError(403, 'Unauthorized', 'Access to requested resource is denied.', 'The sellerId does not match.');
  const conditionType = req.query.get('conditionType') ?? undefined;
  const restrictions: Restriction[] = [];
  for (const marketplaceId of ids) {
    const p = sim.market.product(marketplaceId, asin);
    if (!p) {
      restrictions.push({
        marketplaceId,
        conditionType,
        reasons: [{ reasonCode: 'ASIN_NOT_FOUND', message: 'ASIN not found in the catalog.' }],
      });
      continue;
    }
    if (!p.restriction || sim.market.approved(sellerId, asin)) continue;
    restrictions.push({
      marketplaceId,
      conditionType: conditionType ?? 'new_new',
      reasons: [
        p.restriction === 'APPROVAL_REQUIRED'
          ? {
              reasonCode: 'APPROVAL_REQUIRED',
              message: `You need approval to list ${p.brand} products in this category.`,
              links: [
                {
                  resource: `${sim.url}/hz/approvalrequest/restrictions/approve?asin=${asin}`,
                  verb: 'GET',
                  title: 'Request approval',
                  type: 'text/html',
                },
              ],
            }
          : { reasonCode: 'NOT_ELIGIBLE', message: 'You cannot list the product in this condition.' },
      ],
    });
  }
  return { status: 200, body: { restrictions } };
}

const seg = '([^/]+)';

/** The routes of Product Pricing v0 and Listings Restrictions (spliced into the simulator's route table). */
export function pricingRoutes(): {
  method: string;
  pattern: RegExp;
  operation: SpApiOperation;
  handle: (sim: SpApiSimulator, req: SimReq) => SimRes;
}[] {
  return [
    {
      method: 'GET',
      pattern: new RegExp(`^/products/pricing/v0/items/${seg}/offers$`),
      operation: 'getItemOffers',
      handle: handleItemOffers,
    },
    {
      method: 'POST',
      pattern: /^\/batches\/products\/pricing\/v0\/itemOffers$/,
      operation: 'getItemOffersBatch',
      handle: handleItemOffersBatch,
    },
    { method: 'GET', pattern: /^\/products\/pricing\/v0\/price$/, operation: 'getPricing', handle: handlePricing },
    {
      method: 'GET',
      pattern: /^\/products\/pricing\/v0\/competitivePrice$/,
      operation: 'getCompetitivePricing',
      handle: handleCompetitivePricing,
    },
    {
      method: 'GET',
      pattern: /^\/listings\/2021-08-01\/restrictions$/,
      operation: 'getListingsRestrictions',
      handle: handleRestrictions,
    },
  ];
}
