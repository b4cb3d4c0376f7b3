/**
 * Capacity of one server process and one PostgreSQL (issue 32 §6, docs/scale.md): for each of
 * the list, save, upload and order calls, CAPACITY_CLIENTS clients (default 8) send it back to
 * back (no think time) for CAPACITY_SECONDS (default 15, after 3 s of warm-up) against a web
 * server process (WORKERS=0, started as `npm start` starts it). Prints requests per second, p95,
 * errors, and the CPU the server process and PostgreSQL spent per request, hence requests per
 * second per core (requests / CPU-seconds of server + PostgreSQL): the figure that carries to
 * another machine better than the wall-clock rate, which depends on what else runs here.
 *
 *   npm run bench:capacity
 *   CAPACITY_SECONDS=30 CAPACITY_CLIENTS=16 npm run bench:capacity
 *
 * Data: a fresh embedded PostgreSQL in `.bench-data/capacity` (or BENCH_DATABASE_URL); one
 * tenant with a sandbox shop, 20,000 orders and 3 products per client.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fmt } from './load-clients.js';
import type { Api } from './soak-calls.js';
import { apiClient, cpuBetween, cpuSnapshot, type JsonAnswer, type Staff, soakGoods, soakWorld } from './soak-setup.js';

const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 15);
const CLIENTS = Number(process.env.CAPACITY_CLIENTS ?? 8);
const WARM_S = 3;

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

/** One request of each measured kind (client `s`, request number `i`). */
const CALLS: [string, (api: Api, s: Staff, i: number) => Promise<JsonAnswer>][] = [
  [
    'goods list      GET  productList',
    (api, s) => api.call('GET', '/PDD/amazon-user/productList?page=1&pageSize=20', { token: s.token }),
  ],
  [
    'goods save      POST insertGoods_v2',
    async (api, s, i) => {
      // Each client saves its own products in turn, at the version its last save answered.
      const g = s.goods[i % s.goods.length]!;
      const r = await api.call<{ version: number }>('POST', '/PDD/amazon-user/insertGoods_v2', {
        token: s.token,
        body: { id: g.id, version: g.version, goodsData: soakGoods(g.sku, s.imageBase, i) },
      });
      if (r.status === 200) g.version = r.data.version;
      return r;
    },
  ],
  [
    'upload submit   POST upload/create',
    (api, s) =>
      api.call('POST', '/PDD/upload/create', {
        token: s.token,
        body: { shop_id: s.shopId, marketplaces: ['de', 'fr', 'en'], upload_type: 'good', ids: [pick(s.goods).id] },
      }),
  ],
  [
    'order list      POST order/list',
    (api, s) =>
      api.call('POST', '/PDD/order/list', {
        token: s.token,
        body: { page: 1 + Math.floor(Math.random() * 3), pageSize: 20, status: 'Unshipped' },
      }),
  ],
  [
    'order detail    POST order/detail',
    (api, s) => api.call('POST', '/PDD/order/detail', { token: s.token, body: { id: pick(s.orders) } }),
  ],
];

/** Sends `one` back to back from every client until `ms` have passed; answers the durations and errors. */
async function closedLoop(
  api: Api,
  staff: Staff[],
  ms: number,
  one: (api: Api, s: Staff, i: number) => Promise<JsonAnswer>,
) {
  const times: number[] = [];
  let errors = 0;
  let first = '';
  let i = 0;
  const end = performance.now() + ms;
  await Promise.all(
    staff.map(async (s) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const r = await one(api, s, i++).catch((e) => ({ http: 0, status: 0, msg: String(e), data: null }));
        times.push(performance.now() - t0);
        if (r.http !== 200 || r.status !== 200) {
          errors++;
          first ||= `${r.http} ${r.status} ${r.msg}`;
        }
      }
    }),
  );
  return { times, errors, first };
}

async function main() {
  const world = await soakWorld({
    dataDir: '.bench-data/capacity',
    tenants: 1,
    staffPerTenant: CLIENTS,
    goodsPerStaff: 3,
    ordersPerTenant: 20_000,
    env: { WORKERS: '0' },
  });
  const api = apiClient(world.origin, CLIENTS);
  const load0 = os.loadavg();
  console.log(
    `capacity: one server process (WORKERS=0) and one PostgreSQL on ${os.cpus().length} cores; ${CLIENTS} clients back to back, ` +
      `${SECONDS} s per call; load average at the start ${load0.map((x) => x.toFixed(1)).join(' ')}`,
  );
  for (const [name, one] of CALLS) {
    await closedLoop(api, world.staff, WARM_S * 1000, one);
    const c0 = cpuSnapshot(world.pid);
    const t0 = performance.now();
    const r = await closedLoop(api, world.staff, SECONDS * 1000, one);
    const wall = (performance.now() - t0) / 1000;
    const cpu = cpuBetween(c0, cpuSnapshot(world.pid));
    const n = r.times.length;
    const cpuS = (cpu.server + cpu.postgres) / 1000;
    console.log(
      `  ${name}: ${(n / wall).toFixed(0)} req/s, ${fmt(r.times)}, errors ${r.errors}${r.first ? ` (first: ${r.first})` : ''}; ` +
        `CPU per request: server ${(cpu.server / n).toFixed(1)} ms + PostgreSQL ${(cpu.postgres / n).toFixed(1)} ms; ` +
        `${(n / cpuS).toFixed(0)} req/s per core (server alone: ${(n / (cpu.server / 1000)).toFixed(0)})`,
    );
  }
  console.log(
    `load average at the end ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} (other work on the machine shares the cores)`,
  );
  await api.close();
  await world.close();
}

await main();
