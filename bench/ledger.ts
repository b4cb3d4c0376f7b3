/**
 * Benchmark of the money ledger (issue 16 §4).
 *
 *   npm run bench:ledger
 *   BENCH_POSTINGS=4000 BENCH_CLIENTS=20 npm run bench:ledger
 *   BENCH_PRELOAD_ENTRIES=1000000 npm run bench:ledger   (part 2 on a ledger of that size)
 *
 * Prints, on a fresh database of the embedded PostgreSQL (`.bench-data`):
 * 1. the full concurrency load: 50 clients, 10,000 mixed top-up approvals, deductions,
 *    freezes and releases with 20% retried requests, then whether balances equal the expected
 *    sums, duplicates, negative balances and ledger-check;
 * 2. postings per second through the ledger service (`ledger.topUp`) for one hot account and
 *    for spread load (100 tenants), each beside the same posting written as one hand-written SQL
 *    transaction through a plain pool of the same size, and the ratio (goal ≥ 0.7). With
 *    BENCH_PRELOAD_ENTRIES, that many top-ups (two lines each, spread over the 100 tenants) are
 *    written by SQL first, so the rates are those of a ledger of that size; ledger-check's time
 *    over it is printed too.
 */

import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.js';
import type { AppDeps } from '../apps/server/src/context.js';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database.js';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import type { UserRow } from '../apps/server/src/db/types.js';
import { insertUser } from '../apps/server/src/modules/account/user.repository.js';
import * as ledger from '../apps/server/src/modules/finance/ledger.service.js';
import { checkLedger, formatLedgerCheck } from '../apps/server/src/modules/finance/ledger-check.js';
import { runLedgerLoad } from '../apps/server/test/support/ledger-load.js';

const POSTINGS = Number(process.env.BENCH_POSTINGS ?? 4_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const POOL = Number(process.env.BENCH_POOL ?? 10);
const LOAD_OPS = Number(process.env.BENCH_LOAD_OPS ?? 10_000);
const PRELOAD = Number(process.env.BENCH_PRELOAD_ENTRIES ?? 0);

/**
 * Writes `n` balanced top-ups spread over `tenants` (book 0) in statements of 10,000 entries, each
 * with its two lines, and moves the accounts' balances by the same sums (ledger-check stays clean).
 */
async function preload(db: AppDeps['db'], tenants: number[], n: number) {
  const ids = sql.raw(`array[${tenants.join(',')}]::int[]`);
  for (let from = 0; from < n; from += 10_000) {
    const to = Math.min(n, from + 10_000);
    const t0 = performance.now();
    await sql`
      with e as (
        insert into ledger_entries (tenant_id, book_id, type, op, currency, amount, available_change, frozen_change,
          deposit_change, balance_after, frozen_after, deposit_after, ref_type, ref_id, idem_key, request_hash)
        select (${ids})[1 + g % ${tenants.length}], 0, 2, 'topup', 'CNY', 1, 1, 0, 0, 1, 0, 0, 'topup', 'pre' || g,
               'pre-' || g, 'preload'
          from generate_series(${from}::int, ${to - 1}::int) g
        returning id, tenant_id),
      a as (select id, tenant_id from ledger_accounts where kind = 'available' and currency = 'CNY'),
      c as (select id from ledger_accounts where tenant_id = 0 and kind = 'clearing' and currency = 'CNY')
      insert into ledger_lines (tenant_id, entry_id, account_id, amount, balance_after)
      select e.tenant_id, e.id, a.id, 1, 1 from e join a on a.tenant_id = e.tenant_id
      union all select e.tenant_id, e.id, c.id, -1, -1 from e, c`.execute(db);
    if (from % 100_000 === 0)
      console.log(`  preload: ${to} entries (last 10,000 in ${(performance.now() - t0).toFixed(0)} ms)`);
  }
  await sql`
    update ledger_accounts a set balance = a.balance + s.n
      from (select l.account_id, sum(l.amount) as n from ledger_lines l join ledger_entries e
              on e.id = l.entry_id and e.tenant_id = l.tenant_id
             where e.request_hash = 'preload' group by l.account_id) s
     where s.account_id = a.id`.execute(db);
  await sql`analyze`.execute(db);
}

/** Runs `n` postings from `clients` concurrent loops; answers postings per second. */
async function rate(n: number, clients: number, post: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < n; i = next++) await post(i);
    }),
  );
  return (n * 1000) / (performance.now() - t0);
}

/**
 * The same top-up as `ledger.topUp` written by hand: lock the available row, check the key,
 * insert the entry, move both balances and write both lines, one transaction.
 */
async function handTopUp(pool: pg.Pool, tenantId: number, key: string, amount: number): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    const acc = await c.query(
      `select id, balance from ledger_accounts where tenant_id = $1 and kind = 'available' and currency = 'CNY' for update`,
      [tenantId],
    );
    const { id, balance } = acc.rows[0] as { id: number; balance: number };
    const after = Number(balance) + amount;
    const e = await c.query(
      `insert into ledger_entries (tenant_id, book_id, type, op, currency, amount, available_change, frozen_change,
         deposit_change, balance_after, frozen_after, deposit_after, ref_type, ref_id, idem_key, request_hash)
       values ($1, 0, 2, 'topup', 'CNY', $2, $2, 0, 0, $3, 0, 0, 'topup', $4, $4, 'hand')
       on conflict (tenant_id, idem_key) do nothing returning id`,
      [tenantId, amount, after, key],
    );
    await c.query(
      `with t as (update ledger_accounts set balance = $3, updated_at = now() where id = $2 returning id, balance),
            b as (insert into ledger_accounts as a (tenant_id, kind, currency, balance) values (0, 'clearing', 'CNY', -$4::bigint)
                  on conflict (tenant_id, kind, currency) do update set balance = a.balance + excluded.balance
                  returning id, balance)
       insert into ledger_lines (tenant_id, entry_id, account_id, amount, balance_after)
       select $5::integer, $1::bigint, id, $4::bigint, balance from t
       union all select $5::integer, $1::bigint, id, -$4::bigint, balance from b`,
      [e.rows[0].id, id, after, amount, tenantId],
    );
    await c.query('commit');
  } catch (err) {
    await c.query('rollback');
    throw err;
  } finally {
    c.release();
  }
}

