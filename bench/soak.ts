/**
 * Soak benchmark (issue 32 §5): mixed traffic from 50 simulated staff of 5 tenants against ONE
 * server process (started as `npm start` starts it, job workers on, sandbox shops) for
 * SOAK_MINUTES (default 30). Each staff member loops: pick a call by weight, send it, think
 * 0.5–1.5 s (SOAK_THINK_MS, the mean), again. Calls: 商品列表, edit + save of one of their own
 * products (getProduct, insertGoods_v2 at the loaded version), upload of a product to the tenant's
 * sandbox shop (upload/create; the server's workers then send it to the sandbox Amazon), 订单列表,
 * 订单详情, 财务概览.
 *
 * Prints per call the count, p50/p95 and errors (target: 0 errors), and the server process's
 * memory: resident set and V8 heap used, sampled every 5 s from its Prometheus metrics; the
 * first window after warm-up (the first third of the run, at most 5 minutes) against the last
 * window of the run (target: growth < 10%; heap is compared by its floor, the lowest sample of a
 * window, which is what survives garbage collection).
 *
 *   npm run bench:soak                          (30 minutes)
 *   SOAK_MINUTES=3 npm run bench:soak           (shorter)
 *   SOAK_STAFF=50 SOAK_TENANTS=5 npm run bench:soak
 *   SOAK_MINUTES=2 SOAK_RENEW_AHEAD_S=850 npm run bench:soak   (renews every ~50 s)
 *
 * Each staff member keeps its session as the web app does: renewed with the refresh token a
 * minute before the 15-minute access token expires (counted, not timed; a failed renewal is an error).
 *
 * Data: a fresh embedded PostgreSQL in `.bench-data/soak` (or BENCH_DATABASE_URL).
 */
import { performance } from 'node:perf_hooks';
import { fmt, pct } from './load-clients.js';
import { ACTIONS } from './soak-calls.js';
import { apiClient, renewSessionIfDue, serverMemory, soakWorld } from './soak-setup.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const TENANTS = Number(process.env.SOAK_TENANTS ?? 5);
const STAFF = Number(process.env.SOAK_STAFF ?? 50);
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 1000);
const SAMPLE_MS = 5000;
const GROWTH_LIMIT = 0.1;

function weighted() {
  const total = ACTIONS.reduce((a, [, w]) => a + w, 0);
  let r = Math.random() * total;
  for (const a of ACTIONS) {
    r -= a[1];
    if (r < 0) return a;
  }
  return ACTIONS[0]!;
}

