import { randomBytes } from 'node:crypto';
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../src/db/database.js';
import { loadMigrations } from '../src/db/migrations.js';
import type { DB } from '../src/db/types.js';

/**
 * Migration 20261211_100000_tenant_primary_keys on a database that holds rows written before it:
 * ledger lines and read marks take their parent's tenant, every key is rebuilt, nothing is lost,
 * the ledger stays append-only.
 */
const MIGRATION = '20261211_100000_tenant_primary_keys';

const adminUrl = inject('pgAdminUrl');
const name = `console_mig_${randomBytes(4).toString('hex')}`;
let db: Kysely<DB>;
let all: Record<string, Migration>;

beforeAll(async () => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  db = createDatabase(u.toString(), { max: 2 });
  all = await loadMigrations();
  const older = Object.fromEntries(Object.entries(all).filter(([n]) => n < MIGRATION));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => older } }).migrateToLatest();
  if (error) throw error;
});

afterAll(async () => {
  await db?.destroy();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
});

/**
 * One balanced top-up of `tenant` in the book of tenant `tenant * 10`: an entry and its two lines
 * (one on the book's account, another tenant's), written as the old code wrote them.
 */
async function oldPosting(tenant: number, amount: number) {
  const acc = await sql<{ id: string }>`
    insert into ledger_accounts (tenant_id, kind, currency, balance) values (${tenant}, 'available', 'CNY', ${amount}),
      (${tenant * 10}, 'clearing', 'CNY', ${-amount}) returning id`.execute(db);
  const e = await sql<{ id: string }>`
    insert into ledger_entries (tenant_id, book_id, type, op, currency, amount, available_change, frozen_change,
      deposit_change, balance_after, frozen_after, deposit_after, ref_type, ref_id, idem_key, request_hash)
    values (${tenant}, ${tenant * 10}, 2, 'topup', 'CNY', ${amount}, ${amount}, 0, 0, ${amount}, 0, 0, 'topup', 'r', ${`k${tenant}`}, 'h')
    returning id`.execute(db);
  const [a, b] = acc.rows;
  await sql`
    insert into ledger_lines (entry_id, account_id, amount, balance_after)
    values (${e.rows[0]!.id}, ${a!.id}, ${amount}, ${amount}), (${e.rows[0]!.id}, ${b!.id}, ${-amount}, ${-amount})`.execute(
    db,
  );
  return Number(e.rows[0]!.id);
}

describe(`migration ${MIGRATION}`, () => {
  it('fills tenant_id from the parent, widens the keys, keeps every row and the ledger append-only', async () => {
    const e7 = await oldPosting(7, 500);
    const e8 = await oldPosting(8, 300);
    const m = await sql<{ id: string; tenant_id: number }>`
      insert into messages (tenant_id, source, title) values (7, 'system', 'a'), (8, 'system', 'b')
      returning id, tenant_id`.execute(db);
    await sql`insert into message_reads (message_id, user_id) select id, 70 from messages`.execute(db);
    const g = await sql<{ id: string }>`
      insert into goods (tenant_id, creator_id, claimable) values (1, 1, true) returning id`.execute(db);
    await sql`insert into goods_claims (source_id, tenant_id, goods_id, user_id) values (${g.rows[0]!.id}, 7, 99, 70)`.execute(
      db,
    );

    const { error, results } = await new Migrator({
      db,
      provider: { getMigrations: async () => all },
    }).migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toContainEqual([MIGRATION, 'Success']);

    const lines = await sql<{ entry_id: string; tenant_id: number; amount: string }>`
      select entry_id, tenant_id, amount from ledger_lines order by id`.execute(db);
    expect(lines.rows.map((l) => [Number(l.entry_id), l.tenant_id, Number(l.amount)])).toEqual([
      [e7, 7, 500],
      [e7, 7, -500],
      [e8, 8, 300],
      [e8, 8, -300],
    ]);
    const reads = await sql<{ message_id: string; tenant_id: number }>`
      select message_id, tenant_id from message_reads order by message_id`.execute(db);
    expect(reads.rows.map((r) => [Number(r.message_id), r.tenant_id])).toEqual(
      m.rows.map((r) => [Number(r.id), r.tenant_id]),
    );
    expect((await sql<{ n: number }>`select count(*)::int as n from goods_claims`.execute(db)).rows[0]!.n).toBe(1);

    const keys = await sql<{ table: string; def: string }>`
      select conrelid::regclass::text as table, pg_get_constraintdef(oid) as def from pg_constraint
       where conname in ('orders_pkey', 'jobs_pkey', 'ledger_lines_pkey', 'message_reads_pkey', 'users_pkey',
                         'ledger_lines_entry_id_fkey', 'message_reads_message_id_fkey')
       order by 1, 2`.execute(db);
    expect(keys.rows).toEqual([
      { table: 'jobs', def: 'PRIMARY KEY (id, tenant_id)' },
      { table: 'ledger_lines', def: 'FOREIGN KEY (tenant_id, entry_id) REFERENCES ledger_entries(tenant_id, id)' },
      { table: 'ledger_lines', def: 'PRIMARY KEY (id, tenant_id)' },
      {
        table: 'message_reads',
        def: 'FOREIGN KEY (tenant_id, message_id) REFERENCES messages(tenant_id, id) ON DELETE CASCADE',
      },
      { table: 'message_reads', def: 'PRIMARY KEY (message_id, user_id, tenant_id)' },
      { table: 'orders', def: 'PRIMARY KEY (id, tenant_id)' },
      { table: 'users', def: 'PRIMARY KEY (id)' },
    ]);

    // The append-only trigger is on again; a read mark cannot point at another tenant's message.
    await expect(sql`delete from ledger_lines where entry_id = ${e7}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(
      sql`insert into message_reads (tenant_id, message_id, user_id) values (8, ${m.rows[0]!.id}, 71)`.execute(db),
    ).rejects.toThrow(/foreign key/);
  });
});
