import { type Kysely, sql } from 'kysely';

/**
 * The money ledger and top-ups (issue 16, docs/finance.md). Double entry in integer minor
 * units: `ledger_accounts` (a tenant's available, frozen and deposit money; a book keeper's
 * clearing and income, where book 0 is the platform operator and any other book a trader's
 * uid), `ledger_entries` (one movement, written once) and `ledger_lines` (its signed amounts
 * per account, summing to zero). Entries and lines are append-only (triggers refuse update,
 * delete and truncate); a statement that inserts lines must leave every entry it touches
 * balanced (a statement-level trigger). `ledger_freezes` tracks held amounts per reference,
 * `finance_topups` the top-ups people submit and review.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ledger_accounts (
      id bigserial primary key,
      tenant_id integer not null,
      kind text not null check (kind in ('available', 'frozen', 'deposit', 'clearing', 'income')),
      currency char(3) not null,
      balance bigint not null default 0,
      credit_limit bigint not null default 0 check (credit_limit >= 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (tenant_id, kind, currency)
    )`.execute(db);
  await sql`
    create table ledger_entries (
      id bigserial primary key,
      tenant_id integer not null,
      book_id integer not null,
      type smallint not null check (type between 0 and 10),
      op text not null,
      currency char(3) not null,
      amount bigint not null,
      available_change bigint not null,
      frozen_change bigint not null,
      deposit_change bigint not null,
      balance_after bigint not null,
      frozen_after bigint not null,
      deposit_after bigint not null,
      ref_type text not null,
      ref_id text not null,
      note text not null default '',
      idem_key text not null,
      request_hash text not null,
      reverses bigint references ledger_entries (id),
      created_by integer not null default 0,
      created_at timestamptz not null default now(),
      unique (tenant_id, idem_key)
    )`.execute(db);
  await sql`create index ledger_entries_tenant_idx on ledger_entries (tenant_id, id desc)`.execute(db);
  await sql`create index ledger_entries_tenant_type_idx on ledger_entries (tenant_id, type, id desc)`.execute(db);
  await sql`create index ledger_entries_ref_idx on ledger_entries (tenant_id, ref_type, ref_id)`.execute(db);
  await sql`create index ledger_entries_book_idx on ledger_entries (book_id, type, id desc)`.execute(db);
  await sql`
    create table ledger_lines (
      id bigserial primary key,
      entry_id bigint not null references ledger_entries (id),
      account_id bigint not null references ledger_accounts (id),
      amount bigint not null check (amount <> 0),
      balance_after bigint not null
    )`.execute(db);
  await sql`create index ledger_lines_entry_idx on ledger_lines (entry_id)`.execute(db);
  await sql`create index ledger_lines_account_idx on ledger_lines (account_id)`.execute(db);
  await sql`
    create function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger rows are append-only: % on % refused (post a reversing entry instead)', tg_op, tg_table_name;
    end $$`.execute(db);
  for (const table of ['ledger_entries', 'ledger_lines']) {
    await sql`
      create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.raw(table)}
      for each row execute function ledger_append_only()`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.raw(table)}
      for each statement execute function ledger_append_only()`.execute(db);
  }
  await sql`
    create function ledger_lines_balanced() returns trigger language plpgsql as $$
    declare bad bigint;
    begin
      select entry_id into bad from (
        select l.entry_id from ledger_lines l
        where l.entry_id in (select distinct entry_id from new_lines)
        group by l.entry_id having sum(l.amount) <> 0
      ) x limit 1;
      if bad is not null then
        raise exception 'ledger entry % is not balanced: its lines must sum to zero', bad;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger ledger_lines_balanced after insert on ledger_lines
    referencing new table as new_lines for each statement execute function ledger_lines_balanced()`.execute(db);
  await sql`
    create table ledger_freezes (
      id bigserial primary key,
      tenant_id integer not null,
      ref_type text not null,
      ref_id text not null,
      currency char(3) not null,
      amount bigint not null check (amount > 0),
      type smallint not null,
      status text not null default 'held' check (status in ('held', 'settled', 'released')),
      freeze_entry_id bigint not null references ledger_entries (id),
      close_entry_id bigint references ledger_entries (id),
      created_at timestamptz not null default now(),
      closed_at timestamptz
    )`.execute(db);
  await sql`create unique index ledger_freezes_held_idx on ledger_freezes (tenant_id, ref_type, ref_id) where status = 'held'`.execute(
    db,
  );
  await sql`
    create table finance_topups (
      id serial primary key,
      tenant_id integer not null,
      book_id integer not null,
      amount bigint not null check (amount > 0),
      currency char(3) not null default 'CNY',
      channel text not null check (channel in ('bank', 'alipay', 'wechat')),
      payer text not null,
      reference text not null,
      paid_at timestamptz not null,
      proof_key text not null,
      note text not null default '',
      status smallint not null default 0 check (status in (0, 1, 2)),
      reason text not null default '',
      reviewer_id integer,
      reviewed_at timestamptz,
      entry_id bigint references ledger_entries (id),
      created_by integer not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index finance_topups_tenant_idx on finance_topups (tenant_id, id desc)`.execute(db);
  await sql`create index finance_topups_book_idx on finance_topups (book_id, status, id desc)`.execute(db);
}
