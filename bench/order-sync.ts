/**
 * Benchmark of the order sync (issue 17 §3): 50 shops x 2,000 new orders against the simulator
 * at its real rates (Amazon's usage plans; the simulator and the scheduler both run their clocks
 * BENCH_SCALE times faster, so "Amazon seconds" = wall seconds x the scale). Target: the achieved
 * getOrders / getOrderItems rate at least 95% of the allowed rate, no order lost or doubled.
 *
 *   npm run bench:order-sync
 *   BENCH_SHOPS=50 BENCH_ORDERS=2000 BENCH_SCALE=10 npm run bench:order-sync
 *   BENCH_DATABASE_URL=postgres://... npm run bench:order-sync   (else an embedded PostgreSQL in .bench-data/order-sync)
 *
 * Every shop is synced side by side as the sync job does (`syncShopsOrders`), each shop run after
 * run until none of its orders waits for items (a run reads the items of at most 500 orders per
 * marketplace, the next run the rest), as the scheduled job would do every few minutes.
 *
 * The allowed number of calls of an operation in a window of T wall seconds is, per shop,
 * burst + rate x scale x T (the bucket starts full); the achieved share is the calls made over
 * that, with T the shop's window of that operation: from its first to its last booked slot (the
 * time it had work waiting; `getOrderItems` has none before the orders' pages are stored). An
 * operation whose callers never waited for a slot is not held back by its rate (its calls fit in
 * the burst) and is printed as not binding.
 */
import { performance } from 'node:perf_hooks';
import { marketplace } from '@console/shared/constants/marketplaces';
import { sql } from 'kysely';
import { PgRateLimitScheduler } from '../apps/server/src/marketplace/rate-limit.scheduler.js';
import { type SpApiOperation, USAGE_PLANS } from '../apps/server/src/marketplace/rate-limits.js';
import { type ShopSyncResult, syncShopsOrders } from '../apps/server/src/modules/order/order-sync.service.js';
import { benchEnvironment, benchTenant, bindBenchShop } from './support.js';

const SHOPS = Number(process.env.BENCH_SHOPS ?? 50);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const SCALE = Number(process.env.BENCH_SCALE ?? 10);
const MARKET = 'de';
const TARGET = 0.95;

