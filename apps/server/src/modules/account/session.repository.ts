import { type Kysely, sql } from 'kysely';
import type { DB, SessionRow, UserRow } from '../../db/types.js';

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

const SESSION_COLUMNS = [
  'id',
  'user_id',
  'tenant_id',
  'kind',
  'csrf',
  'refresh_hash',
  'prev_refresh_hash',
  'refreshed_at',
  'expires_at',
  'revoked_at',
  'revoked_reason',
  'ip',
  'user_agent',
  'created_at',
] as const satisfies readonly (keyof SessionRow)[];

/** A live session and its live account in one round trip (the check every request makes). */
export async function findLiveSessionWithUser(
  db: Db,
  id: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(SESSION_COLUMNS.map((c) => `sessions.${c} as s_${c}` as const))
    .where('sessions.id', '=', id)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const session = {} as Record<string, unknown>;
  const user = {} as Record<string, unknown>;
  for (const [k, v] of Object.entries(row)) {
    if (k.startsWith('s_')) session[k.slice(2)] = v;
    else user[k] = v;
  }
  return { session: session as SessionRow, user: user as UserRow };
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

/** Ends every live session of one account of the tenant. */
export async function revokeUserSessions(db: Db, tenantId: number, userId: number, reason: string): Promise<number> {
  const r = await db
    .updateTable('sessions')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The account a session belongs to (sessions are looked up by their random id, not by tenant). */
export async function findSessionUserId(db: Db, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('sessions').select('user_id').where('id', '=', id).executeTakeFirst();
  return row?.user_id;
}
