import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { AccountKind } from './finance.tables.js';

type Db = Kysely<DB>;

/** A tenant's own money kinds. */
export type TenantKind = 'available' | 'frozen' | 'deposit';
/** A book keeper's kinds (the platform's or a trader's). */
export type BookKind = 'clearing' | 'income';

/** Columns of an entry as every reader sees it. */
export const ENTRY_COLUMNS = [
  'id',
  'tenant_id',
  'book_id',
  'type',
  'op',
  'currency',
  'amount',
  'available_change',
  'frozen_change',
  'deposit_change',
  'balance_after',
  'frozen_after',
  'deposit_after',
  'ref_type',
  'ref_id',
  'note',
  'idem_key',
  'request_hash',
  'reverses',
  'created_by',
  'created_at',
  'order_id',
  'amazon_order_id',
] as const;

/** The main account of a tenant with what decides who keeps its money; undefined when the id is no main account. */
export function findTenantBookFacts(db: Db, tenantId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'auth', 'trader_id', 'is_use_trader_express', 'is_use_trader_finance'])
    .where('id', '=', tenantId)
    .where('parent_id', '=', 0)
    .executeTakeFirst();
}

/** A locked tenant account. */
export interface LockedAccount {
  id: number;
  kind: TenantKind;
  balance: number;
  credit_limit: number;
}

function selectLocked(db: Db, tenantId: number, currency: string, kinds: readonly TenantKind[]) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'balance', 'credit_limit'])
    .where('tenant_id', '=', tenantId)
    .where('currency', '=', currency)
    .where('kind', 'in', kinds)
    .orderBy('id')
    .forUpdate()
    .execute() as Promise<LockedAccount[]>;
}

async function lockKinds(db: Db, tenantId: number, currency: string, kinds: readonly TenantKind[]) {
  let rows = await selectLocked(db, tenantId, currency, kinds);
  if (rows.length < kinds.length) {
    await db
      .insertInto('ledger_accounts')
      .values(kinds.map((kind) => ({ tenant_id: tenantId, kind, currency })))
      .onConflict((oc) => oc.columns(['tenant_id', 'kind', 'currency']).doNothing())
      .execute();
    rows = await selectLocked(db, tenantId, currency, kinds);
  }
  return rows;
}

/**
 * Locks the tenant's accounts of these kinds, creating missing ones. `available` is locked (or
 * created) first and alone, every other kind only while holding it: postings of one tenant are
 * serialized by that one row, so an idempotency key read after the lock is exact, and no two
 * postings can each hold one account (or a just-inserted one) while waiting for the other's.
 * (Locking all kinds at once by id deadlocked under the concurrency test: an account created by
 * a racing insert can get a lower id than `available`.)
 */
export async function lockTenantAccounts(
  db: Db,
  tenantId: number,
  currency: string,
  kinds: readonly TenantKind[],
): Promise<Map<TenantKind, LockedAccount>> {
  const rows = await lockKinds(db, tenantId, currency, ['available']);
  const others = kinds.filter((k) => k !== 'available');
  if (others.length > 0) rows.push(...(await lockKinds(db, tenantId, currency, others)));
  return new Map(rows.map((r) => [r.kind, r]));
}