const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Every slot the client books, per selling partner and operation: when the first and the last
 * were booked, how many, and how long the callers waited for them (the scheduler's answer).
 */
const booked = new Map<string, { first: number; last: number; n: number; waitMs: number }>();
const reserve = PgRateLimitScheduler.prototype.reserve;
PgRateLimitScheduler.prototype.reserve = async function (this: PgRateLimitScheduler, sellerId, operation, opts) {
  const r = await reserve.call(this, sellerId, operation, opts);
  if (r.granted) {
    const at = performance.now() + r.waitMs;
    const k = `${sellerId}|${operation}`;
    const b = booked.get(k) ?? { first: at, last: at, n: 0, waitMs: 0 };
    b.last = at;
    b.n++;
    b.waitMs += r.waitMs;
    booked.set(k, b);
  }
  return r;
};

async function main() {
  const { db, sim, deps, close } = await benchEnvironment({
    dataDir: '.bench-data/order-sync',
    database: 'bench_order_sync',
    poolMax: 30,
    scale: SCALE,
    tmpPrefix: 'bench-order-sync-',
  });
  const market = marketplace(MARKET);
  try {
    const tenant = await benchTenant(db);
    const shops: Awaited<ReturnType<typeof bindBenchShop>>[] = [];
    for (let i = 0; i < SHOPS; i++)
      shops.push(
        await bindBenchShop(deps, sim, { tenantId: tenant.id, name: `bench shop ${i}`, marketplaces: [MARKET] }),
      );
    // One listing per shop and ORDERS paid seller-fulfilled orders placed an hour ago (outside
    // Amazon's two-minute window, past the Pending time at this scale).
    const expected = new Set<string>();
    for (const { sellerId } of shops) {
      const sku = 'BENCH-SKU';
      const now = new Date().toISOString();
      sim.listings.set(`${sellerId}|${market.marketplaceId}|${sku}`, {
        sellerId,
        marketplaceId: market.marketplaceId,
        sku,
        productType: 'PRODUCT',
        attributes: {
          item_name: [{ value: 'Bench item' }],
          purchasable_offer: [{ our_price: [{ schedule: [{ value_with_tax: 25 }] }] }],
        },
        asin: 'B0BENCH001',
        createdDate: now,
        lastUpdatedDate: now,
        issues: [],
      });
      for (const id of sim.orders.generate({
        sellerId,
        marketplaceId: market.marketplaceId,
        at: Date.now() - 3600_000,
        count: ORDERS,
        items: [{ sku }],
        channel: 'MFN',
        outcome: 'normal',
      }))
        expected.add(id);
    }
    console.log(
      `order sync: ${SHOPS} shops x ${ORDERS.toLocaleString('en')} new orders (${expected.size.toLocaleString('en')}), simulator and scheduler at time scale ${SCALE}`,
    );

    const started = performance.now();
    const results: ShopSyncResult[] = [];
    const pendingOf = async (shopId: number) =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from orders where shop_id = ${shopId} and items_pending`.execute(db)
        ).rows[0]!.n,
      );
    // Every shop side by side, run after run until its orders all have their items.
    await Promise.all(
      shops.map(async ({ shop }) => {
        for (let run = 0; run < 100; run++) {
          await syncShopsOrders(deps, [shop], { maxWaitMs: 120_000 }, (r) => {
            results.push(r);
          });
          if ((await pendingOf(shop.id)) === 0) break;
        }
      }),
    );
    const wall = (performance.now() - started) / 1000;

    const counts = (
      await sql<{ orders: string; distinct_ids: string; items: string; pending: string }>`
        select (select count(*) from orders) as orders,
               (select count(distinct amazon_order_id) from orders) as distinct_ids,
               (select count(*) from order_items) as items,
               (select count(*) from orders where items_pending) as pending`.execute(db)
    ).rows[0]!;
    const stored = new Set(
      (await db.selectFrom('orders').select('amazon_order_id').execute()).map((r) => r.amazon_order_id),
    );
    const lost = [...expected].filter((id) => !stored.has(id)).length;
    const extra = [...stored].filter((id) => !expected.has(id)).length;
    const doubled = Number(counts.orders) - Number(counts.distinct_ids);

    console.log(`  wall ${r1(wall)} s (= ${r1(wall * SCALE)} Amazon seconds), runs ${results.length}`);
    const errors = results.flatMap((r) => r.errors);
    if (errors.length) console.log(`  errors: ${errors.length}, first: ${errors[0]}`);
    // Per shop and operation, the window in which it was called (first to last slot); the
    // allowed calls in it are the full bucket plus the rate over the window. An operation whose
    // callers never waited for a slot was not held back by its rate: it does not bind.
    let binding = true;
    for (const op of ['getOrders', 'getOrderItems'] as const satisfies SpApiOperation[]) {
      const plan = USAGE_PLANS[op];
      const calls = sim.counters.requests.get(op) ?? 0;
      const rows = shops.map(({ sellerId }) => booked.get(`${sellerId}|${op}`)!).filter(Boolean);
      const slots = rows.reduce((a, b) => a + b.n, 0);
      const allowed = rows.reduce((a, b) => a + plan.burst + (plan.rate * SCALE * (b.last - b.first)) / 1000, 0);
      const waited = rows.reduce((a, b) => a + b.waitMs, 0) / 1000;
      const share = slots / allowed;
      const bound = waited > 1;
      console.log(
        `  ${op}: ${calls.toLocaleString('en')} requests (${r1(calls / SHOPS)} per shop), ${r1(calls / wall)}/s wall over ${SHOPS} shops; ` +
          `slots booked ${slots.toLocaleString('en')} in the shops' windows (first to last call) where ${SHOPS} x (burst ${plan.burst} + ${plan.rate}/s x ${SCALE} x window) = ${Math.round(allowed).toLocaleString('en')} were allowed: ${r1(share * 100)}%; callers waited ${r1(waited)} s for slots` +
          (bound
            ? ` (target >= ${TARGET * 100}%: ${share >= TARGET ? 'met' : 'NOT met'})`
            : ' (never waited for a slot: the operation does not bind, its calls fit in the burst)'),
      );
      if (bound && share < TARGET) binding = false;
      if (op === 'getOrderItems')
        console.log(
          `    over the whole run instead (from the start, while the orders' pages were still read and stored, ${r1(wall)} s): ${r1((calls / (SHOPS * (plan.burst + plan.rate * SCALE * wall))) * 100)}% of ${SHOPS} x (burst ${plan.burst} + ${plan.rate}/s x ${SCALE} x wall)`,
        );
    }
    const total = [...sim.counters.requests.values()].reduce((a, b) => a + b, 0);
    console.log(`  429 answers: ${sim.counters.throttled} of ${total.toLocaleString('en')} requests`);
    console.log(
      `  orders: expected ${expected.size.toLocaleString('en')}, stored ${Number(counts.orders).toLocaleString('en')}, lost ${lost}, doubled ${doubled}, unknown ${extra}; items ${Number(counts.items).toLocaleString('en')}, still waiting for items ${counts.pending}`,
    );
    console.log(
      `  result: ${binding && lost === 0 && doubled === 0 && extra === 0 && Number(counts.pending) === 0 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await close();
  }
}

await main();
