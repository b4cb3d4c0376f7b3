/**
 * Benchmark of the 系统 statistics (issue 31 §1): p50/p95 of each statistics call over HTTP with a
 * few concurrent clients, on one tenant with a year of 1,000,000 orders (one item each; half of
 * them purchased, a third shipped with a waybill), 20,000 products and 2,000 upload queues by 12
 * staff, beside two other tenants of 250,000 orders each (so the tenant indexes matter).
 * Target: p95 < 300 ms per call, over the default range (30 days), the whole year and a custom
 * range with mid-day edges. Also printed: the figures straight from the order rows (no rollup)
 * once, the first year-long calls that build the daily rollups, 订单统计 while an order changes
 * before each request (today's rollup rebuilt each time), and the home report (getNewReport).
 *
 *   npm run bench:stats                        (1,000,000 orders; the first run generates them, several minutes)
 *   npm run bench:stats -- --scale=100000      (a smaller dataset; the scale that ran is printed)
 *   npm run bench:stats -- --requests=40 --concurrency=4
 *
 * Data in `.bench-data/stats` (an embedded PostgreSQL of its own), kept between runs.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_TIME_ZONE } from '@console/shared/constants/time-zone';
import { sql } from 'kysely';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { seed } from '../apps/server/src/db/seed.js';
import { hashPassword } from '../apps/server/src/lib/password.js';
import { orderStatsSumsRaw } from '../apps/server/src/modules/statistics/order-stats.repository.js';
import { startBenchApp } from './bench-app.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const ROWS = Number(arg('scale') ?? process.env.BENCH_ROWS ?? 1_000_000);
const CONCURRENCY = Number(arg('concurrency') ?? 4);
const REQUESTS = Number(arg('requests') ?? 40);
const TARGET_MS = 300;
const PASSWORD = 'bench-pass';
const STAFF = 12;
const SHOPS = 5;
const OTHERS = 2;
const DAY = 86_400;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/** One tenant's year of data: `rows` orders, their items, purchases, parcels, waybills, products and uploads. */
async function seedTenant(db: ReturnType<typeof createDatabase>, account: string, rows: number, hash: string) {
  await sql`insert into users (account, password_hash, auth, tenant_id, user_name, max_child)
            values (${account}, ${hash}, 0, currval(pg_get_serial_sequence('users', 'id')), ${account}, 50)`.execute(
    db,
  );
  const tenant = (await sql<{ id: number }>`select id from users where account = ${account}`.execute(db)).rows[0]!.id;
  await sql`insert into users (account, password_hash, auth, tenant_id, parent_id, user_name, end_time)
            select ${account} || '-staff-' || g, 'x', (array[1, 2, 2, 3])[1 + g % 4], ${tenant}, ${tenant}, '员工' || g,
              now() + (g * 5) * interval '1 day'
            from generate_series(1, ${STAFF}) g`.execute(db);
  await sql`insert into shops (tenant_id, name, region, sandbox, seller_id, refresh_token_enc, marketplaces, created_by)
            select ${tenant}, '店铺' || g, 'EU', true, ${account} || g, 'v1.x', array['de','fr','en'], ${tenant}
            from generate_series(1, ${SHOPS}) g`.execute(db);
  // Orders spread evenly over the last 365 days; 4 in 5 sold, the rest cancelled or pending.
  await sql`
    insert into orders (tenant_id, shop_id, marketplace, amazon_order_id, amazon_status, status, fulfillment_channel,
      purchase_date, last_update_date, currency, total_minor, item_count, express_status, items_pending, assigned_to)
    select ${tenant}, s.id, m.code, '302-' || lpad(g::text, 8, '0'), st, st, '1',
      now() - (g::float8 / ${rows}) * interval '365 days', now(), m.cur, 1000 + g % 5000, 1, '0', false,
      case when g % 7 = 0 then null else ${tenant} + 1 + g % ${STAFF} end
    from generate_series(1, ${rows}) g
    join (select id, row_number() over (order by id) - 1 as n from shops where tenant_id = ${tenant}) s on s.n = g % ${SHOPS}
    cross join lateral (select (array['de','fr','en'])[1 + (g / ${SHOPS}) % 3] as code) mk
    cross join lateral (select mk.code, case when mk.code = 'en' then 'GBP' else 'EUR' end as cur) m
    cross join lateral (select (array['Unshipped','Shipped','Shipped','Canceled','Shipped'])[1 + g % 5] as st) x`.execute(
    db,
  );
  await sql`
    insert into order_items (tenant_id, order_id, amazon_item_id, asin, seller_sku, title, quantity, currency, item_price_minor)
    select tenant_id, id, 'I' || id, 'B0' || lpad((id % 100000)::text, 8, '0'), 'SKU-' || (id % 5000), 'Item', 1 + id % 3,
      currency, total_minor
    from orders where tenant_id = ${tenant}`.execute(db);
  await sql`
    insert into order_purchases (tenant_id, order_id, item_id, paid_minor, quantity, created_by, created_at)
    select i.tenant_id, i.order_id, i.id, 500 + i.id % 700, 1, ${tenant} + 1 + i.id % ${STAFF}, o.purchase_date + interval '1 day'
    from order_items i join orders o on o.id = i.order_id where i.tenant_id = ${tenant} and i.id % 2 = 0`.execute(db);
  await sql`
    insert into logistics_parcels (tenant_id, order_id, channel_id, weight_g, length_mm, width_mm, height_mm, country,
      chargeable_g, freight, service_fee, review_status, created_by)
    select tenant_id, id, 1, 500, 100, 100, 100, 'DE', 500, 1200, 300, 'passed', ${tenant}
    from orders where tenant_id = ${tenant} and id % 3 = 0`.execute(db);
  await sql`
    insert into logistics_waybills (tenant_id, parcel_id, order_id, channel_id, waybill_no, carrier_code, freight,
      service_fee, weight_g, created_by, shipped_at, shipped_by, status)
    select p.tenant_id, p.id, p.order_id, 1, 'WB' || p.id, 'sim', 1100 + p.id % 300, 300, 500, ${tenant},
      o.purchase_date + interval '2 days', ${tenant} + 1 + p.id % ${STAFF}, '2'
    from logistics_parcels p join orders o on o.id = p.order_id where p.tenant_id = ${tenant}`.execute(db);
  const products = Math.max(100, Math.round(rows / 50));
  await sql`
    insert into goods (tenant_id, creator_id, type, sku, created_at)
    select ${tenant}, ${tenant} + 1 + g % ${STAFF}, 1, ${account} || '-G' || g, now() - (g::float8 / ${products}) * interval '365 days'
    from generate_series(1, ${products}) g`.execute(db);
  await sql`
    insert into upload_queues (tenant_id, shop_id, marketplaces, upload_type, mode, status, goods_count, created_by, created_at)
    select ${tenant}, s.id, array['de'], 'good', 'listings', 'done', 10, ${tenant} + 1 + g % ${STAFF},
      now() - (g::float8 / ${products / 10}) * interval '365 days'
    from generate_series(1, ${products / 10}) g
    join (select id, row_number() over (order by id) - 1 as n from shops where tenant_id = ${tenant}) s on s.n = g % ${SHOPS}`.execute(
    db,
  );
  await sql`
    insert into upload_items (tenant_id, queue_id, shop_id, goods_id, marketplace, seller_sku, role, operation, payload, status, issues)
    select q.tenant_id, q.id, q.shop_id, gd.id, 'de', 'U' || q.id || '-' || k, 'single', 'UPDATE', '{}',
      case when k % 3 = 0 then 'rejected' else 'live' end, '[]'
    from upload_queues q cross join generate_series(0, 9) k
    cross join (select min(id) as first from goods where tenant_id = ${tenant}) g0
    cross join lateral (select g0.first + (q.id * 10 + k) % ${products} as id) gd
    where q.tenant_id = ${tenant}`.execute(db);
  return tenant;
}

