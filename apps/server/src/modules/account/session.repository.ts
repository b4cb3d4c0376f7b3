import { type Kysely, sql } from 'kysely';
import type { DB, SessionRow } from '../../db/types.js';

type Db = Kysely<DB>;

export function insertSession(
  db: Db,
  row: Pick<SessionRow, 'id' | 'user_id' | 'tenant_id' | 'kind' | 'csrf' | 'refresh_hash' | 'expires_at'> & {
    ip: string;
    user_agent: string;
  },
): Promise<SessionRow> {
  return db.insertInto('sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A session that is neither revoked nor expired. */
export function findLiveSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Atomically swaps the current refresh token for a new one; only one caller can win. */
export function rotateRefresh(db: Db, oldHash: string, newHash: string): Promise<SessionRow | undefined> {
  return db
    .updateTable('sessions')
    .set({ refresh_hash: newHash, prev_refresh_hash: oldHash, refreshed_at: sql`now()` })
    .where('refresh_hash', '=', oldHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

/** The session whose previous refresh token this is (reuse detection). */
export function findByPrevRefresh(db: Db, hash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('prev_refresh_hash', '=', hash).executeTakeFirst();
}

/** The session owning a current refresh token, live or not. */
export function findByRefresh(db: Db, hash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('refresh_hash', '=', hash).executeTakeFirst();
}

export async function revokeSession(db: Db, id: string, reason: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of an account. */
export async function revokeUserSessions(db: Db, userId: number, reason: string): Promise<number> {
  const r = await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
