import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProductTypeSchema, searchProductTypes } from '../../src/marketplace/product-type-definitions.service.js';
import { type SpApiSimulator, startSpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import { SANDBOX_APP } from '../../src/marketplace/simulator/sim-state.js';
import type { SpApiClient } from '../../src/marketplace/sp-api.client.js';
import type { Feed, ListingsFeedDocument } from '../../src/marketplace/sp-api.types.js';
import { useTestApp } from '../harness.js';
import { hairband, US } from './listing-fixtures.js';
import { SCALE, sandboxClient, startImageHost } from './sp-api-support.js';

const ctx = useTestApp();
let sim: SpApiSimulator;
let images: Awaited<ReturnType<typeof startImageHost>>;
let client: SpApiClient;
let seller: string;

beforeAll(async () => {
  sim = await startSpApiSimulator({ timeScale: SCALE });
  images = await startImageHost();
  const made = await sandboxClient(sim, ctx.db);
  client = made.client;
  seller = made.bound.shop.sellingPartnerId;
});
afterAll(async () => {
  await sim?.close();
  await images?.close();
});

const child = (parent: string, extra = {}) =>
  hairband(`${images.url}/ok.png`, {
    parentage_level: [{ value: 'child', marketplace_id: US }],
    child_parent_sku_relationship: [{ child_relationship_type: 'variation', parent_sku: parent, marketplace_id: US }],
    variation_theme: [{ name: 'COLOR_NAME' }],
    ...extra,
  });

/** A variation parent: Amazon's parents declare the relationship type without a parent SKU. */
const parentOf = () =>
  hairband(`${images.url}/ok.png`, {
    parentage_level: [{ value: 'parent', marketplace_id: US }],
    child_parent_sku_relationship: [{ child_relationship_type: 'variation', marketplace_id: US }],
    variation_theme: [{ name: 'COLOR_NAME' }],
  });

async function until(feedId: string, done: (f: Feed) => boolean, tries = 200): Promise<Feed> {
  for (let i = 0; i < tries; i++) {
    const f = await client.feeds.getFeed(feedId);
    if (done(f)) return f;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`feed ${feedId} did not reach the state`);
}

describe('consent page', () => {
  it('shows an authorize button and redirects with code, seller and state', async () => {
    const q = new URLSearchParams({
      application_id: SANDBOX_APP.appId,
      state: 'abc',
      redirect_uri: 'http://127.0.0.1:9/cb',
    });
    const page = await fetch(`${sim.url}/apps/authorize/consent?${q}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('确认授权');
    const form = new URLSearchParams({
      ...Object.fromEntries(q),
      selling_partner_id: 'A1SIMTESTSELLER1',
      store_name: 'T',
    });
    const res = await fetch(`${sim.url}/apps/authorize/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.origin + to.pathname).toBe('http://127.0.0.1:9/cb');
    expect(to.searchParams.get('state')).toBe('abc');
    expect(to.searchParams.get('selling_partner_id')).toBe('A1SIMTESTSELLER1');
    expect(to.searchParams.get('spapi_oauth_code')).toBeTruthy();
    const unknown = await fetch(`${sim.url}/apps/authorize/consent?application_id=x&state=s&redirect_uri=http://a/b`);
    expect(unknown.status).toBe(400);
  });

  it('answers unauthenticated SP-API calls with Amazon error bodies', async () => {
    const res = await fetch(`${sim.url}/na/sellers/v1/marketplaceParticipations`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      errors: [
        {
          code: 'Unauthorized',
          message: 'Access to requested resource is denied.',
          details: 'The access token you provided is revoked, malformed or invalid.',
        },
      ],
    });
  });
});