async function generate(db: ReturnType<typeof createDatabase>) {
  console.log(
    `generating ${ROWS.toLocaleString()} orders over a year for one tenant, and ${OTHERS} other tenants of ${(ROWS / 4).toLocaleString()} each ...`,
  );
  const t0 = performance.now();
  await sql`truncate users, shops, orders, goods, upload_queues, logistics_channels restart identity cascade`.execute(
    db,
  );
  await sql`insert into logistics_channels (book_id, name, carrier_code, countries, first_weight_g, first_price,
      step_weight_g, step_price, created_by) values (0, '基准渠道', 'sim', array['DE','FR','GB'], 500, 1000, 500, 500, 1)`.execute(
    db,
  );
  const hash = await hashPassword(PASSWORD);
  // Other tenants first and after, so the bench tenant's rows are interleaved with theirs in id order.
  await seedTenant(db, 'bench-other-1', ROWS / 4, hash);
  await seedTenant(db, 'bench-stats', ROWS, hash);
  for (let n = 2; n <= OTHERS; n++) await seedTenant(db, `bench-other-${n}`, ROWS / 4, hash);
  for (const table of [
    'users',
    'orders',
    'order_items',
    'order_purchases',
    'logistics_parcels',
    'logistics_waybills',
    'goods',
    'upload_queues',
    'upload_items',
  ]) {
    await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  }
  console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

async function main() {
  const dataDir = path.resolve(import.meta.dirname, '../.bench-data/stats');
  const pgServer = await startEmbeddedPostgres({ dataDir, database: 'bench' });
  const db = createDatabase(pgServer.url('bench'), { max: 10 });
  try {
    await migrateToLatest(db);
    const { jwtSecret } = await seed(db, PASSWORD);
    const have = Number(
      (
        await sql<{ n: string }>`select count(*) as n from orders o join users u on u.id = o.tenant_id
          where u.account = 'bench-stats'`.execute(db)
      ).rows[0]!.n,
    );
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from orders`.execute(db)).rows[0]!.n);
    if (have !== ROWS || (await count()) !== ROWS + OTHERS * (ROWS / 4)) await generate(db);
    const all = await count();
    console.log(
      `scale: ${ROWS.toLocaleString()} orders of one tenant over 365 days (issue target: 1,000,000), ` +
        `${all.toLocaleString()} orders in all`,
    );
    const tenant = (await sql<{ id: number }>`select id from users where account = 'bench-stats'`.execute(db)).rows[0]!
      .id;
    const { app, origin, token } = await startBenchApp(db, jwtSecret, 'bench-stats', PASSWORD);
    const now = Math.floor(Date.now() / 1000);
    const one = async (url: string) => {
      const r = await fetch(`${origin}${url}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await r.json()) as { status: number; msg: string };
      if (body.status !== 200) throw new Error(`${url}: ${body.status} ${body.msg}`);
    };
    const load = async (url: string) => {
      const out: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next++ < REQUESTS) {
            const t0 = performance.now();
            await one(url);
            out.push(performance.now() - t0);
          }
        }),
      );
      return out;
    };
    const line = (call: string, label: string, times: number[], target = true) => {
      const p95 = pct(times, 95);
      console.log(
        `  ${call.padEnd(24)} ${label.padEnd(34)} p50 ${pct(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms` +
          (target ? `  target p95 < ${TARGET_MS} ms: ${p95 < TARGET_MS ? 'met' : 'NOT met'}` : ''),
      );
    };
    // The reference: the figures straight from the order rows (no rollup), one run each.
    for (const days of [30, 365]) {
      const t0 = performance.now();
      const range = { from: new Date((now - days * DAY) * 1000), to: new Date((now + 1) * 1000) };
      await orderStatsSumsRaw(db, tenant, range, DEFAULT_TIME_ZONE);
      console.log(`  order rows without rollup, ${days} days: ${(performance.now() - t0).toFixed(0)} ms (one run)`);
    }
    // The rollup is built on first read: time that once, from nothing, for the whole year.
    await sql`delete from order_stats_days where tenant_id = ${tenant}`.execute(db);
    await sql`delete from order_stats_daily where tenant_id = ${tenant}`.execute(db);
    const c0 = performance.now();
    await one(`/PDD/amazon-user/orderStatistical?startTime=${now - 365 * DAY}&endTime=${now}`);
    console.log(
      `  first orderStatistical of the year (builds 365 days of rollup): ${(performance.now() - c0).toFixed(0)} ms`,
    );
    // 员工绩效's rollup, likewise built on first read.
    await sql`delete from perf_stats_days where tenant_id = ${tenant}`.execute(db);
    await sql`delete from perf_stats_daily where tenant_id = ${tenant}`.execute(db);
    await sql`delete from perf_stats_repeat where tenant_id = ${tenant}`.execute(db);
    const p0 = performance.now();
    await one(`/PDD/amazon-user/performanceStatistical?startTime=${now - 365 * DAY}&endTime=${now}`);
    console.log(
      `  first performanceStatistical of the year (builds 365 days of rollup): ${(performance.now() - p0).toFixed(0)} ms`,
    );
    console.log(`${CONCURRENCY} concurrent clients, ${REQUESTS} requests per line:`);
    // A custom range: from the middle of a day 200 days ago to the middle of a day 110 days ago.
    const custom = `startTime=${now - 200 * DAY - 37_777}&endTime=${now - 110 * DAY + 12_345}`;
    const ranges = [
      ['default (30 days, no dates)', ''],
      ['whole year (365 days)', `startTime=${now - 365 * DAY}&endTime=${now}`],
      ['custom (90 days, mid-day edges)', custom],
    ] as const;
    for (const call of ['orderStatistical', 'performanceStatistical', 'accountStatistical']) {
      for (const [label, query] of ranges) {
        const url = `/PDD/amazon-user/${call}?${query}`;
        await load(url); // warm-up
        line(call, label, await load(url));
      }
    }
    // Orders keep arriving: one order of today changes before each request, so today's rollup is rebuilt each time.
    const churn = async () => {
      const out: number[] = [];
      for (let n = 0; n < REQUESTS; n++) {
        await sql`update orders set assigned_to = case when assigned_to is null then ${tenant + 1}::int else null end
          where id = (select id from orders where tenant_id = ${tenant} order by purchase_date desc limit 1)`.execute(
          db,
        );
        const t0 = performance.now();
        await one('/PDD/amazon-user/orderStatistical');
        out.push(performance.now() - t0);
      }
      return out;
    };
    line('orderStatistical', 'default, an order written before each', await churn());
    const home = '/PDD/amazon-user/getNewReport';
    await load(home);
    line('getNewReport', 'home report', await load(home));
    await app.close();
  } finally {
    await db.destroy().catch(() => {});
    await pgServer.stop();
  }
}

await main();
