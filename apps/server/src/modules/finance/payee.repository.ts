import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { DB } from '../../db/types.js';
import type { FinancePayeeAccountsTable } from './finance.tables.js';

type Db = Kysely<DB>;

const COLUMNS = [
  'id',
  'book_id',
  'kind',
  'bank_name',
  'account_name',
  'account_no',
  'branch',
  'qr_key',
  'note',
  'sort',
] as const;

/** The payee accounts of a book, in the keeper's order. */
export function listPayees(db: Db, bookId: number) {
  return db
    .selectFrom('finance_payee_accounts')
    .select(COLUMNS)
    .where('book_id', '=', bookId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** One payee account of a book (undefined for another book's or a missing one). */
export function findPayee(db: Db, bookId: number, id: number) {
  return db
    .selectFrom('finance_payee_accounts')
    .select(COLUMNS)
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * How many payee accounts a book keeps, counted under a transaction lock of the book (two
 * keepers adding at once count one after the other).
 */
export async function countPayeesLocked(db: Db, bookId: number): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtext('finance_payee_accounts'), ${bookId})`.execute(db);
  const r = await db
    .selectFrom('finance_payee_accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('book_id', '=', bookId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Adds a payee account. */
export function insertPayee(db: Db, row: Insertable<FinancePayeeAccountsTable>) {
  return db.insertInto('finance_payee_accounts').values(row).returning(COLUMNS).executeTakeFirstOrThrow();
}

/** Changes a payee account of the book; undefined when the book has no such account. */
export function updatePayee(db: Db, bookId: number, id: number, set: Updateable<FinancePayeeAccountsTable>) {
  return db
    .updateTable('finance_payee_accounts')
    .set({ ...set, updated_at: new Date() })
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Removes a payee account of the book; false when the book has no such account. */
export async function deletePayee(db: Db, bookId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('finance_payee_accounts')
    .where('book_id', '=', bookId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/** The book of a payee account whose QR image is asked for. */
export function payeeQrOf(db: Db, id: number) {
  return db.selectFrom('finance_payee_accounts').select(['book_id', 'qr_key']).where('id', '=', id).executeTakeFirst();
}
