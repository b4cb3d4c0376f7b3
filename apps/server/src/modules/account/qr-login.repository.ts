import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** Stores a new QR sign-in code (before sign-in: no tenant yet). */
export async function insertQrLogin(db: Db, code: string, browserKeyHash: string, expiresAt: Date): Promise<void> {
  await db.insertInto('qr_logins').values({ code, browser_key_hash: browserKeyHash, expires_at: expiresAt }).execute();
}

/** Marks a live, unconfirmed code confirmed by `userId`; false when there is none. */
export async function confirmQrLogin(db: Db, code: string, userId: number): Promise<boolean> {
  const row = await db
    .updateTable('qr_logins')
    .set({ confirmed_by: userId, confirmed_at: sql`now()` })
    .where('code', '=', code)
    .where('confirmed_by', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('code')
    .executeTakeFirst();
  return !!row;
}

/** One code with its state. */
export function findQrLogin(db: Db, code: string) {
  return db
    .selectFrom('qr_logins')
    .select(['code', 'browser_key_hash', 'expires_at', 'confirmed_by', 'confirmed_at', 'consumed_at'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/** Marks a code used, once; false when it was used already. */
export async function consumeQrLogin(db: Db, code: string): Promise<boolean> {
  const row = await db
    .updateTable('qr_logins')
    .set({ consumed_at: sql`now()` })
    .where('code', '=', code)
    .where('consumed_at', 'is', null)
    .returning('code')
    .executeTakeFirst();
  return !!row;
}
