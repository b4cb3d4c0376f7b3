import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationNames } from '../src/db/migrations.js';
import { useDatabaseMigratedTo } from './support/migrated-database.js';

/**
 * Migration 20261211_100000_tenant_primary_keys on a database that holds rows written before it:
 * ledger lines and read marks take their parent's tenant, every key is rebuilt, nothing is lost,
 * the ledger stays append-only.
 */
const MIGRATION = '20261211_100000_tenant_primary_keys';

/** The last migration before it: a database as deployed before. */
const m = useDatabaseMigratedTo(
  migrationNames()
    .filter((n) => n < MIGRATION)
    .at(-1)!,
);

/**
 * One balanced top-up of `tenant` in the book of tenant `tenant * 10`: an entry and its two lines
 * (one on the book's account, another tenant's), written as the old code wrote them.
 */
async function oldPosting(tenant: number, amount: number) {
  const acc = await sql<{ id: string }>`
    insert into ledger_accounts (tenant_id, kind, currency, balance) values (${tenant}, 'available', 'CNY', ${amount}),
      (${tenant * 10}, 'clearing', 'CNY', ${-amount}) returning id`.execute(m.db);
  const e = await sql<{ id: string }>`
    insert into ledger_entries (tenant_id, book_id, type, op, currency, amount, available_change, frozen_change,
      deposit_change, balance_after, frozen_after, deposit_after, ref_type, ref_id, idem_key, request_hash)
    values (${tenant}, ${tenant * 10}, 2, 'topup', 'CNY', ${amount}, ${amount}, 0, 0, ${amount}, 0, 0, 'topup', 'r', ${`k${tenant}`}, 'h')
    returning id`.execute(m.db);
  const [a, b] = acc.rows;
  await sql`
    insert into ledger_lines (entry_id, account_id, amount, balance_after)
    values (${e.rows[0]!.id}, ${a!.id}, ${amount}, ${amount}), (${e.rows[0]!.id}, ${b!.id}, ${-amount}, ${-amount})`.execute(
    m.db,
  );
  return Number(e.rows[0]!.id);
}

describe(`migration ${MIGRATION}`, () => {
  it('fills tenant_id from the parent, widens the keys, keeps every row and the ledger append-only', async () => {
    const e7 = await oldPosting(7, 500);
    const e8 = await oldPosting(8, 300);
    const messages = await sql<{ id: string; tenant_id: number }>`
      insert into messages (tenant_id, source, title) values (7, 'system', 'a'), (8, 'system', 'b')
      returning id, tenant_id`.execute(m.db);
    await sql`insert into message_reads (message_id, user_id) select id, 70 from messages`.execute(m.db);
    const g = await sql<{ id: string }>`
      insert into goods (tenant_id, creator_id, claimable) values (1, 1, true) returning id`.execute(m.db);
    await sql`insert into goods_claims (source_id, tenant_id, goods_id, user_id) values (${g.rows[0]!.id}, 7, 99, 70)`.execute(
      m.db,
    );

    const { error, results } = await m.migrateRest();
    expect(error).toBeUndefined();
    expect(results?.map((r) => [r.migrationName, r.status])).toContainEqual([MIGRATION, 'Success']);

    const lines = await sql<{ entry_id: string; tenant_id: number; amount: string }>`
      select entry_id, tenant_id, amount from ledger_lines order by id`.execute(m.db);
    expect(lines.rows.map((l) => [Number(l.entry_id), l.tenant_id, Number(l.amount)])).toEqual([
      [e7, 7, 500],
      [e7, 7, -500],
      [e8, 8, 300],
      [e8, 8, -300],
    ]);
    const reads = await sql<{ message_id: string; tenant_id: number }>`
      select message_id, tenant_id from message_reads order by message_id`.execute(m.db);
    expect(reads.rows.map((r) => [Number(r.message_id), r.tenant_id])).toEqual(
      messages.rows.map((r) => [Number(r.id), r.tenant_id]),
    );
    expect((await sql<{ n: number }>`select count(*)::int as n from goods_claims`.execute(m.db)).rows[0]!.n).toBe(1);

    const keys = await sql<{ table: string; def: string }>`
      select conrelid::regclass::text as table, pg_get_constraintdef(oid) as def from pg_constraint
       where conname in ('orders_pkey', 'jobs_pkey', 'ledger_lines_pkey', 'message_reads_pkey', 'users_pkey',
                         'ledger_lines_entry_id_fkey', 'message_reads_message_id_fkey')
       order by 1, 2`.execute(m.db);
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
    await expect(sql`delete from ledger_lines where entry_id = ${e7}`.execute(m.db)).rejects.toThrow(/append-only/);
    await expect(
      sql`insert into message_reads (tenant_id, message_id, user_id) values (8, ${messages.rows[0]!.id}, 71)`.execute(
        m.db,
      ),
    ).rejects.toThrow(/foreign key/);
  });
});
