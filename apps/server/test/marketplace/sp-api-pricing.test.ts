import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpApiSimulator, startSpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import type { SpApiClient } from '../../src/marketplace/sp-api.client.js';
import { SpApiError } from '../../src/marketplace/sp-api.errors.js';
import { useTestApp } from '../harness.js';
import { US } from './listing-fixtures.js';
import { SCALE, sandboxClient } from './sp-api-support.js';

const ctx = useTestApp();
let sim: SpApiSimulator;
let client: SpApiClient;
let seller: string;

beforeAll(async () => {
  sim = await startSpApiSimulator({ timeScale: SCALE });
  const made = await sandboxClient(sim, ctx.db);
  client = made.client;
  seller = made.bound.shop.sellingPartnerId;
});
afterAll(async () => {
  await sim?.close();
});

const product = (asin: string, over = {}) => ({
  asin,
  marketplaceId: US,
  title: 'Bamboo cutting board',
  brand: 'WOODLY',
  productType: 'CUTTING_BOARD',
  image: 'https://m.media-amazon.com/images/I/board.jpg',
  registeredBrand: true,
  ...over,
});

describe('Product Pricing', () => {
  it('answers the offers of an ASIN, and a hijacker appears and leaves', async () => {
    const asin = 'B0TESTPRC1';
    sim.market.putProduct(product(asin));
    sim.market.setOffers(US, asin, [{ sellerId: 'AOWNERSELLER01', price: 19.99, shipping: 0, fba: true }]);
    const before = await client.pricing.getItemOffers(asin, US);
    expect(before.Summary.TotalOfferCount).toBe(1);
    expect(before.Summary.BuyBoxPrices?.[0]?.ListingPrice.Amount).toBe(19.99);
    expect(before.Offers[0]).toMatchObject({ SellerId: 'AOWNERSELLER01', IsBuyBoxWinner: true, MyOffer: false });

    sim.market.addOffer(US, asin, { sellerId: 'AHIJACKER0001', price: 15.5, shipping: 0, fba: false });
    const hijacked = await client.pricing.getItemOffers(asin, US);
    expect(hijacked.Summary.TotalOfferCount).toBe(2);
    expect(hijacked.Offers.find((o) => o.IsBuyBoxWinner)?.SellerId).toBe('AHIJACKER0001');
    expect(hijacked.Summary.NumberOfOffers).toEqual(
      expect.arrayContaining([expect.objectContaining({ fulfillmentChannel: 'Merchant', OfferCount: 1 })]),
    );

    sim.market.removeOffer(US, asin, 'AHIJACKER0001');
    expect((await client.pricing.getItemOffers(asin, US)).Summary.TotalOfferCount).toBe(1);
  });

  it('an offer-only listing joins the ASIN and is our offer (MyOffer, getPricing)', async () => {
    const asin = 'B0TESTPRC2';
    sim.market.putProduct(product(asin));
    sim.market.setOffers(US, asin, [{ sellerId: 'AOWNERSELLER01', price: 20, shipping: 0, fba: true }]);
    const put = await client.listings.put(
      'FOLLOW-1',
      [US],
      {
        productType: 'CUTTING_BOARD',
        requirements: 'LISTING_OFFER_ONLY',
        attributes: {
          merchant_suggested_asin: [{ value: asin, marketplace_id: US }],
          condition_type: [{ value: 'new_new', marketplace_id: US }],
          purchasable_offer: [
            { currency: 'USD', marketplace_id: US, our_price: [{ schedule: [{ value_with_tax: 18.5 }] }] },
          ],
          fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: 5 }],
        },
      },
      { includedData: ['identifiers'] },
    );
    expect(put.issues).toEqual([]);
    expect(put.status).toBe('ACCEPTED');
    const offers = await client.pricing.getItemOffers(asin, US);
    const mine = offers.Offers.find((o) => o.MyOffer);
    expect(mine).toMatchObject({ SellerId: seller, IsBuyBoxWinner: true });
    const [own] = await client.pricing.getPricing([asin], US);
    expect(own?.Product?.Offers?.[0]).toMatchObject({ SellerSKU: 'FOLLOW-1', FulfillmentChannel: 'MERCHANT' });
    const [comp] = await client.pricing.getCompetitivePricing([asin], US);
    expect(comp?.Product?.CompetitivePricing?.CompetitivePrices[0]).toMatchObject({
      CompetitivePriceId: '1',
      belongsToRequester: true,
    });
    expect(comp?.Product?.CompetitivePricing?.NumberOfOfferListings[0]?.Count).toBe(2);
  });

  it('a batch of 20 reads every ASIN; an unknown one fails alone', async () => {
    const asins = Array.from({ length: 19 }, (_, i) => `B0BATCH${String(i).padStart(3, '0')}`);
    const r = await client.pricing.getItemOffersBatch([
      ...asins.map((asin) => ({ asin, marketplaceId: US })),
      { asin: 'XX-UNKNOWN', marketplaceId: US },
    ]);
    expect(r.responses).toHaveLength(20);
    expect(r.responses.filter((x) => x.status?.statusCode === 200)).toHaveLength(19);
    const bad = r.responses.find((x) => x.request.Asin === 'XX-UNKNOWN');
    expect(bad?.status?.statusCode).toBe(400);
    expect(bad?.body.errors?.[0]?.code).toBe('InvalidInput');
    // Invented products answer the same offers every time (a sandbox shop sees a stable market).
    const again = await client.pricing.getItemOffers(asins[0]!, US);
    expect(again.Summary.TotalOfferCount).toBe(r.responses[0]!.body.payload!.Summary.TotalOfferCount);
  });

  it('a suppressed page has no offers and no Buy Box', async () => {
    const asin = 'B0TESTPRC3';
    sim.market.putProduct(product(asin));
    sim.market.setOffers(US, asin, [{ sellerId: 'AOWNERSELLER01', price: 20, shipping: 0, fba: true }]);
    sim.market.updateProduct(US, asin, { suppressed: true });
    const r = await client.pricing.getItemOffers(asin, US);
    expect(r.Summary.TotalOfferCount).toBe(0);
    expect(r.Summary.BuyBoxPrices).toEqual([]);
  });

  it('tells offer changes to its listeners (the ANY_OFFER_CHANGED stand-in)', () => {
    const seen: string[] = [];
    const off = sim.market.onOfferChange((c) => seen.push(c.asin));
    sim.market.addOffer(US, 'B0TESTPRC4', { sellerId: 'AX', price: 1, shipping: 0, fba: false });
    off();
    sim.market.removeOffer(US, 'B0TESTPRC4', 'AX');
    expect(seen).toEqual(['B0TESTPRC4']);
  });

  it('throttles past the usage plan and the client rides it out', async () => {
    sim.inject({ kind: 'throttle', count: 2, operation: 'getItemOffers' });
    const r = await client.pricing.getItemOffers('B0TESTPRC1', US);
    expect(r.ASIN).toBe('B0TESTPRC1');
  });
});

