import { type Kysely, sql } from 'kysely';

/**
 * Issue 29 §3 (docs/finance.md):
 * - every ledger entry names the console order it belongs to (`order_id`) and that order's
 *   Amazon order id (`amazon_order_id`, '' when none). New postings fill them (from the posting
 *   or derived from its reference); existing rows are backfilled from their reference, with the
 *   append-only trigger paused for this one statement (the amounts are not touched);
 * - `finance_payee_accounts`: where a book's clients send their top-ups (bank, Alipay, WeChat QR).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries add column order_id bigint, add column amazon_order_id text not null default ''`.execute(
    db,
  );
  await sql`alter table ledger_entries disable trigger ledger_entries_append_only`.execute(db);
  await sql`
    update ledger_entries e set order_id = w.order_id
    from logistics_waybills w
    where e.ref_type = 'waybill' and e.ref_id ~ '^[0-9]{1,18}$' and w.id = e.ref_id::bigint and w.tenant_id = e.tenant_id`.execute(
    db,
  );
  await sql`
    update ledger_entries e set order_id = o.id
    from orders o
    where e.ref_type in ('order', 'purchase') and e.ref_id ~ '^[0-9]{1,18}$' and o.id = e.ref_id::bigint
      and o.tenant_id = e.tenant_id`.execute(db);
  await sql`
    update ledger_entries e set amazon_order_id = o.amazon_order_id
    from orders o where e.order_id = o.id and o.tenant_id = e.tenant_id`.execute(db);
  await sql`alter table ledger_entries enable trigger ledger_entries_append_only`.execute(db);
  await sql`create index ledger_entries_order_idx on ledger_entries (tenant_id, order_id) where order_id is not null`.execute(
    db,
  );

  await sql`
    create table finance_payee_accounts (
      id serial primary key,
      book_id integer not null,
      kind text not null check (kind in ('bank', 'alipay', 'wechat')),
      bank_name text not null default '',
      account_name text not null default '',
      account_no text not null default '',
      branch text not null default '',
      qr_key text not null default '',
      note text not null default '',
      sort integer not null default 0,
      created_by integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index finance_payee_accounts_book_idx on finance_payee_accounts (book_id, sort, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table finance_payee_accounts`.execute(db);
  await sql`drop index ledger_entries_order_idx`.execute(db);
  await sql`alter table ledger_entries drop column order_id, drop column amazon_order_id`.execute(db);
}