async function main() {
  const dataDir = path.resolve(import.meta.dirname, '../.bench-data');
  const server = await startEmbeddedPostgres({ dataDir, database: 'bench' });
  const admin = new pg.Client({ connectionString: server.url('bench') });
  await admin.connect();
  await admin.query('drop database if exists ledgerbench with (force)');
  await admin.query('create database ledgerbench');
  await admin.end();
  const url = server.url('ledgerbench');
  const db = createDatabase(url, { max: POOL });
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  try {
    await migrateToLatest(db);
    const users: UserRow[] = [];
    for (let i = 0; i < 101; i++)
      users.push(await insertUser(db, { account: `ledger-${i}`, password_hash: 'x', auth: 0, user_name: `租户${i}` }));
    const [operator, ...tenants] = users as [UserRow, ...UserRow[]];
    const deps: AppDeps = {
      db,
      config: { ...loadConfig({}), internalIds: [operator.id] },
      jwtSecret: new Uint8Array(32),
    };
    console.log(`ledger bench: pool ${POOL}, node ${process.version}`);

    // 1. The load at full size.
    const loadTenants = tenants.slice(0, 10).map((u) => u.id);
    const r = await runLedgerLoad(db, {
      clients: 50,
      ops: LOAD_OPS,
      tenants: loadTenants,
      retryRate: 0.2,
      seed: 16,
      prefix: 'bench',
      approvals: { deps, operator },
    });
    let exact = true;
    for (const id of loadTenants) {
      const b = await ledger.balancesOf(db, id);
      const want = r.expected.get(id)!;
      if (b.available !== want.available || b.frozen !== want.frozen) exact = false;
    }
    const negative = await sql<{ n: number }>`
      select count(*)::int as n from ledger_lines l join ledger_accounts a on a.id = l.account_id
      where a.kind in ('available', 'frozen', 'deposit') and l.balance_after < 0`.execute(db);
    console.log(
      `load: 50 clients, ${LOAD_OPS} operations (${r.retried} retried), ${r.acked} posted, ${r.refused} refused, ` +
        `${Math.round((LOAD_OPS * 1000) / r.ms)} operations/s; balances exact: ${exact}; duplicates: ${r.duplicates.length}; ` +
        `negative balances: ${negative.rows[0]!.n}`,
    );
    console.log(`  ${formatLedgerCheck(await checkLedger(db))}`);

    // 2. Postings per second, service vs hand-written SQL.
    const hot = tenants[50]!.id;
    const spread = tenants.slice(0, 100).map((u) => u.id);
    await ledger.topUp(db, { tenantId: hot, idemKey: 'open', ref: { type: 'topup', id: 'open' }, amount: 1 });
    for (const id of spread)
      await ledger.topUp(db, { tenantId: id, idemKey: 'open', ref: { type: 'topup', id: 'open' }, amount: 1 });
    if (PRELOAD > 0) {
      const t0 = performance.now();
      await preload(db, spread, PRELOAD);
      const t1 = performance.now();
      const check = await checkLedger(db);
      console.log(
        `preloaded ${PRELOAD} top-ups (${PRELOAD * 2} lines) over 100 tenants in ${((t1 - t0) / 1000).toFixed(1)} s; ` +
          `ledger-check over it ${((performance.now() - t1) / 1000).toFixed(1)} s: ${formatLedgerCheck(check)}`,
      );
    }
    const via = (tenant: (i: number) => number, tag: string) => (i: number) =>
      ledger.topUp(db, {
        tenantId: tenant(i),
        idemKey: `${tag}-${i}`,
        ref: { type: 'topup', id: String(i) },
        amount: 1,
      });
    const hand = (tenant: (i: number) => number, tag: string) => (i: number) =>
      handTopUp(pool, tenant(i), `${tag}-${i}`, 1);
    const one = () => hot;
    const many = (i: number) => spread[i % spread.length]!;
    // Warm-up of both paths.
    await rate(500, CLIENTS, via(many, 'warm-s'));
    await rate(500, CLIENTS, hand(many, 'warm-h'));
    for (const [name, tenant] of [
      ['one hot account', one],
      ['spread over 100 tenants', many],
    ] as const) {
      const s = await rate(POSTINGS, CLIENTS, via(tenant, `svc-${name}`));
      const h = await rate(POSTINGS, CLIENTS, hand(tenant, `hand-${name}`));
      console.log(
        `${name}: service ${s.toFixed(0)} postings/s, hand-written SQL ${h.toFixed(0)} postings/s, ratio ${(s / h).toFixed(2)} ` +
          `(goal ≥ 0.7: ${s / h >= 0.7 ? 'met' : 'NOT met'}; ${POSTINGS} postings, ${CLIENTS} clients)`,
      );
    }
    console.log(`  ${formatLedgerCheck(await checkLedger(db))}`);
  } finally {
    await pool.end();
    await db.destroy();
    await server.stop();
  }
}

await main();
