import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** The tenant's connection with the name of the account that connected it (no tokens). */
export function findConnection(db: Db, tenantId: number) {
  return db
    .selectFrom('ali1688_connections as c')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'c.connected_by').on('u.tenant_id', '=', tenantId))
    .select([
      'c.member_id',
      'c.login_id',
      'c.state',
      'c.connected_at',
      'c.access_expires_at',
      'c.refresh_expires_at',
      'c.last_refresh_at',
      'c.last_refresh_ok',
      'c.last_refresh_error',
      'u.account as connected_by',
    ])
    .where('c.tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** The tenant's connection with its sealed tokens, locked for the rest of the transaction. */
export function lockConnection(db: Db, tenantId: number) {
  return db
    .selectFrom('ali1688_connections')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
}

/** Stores a granted connection (a new one, or the re-authorized one replacing the old). */
export async function saveConnection(
  db: Db,
  row: {
    tenant_id: number;
    member_id: string;
    login_id: string;
    access_token_enc: string;
    access_expires_at: Date;
    refresh_token_enc: string;
    refresh_expires_at: Date | null;
    connected_by: number;
  },
) {
  const fresh = {
    ...row,
    state: 'connected' as const,
    connected_at: new Date(),
    last_refresh_at: null,
    last_refresh_ok: null,
    last_refresh_error: '',
    updated_at: new Date(),
  };
  await db
    .insertInto('ali1688_connections')
    .values(fresh)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(fresh))
    .execute();
}

/** A refresh's outcome: the new access token, or the state it leaves (`failed` / `expired`) and why. */
export async function recordRefresh(
  db: Db,
  tenantId: number,
  r:
    | { ok: true; access_token_enc: string; access_expires_at: Date }
    | { ok: false; state: 'failed' | 'expired' | 'connected'; error: string },
) {
  const now = new Date();
  await db
    .updateTable('ali1688_connections')
    .set(
      r.ok
        ? {
            access_token_enc: r.access_token_enc,
            access_expires_at: r.access_expires_at,
            state: 'connected',
            last_refresh_at: now,
            last_refresh_ok: true,
            last_refresh_error: '',
            updated_at: now,
          }
        : {
            state: r.state,
            last_refresh_at: now,
            last_refresh_ok: false,
            last_refresh_error: r.error.slice(0, 500),
            updated_at: now,
          },
    )
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** Removes the tenant's connection; whether there was one. */
export async function deleteConnection(db: Db, tenantId: number): Promise<boolean> {
  const r = await db.deleteFrom('ali1688_connections').where('tenant_id', '=', tenantId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Tenants whose connected account's access token ends before `before` (the refresh job's work). */
export async function connectionsDue(db: Db, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('ali1688_connections')
    .select('tenant_id')
    .where('state', '=', 'connected')
    .where('access_expires_at', '<', before)
    .orderBy('access_expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.tenant_id);
}

/** Records a started authorization (its state only as a hash). */
export async function insertAuthState(
  db: Db,
  row: { state_hash: string; tenant_id: number; user_id: number; expires_at: Date },
) {
  await db.insertInto('ali1688_auth_states').values(row).execute();
  await db.deleteFrom('ali1688_auth_states').where('created_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}

/**
 * Takes a started authorization of the caller once (unused, not expired, this tenant and
 * account): true when it was open. Someone else's try never uses up the owner's state.
 */
export async function takeAuthState(db: Db, tenantId: number, userId: number, stateHash: string): Promise<boolean> {
  const r = await db
    .updateTable('ali1688_auth_states')
    .set({ used_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