describe('Listings Restrictions', () => {
  it('approval needed until the seller is approved; unknown ASINs are named', async () => {
    const asin = 'B0TESTRST1';
    sim.market.putProduct(product(asin, { restriction: 'APPROVAL_REQUIRED' }));
    const r = await client.restrictions.get(asin, [US], { conditionType: 'new_new' });
    expect(r.restrictions[0]?.reasons?.[0]?.reasonCode).toBe('APPROVAL_REQUIRED');
    sim.market.approve(seller, asin);
    expect((await client.restrictions.get(asin, [US])).restrictions).toEqual([]);
    const unknown = await client.restrictions.get('NOTANASIN0', [US]);
    expect(unknown.restrictions[0]?.reasons?.[0]?.reasonCode).toBe('ASIN_NOT_FOUND');
  });

  it('refuses another seller id', async () => {
    const err = await client.http
      .send({
        operation: 'getListingsRestrictions',
        method: 'GET',
        path: '/listings/2021-08-01/restrictions',
        query: { asin: 'B0TESTRST1', sellerId: 'AOTHERSELLER', marketplaceIds: [US] },
        check: (b) => ({ ok: true, value: b }),
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpApiError);
    expect((err as SpApiError).kind).toBe('unauthorized');
  });
});

describe('Catalog Items of products other sellers made', () => {
  it('gives title, brand, image, product type, and finds them by keyword and classification', async () => {
    sim.market.putProduct(product('B0TESTCAT1', { title: 'Walnut serving tray', classificationId: '777' }));
    const item = await client.catalog.get('B0TESTCAT1', {
      marketplaceIds: [US],
      includedData: ['summaries', 'images', 'productTypes'],
    });
    expect(item.summaries?.[0]).toMatchObject({ itemName: 'Walnut serving tray', brand: 'WOODLY' });
    expect(item.images?.[0]?.images[0]?.link).toContain('board.jpg');
    expect(item.productTypes?.[0]?.productType).toBe('CUTTING_BOARD');
    const byWord = await client.catalog.search({ marketplaceIds: [US], keywords: ['walnut'] });
    expect(byWord.items.map((i) => i.asin)).toContain('B0TESTCAT1');
    const byClass = await client.catalog.search({ marketplaceIds: [US], classificationIds: ['777'] });
    expect(byClass.items.map((i) => i.asin)).toEqual(['B0TESTCAT1']);
    const invented = await client.catalog.get('B0INVENTED', { marketplaceIds: [US], includedData: ['summaries'] });
    expect(invented.summaries?.[0]?.itemName).toMatch(/INVENTED|NTED/);
  });
});
