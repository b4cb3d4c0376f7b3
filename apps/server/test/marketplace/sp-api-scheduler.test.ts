import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/database.js';
import { peekBucket } from '../../src/marketplace/rate-limit.repository.js';
import { MemoryRateLimitScheduler, PgRateLimitScheduler } from '../../src/marketplace/rate-limit.scheduler.js';
import { bookedBurst, USAGE_PLANS } from '../../src/marketplace/rate-limits.js';
import { type SpApiSimulator, startSpApiSimulator } from '../../src/marketplace/simulator/sim-server.js';
import { SpApiClient } from '../../src/marketplace/sp-api.client.js';
import { createSpApiDeps } from '../../src/marketplace/sp-api.deps.js';
import type { SpApiShop } from '../../src/marketplace/sp-api.http.js';
import { useTestApp } from '../harness.js';
import { US } from './listing-fixtures.js';
import { bindSandboxShop, simSetting } from './sp-api-support.js';

const ctx = useTestApp();
/**
 * A slower clock here: 5x, so slots are 40 ms apart. A booked slot reaches Amazon a little
 * later than booked (event loop, connection pool); at much faster scales that jitter, not the
 * scheduler, would decide whether requests bunch beyond Amazon's bucket.
 */
const SCALE = 5;
let sim: SpApiSimulator;
let other: Database;

beforeAll(async () => {
  sim = await startSpApiSimulator({
    timeScale: SCALE,
    // Amazon's buckets absorb a little arrival jitter; 3 requests of slack beside the models' burst of 10.
    usagePlans: { searchDefinitionsProductTypes: { rate: 5, burst: 13 }, searchListingsItems: { rate: 10, burst: 5 } },
  });
  other = createDatabase(ctx.url, { max: 4 });
});
afterAll(async () => {
  await sim?.close();
  await other?.destroy();
});

/** Two "server processes": their own pools, schedulers and token caches, one database. */
async function twoProcesses(shared: boolean): Promise<[SpApiClient, SpApiClient]> {
  const setting = simSetting(sim, { timeScale: SCALE });
  const a = createSpApiDeps(setting, ctx.db, shared ? {} : { scheduler: new MemoryRateLimitScheduler(SCALE) });
  const b = createSpApiDeps(setting, other, shared ? {} : { scheduler: new MemoryRateLimitScheduler(SCALE) });
  const { shop } = await bindSandboxShop(sim, a);
  const clients: [SpApiClient, SpApiClient] = [new SpApiClient(shop, a), new SpApiClient(shop, b)];
  // Warm processes: pools connected and tokens fetched, as on a running server.
  for (const c of clients) await c.sellers.getMarketplaceParticipations();
  return clients;
}

async function burst(clients: SpApiClient[], perClient: number): Promise<number> {
  const started = performance.now();
  await Promise.all(
    clients.flatMap((c) =>
      Array.from({ length: perClient }, () => c.productTypes.search({ marketplaceIds: [US], keywords: ['hair'] })),
    ),
  );
  return performance.now() - started;
}

describe('rate-limit scheduler shared through PostgreSQL', () => {
  it('keeps two processes together within the rate: no 429 and no faster than the plan', async () => {
    const clients = await twoProcesses(true);
    const throttled = sim.counters.throttled;
    const ms = await burst(clients, 15);
    expect(sim.counters.throttled - throttled).toBe(0);
    // 30 requests, the booked burst (9 of Amazon's 10) at once, then 5 * SCALE per second.
    expect(ms).toBeGreaterThanOrEqual(((30 - bookedBurst('searchDefinitionsProductTypes')) / (5 * SCALE)) * 1000 * 0.9);
  });

  it('without the shared buckets the same load is throttled (and retried, so nobody sees it)', async () => {
    const clients = await twoProcesses(false);
    const throttled = sim.counters.throttled;
    await burst(clients, 15);
    expect(sim.counters.throttled - throttled).toBeGreaterThan(0);
  });

  it('books distinct slots for concurrent reservations of two processes', async () => {
    const a = new PgRateLimitScheduler(ctx.db, 1);
    const b = new PgRateLimitScheduler(other, 1);
    const seller = `SELLER-${Date.now()}`;
    const waits = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).reserve(seller, 'getListingsItem')),
    );
    const sorted = waits.map((w) => w.waitMs).sort((x, y) => x - y);
    const { rate } = USAGE_PLANS.getListingsItem;
    const burst = bookedBurst('getListingsItem');
    expect(sorted.filter((w) => w === 0)).toHaveLength(burst);
    sorted.slice(burst).forEach((w, i) => {
      const due = ((i + 1) / rate) * 1000;
      expect(w).toBeGreaterThan(due - 150);
      expect(w).toBeLessThanOrEqual(due + 1);
    });
  });

  it('defers a slot further away than the caller will wait and gives the token back', async () => {
    const s = new PgRateLimitScheduler(ctx.db, 1);
    const seller = `SELLER-D-${Date.now()}`;
    for (let i = 0; i < bookedBurst('createFeed'); i++) {
      expect((await s.reserve(seller, 'createFeed')).waitMs).toBe(0);
    }
    const r = await s.reserve(seller, 'createFeed', { maxWaitMs: 1000 });
    expect(r.granted).toBe(false);
    expect(r.waitMs).toBeGreaterThan(100_000);
    const left = await peekBucket(ctx.db, { sellerId: seller, operation: 'createFeed', scale: 1 });
    expect(left!.tokens).toBeGreaterThanOrEqual(0);
    expect(left!.tokens).toBeLessThan(0.01);
    expect(await s.estimateMs(seller, 'createFeed', 2)).toBeGreaterThan(200_000);
  });

  it('adopts the rate Amazon reports in x-amzn-RateLimit-Limit', async () => {
    const [client] = await twoProcesses(true);
    const shop: SpApiShop = client.shop;
    await client.listings.search([US]);
    const b = await peekBucket(ctx.db, {
      sellerId: shop.sellingPartnerId,
      operation: 'searchListingsItems',
      scale: SCALE,
    });
    expect(b?.rate).toBe(10);
  });
});
