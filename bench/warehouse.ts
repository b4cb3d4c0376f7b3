/**
 * Benchmark of the warehouse inventory (issue 30 §4): 库存列表 and 库存流水 pages over HTTP with
 * 20 concurrent clients on a tenant with 1,000,000 movements, beside the same SQL (compiled from
 * the repository's own builders) sent by hand over a pg pool of the same size; then 200
 * concurrent outbound reservations on SKUs with little stock through `postMovement`.
 * Target: p95 < 50 ms; exactly the available units reserved, 0 negative balances, no mismatch.
 *
 *   npm run bench:warehouse                     (first run generates the data, ~1 min)
 *   npm run bench:warehouse -- --requests=500   (requests per scenario and side; default 1000)
 *
 * Data in `.bench-data/warehouse` (an embedded PostgreSQL of its own, kept between runs).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { inventoryFlowBody, inventoryListBody } from '@console/shared/schemas/overseas-inventory';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { seed } from '../apps/server/src/db/seed.js';
import { postMovement } from '../apps/server/src/inventory/inventory.service.js';
import { inventoryMismatches } from '../apps/server/src/inventory/inventory-check.repository.js';
import { hashPassword } from '../apps/server/src/lib/password.js';
import { insertUser } from '../apps/server/src/modules/account/user.repository.js';
import {
  cursorKeys,
  flowQuery,
  inventoryListQuery,
} from '../apps/server/src/modules/overseas/overseas-inventory-pages.repository.js';
import { tallyMismatches } from '../apps/server/src/modules/overseas/overseas-inventory-tallies.repository.js';
import { startBenchApp } from './bench-app.js';
import { fmt, httpLoadClient, load as loadAll, pct } from './load-clients.js';
import { insertRaceSkus, negativeBalances, seedBenchMovements } from './warehouse-seed.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const SKUS = 2500;
const PER_PAIR = 100; // 2,500 SKUs × 4 locations × 100 = 1,000,000 movements
const CONCURRENCY = 20;
const REQUESTS = Number(arg('requests') ?? 1000);
const RACE = 200;
const RACE_SKUS = 10;
const RACE_UNITS = 5;
const PASSWORD = 'bench-pass';
const TARGET_MS = 50;

/** Seconds since a `performance.now()` mark, one decimal. */
const secondsSince = (mark: number) => ((performance.now() - mark) / 1000).toFixed(1);

const load = (n: number, one: (i: number) => Promise<void>) => loadAll(n, CONCURRENCY, one);

