/**
 * CPU per request of 库存列表's pages (issue 30 §4), measured sequentially on the data of
 * `bench/warehouse.ts` (run that first): for each line, the PostgreSQL backend's CPU per
 * execution of the statement (the backend's `/proc/<pid>/schedstat`, one connection, named
 * statement as the API sends it) and the server thread's CPU per API request (its own
 * `schedstat`, one client in a load thread). CPU time, unlike latency, barely moves with the
 * machine's load from other processes, so it compares changes on a shared machine; the p95 of
 * `bench:warehouse` stays the target's measure.
 *
 *   node --import tsx bench/warehouse-cpu.ts              (300 runs per line and side)
 *   node --import tsx bench/warehouse-cpu.ts --runs=1000
 */
import fs from 'node:fs';
import path from 'node:path';
import { inventoryListBody } from '@console/shared/schemas/overseas-inventory';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { seed } from '../apps/server/src/db/seed.js';
import {
  cursorKeys,
  inventoryListQuery,
} from '../apps/server/src/modules/overseas/overseas-inventory-pages.repository.js';
import { startBenchApp } from './bench-app.js';
import { httpLoadClient } from './load-clients.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const RUNS = Number(arg('runs') ?? 300);
const PASSWORD = 'bench-pass';

/** A thread's or process's CPU so far in ns (first field of schedstat). */
const cpuNs = (file: string) => Number(fs.readFileSync(file, 'utf8').split(' ')[0]);

async function main() {
  const dataDir = path.resolve(import.meta.dirname, '../.bench-data/warehouse');
  const pgServer = await startEmbeddedPostgres({ dataDir, database: 'bench' });
  const url = pgServer.url('bench');
  const db = createDatabase(url, { max: 4 });
  try {
    await migrateToLatest(db);
    const { jwtSecret } = await seed(db, PASSWORD);
    const tenant = (await sql<{ id: number }>`select id from users where account = 'wh-bench'`.execute(db)).rows[0];
    if (!tenant) throw new Error('no bench data: run npm run bench:warehouse first');
    const tenantId = tenant.id;
    const wh1 = (
      await sql<{ warehouse_id: number }>`
        select warehouse_id from stock_locations where tenant_id = ${tenantId} and kind = 'overseas' order by id limit 1`.execute(
        db,
      )
    ).rows[0]!;
    const cases: [string, object][] = [
      ['库存列表 page 1', { page: 1, pageSize: 20 }],
      ['库存列表 page 100, one warehouse', { page: 100, pageSize: 20, warehouse_id: wh1.warehouse_id }],
      ['库存列表 low stock', { page: 1, pageSize: 20, low_stock: true }],
      ['库存列表 low stock + keyword', { page: 1, pageSize: 20, low_stock: true, keyword: 'BENCH-00' }],
      ['库存列表 keyword', { page: 1, pageSize: 20, keyword: 'BENCH-0012' }],
    ];

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const { app, origin, token } = await startBenchApp(db, jwtSecret, 'wh-bench', PASSWORD);
    const http = httpLoadClient(origin, 1);
    const mainThread = `/proc/self/task/${process.pid}/schedstat`;
    console.log(`${RUNS} sequential runs per line; CPU per run in ms`);
    for (const [n, [name, body]] of cases.entries()) {
      const f = inventoryListBody.parse(body);
      const q = inventoryListQuery(db, tenantId, { ...f, after: cursorKeys(f.cursor) });
      const run = () => client.query({ name: `cpu${n}`, text: q.sql, values: q.parameters as unknown[] });
      for (let i = 0; i < 20; i++) await run();
      const b0 = cpuNs(`/proc/${pid}/schedstat`);
      for (let i = 0; i < RUNS; i++) await run();
      const backend = (cpuNs(`/proc/${pid}/schedstat`) - b0) / RUNS / 1e6;
      const route = '/PDD/overseas/inventory/list';
      await http.run(route, JSON.stringify(body), [token], 50);
      const s0 = cpuNs(mainThread);
      const r = await http.run(route, JSON.stringify(body), [token], RUNS);
      const server = (cpuNs(mainThread) - s0) / RUNS / 1e6;
      if (r.failure) console.log(`  API failure: ${r.failure}`);
      console.log(
        `  ${name.padEnd(34)} statement (backend) ${backend.toFixed(3)} | API request (server thread) ${server.toFixed(3)}`,
      );
    }
    await http.close();
    await client.end();
    await app.close();
  } finally {
    await db.destroy().catch(() => {});
    await pgServer.stop();
  }
}

await main();
