import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import { ENTRY_COLUMNS } from './ledger.repository.js';

type Db = Kysely<DB>;

/** Statement filters as the repository takes them. */
export interface EntryFilters {
  types: readonly number[];
  type?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  ref_type?: string | undefined;
  ref_id?: string | undefined;
}

function entriesOf(db: Db, tenantId: number, f: EntryFilters) {
  let q = db.selectFrom('ledger_entries').where('tenant_id', '=', tenantId).where('type', 'in', f.types);
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  if (f.startTime) q = q.where('created_at', '>=', sql<Date>`to_timestamp(${f.startTime})`);
  if (f.endTime) q = q.where('created_at', '<=', sql<Date>`to_timestamp(${f.endTime})`);
  if (f.ref_type) q = q.where('ref_type', '=', f.ref_type);
  if (f.ref_id) q = q.where('ref_id', '=', f.ref_id);
  return q;
}

/** One page of the tenant's statement, newest first. */
export function listEntries(db: Db, tenantId: number, f: EntryFilters & { page: number; pageSize: number }) {
  return pageAndTotal(entriesOf(db, tenantId, f), f, (q) => q.select(ENTRY_COLUMNS).orderBy('id', 'desc'));
}

/** The whole filtered statement for an export, newest first, at most `limit` rows. */
export function exportEntries(db: Db, tenantId: number, f: EntryFilters, limit: number) {
  return entriesOf(db, tenantId, f).select(ENTRY_COLUMNS).orderBy('id', 'desc').limit(limit).execute();
}

/** This month's sums per type (tenant calendar). */
export async function monthSums(db: Db, tenantId: number, currency: string, timeZone: string) {
  const r = await sql<{ type: number; amount: number }>`
    select type, sum(amount)::bigint as amount from ledger_entries
    where tenant_id = ${tenantId} and currency = ${currency}
      and created_at >= (date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone})
    group by type order by type`.execute(db);
  return r.rows;
}

/**
 * Per day of the last `days` days (tenant calendar): the available balance after the day's
 * last entry and the fees spent (fee types, net of nothing else); plus the balance before.
 */
export async function dailySeries(db: Db, tenantId: number, currency: string, timeZone: string, days: number) {
  const since = sql`((date_trunc('day', now() at time zone ${timeZone}) - make_interval(days => ${days - 1})) at time zone ${timeZone})`;
  const rows = await sql<{ day: string; balance: number; spend: number }>`
    select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
           (array_agg(balance_after order by id desc))[1]::bigint as balance,
           coalesce(sum(-amount) filter (where type in (0, 1, 3, 7, 8, 9)), 0)::bigint as spend
    from ledger_entries
    where tenant_id = ${tenantId} and currency = ${currency} and created_at >= ${since}
    group by 1 order by 1`.execute(db);
  const before = await sql<{ balance: number }>`
    select balance_after::bigint as balance from ledger_entries
    where tenant_id = ${tenantId} and currency = ${currency} and created_at < ${since}
    order by id desc limit 1`.execute(db);
  const today = await sql<{
    today: string;
  }>`select to_char(now() at time zone ${timeZone}, 'YYYY-MM-DD') as today`.execute(db);
  return { rows: rows.rows, before: before.rows[0]?.balance ?? 0, today: today.rows[0]!.today };
}

/** Top-up columns every reader sees. */
const TOPUP_COLUMNS = [
  't.id',
  't.tenant_id',
  't.book_id',
  't.amount',
  't.currency',
  't.channel',
  't.payer',
  't.reference',
  't.paid_at',
  't.proof_key',
  't.note',
  't.status',
  't.reason',
  't.reviewed_at',
  't.entry_id',
  't.created_at',
  'u.account',
] as const;

/** Top-up list filters. */
export interface TopupFilters {
  page: number;
  pageSize: number;
  status?: number | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
}

function topups(db: Db, f: TopupFilters) {
  let q = db.selectFrom('finance_topups as t').innerJoin('users as u', 'u.id', 't.tenant_id');
  if (f.status !== undefined) q = q.where('t.status', '=', f.status);
  if (f.startTime) q = q.where('t.created_at', '>=', sql<Date>`to_timestamp(${f.startTime})`);
  if (f.endTime) q = q.where('t.created_at', '<=', sql<Date>`to_timestamp(${f.endTime})`);
  return q;
}

/** One page of a tenant's top-ups, newest first. */
export function listTenantTopups(db: Db, tenantId: number, f: TopupFilters) {
  return pageAndTotal(topups(db, f).where('t.tenant_id', '=', tenantId), f, (q) =>
    q.select(TOPUP_COLUMNS).orderBy('t.id', 'desc'),
  );
}

/** One page of the top-ups a book keeper reviews (its clients'), pending first then newest. */
export function listBookTopups(db: Db, bookId: number, f: TopupFilters) {
  return pageAndTotal(topups(db, f).where('t.book_id', '=', bookId), f, (q) =>
    q.select(TOPUP_COLUMNS).orderBy('t.status').orderBy('t.id', 'desc'),
  );
}

/** A new top-up. */
export function insertTopup(
  db: Db,
  row: {
    tenant_id: number;
    book_id: number;
    amount: number;
    channel: 'bank' | 'alipay' | 'wechat';
    payer: string;
    reference: string;
    paid_at: Date;
    proof_key: string;
    note: string;
    created_by: number;
  },
) {
  return db.insertInto('finance_topups').values(row).returning('id').executeTakeFirstOrThrow();
}