/** The entry a tenant already posted under an idempotency key. */
export function findEntryByKey(db: Db, tenantId: number, key: string) {
  return db
    .selectFrom('ledger_entries')
    .select(ENTRY_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('idem_key', '=', key)
    .executeTakeFirst();
}

/** A new entry (the ledger's header row). */
export type NewEntry = Omit<DB['ledger_entries'], 'id' | 'created_at' | 'note' | 'created_by'> & {
  note: string;
  created_by: number;
};

/** A signed change of one locked tenant account, with its balance after. */
export interface TenantLine {
  accountId: number;
  amount: number;
  balanceAfter: number;
}
/** A signed change of a book keeper's account. */
export interface BookLine {
  kind: BookKind;
  amount: number;
}

const ENTRY_INSERT_COLUMNS = [
  'tenant_id',
  'book_id',
  'type',
  'op',
  'currency',
  'amount',
  'available_change',
  'frozen_change',
  'deposit_change',
  'balance_after',
  'frozen_after',
  'deposit_after',
  'ref_type',
  'ref_id',
  'note',
  'idem_key',
  'request_hash',
  'reverses',
  'created_by',
  'order_id',
  'amazon_order_id',
] as const;

/**
 * Writes an entry, its lines and the balances in one statement (one round trip while the
 * tenant's account is locked): the entry (nothing at all when its idempotency key is taken,
 * then the answer is undefined), the tenant's locked accounts set to their computed balances,
 * the book keeper's accounts created or moved, and the lines. The statement trigger refuses it
 * unless the entry's lines sum to zero.
 */
export async function insertEntryWithLines(
  db: Db,
  row: NewEntry,
  tenant: readonly TenantLine[],
  book: readonly BookLine[],
): Promise<Selectable<DB['ledger_entries']> | undefined> {
  const cols = sql.join(ENTRY_INSERT_COLUMNS.map((c) => sql.ref(c)));
  const vals = sql.join(ENTRY_INSERT_COLUMNS.map((c) => sql`${row[c]}`));
  const parts = [
    sql`e as (insert into ledger_entries (${cols}) values (${vals})
      on conflict (tenant_id, idem_key) do nothing returning *)`,
  ];
  const selects = [];
  if (tenant.length) {
    const values = sql.join(
      tenant.map((l) => sql`(${l.accountId}::bigint, ${l.amount}::bigint, ${l.balanceAfter}::bigint)`),
    );
    parts.push(sql`t as (
      update ledger_accounts a set balance = v.after, updated_at = now()
      from (values ${values}) v(id, amt, after), e where a.id = v.id
      returning a.id, v.amt, a.balance)`);
    selects.push(sql`select e.tenant_id, e.id, t.id, t.amt, t.balance from t, e`);
  }
  if (book.length) {
    const values = sql.join(book.map((l) => sql`(${l.kind}::text, ${l.amount}::bigint)`));
    parts.push(sql`b as (
      insert into ledger_accounts as a (tenant_id, kind, currency, balance)
      select e.book_id, v.kind, e.currency, v.amt from (values ${values}) v(kind, amt), e
      on conflict (tenant_id, kind, currency) do update set balance = a.balance + excluded.balance, updated_at = now()
      returning a.id, a.kind, a.balance)`);
    selects.push(
      sql`select e.tenant_id, e.id, b.id, v.amt, b.balance from b join (values ${values}) v(kind, amt) on v.kind = b.kind, e`,
    );
  }
  if (selects.length)
    parts.push(sql`l as (insert into ledger_lines (tenant_id, entry_id, account_id, amount, balance_after)
      ${sql.join(selects, sql` union all `)})`);
  const r = await sql<Selectable<DB['ledger_entries']>>`with ${sql.join(parts)} select * from e`.execute(db);
  return r.rows[0];
}

/** The lines of an entry with their accounts (reversals mirror them). */
export function linesOfEntry(db: Db, entryId: number) {
  return db
    .selectFrom('ledger_lines as l')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select(['l.account_id', 'l.amount', 'a.kind', 'a.tenant_id'])
    .where('l.entry_id', '=', entryId)
    .orderBy('l.id')
    .execute() as Promise<{ account_id: number; amount: number; kind: AccountKind; tenant_id: number }[]>;
}

/** One entry of a tenant by id. */
export function findEntry(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('ledger_entries')
    .select(ENTRY_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether an entry has already been reversed. */
export async function isReversed(db: Db, tenantId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('reverses', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The held freeze of a reference, locked. */
export function lockHeldFreeze(db: Db, tenantId: number, refType: string, refId: string) {
  return db
    .selectFrom('ledger_freezes')
    .select(['id', 'amount', 'currency', 'type'])
    .where('tenant_id', '=', tenantId)
    .where('ref_type', '=', refType)
    .where('ref_id', '=', refId)
    .where('status', '=', 'held')
    .forUpdate()
    .executeTakeFirst();
}

/** Records a new held freeze. */
export async function insertFreeze(
  db: Db,
  row: {
    tenant_id: number;
    ref_type: string;
    ref_id: string;
    currency: string;
    amount: number;
    type: number;
    freeze_entry_id: number;
  },
): Promise<void> {
  await db.insertInto('ledger_freezes').values(row).execute();
}

/** Closes a held freeze (settled or released) by the entry that closed it. */
export async function closeFreeze(
  db: Db,
  tenantId: number,
  id: number,
  status: 'settled' | 'released',
  entryId: number,
): Promise<void> {
  await db
    .updateTable('ledger_freezes')
    .set({ status, close_entry_id: entryId, closed_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** A tenant's balances per kind in one currency (zero for accounts not opened yet). */
export async function tenantBalances(db: Db, tenantId: number, currency: string) {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance', 'credit_limit'])
    .where('tenant_id', '=', tenantId)
    .where('currency', '=', currency)
    .where('kind', 'in', ['available', 'frozen', 'deposit'])
    .execute();
  const of = (k: AccountKind) => rows.find((r) => r.kind === k);
  return {
    available: of('available')?.balance ?? 0,
    frozen: of('frozen')?.balance ?? 0,
    deposit: of('deposit')?.balance ?? 0,
    credit_limit: of('available')?.credit_limit ?? 0,
  };
}

/** Sets the credit limit of a tenant's available account (opening it when needed). */
export async function setCreditLimit(db: Db, tenantId: number, currency: string, limit: number): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values({ tenant_id: tenantId, kind: 'available', currency, credit_limit: limit })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'kind', 'currency']).doUpdateSet({ credit_limit: limit, updated_at: sql`now()` }),
    )
    .execute();
}

/** Sum of the tenant's held freezes (`getCompanyInfoTotalFreeze`). */
export async function heldFreezeTotal(db: Db, tenantId: number, currency: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_freezes')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
    .where('tenant_id', '=', tenantId)
    .where('currency', '=', currency)
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return row.total;
}

const NUMERIC_ID = /^[1-9][0-9]{0,15}$/;

/**
 * The console order of a posting and its Amazon order id: the one named, else the reference's
 * (a waybill's order; an `order` or `purchase` reference's order id), always of the tenant;
 * none (null, '') when the reference names no order of the tenant.
 */
export async function orderOfPosting(
  db: Db,
  tenantId: number,
  ref: { type: string; id: string },
  orderId?: number,
): Promise<{ order_id: number | null; amazon_order_id: string }> {
  let id = orderId;
  if (id === undefined && NUMERIC_ID.test(ref.id)) {
    if (ref.type === 'waybill') {
      const w = await db
        .selectFrom('logistics_waybills')
        .select('order_id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', Number(ref.id))
        .executeTakeFirst();
      id = w?.order_id;
    } else if (ref.type === 'order' || ref.type === 'purchase') id = Number(ref.id);
  }
  if (id === undefined) return { order_id: null, amazon_order_id: '' };
  const o = await db
    .selectFrom('orders')
    .select(['id', 'amazon_order_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return o ? { order_id: Number(o.id), amazon_order_id: o.amazon_order_id } : { order_id: null, amazon_order_id: '' };
}
