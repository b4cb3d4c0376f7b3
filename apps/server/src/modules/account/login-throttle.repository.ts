import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

export async function recordAttempt(db: Db, accountKey: string, ip: string, success: boolean): Promise<void> {
  await db.insertInto('login_attempts').values({ account_key: accountKey, ip, success }).execute();
}

/** A 63-bit advisory-lock key of a throttling key (the one-bigint lock space; other locks use two ints). */
function lockKey(kind: 'account' | 'ip', value: string): bigint {
  return (
    crypto.createHash('sha256').update(`login-throttle:${kind}:${value}`).digest().readBigInt64BE(0) &
    0x7fffffffffffffffn
  );
}

/**
 * Serialises sign-in decisions of an account name and of an address until `trx` ends: the
 * count read after this and the attempt recorded before commit are one step, however many
 * requests arrive at once. Both locks are taken in key order, so two requests never wait
 * on each other in a cycle.
 */
export async function lockAttemptKeys(trx: Db, accountKey: string, ip: string): Promise<void> {
  const keys = [lockKey('account', accountKey), lockKey('ip', ip)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const k of keys) await sql`select pg_advisory_xact_lock(${k.toString()}::bigint)`.execute(trx);
}

/**
 * Times of recent failures (newest first) since the last success, within `windowMinutes`,
 * for an account name and for an address.
 */
export async function recentFailures(
  db: Db,
  accountKey: string,
  ip: string,
  windowMinutes: number,
): Promise<{ account: Date[]; ip: Date[] }> {
  const since = sql<Date>`now() - make_interval(mins => ${windowMinutes})`;
  const failures = (column: 'account_key' | 'ip', value: string) =>
    db
      .selectFrom('login_attempts')
      .select('created_at')
      .where(column, '=', value)
      .where('success', '=', false)
      .where('created_at', '>', since)
      .where(
        'created_at',
        '>',
        sql<Date>`coalesce((select max(created_at) from login_attempts where ${sql.ref(column)} = ${value} and success), '-infinity')`,
      )
      .orderBy('created_at', 'desc')
      .limit(20)
      .execute();
  const [a, i] = await Promise.all([failures('account_key', accountKey), failures('ip', ip)]);
  return { account: a.map((r) => r.created_at), ip: i.map((r) => r.created_at) };
}