async function main() {
  const t0 = performance.now();
  const world = await soakWorld({
    dataDir: '.bench-data/soak',
    tenants: TENANTS,
    staffPerTenant: Math.ceil(STAFF / TENANTS),
    goodsPerStaff: 3,
    ordersPerTenant: 5000,
  });
  const staff = world.staff.slice(0, STAFF);
  console.log(
    `soak: ${staff.length} staff of ${TENANTS} tenants (a sandbox shop, 5,000 orders and 3 products per staff member each), ` +
      `${MINUTES} min, think time ~${THINK_MS} ms; set up in ${((performance.now() - t0) / 1000).toFixed(0)} s; server pid ${world.pid}`,
  );
  const api = apiClient(world.origin, staff.length);
  const stats = new Map<string, { times: number[]; errors: number; first: string }>(
    ACTIONS.map(([name]) => [name, { times: [], errors: 0, first: '' }]),
  );
  const durationMs = MINUTES * 60_000;
  const warmMs = Math.min(5 * 60_000, durationMs / 3);
  const start = performance.now();
  const end = start + durationMs;
  const samples: { at: number; rss: number; heap: number }[] = [];
  const sampler = (async () => {
    while (performance.now() < end) {
      const m = await serverMemory(world.origin);
      samples.push({ at: performance.now() - start, ...m });
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
  })();
  let round = 0;
  const renewals = { sent: 0, failed: 0, first: '' };
  await Promise.all(
    staff.map(async (s) => {
      // Staggered starts, as staff arrive over the first seconds.
      await new Promise((r) => setTimeout(r, Math.random() * THINK_MS));
      while (performance.now() < end) {
        // The session is kept as the web app keeps it: renewed shortly before the access token expires.
        const renewed = await renewSessionIfDue(api, s).catch((err) => ({ http: 0, status: 0, msg: String(err) }));
        if (renewed) {
          renewals.sent++;
          if (renewed.http !== 200 || renewed.status !== 200) {
            renewals.failed++;
            renewals.first ||= `${renewed.http} ${renewed.status} ${renewed.msg}`;
          }
        }
        const [name, , action] = weighted();
        const st = stats.get(name)!;
        const c0 = performance.now();
        try {
          const answers = await action(api, s, ++round);
          st.times.push(performance.now() - c0);
          const bad = answers.find((a) => a.http !== 200 || a.status !== 200);
          if (bad) {
            st.errors++;
            st.first ||= `${bad.http} ${bad.status} ${bad.msg}`;
          }
        } catch (err) {
          st.errors++;
          st.first ||= String(err);
        }
        await new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
      }
    }),
  );
  await sampler;
  const wallS = (performance.now() - start) / 1000;
  let calls = 0;
  let errors = 0;
  console.log('per call (end-to-end over HTTP; edit + save is two requests):');
  for (const [name, st] of stats) {
    calls += st.times.length;
    errors += st.errors;
    console.log(
      `  ${name.padEnd(48)} n=${String(st.times.length).padStart(6)}  ${st.times.length ? fmt(st.times) : '-'}  errors ${st.errors}${st.first ? ` (first: ${st.first})` : ''}`,
    );
  }
  console.log(
    `  session renewals (refresh.admin.token, not timed): ${renewals.sent}, failed ${renewals.failed}${renewals.first ? ` (first: ${renewals.first})` : ''}`,
  );
  errors += renewals.failed;
  console.log(
    `  all: ${calls} calls in ${wallS.toFixed(0)} s (${(calls / wallS).toFixed(1)}/s); errors ${errors}; target 0: ${errors === 0 ? 'met' : 'NOT met'}`,
  );
  memoryReport(samples, warmMs, durationMs);
  const queues = await world.db
    .selectFrom('upload_queues')
    .select(({ fn }) => ['status', fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  console.log(`upload queues at the end: ${queues.map((q) => `${q.status} ${q.n}`).join(', ') || 'none'}`);
  await api.close();
  await world.close();
}

/** Memory after warm-up (first window) against the end (last window), and the series every minute. */
function memoryReport(samples: { at: number; rss: number; heap: number }[], warmMs: number, durationMs: number) {
  const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;
  const window = Math.max(30_000, (durationMs - warmMs) / 6);
  const first = samples.filter((s) => s.at >= warmMs && s.at < warmMs + window);
  const last = samples.filter((s) => s.at >= durationMs - window);
  if (!first.length || !last.length) {
    console.log('memory: too few samples');
    return;
  }
  const rssA = pct(
    first.map((s) => s.rss),
    50,
  );
  const rssB = pct(
    last.map((s) => s.rss),
    50,
  );
  const heapA = Math.min(...first.map((s) => s.heap));
  const heapB = Math.min(...last.map((s) => s.heap));
  const grow = (a: number, b: number) => (b - a) / a;
  const verdict = (g: number) =>
    `${(g * 100).toFixed(1)}% (target < ${GROWTH_LIMIT * 100}%: ${g < GROWTH_LIMIT ? 'met' : 'NOT met'})`;
  console.log(
    `server memory after warm-up (${(warmMs / 60_000).toFixed(1)} min; windows of ${(window / 1000).toFixed(0)} s, ${samples.length} samples every ${SAMPLE_MS / 1000} s):`,
  );
  console.log(`  resident set (median of a window): ${mb(rssA)} -> ${mb(rssB)}, growth ${verdict(grow(rssA, rssB))}`);
  console.log(
    `  V8 heap used (floor of a window):  ${mb(heapA)} -> ${mb(heapB)}, growth ${verdict(grow(heapA, heapB))}`,
  );
  const perMinute = samples.filter((_, i) => i % Math.round(60_000 / SAMPLE_MS) === 0);
  console.log(`  every minute (rss / heap): ${perMinute.map((s) => `${mb(s.rss)} / ${mb(s.heap)}`).join(', ')}`);
}

await main();
