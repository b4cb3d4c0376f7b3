import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** Accounts whose kept balance differs from the sum of their lines. */
export async function accountsOffTheirLines(db: Db) {
  const r = await sql<{
    id: number;
    tenant_id: number;
    kind: string;
    currency: string;
    balance: number;
    computed: number;
  }>`
    select a.id, a.tenant_id, a.kind, a.currency, a.balance, coalesce(s.total, 0)::bigint as computed
    from ledger_accounts a
    left join (select account_id, sum(amount) as total from ledger_lines group by account_id) s on s.account_id = a.id
    where a.balance <> coalesce(s.total, 0)
    order by a.id`.execute(db);
  return r.rows;
}

/** Entries whose lines do not sum to zero, or that have no line. */
export async function unbalancedEntries(db: Db) {
  const r = await sql<{ id: number; total: number }>`
    select e.id, coalesce(s.total, 0)::bigint as total
    from ledger_entries e
    left join (select entry_id, sum(amount) as total, count(*) as n from ledger_lines group by entry_id) s on s.entry_id = e.id
    where s.entry_id is null or s.total <> 0
    order by e.id`.execute(db);
  return r.rows;
}

/** Frozen accounts whose balance differs from the tenant's held freezes. */
export async function frozenOffFreezes(db: Db) {
  const r = await sql<{ tenant_id: number; currency: string; balance: number; held: number }>`
    select coalesce(a.tenant_id, f.tenant_id) as tenant_id, coalesce(a.currency, f.currency) as currency,
           coalesce(a.balance, 0)::bigint as balance, coalesce(f.held, 0)::bigint as held
    from (select tenant_id, currency, balance from ledger_accounts where kind = 'frozen') a
    full join (select tenant_id, currency, sum(amount) as held from ledger_freezes where status = 'held' group by tenant_id, currency) f
      on f.tenant_id = a.tenant_id and f.currency = a.currency
    where coalesce(a.balance, 0) <> coalesce(f.held, 0)`.execute(db);
  return r.rows;
}

/** Tenant accounts below their floor (available below minus its credit limit, frozen or deposit below zero). */
export async function accountsBelowFloor(db: Db) {
  const r = await sql<{ id: number; tenant_id: number; kind: string; balance: number; credit_limit: number }>`
    select id, tenant_id, kind, balance, credit_limit from ledger_accounts
    where (kind = 'available' and balance < -credit_limit) or (kind in ('frozen', 'deposit') and balance < 0)
    order by id`.execute(db);
  return r.rows;
}

/** Entries whose recorded tenant changes differ from their lines on the tenant's accounts. */
export async function entriesOffTheirLines(db: Db) {
  const r = await sql<{ id: number }>`
    select e.id from ledger_entries e
    left join (
      select l.entry_id,
        sum(case when a.kind = 'available' then l.amount else 0 end) as av,
        sum(case when a.kind = 'frozen' then l.amount else 0 end) as fr,
        sum(case when a.kind = 'deposit' then l.amount else 0 end) as de
      from ledger_lines l join ledger_accounts a on a.id = l.account_id
      where a.kind in ('available', 'frozen', 'deposit')
      group by l.entry_id
    ) s on s.entry_id = e.id
    where e.available_change <> coalesce(s.av, 0) or e.frozen_change <> coalesce(s.fr, 0)
       or e.deposit_change <> coalesce(s.de, 0)
    order by e.id`.execute(db);
  return r.rows;
}

/** How many accounts and entries the ledger holds. */
export async function ledgerCounts(db: Db) {
  const r = await sql<{ accounts: number; entries: number; lines: number }>`
    select (select count(*) from ledger_accounts)::bigint as accounts,
           (select count(*) from ledger_entries)::bigint as entries,
           (select count(*) from ledger_lines)::bigint as lines`.execute(db);
  return r.rows[0]!;
}