async function main() {
  const dataDir = path.resolve(import.meta.dirname, '../.bench-data/warehouse');
  const pgServer = await startEmbeddedPostgres({ dataDir, database: 'bench' });
  const url = pgServer.url('bench');
  const db = createDatabase(url, { max: CONCURRENCY });
  try {
    await migrateToLatest(db);
    const { jwtSecret } = await seed(db, PASSWORD);
    let tenant = (await sql<{ id: number }>`select id from users where account = 'wh-bench'`.execute(db)).rows[0];
    if (!tenant) {
      const u = await insertUser(db, {
        account: 'wh-bench',
        password_hash: await hashPassword(PASSWORD),
        auth: 0,
        user_name: '仓储压测',
      });
      tenant = { id: u.id };
    }
    const tenantId = tenant.id;
    const have = Number(
      (await sql<{ n: string }>`select count(*) as n from stock_movements where tenant_id = ${tenantId}`.execute(db))
        .rows[0]!.n,
    );
    if (have < SKUS * 4 * PER_PAIR) {
      console.log(`generating ${(SKUS * 4 * PER_PAIR).toLocaleString()} movements ...`);
      const t0 = performance.now();
      const wh = await sql<{ id: number }>`
        insert into overseas_warehouses (code, name, country) values ('BENCH-DE', '压测德国仓', 'DE'), ('BENCH-US', '压测美国仓', 'US')
        returning id`.execute(db);
      await seedBenchMovements(db, {
        tenantId,
        skus: SKUS,
        perPair: PER_PAIR,
        warehouseIds: [wh.rows[0]!.id, wh.rows[1]!.id],
      });
      console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const movements = Number(
      (await sql<{ n: string }>`select count(*) as n from stock_movements where tenant_id = ${tenantId}`.execute(db))
        .rows[0]!.n,
    );
    const locations = (
      await sql<{ id: number; kind: string; warehouse_id: number | null }>`
        select id::int, kind, warehouse_id from stock_locations where tenant_id = ${tenantId} order by id`.execute(db)
    ).rows;
    const wh1 = locations.find((l) => l.kind === 'overseas')!;
    const someSku = Number(
      (await sql<{ id: string }>`select id from stock_products where sku = 'BENCH-001234'`.execute(db)).rows[0]!.id,
    );
    // 下一页 from page 99 of one warehouse: the cursor is page 99's last key (the screen passes
    // the answer's next_cursor).
    const page99Last = (
      await sql<{ s: string; l: string }>`
        select stock_id as s, location_id as l from stock_balances where location_id = ${wh1.id}
         order by stock_id limit 1 offset ${99 * 20 - 1}`.execute(db)
    ).rows[0]!;
    const maxId = Number((await sql<{ m: string }>`select max(id) as m from stock_movements`.execute(db)).rows[0]!.m);

    const { app, origin, token } = await startBenchApp(db, jwtSecret, 'wh-bench', PASSWORD);
    const client = httpLoadClient(origin, CONCURRENCY);
    const apiLoad = (route: string, body: object, n: number) => client.run(route, JSON.stringify(body), [token], n);
    const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY, idleTimeoutMillis: 0 });
    const hand = (compiled: { sql: string; parameters: readonly unknown[] }[], n: number) => async () => {
      await Promise.all(
        compiled.map((c, k) =>
          pool.query({
            name: `case${n}_${k}`,
            text: c.sql,
            values: c.parameters as unknown[],
          }),
        ),
      );
    };

    const listCase = (name: string, body: object) => {
      const f = inventoryListBody.parse(body);
      return {
        name,
        route: '/PDD/overseas/inventory/list',
        body,
        compiled: [inventoryListQuery(db, tenantId, { ...f, after: cursorKeys(f.cursor) })],
      };
    };
    const flowCase = (name: string, body: object) => {
      const f = inventoryFlowBody.parse(body);
      return { name, route: '/PDD/overseas/inventory/flow', body, compiled: [flowQuery(db, tenantId, f)] };
    };
    const cases = [
      listCase('库存列表 page 1', { page: 1, pageSize: 20 }),
      listCase('库存列表 page 100, one warehouse', {
        page: 100,
        pageSize: 20,
        location_kind: 'overseas',
        warehouse_id: wh1.warehouse_id,
      }),
      listCase('库存列表 page 100, one warehouse, cursor', {
        page: 100,
        pageSize: 20,
        location_kind: 'overseas',
        warehouse_id: wh1.warehouse_id,
        cursor: `${page99Last.s}.${page99Last.l}`,
      }),
      listCase('库存列表 low stock + keyword', { page: 1, pageSize: 20, low_stock: true, keyword: 'BENCH-00' }),
      flowCase('库存流水 page 1', { pageSize: 20 }),
      flowCase('库存流水 deep page (cursor)', { pageSize: 20, cursor: Math.floor(maxId / 2) }),
      flowCase('库存流水 one location', { pageSize: 20, location_id: wh1.id }),
      flowCase('库存流水 one SKU', { pageSize: 20, stock_id: someSku }),
      flowCase('库存流水 reason pick', { pageSize: 20, reason: 'pick' }),
      flowCase('库存流水 last 7 days', { pageSize: 20, start_time: Math.floor(Date.now() / 1000) - 7 * 86_400 }),
    ];
    console.log(
      `movements of the tenant: ${movements.toLocaleString()}; ${CONCURRENCY} concurrent clients, ${REQUESTS} requests per side`,
    );
    let met = true;
    for (const [n, c] of cases.entries()) {
      await apiLoad(c.route, c.body, 200);
      const api = await apiLoad(c.route, c.body, REQUESTS);
      if (api.failure) console.log(`  API failure: ${api.failure}`);
      await load(200, hand(c.compiled, n));
      const byHand = await load(REQUESTS, hand(c.compiled, n));
      met &&= pct(api.durations, 95) < TARGET_MS;
      console.log(`  ${c.name.padEnd(34)} API ${fmt(api.durations)} | same SQL by hand ${fmt(byHand)}`);
    }
    console.log(`  target p95 < ${TARGET_MS} ms: ${met ? 'met' : 'NOT met'}`);
    await client.close();
    await pool.end();
    await app.close();

    // 200 concurrent reservations (outbound orders) on 10 SKUs with 5 units each at a warehouse.
    const at = { kind: 'overseas' as const, warehouseId: wh1.warehouse_id! };
    const raceSkus = await insertRaceSkus(db, tenantId, RACE_SKUS);
    for (const stockId of raceSkus)
      await db
        .transaction()
        .execute((trx) =>
          postMovement(trx, { tenantId, stockId, at, op: 'in', quantity: RACE_UNITS, reason: 'receipt', by: null }),
        );
    const t0 = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: RACE }, (_, i) =>
        db.transaction().execute((trx) =>
          postMovement(trx, {
            tenantId,
            stockId: raceSkus[i % RACE_SKUS]!,
            at,
            op: 'reserve',
            quantity: 1,
            reason: '',
            doc: { type: 'outbound', id: i + 1 },
            by: null,
          }),
        ),
      ),
    );
    const secs = (performance.now() - t0) / 1000;
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as { status?: number }).status === 409,
    ).length;
    console.log(
      `reservations: ${RACE} concurrent on ${RACE_SKUS} SKUs × ${RACE_UNITS} units: ${ok} reserved (expected ${RACE_SKUS * RACE_UNITS}), ${refused} refused with 409, ` +
        `${(RACE / secs).toFixed(0)} attempts/s, ${(ok / secs).toFixed(0)} movements/s (${(secs * 1000).toFixed(0)} ms)`,
    );
    const t1 = performance.now();
    const mismatches = await inventoryMismatches(db, tenantId);
    const checkSeconds = secondsSince(t1);
    const negative = await negativeBalances(db);
    const tallies = await tallyMismatches(db, tenantId);
    console.log(
      `negative balances: ${negative}; inventoryMismatches: ${mismatches.length} (checked in ${checkSeconds} s); ` +
        `places whose balance tally differs from their count: ${tallies.length}`,
    );
  } finally {
    await db.destroy().catch(() => {});
    await pgServer.stop();
  }
}

await main();