/** One top-up of a book keeper's clients. */
export function findBookTopup(db: Db, bookId: number, id: number) {
  return db
    .selectFrom('finance_topups as t')
    .innerJoin('users as u', 'u.id', 't.tenant_id')
    .select(TOPUP_COLUMNS)
    .where('t.book_id', '=', bookId)
    .where('t.id', '=', id)
    .executeTakeFirst();
}

/** One top-up of a tenant. */
export function findTenantTopup(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('finance_topups as t')
    .innerJoin('users as u', 'u.id', 't.tenant_id')
    .select(TOPUP_COLUMNS)
    .where('t.tenant_id', '=', tenantId)
    .where('t.id', '=', id)
    .executeTakeFirst();
}

/**
 * Marks a pending top-up of the book as reviewed; undefined when it is not pending any more
 * (another reviewer was first: the row lock makes exactly one of two concurrent reviews win).
 */
export function reviewTopup(
  db: Db,
  bookId: number,
  id: number,
  set: { status: 1 | 2; reason: string; reviewer_id: number },
) {
  return db
    .updateTable('finance_topups')
    .set({ ...set, reviewed_at: sql`now()` })
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .where('status', '=', 0)
    .returning(['id', 'tenant_id', 'amount', 'currency', 'created_by'])
    .executeTakeFirst();
}

/** Links an approved top-up to its entry. */
export async function setTopupEntry(db: Db, bookId: number, id: number, entryId: number): Promise<void> {
  await db
    .updateTable('finance_topups')
    .set({ entry_id: entryId })
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .execute();
}

/**
 * The main accounts whose money a book keeper keeps: for the platform (book 0) every main
 * account without trader finance (traders included), for a trader its clients with trader finance.
 */
function clientsOf(db: Db, bookId: number) {
  const q = db.selectFrom('users as u').where('u.parent_id', '=', 0).where('u.deleted_at', 'is', null);
  const traderFinance = sql<boolean>`(u.auth <> 5 and u.trader_id > 0 and (u.is_use_trader_express <> 0 or u.is_use_trader_finance <> 0))`;
  return bookId === 0
    ? q.where(sql<boolean>`not ${traderFinance}`)
    : q.where('u.trader_id', '=', bookId).where(traderFinance);
}

/** Whether a main account is a client of the book (its money is kept there). */
export async function isClientOf(db: Db, bookId: number, uid: number): Promise<boolean> {
  const row = await clientsOf(db, bookId).select('u.id').where('u.id', '=', uid).executeTakeFirst();
  return row !== undefined;
}

/** A book keeper's clients with their CNY balances, by account name or uid keyword (at most 50). */
export function listClients(db: Db, bookId: number, keyword: string | undefined) {
  let q = clientsOf(db, bookId)
    .leftJoin('ledger_accounts as av', (j) =>
      j.onRef('av.tenant_id', '=', 'u.id').on('av.kind', '=', 'available').on('av.currency', '=', 'CNY'),
    )
    .leftJoin('ledger_accounts as fr', (j) =>
      j.onRef('fr.tenant_id', '=', 'u.id').on('fr.kind', '=', 'frozen').on('fr.currency', '=', 'CNY'),
    )
    .leftJoin('ledger_accounts as de', (j) =>
      j.onRef('de.tenant_id', '=', 'u.id').on('de.kind', '=', 'deposit').on('de.currency', '=', 'CNY'),
    );
  if (keyword) {
    const like = containsPattern(keyword);
    q = q.where((eb) => eb.or([eb('u.account', 'ilike', like), eb('u.user_name', 'ilike', like)]));
  }
  return q
    .select([
      'u.id as uid',
      'u.account',
      'u.user_name',
      sql<number>`coalesce(av.balance, 0)`.as('available'),
      sql<number>`coalesce(fr.balance, 0)`.as('frozen'),
      sql<number>`coalesce(de.balance, 0)`.as('deposit'),
      sql<number>`coalesce(av.credit_limit, 0)`.as('credit_limit'),
    ])
    .orderBy('u.id')
    .limit(50)
    .execute();
}

/** One page of the entries of a book keeper's clients with these types (物流充值), newest first. */
export function listBookEntries(
  db: Db,
  bookId: number,
  f: {
    types: readonly number[];
    page: number;
    pageSize: number;
    startTime?: number | undefined;
    endTime?: number | undefined;
    account?: string | undefined;
  },
) {
  let q = db
    .selectFrom('ledger_entries as e')
    .innerJoin('users as u', 'u.id', 'e.tenant_id')
    .where('e.book_id', '=', bookId)
    .where('e.type', 'in', f.types);
  if (f.startTime) q = q.where('e.created_at', '>=', sql<Date>`to_timestamp(${f.startTime})`);
  if (f.endTime) q = q.where('e.created_at', '<=', sql<Date>`to_timestamp(${f.endTime})`);
  if (f.account) q = q.where('u.account', 'ilike', containsPattern(f.account));
  return pageAndTotal(q, f, (q) =>
    q.select([...ENTRY_COLUMNS.map((c) => `e.${c}` as const), 'u.account']).orderBy('e.id', 'desc'),
  );
}
