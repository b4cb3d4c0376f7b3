import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fbaTallies } from '../../src/marketplace/simulator/sim-fba-inventory.js';
import { simInbound } from '../../src/marketplace/simulator/sim-inbound.js';
import { SpApiSimulator, startSpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import type { SpApiClient } from '../../src/marketplace/sp-api.client.js';
import type { SpApiError } from '../../src/marketplace/sp-api.errors.js';
import type { InventorySummary } from '../../src/marketplace/sp-api.fba-inventory.js';
import {
  FBA_INVENTORY_MODEL,
  inboundClient,
  listSku,
  modelErrors,
  readyShipment,
  skusByFc,
  US,
} from './inbound-support.js';

const SCALE = 100;
let sim: SpApiSimulator;
let client: SpApiClient;
let seller: string;

beforeAll(async () => {
  sim = await startSpApiSimulator({ timeScale: SCALE });
  ({ client, seller } = await inboundClient(sim, SCALE));
});
afterAll(() => sim?.close());

const valid = (definition: string, value: unknown) =>
  expect(modelErrors(FBA_INVENTORY_MODEL, definition, value)).toBe('');

async function one(sku: string): Promise<InventorySummary> {
  const page = await client.fbaInventory.getInventorySummaries({ marketplaceId: US, details: true, sellerSku: sku });
  valid('GetInventorySummariesResult', page);
  expect(page.inventorySummaries).toHaveLength(1);
  return page.inventorySummaries[0]!;
}

const details = (s: InventorySummary) => ({
  fulfillable: s.inventoryDetails?.fulfillableQuantity,
  working: s.inventoryDetails?.inboundWorkingQuantity,
  shipped: s.inventoryDetails?.inboundShippedQuantity,
  receiving: s.inventoryDetails?.inboundReceivingQuantity,
  reserved: s.inventoryDetails?.reservedQuantity?.totalReservedQuantity,
  total: s.totalQuantity,
});

describe('FBA Inventory v1 getInventorySummaries against the simulator', () => {
  it('reports stock Amazon holds, with reserved units and the model shape', async () => {
    listSku(sim, seller, 'STOCK-1');
    simInbound(sim).setStock(seller, US, 'STOCK-1', { fulfillable: 30, pendingCustomerOrder: 2, unfulfillable: 1 });
    const s = await one('STOCK-1');
    valid('InventorySummary', s);
    expect(s).toMatchObject({ sellerSku: 'STOCK-1', productName: 'Item STOCK-1', condition: 'NewItem' });
    expect(s.fnSku).toMatch(/^X00[0-9A-Z]{7}$/);
    expect(details(s)).toEqual({ fulfillable: 30, working: 0, shipped: 0, receiving: 0, reserved: 2, total: 33 });
    const plain = await client.fbaInventory.getInventorySummaries({ marketplaceId: US, sellerSkus: ['STOCK-1'] });
    expect(plain.inventorySummaries[0]!.inventoryDetails).toBeUndefined();
  });

  it('follows a shipment: inbound working, shipped, receiving, then fulfillable after FC processing, short units never', async () => {
    const inb = simInbound(sim);
    const [sku, other] = skusByFc('INV', 2, true);
    for (const s of [sku!, other!]) listSku(sim, seller, s);
    inb.shortages.set(other!, 3);
    // Each phase lasts until the test moves the timeline on (no sleeping on a busy machine).
    inb.timing = { inTransit: 1e9, delivered: 1e9, checkedIn: 1e9, receiving: 1e9, closed: 1e9, fcProcessing: 1e9 };
    const { shipmentId } = await readyShipment(client, [
      { msku: sku!, quantity: 10 },
      { msku: other!, quantity: 20 },
    ]);
    expect(details(await one(sku!))).toEqual({
      fulfillable: 0,
      working: 10,
      shipped: 0,
      receiving: 0,
      reserved: 0,
      total: 10,
    });
    inb.markShipped(shipmentId);
    expect(details(await one(other!))).toMatchObject({ working: 0, shipped: 20, total: 20 });
    inb.timing = { ...inb.timing, inTransit: 0, delivered: 0, checkedIn: 0, receiving: 0 };
    // Receiving: half of what will be counted (17 of 20) is in, reserved for FC processing.
    expect(details(await one(other!))).toEqual({
      fulfillable: 0,
      working: 0,
      shipped: 0,
      receiving: 12,
      reserved: 8,
      total: 20,
    });
    inb.timing = { ...inb.timing, closed: 0 };
    expect(details(await one(other!))).toEqual({
      fulfillable: 0,
      working: 0,
      shipped: 0,
      receiving: 0,
      reserved: 17,
      total: 17,
    });
    inb.timing = { ...inb.timing, fcProcessing: 0 };
    expect(details(await one(other!))).toEqual({
      fulfillable: 17,
      working: 0,
      shipped: 0,
      receiving: 0,
      reserved: 0,
      total: 17,
    });
    expect(details(await one(sku!))).toMatchObject({ fulfillable: 10, total: 10 });
    const since = new Date(Date.now() - 60_000).toISOString();
    const changed = await client.fbaInventory.getInventorySummaries({ marketplaceId: US, startDateTime: since });
    expect(changed.inventorySummaries.map((s) => s.sellerSku)).toEqual(expect.arrayContaining([sku, other]));
    const none = await client.fbaInventory.getInventorySummaries({
      marketplaceId: US,
      startDateTime: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(none.inventorySummaries).toEqual([]);
  });

  it('keeps plans, shipments and stock in the sandbox snapshot across a restart', async () => {
    const copy = new SpApiSimulator({ timeScale: SCALE });
    copy.restore(JSON.parse(JSON.stringify(sim.snapshot())));
    const [before, after] = [simInbound(sim), simInbound(copy)];
    after.timing = before.timing;
    expect([...after.plans.keys()]).toEqual([...before.plans.keys()]);
    expect(after.operations.size).toBeGreaterThan(0);
    expect([...fbaTallies(after, seller, US)]).toEqual([...fbaTallies(before, seller, US)]);
  });

  it('pages 50 summaries at a time with nextToken', async () => {
    const inb = simInbound(sim);
    for (let i = 0; i < 60; i++) inb.setStock(seller, US, `PAGE-${String(i).padStart(2, '0')}`, { fulfillable: i });
    const first = await client.fbaInventory.getInventorySummaries({ marketplaceId: US });
    expect(first.inventorySummaries).toHaveLength(50);
    expect(first.nextToken).toBeTruthy();
    const all = await client.fbaInventory.allInventorySummaries({ marketplaceId: US });
    expect(all.filter((s) => s.sellerSku?.startsWith('PAGE-'))).toHaveLength(60);
    expect(new Set(all.map((s) => s.sellerSku)).size).toBe(all.length);
  });

  it('refuses an unknown marketplace (400)', async () => {
    const e = await client.fbaInventory.getInventorySummaries({ marketplaceId: 'NOPE' }).catch((x: SpApiError) => x);
    expect(e).toMatchObject({ kind: 'rejected', status: 400 });
  });
});