describe('listings and validation', () => {
  it('returns Amazon-style issues for an invalid listing and stores nothing', async () => {
    const bad = child('NO-PARENT', {
      main_product_image_locator: [{ media_location: `${images.url}/page.html`, marketplace_id: US }],
      other_product_image_locator_1: [{ media_location: `${images.url}/missing.jpg`, marketplace_id: US }],
      variation_theme: [{ name: 'FLAVOUR_OF_THE_DAY' }],
      target_gender: [{ value: 'robot', marketplace_id: US }],
    });
    delete bad.brand;
    const r = await client.listings.put('HB-BAD', [US], { productType: 'HAIRBAND', attributes: bad });
    expect(r.status).toBe('INVALID');
    const byCode = (code: string) => r.issues!.filter((i) => i.code === code).map((i) => i.attributeNames);
    expect(byCode('90220')).toContainEqual(['brand']);
    expect(byCode('90244')).toContainEqual(['target_gender']);
    expect(byCode('8560')).toEqual([['child_parent_sku_relationship']]);
    expect(byCode('90111')).toEqual([['variation_theme']]);
    expect(byCode('18027')).toEqual([['main_product_image_locator'], ['other_product_image_locator_1']]);
    for (const i of r.issues!) {
      expect(i.severity).toBe('ERROR');
      expect(i.message.length).toBeGreaterThan(10);
      expect(i.categories.length).toBe(1);
    }
    expect(sim.submissionsOf(seller, US, 'HB-BAD')).toBe(1);
    await expect(client.listings.get('HB-BAD', [US])).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refuses a SKU over 40 characters and an unknown product type', async () => {
    const long = 'S'.repeat(41);
    const r = await client.listings.put(long, [US], {
      productType: 'HAIRBAND',
      attributes: hairband(`${images.url}/ok.png`),
    });
    expect(r.status).toBe('INVALID');
    expect(r.issues?.[0]?.code).toBe('8016');
    const t = await client.listings.put('HB-T', [US], {
      productType: 'SPACESHIP',
      attributes: hairband(`${images.url}/ok.png`),
    });
    expect(t.issues?.[0]?.code).toBe('90003');
  });

  it('validates without saving in VALIDATION_PREVIEW, then accepts parent and child', async () => {
    const preview = await client.listings.put(
      'HB-P',
      [US],
      { productType: 'HAIRBAND', attributes: hairband(`${images.url}/ok.png`) },
      { mode: 'VALIDATION_PREVIEW' },
    );
    expect(preview).toMatchObject({ status: 'VALID', issues: [] });
    await expect(client.listings.get('HB-P', [US])).rejects.toMatchObject({ kind: 'not_found' });
    const parent = parentOf();
    expect((await client.listings.put('HB-P', [US], { productType: 'HAIRBAND', attributes: parent })).status).toBe(
      'ACCEPTED',
    );
    const c = await client.listings.put(
      'HB-C1',
      [US],
      { productType: 'HAIRBAND', attributes: child('HB-P') },
      { includedData: ['identifiers'] },
    );
    expect(c.status).toBe('ACCEPTED');
    expect(c.identifiers?.[0]?.asin).toMatch(/^B0[0-9A-F]{8}$/);
    const item = await client.listings.get('HB-C1', [US], { includedData: ['summaries', 'relationships', 'offers'] });
    expect(item.relationships?.[0]?.relationships[0]).toMatchObject({ type: 'VARIATION', parentSkus: ['HB-P'] });
    expect(item.offers?.[0]?.price).toEqual({ currencyCode: 'USD', amount: '9.99' });
    const patched = await client.listings.patch('HB-C1', [US], {
      productType: 'HAIRBAND',
      patches: [
        {
          op: 'replace',
          path: '/attributes/fulfillment_availability',
          value: [{ fulfillment_channel_code: 'DEFAULT', quantity: 3 }],
        },
      ],
    });
    expect(patched.status).toBe('ACCEPTED');
    const found = await client.listings.search([US], {
      variationParentSku: 'HB-P',
      includedData: ['fulfillmentAvailability'],
    });
    expect(found.items.map((i) => [i.sku, i.fulfillmentAvailability?.[0]?.quantity])).toEqual([['HB-C1', 3]]);
    const asin = c.identifiers![0]!.asin!;
    const cat = await client.catalog.search({ marketplaceIds: [US], identifiers: [asin], identifiersType: 'ASIN' });
    expect(cat.items[0]?.summaries?.[0]?.brand).toBe('KUUQA');
    expect((await client.listings.delete('HB-C1', [US])).status).toBe('ACCEPTED');
    await expect(client.catalog.get(asin, { marketplaceIds: [US] })).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('feeds', () => {
  it('processes a JSON_LISTINGS_FEED asynchronously and reports per message with one attributeName', async () => {
    const doc: ListingsFeedDocument = {
      header: {
        sellerId: seller,
        version: '2.0',
        issueLocale: 'en_US',
        report: { includedData: ['summaries', 'issues'], apiVersion: '2021-08-01' },
      },
      messages: [
        {
          messageId: 1,
          sku: 'F-P',
          operationType: 'UPDATE',
          productType: 'HAIRBAND',
          attributes: parentOf(),
        },
        { messageId: 2, sku: 'F-C1', operationType: 'UPDATE', productType: 'HAIRBAND', attributes: child('F-P') },
        {
          messageId: 3,
          sku: 'F-C2',
          operationType: 'UPDATE',
          productType: 'HAIRBAND',
          attributes: child('F-P', { item_package_weight: [{ value: -1, unit: 'grams', marketplace_id: US }] }),
        },
      ],
    };
    const feedId = await client.feeds.submitListingsFeed(doc, [US], true);
    const first = await client.feeds.getFeed(feedId);
    expect(first.processingStatus).toBe('IN_QUEUE');
    const done = await until(feedId, (f) => f.processingStatus === 'DONE');
    expect(done.resultFeedDocumentId).toBeTruthy();
    const meta = await client.feeds.getFeedDocument(done.resultFeedDocumentId!);
    expect(meta.compressionAlgorithm).toBe('GZIP');
    const report = await client.feeds.getListingsProcessingReport(done);
    expect(report.header).toMatchObject({ sellerId: seller, version: '2.0', feedId });
    expect(report.summary).toMatchObject({ messagesProcessed: 3, messagesAccepted: 2, messagesInvalid: 1 });
    expect(report.issues.length).toBeGreaterThan(0);
    expect(report.items?.map((i) => i.sku)).toEqual(['F-P', 'F-C1']);
    expect(report.summary.itemSummary).toMatchObject({ items: 2 });
    for (const i of report.issues) {
      expect(i).toMatchObject({ messageId: 3, sku: 'F-C2', severity: 'ERROR', attributeName: 'item_package_weight' });
      expect('attributeNames' in i).toBe(false);
    }
    const item = await client.listings.get('F-C1', [US], { includedData: ['summaries', 'issues'] });
    expect(item.summaries?.[0]?.status).toContain('BUYABLE');
    expect(sim.submissionsOf(seller, US, 'F-C1')).toBe(1);
  });

  it('ends a feed whose document is not JSON as FATAL with a report', async () => {
    const created = await client.feeds.createFeedDocument('application/json; charset=UTF-8');
    await client.feeds.uploadFeedDocument(created.url, '{not json', 'application/json; charset=UTF-8');
    const { feedId } = await client.feeds.createFeed({
      feedType: 'JSON_LISTINGS_FEED',
      marketplaceIds: [US],
      inputFeedDocumentId: created.feedDocumentId,
    });
    const f = await until(feedId, (x) => x.processingStatus === 'FATAL');
    const report = await client.feeds.getListingsProcessingReport(f);
    expect(report.issues[0]?.message).toContain('not valid JSON');
  });

  it('keeps feeds in progress when they are slow or never finish, and cancels only queued ones', async () => {
    const doc: ListingsFeedDocument = {
      header: { sellerId: seller, version: '2.0' },
      messages: [{ messageId: 1, sku: 'F-D', operationType: 'DELETE' }],
    };
    sim.feedMode.neverFinish = true;
    const stuck = await client.feeds.submitListingsFeed(doc, [US]);
    sim.feedMode.neverFinish = false;
    await until(stuck, (f) => f.processingStatus === 'IN_PROGRESS');
    await new Promise((r) => setTimeout(r, 300));
    expect((await client.feeds.getFeed(stuck)).processingStatus).toBe('IN_PROGRESS');
    await expect(client.feeds.cancelFeed(stuck)).rejects.toMatchObject({ kind: 'rejected' });
    sim.feedMode.slowFactor = 1000;
    const slow = await client.feeds.submitListingsFeed(doc, [US]);
    sim.feedMode.slowFactor = 1;
    await client.feeds.cancelFeed(slow);
    expect((await client.feeds.getFeed(slow)).processingStatus).toBe('CANCELLED');
  });
});

describe('bad requests', () => {
  async function raw(method: string, path: string, body?: unknown) {
    const token = sim.accessTokens.keys().next().value as string;
    const res = await fetch(`${sim.url}/na${path}`, {
      method,
      headers: { 'x-amz-access-token': token, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { errors: { code: string; message: string }[] } };
  }

  it('answers malformed or foreign requests with Amazon error bodies', async () => {
    const put = (q: string, body: unknown, who = seller) => raw('PUT', `/listings/2021-08-01/items/${who}/X${q}`, body);
    expect(await put('', { productType: 'HAIRBAND', attributes: {} })).toMatchObject({
      status: 400,
      body: { errors: [{ code: 'InvalidInput', message: "Missing required 'marketplaceIds' parameter." }] },
    });
    expect((await put(`?marketplaceIds=${US}`, { attributes: {} })).body.errors[0]?.message).toBe(
      "Missing required 'productType' in the request body.",
    );
    expect((await put(`?marketplaceIds=${US}`, '{oops')).status).toBe(400);
    expect((await put(`?marketplaceIds=${US}&mode=LIVE`, { productType: 'HAIRBAND', attributes: {} })).status).toBe(
      400,
    );
    const foreign = await put(`?marketplaceIds=${US}`, { productType: 'HAIRBAND', attributes: {} }, 'AOTHERSELLER01');
    expect(foreign.status).toBe(403);
    const feed = await raw('POST', '/feeds/2021-06-30/feeds', {
      feedType: 'POST_PRODUCT_DATA',
      marketplaceIds: [US],
      inputFeedDocumentId: 'x',
    });
    expect(feed.body.errors[0]?.message).toBe("Feed type 'POST_PRODUCT_DATA' is not supported.");
    const noDoc = await raw('POST', '/feeds/2021-06-30/feeds', {
      feedType: 'JSON_LISTINGS_FEED',
      marketplaceIds: [US],
      inputFeedDocumentId: 'x',
    });
    expect(noDoc.body.errors[0]?.message).toBe("'inputFeedDocumentId' does not name an uploaded document.");
    expect((await raw('GET', '/feeds/2021-06-30/feeds/123')).status).toBe(404);
  });
});

describe('product type definitions', () => {
  it('fetches a definition and its schema once, then serves it from PostgreSQL', async () => {
    const before = sim.counters.requests.get('getDefinitionsProductType') ?? 0;
    const first = await getProductTypeSchema(ctx.db, client, { productType: 'hairband', marketplaceId: US });
    expect(first.cached).toBe(false);
    expect(first.definition.productType).toBe('HAIRBAND');
    expect((first.schema.properties as Record<string, unknown>).item_name).toBeTruthy();
    const again = await getProductTypeSchema(ctx.db, client, { productType: 'HAIRBAND', marketplaceId: US });
    expect(again.cached).toBe(true);
    const pinned = await getProductTypeSchema(ctx.db, client, {
      productType: 'HAIRBAND',
      marketplaceId: US,
      version: first.definition.productTypeVersion.version,
    });
    expect(pinned.cached).toBe(true);
    expect((sim.counters.requests.get('getDefinitionsProductType') ?? 0) - before).toBe(1);
    const list = await searchProductTypes(ctx.db, client, { marketplaceId: US, keywords: ['HAIR'] });
    expect(list.productTypes.map((p) => p.name)).toContain('HAIRBAND');
    await searchProductTypes(ctx.db, client, { marketplaceId: US, keywords: ['hair'] });
    expect(sim.counters.requests.get('searchDefinitionsProductTypes')).toBe(1);
    const de = await searchProductTypes(ctx.db, client, { marketplaceId: 'A1PA6795UKMFR9' });
    expect(de.productTypes.map((p) => p.name)).toEqual(expect.arrayContaining(['HAIRBAND', 'SHIRT', 'TOY_FIGURE']));
    const shirt = await getProductTypeSchema(ctx.db, client, { productType: 'SHIRT', marketplaceId: 'A1PA6795UKMFR9' });
    expect(JSON.stringify(shirt.schema)).toContain('de_DE');
    const participations = await client.sellers.getMarketplaceParticipations();
    expect(participations.map((p) => p.marketplace.id)).toEqual([
      'ATVPDKIKX0DER',
      'A2EUQ1WTGCTBG2',
      'A1AM78C64UM0Y8',
      'A2Q3Y263D00KWC',
    ]);
  });
});
