/**
 * Benchmark of the order list (issue 17 §3): p95 of a filtered 订单处理 page over HTTP with 20
 * concurrent clients, against the same statements written by hand in SQL (same concurrency,
 * same pool size, same run). Target: p95 ≤ 50 ms and ≤ 1.5x the hand-written SQL.
 *
 *   npm run bench:orders                      (1,000,000 orders over 100 tenants; first run generates them)
 *   npm run bench:orders -- --scale=100000    (a smaller dataset; the scale that ran is printed)
 *
 * Data in `.bench-data/orders-v2` (an embedded PostgreSQL of its own). The HTTP clients run in a
 * thread of their own (`order-load-worker.mjs`), not in the server's event loop.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { seed } from '../apps/server/src/db/seed.js';
import { hashPassword } from '../apps/server/src/lib/password.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const ROWS = Number(arg('scale') ?? process.env.BENCH_ROWS ?? 1_000_000);
const TENANTS = 100;
const CONCURRENCY = 20;
const REQUESTS = Number(arg('requests') ?? 2000);
const WARMUP = Number(arg('warmup') ?? 1000);
const POOL = 20;
const PASSWORD = 'bench-pass';
const TARGET_MS = 50;
const TARGET_RATIO = 1.5;
/** The filter of the measured page: a status tab, a marketplace and a purchase-date range (the last 90 days). */
const FILTER = { status: 'Unshipped', marketplace: 'de', page: 1, pageSize: 20 };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms (n=${xs.length})`;

/** Runs `n` calls of `one(i)` with `concurrency` in flight; answers each duration in ms. */
async function load(n: number, one: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        const i = next++;
        const t0 = performance.now();
        await one(i);
        out.push(performance.now() - t0);
      }
    }),
  );
  return out;
}

async function generate(db: ReturnType<typeof createDatabase>) {
  console.log(`generating ${ROWS.toLocaleString()} orders over ${TENANTS} tenants ...`);
  const t0 = performance.now();
  await sql`truncate users, shops, orders restart identity cascade`.execute(db);
  const hash = await hashPassword(PASSWORD);
  for (let i = 0; i < TENANTS; i++) {
    await sql`insert into users (account, password_hash, auth, tenant_id, user_name)
              values (${`bench-${i}`}, ${hash}, 0, currval(pg_get_serial_sequence('users', 'id')), ${`租户${i}`})`.execute(
      db,
    );
  }
  await sql`insert into shops (tenant_id, name, region, sandbox, seller_id, refresh_token_enc, marketplaces, created_by)
            select id, '店铺' || id, 'EU', true, 'A' || id, 'v1.x', array['de','fr','en'], id from users where account like 'bench-%'`.execute(
    db,
  );
  await sql`
    insert into orders (tenant_id, shop_id, marketplace, amazon_order_id, amazon_status, status, fulfillment_channel,
      purchase_date, last_update_date, currency, total_minor, item_count, express_status, ship_city, ship_country, items_pending)
    select s.tenant_id, s.id, (array['de','fr','en'])[1 + (g / ${TENANTS}) % 3], '302-' || lpad(g::text, 7, '0') || '-' || lpad((g * 7)::text, 7, '0'),
      st, st, ((g / ${TENANTS}) % 2)::text, now() - ((g / ${TENANTS}) % 2000) * interval '1 hour', now(), 'EUR', 1000 + g % 5000, 1,
      ((g / ${TENANTS}) % 4)::text, 'Berlin', 'DE', false
    from generate_series(1, ${ROWS}) g
    join (select id, tenant_id, row_number() over (order by id) - 1 as n from shops) s on s.n = g % ${TENANTS}
    cross join lateral (select (array['Unshipped','Shipped','Shipped','Canceled','Pending'])[1 + (g / ${TENANTS}) % 5] as st) x`.execute(
    db,
  );
  await sql`
    insert into order_items (tenant_id, order_id, amazon_item_id, asin, seller_sku, title, quantity, currency, item_price_minor, express_status)
    select tenant_id, id, 'I' || id, 'B0' || lpad((id % 100000)::text, 8, '0'), 'SKU-' || (id % 5000), 'Item ' || id, 1, 'EUR', total_minor, express_status
    from orders`.execute(db);
  await sql`vacuum analyze orders`.execute(db);
  await sql`vacuum analyze order_items`.execute(db);
  console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function main() {
  const dataDir = path.resolve(import.meta.dirname, '../.bench-data/orders-v2');
  const pgServer = await startEmbeddedPostgres({ dataDir, database: 'bench' });
  const url = pgServer.url('bench');
  const db = createDatabase(url, { max: POOL });
  try {
    await migrateToLatest(db);
    const { jwtSecret } = await seed(db, PASSWORD);
    const have = Number((await sql<{ n: string }>`select count(*) as n from orders`.execute(db)).rows[0]!.n);
    if (have !== ROWS) await generate(db);
    console.log(`scale: ${ROWS.toLocaleString()} orders over ${TENANTS} tenants (issue target: 1,000,000)`);
    const tenants = (
      await sql<{
        id: number;
        account: string;
      }>`select id, account from users where account like 'bench-%' order by id`.execute(db)
    ).rows;
    const config = { ...loadConfig({}), logLevel: 'warn' };
    const app = await buildApp({ db, config, jwtSecret });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const tokens: string[] = [];
    for (const t of tenants.slice(0, CONCURRENCY)) {
      const r = await fetch(`${origin}/PDD/amazon-user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-mode': 'bearer' },
        body: JSON.stringify({ account: t.account, password: PASSWORD }),
      });
      tokens.push(((await r.json()) as { data: { token: { token: string } } }).data.token.token);
    }
    const since = Math.floor(Date.now() / 1000) - 90 * 86_400;
    const body = JSON.stringify({ ...FILTER, startTime: since });
    const client = new Worker(new URL('./order-load-worker.mjs', import.meta.url), { execArgv: [] });
    const apiLoad = (n: number) =>
      new Promise<{ durations: number[]; failure: string }>((resolve) => {
        client.once('message', resolve);
        client.postMessage({ origin, path: '/PDD/order/list', body, tokens, n, concurrency: CONCURRENCY });
      });
    await apiLoad(WARMUP);
    const { durations: api, failure } = await apiLoad(REQUESTS);
    if (failure) console.log(`API failure: ${failure}`);

    // The API's three statements (page with the first item, total, counts per status) by hand.
    const pool = new pg.Pool({ connectionString: url, max: POOL });
    const tid = (i: number) => tenants[i % CONCURRENCY]!.id;
    const from = new Date(since * 1000);
    const hand = async (i: number) => {
      await Promise.all([
        pool.query(
          `select o.id, o.shop_id, s.name, o.marketplace, o.amazon_order_id, o.status, o.amazon_status, o.fulfillment_channel,
                  o.express_status, o.purchase_date, o.latest_ship_date, o.currency, o.total_minor, o.item_count, o.ship_city,
                  o.ship_state, o.ship_postal, o.ship_country, o.buyer, o.version,
                  (select json_build_array(i.asin, i.seller_sku, i.title) from order_items i where i.order_id = o.id order by i.id limit 1)
             from orders o join shops s on s.id = o.shop_id
            where o.tenant_id = $1 and o.marketplace = $2 and o.purchase_date >= $3 and o.status = $4
            order by o.purchase_date desc, o.id desc limit 20 offset 0`,
          [tid(i), 'de', from, 'Unshipped'],
        ),
        pool.query(
          'select count(*) from orders o where o.tenant_id = $1 and o.marketplace = $2 and o.purchase_date >= $3 and o.status = $4',
          [tid(i), 'de', from, 'Unshipped'],
        ),
        pool.query(
          'select o.status, count(*) from orders o where o.tenant_id = $1 and o.marketplace = $2 and o.purchase_date >= $3 group by o.status',
          [tid(i), 'de', from],
        ),
      ]);
    };
    await load(WARMUP, hand);
    const byHand = await load(REQUESTS, hand);
    const ratio = pct(api, 95) / pct(byHand, 95);
    console.log(`filtered page (tab 未发货, site de, last 90 days), ${CONCURRENCY} concurrent clients:`);
    console.log(
      `  API POST /order/list: ${fmt(api)}  target p95 ≤ ${TARGET_MS} ms: ${pct(api, 95) <= TARGET_MS ? 'met' : 'NOT met'}`,
    );
    console.log(`  same SQL by hand:     ${fmt(byHand)}`);
    console.log(
      `  API / hand p95: ${ratio.toFixed(2)}x  target ≤ ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
    await client.terminate();
    await pool.end();
    await app.close();
  } finally {
    await db.destroy().catch(() => {});
    await pgServer.stop();
  }
}

await main();
