import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ORDER_SETTINGS, SANDBOX_ORDERS_PER_HOUR } from '../../src/marketplace/sandbox.js';
import { type SpApiSimulator, startSpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import type { SpApiClient } from '../../src/marketplace/sp-api.client.js';
import type { SpApiError } from '../../src/marketplace/sp-api.errors.js';
import { useTestApp } from '../harness.js';
import { simListing } from '../order/order-support.js';
import { SCALE, sandboxClient } from './sp-api-support.js';

const t = useTestApp();
let sim: SpApiSimulator;
let client: SpApiClient;
let seller: string;
let mp: string;

beforeAll(async () => {
  sim = await startSpApiSimulator({ timeScale: SCALE, imageCheck: async () => true });
  const c = await sandboxClient(sim, t.db);
  client = c.client;
  seller = c.bound.shop.sellingPartnerId;
  mp = simListing(sim, seller, 'de', 'SKU-1');
});
afterAll(() => sim?.close());

const window = () => ({
  MarketplaceIds: [mp],
  LastUpdatedAfter: new Date(Date.now() - 3600_000).toISOString(),
});

describe('simulator: Orders API, Restricted Data Tokens, refunds', () => {
  it('refuses what Amazon refuses: no date, both kinds of date, a bound later than two minutes ago, an RDT without dataElements', async () => {
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => 'answered',
        (e: SpApiError) => e.kind,
      );
    expect(await refused(client.orders.getOrders({ MarketplaceIds: [mp] }))).toBe('rejected');
    expect(await refused(client.orders.getOrders({ ...window(), CreatedAfter: window().LastUpdatedAfter }))).toBe(
      'rejected',
    );
    expect(await refused(client.orders.getOrders({ ...window(), LastUpdatedBefore: new Date().toISOString() }))).toBe(
      'rejected',
    );
    expect(await refused(client.tokens.createRestrictedDataToken([{ method: 'GET', path: '/orders/v0/orders' }]))).toBe(
      'rejected',
    );
  });

  it('pages 150 orders by NextToken; buyer data only with an RDT that asked for it', async () => {
    const ids = sim.orders.generate({
      sellerId: seller,
      marketplaceId: mp,
      at: Date.now() - 600_000,
      count: 150,
      outcome: 'normal',
      channel: 'MFN',
    });
    const seen: string[] = [];
    let next: string | undefined;
    let plain = true;
    do {
      const page = await client.orders.getOrders(next ? { MarketplaceIds: [mp], NextToken: next } : window());
      seen.push(...page.Orders.map((o) => o.AmazonOrderId));
      plain &&= page.Orders.every((o) => !o.BuyerInfo && !o.ShippingAddress?.AddressLine1 && !!o.ShippingAddress?.City);
      next = page.NextToken;
    } while (next);
    expect(seen.sort()).toEqual([...ids].sort());
    expect(plain).toBe(true);
    const rdt = await client.tokens.createRestrictedDataToken([
      { method: 'GET', path: '/orders/v0/orders', dataElements: ['buyerInfo', 'shippingAddress'] },
      { method: 'GET', path: `/orders/v0/orders/${ids[0]}/address` },
    ]);
    const full = await client.orders.getOrders(
      { ...window(), AmazonOrderIds: [ids[0]!] },
      { rdt: rdt.restrictedDataToken },
    );
    expect(full.Orders[0]?.ShippingAddress?.AddressLine1).toBeTruthy();
    expect(full.Orders[0]?.BuyerInfo?.BuyerEmail).toContain('@marketplace.amazon.de');
    expect(
      (await client.orders.getOrderAddress(ids[0]!, { rdt: rdt.restrictedDataToken })).ShippingAddress?.Phone,
    ).toBeTruthy();
    expect(
      (await client.orders.getOrderAddress(ids[1]!, { rdt: rdt.restrictedDataToken })).ShippingAddress?.Phone,
    ).toBeUndefined();
    expect((await client.orders.getOrderBuyerInfo(ids[0]!)).BuyerName).toBeUndefined();
    const items = await client.orders.getOrderItems(ids[0]!);
    expect(items.OrderItems[0]).toMatchObject({
      SellerSKU: 'SKU-1',
      ItemPrice: { CurrencyCode: 'EUR', Amount: '19.99' },
    });
    await expect(client.orders.getOrder('999-0000000-0000000')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('orders arrive by themselves at the configured rate, and refunds are posted as financial events', async () => {
    sim.orders.configure({ ratePerHour: 3600 * 50 });
    await client.orders.getOrders(window());
    const before = sim.orders.orders.size;
    await expect
      .poll(async () => {
        await client.orders.getOrders(window());
        return sim.orders.orders.size;
      })
      .toBeGreaterThan(before);
    sim.orders.configure({ ratePerHour: 0 });
    const [id] = sim.orders.generate({
      sellerId: seller,
      marketplaceId: mp,
      at: Date.now() - 600_000,
      channel: 'AFN',
      outcome: 'normal',
    });
    sim.orders.refund(id!, Date.now() - 300_000);
    const events = await client.finances.listFinancialEvents({
      PostedAfter: new Date(Date.now() - 3600_000).toISOString(),
    });
    expect(events.FinancialEvents?.RefundEventList?.map((r) => r.AmazonOrderId)).toContain(id);
  });
  it("the sandbox's defaults: a new listing's first order at once, paid and read by the next sync; no backlog from before it", async () => {
    sim.orders.configure({
      ...SANDBOX_ORDER_SETTINGS,
      ratePerHour: SANDBOX_ORDERS_PER_HOUR,
      fbaShare: 0,
      cancelShare: 0,
      refundShare: 0,
    });
    try {
      // Italy has no listing yet: reads there make nothing, and leave no backlog for later.
      const it = simListing(sim, `${seller}-none`, 'it', 'NONE-1');
      const itWindow = { MarketplaceIds: [it], LastUpdatedAfter: new Date(Date.now() - 3600_000).toISOString() };
      const before = sim.orders.orders.size;
      expect((await client.orders.getOrders(itWindow)).Orders).toEqual([]);
      // 650 s of sandbox time without a listing: two 5-minute slots a backlog would fill.
      await new Promise((r) => setTimeout(r, 6500));
      expect((await client.orders.getOrders(itWindow)).Orders).toEqual([]);
      expect(sim.orders.orders.size).toBe(before);
      // The listing goes live: the first read makes exactly one order, not one per slot since the first read.
      simListing(sim, seller, 'it', 'SKU-IT');
      await client.orders.getOrders(itWindow);
      expect(sim.orders.orders.size).toBe(before + 1);
      // Paid (Unshipped, not 待付款) and within what a sync reads now.
      await expect
        .poll(async () => (await client.orders.getOrders(itWindow)).Orders.map((o) => o.OrderStatus))
        .toContain('Unshipped');
    } finally {
      sim.orders.configure({ ratePerHour: 0 });
    }
  });
});
