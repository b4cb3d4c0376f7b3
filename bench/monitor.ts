/**
 * Benchmark of the ASIN monitor (issue 15 §5).
 *
 *   npm run bench:monitor
 *   BENCH_ASINS=10000 BENCH_SHOPS=20 BENCH_SCALE=5 BENCH_SECONDS=120 BENCH_HISTORY_DAYS=365 npm run bench:monitor
 *   BENCH_DATABASE_URL=postgres://... npm run bench:monitor   (else an embedded PostgreSQL in .bench-data/monitor)
 *
 * Prints:
 * 1. polling: ASINS watched ASINs over SHOPS shops of the simulator, every shop polled side by
 *    side for BENCH_SECONDS, the simulator and the scheduler both at BENCH_SCALE (the rates are
 *    Amazon's usage plans x the scale, so "Amazon seconds" = wall seconds x scale): the share of
 *    the pricing budget used (target >= 95%), 429s (answered by the simulator; reaching the
 *    schedule after the client's retries; target 0 reaching users), and the median and worst
 *    interval between two reads of an ASIN against the formula T = W / (C x w);
 * 2. the 跟卖监控 list with ASINS rows and BENCH_HISTORY_DAYS of daily snapshots per ASIN:
 *    p95 of a page (target < 100 ms) and of the detail with 30 days of history.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { UserRow } from '../apps/server/src/db/types.js';
import { insertWatches } from '../apps/server/src/modules/monitor/monitor.repository.js';
import { watchDetail, watchListPage } from '../apps/server/src/modules/monitor/monitor.service.js';
import { pollShop } from '../apps/server/src/modules/monitor/monitor-poll.service.js';
import { intervalMs, SHOP_CAPACITY } from '../apps/server/src/modules/monitor/monitor-schedule.js';
import { benchEnvironment, benchTenant, bindBenchShop } from './support.js';

const ASINS = Number(process.env.BENCH_ASINS ?? 10_000);
const SHOPS = Number(process.env.BENCH_SHOPS ?? 20);
const SCALE = Number(process.env.BENCH_SCALE ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const HISTORY_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 365);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : Number.NaN;
};
const r1 = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const { db, sim, deps, close } = await benchEnvironment({
    dataDir: '.bench-data/monitor',
    database: 'bench_monitor',
    poolMax: 30,
    scale: SCALE,
    tmpPrefix: 'bench-monitor-',
  });
  try {
    const tenant = await benchTenant(db);
    await db.updateTable('users').set({ limit_monitor_len: ASINS }).where('id', '=', tenant.id).execute();
    const user = (await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', tenant.id)
      .executeTakeFirstOrThrow()) as UserRow;
    const shops: number[] = [];
    for (let i = 0; i < SHOPS; i++)
      shops.push(
        (await bindBenchShop(deps, sim, { tenantId: tenant.id, name: `bench shop ${i}`, marketplaces: ['de'] })).shop
          .id,
      );
    const per = Math.ceil(ASINS / SHOPS);
    for (let s = 0; s < SHOPS; s++) {
      // ASINs the simulator invents a product and a few offers for (B0 + a letter beyond F).
      const rows = Array.from({ length: Math.min(per, ASINS - s * per) }, (_, k) => ({
        owner_id: tenant.id,
        shop_id: shops[s]!,
        marketplace: 'de',
        asin: `B0Z${String(s * per + k).padStart(7, '0')}`,
        currency: 'EUR',
        priority: 2,
        own_brand: false,
        band_min: null,
        band_max: null,
      }));
      for (let i = 0; i < rows.length; i += 1000) await insertWatches(db, tenant.id, rows.slice(i, i + 1000));
    }

    // 1. Polling at the simulator's rates.
    console.log(`polling: ${ASINS} ASINs over ${SHOPS} shops, ${SECONDS} s wall at time scale ${SCALE}`);
    const throttledBefore = sim.counters.throttled;
    const started = performance.now();
    const stats = await Promise.all(
      shops.map((id) =>
        pollShop(
          deps,
          { id, tenant_id: tenant.id },
          { windowMs: SECONDS * 1000, content: false, trackIntervals: true },
        ),
      ),
    );
    const wall = (performance.now() - started) / 1000;
    const checks = stats.reduce((n, x) => n + x.checks, 0);
    const budget = SHOP_CAPACITY * SCALE * SECONDS * SHOPS;
    const intervals = stats.flatMap((x) => x.intervals).map((ms) => (ms * SCALE) / 1000);
    const formula = intervalMs({ priority: 2, notified: false, totalWeight: per * 2, scale: 1 }) / 1000;
    console.log(
      `  checks ${checks} in ${r1(wall)} s wall; budget C x scale x window x shops = ${SHOP_CAPACITY} x ${SCALE} x ${SECONDS} x ${SHOPS} = ${Math.round(budget)}: used ${r1((checks / budget) * 100)}% (target >= 95%)`,
    );
    console.log(
      `  429 answered by the simulator: ${sim.counters.throttled - throttledBefore} of ${stats.reduce((n, x) => n + x.calls, 0)} requests (retried by the client); reaching the schedule: ${stats.reduce((n, x) => n + x.throttled, 0)}; failed reads shown to users: ${stats.reduce((n, x) => n + x.failed, 0)}`,
    );
    console.log(
      `  interval between reads of an ASIN (Amazon seconds, ${intervals.length} intervals): median ${r1(pct(intervals, 50))}, p95 ${r1(pct(intervals, 95))}, worst ${r1(Math.max(...intervals))}; formula T = W / (C x w) = ${per * 2} / (${SHOP_CAPACITY} x 2) = ${r1(formula)} s`,
    );

    // 2. The list with a year of history.
    console.log(`history: ${HISTORY_DAYS} daily snapshots per ASIN, 2 alerts per ASIN`);
    const t0 = performance.now();
    await sql`insert into monitor_snapshots (tenant_id, monitor_id, taken_at, source, offer_count, buybox_price, buybox_seller, offers)
      select a.tenant_id, a.id, now() - make_interval(days => d), 'poll', 3, 1999 + d, 'ABENCHSELLER',
        '[{"sellerId":"ABENCHSELLER","price":1999,"shipping":0,"fba":true,"buybox":true,"mine":false}]'::jsonb
      from monitor_asins a, generate_series(1, ${HISTORY_DAYS}) d`.execute(db);
    await sql`insert into monitor_alerts (tenant_id, monitor_id, kind, detail, seller_id)
      select a.tenant_id, a.id, k, 'bench', 'ABENCHSELLER' from monitor_asins a, unnest(array['new_seller', 'lost_buybox']) k`.execute(
      db,
    );
    await sql`analyze`.execute(db);
    console.log(`  seeded in ${r1((performance.now() - t0) / 1000)} s`);
    const caller = { actor: { userId: tenant.id, tenantId: tenant.id, account: 'bench', ip: '', requestId: '' }, user };
    const pages: number[] = [];
    const filters = ['all', 'all', 'alerts', 'hijacked', 'lost'] as const;
    const lastPage = Math.ceil(ASINS / 20);
    for (let i = 0; i < 200; i++) {
      const a = performance.now();
      await watchListPage(deps, caller, {
        page: 1 + Math.floor(Math.random() * Math.min(lastPage, 50)),
        pageSize: 20,
        filter: filters[i % filters.length]!,
        ...(i % 7 === 0 ? { keyword: 'B0Z00012' } : {}),
      });
      pages.push(performance.now() - a);
    }
    const ids = (await db.selectFrom('monitor_asins').select('id').limit(ASINS).execute()).map((r) => Number(r.id));
    const details: number[] = [];
    for (let i = 0; i < 100; i++) {
      const a = performance.now();
      await watchDetail(deps, tenant.id, ids[Math.floor(Math.random() * ids.length)]!, 30);
      details.push(performance.now() - a);
    }
    console.log(
      `  list page (20 rows, filters all/alerts/hijacked/lost, keyword): p50 ${r1(pct(pages, 50))} ms, p95 ${r1(pct(pages, 95))} ms (target < 100 ms)`,
    );
    console.log(`  detail with 30 days of history: p50 ${r1(pct(details, 50))} ms, p95 ${r1(pct(details, 95))} ms`);
  } finally {
    await close();
  }
}

await main();
