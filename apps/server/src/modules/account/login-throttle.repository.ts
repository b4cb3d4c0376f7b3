import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** Seconds a pending attempt counts as in flight; an older one (its process died mid-check) counts as a failure. */
export const IN_FLIGHT_SECONDS = 10;

/** Records an attempt before its password is verified: pending (`success` null) until `settleAttempt`. */
export async function insertPendingAttempt(db: Db, accountKey: string, ip: string): Promise<string> {
  const row = await db
    .insertInto('login_attempts')
    .values({ account_key: accountKey, ip, success: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Settles a pending attempt as a success (it resets the count of its name and address) or a failure. */
export async function settleAttempt(db: Db, id: string, success: boolean): Promise<void> {
  await db.updateTable('login_attempts').set({ success }).where('id', '=', id).where('success', 'is', null).execute();
}

/** Forgets a pending attempt whose password was right but that opened nothing (a disabled account, a refused link). */
export async function dropAttempt(db: Db, id: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).where('success', 'is', null).execute();
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

/** Recent unsuccessful attempts of one key: settled failures (with stale pending ones) and attempts in flight. */
export interface RecentAttempts {
  /** Failures, newest first; a pending attempt older than IN_FLIGHT_SECONDS is one. */
  failures: Date[];
  /** Pending attempts younger than IN_FLIGHT_SECONDS (their passwords are being verified), newest first. */
  inFlight: Date[];
}

/**
 * Times of recent failures and of attempts in flight since the last success, within
 * `windowMinutes`, for an account name and for an address (at most 20 of each kind).
 */
export async function recentAttempts(
  db: Db,
  accountKey: string,
  ip: string,
  windowMinutes: number,
): Promise<{ account: RecentAttempts; ip: RecentAttempts }> {
  const of = async (column: 'account_key' | 'ip', value: string): Promise<RecentAttempts> => {
    const inFlight = sql<boolean>`(success is null and created_at > now() - make_interval(secs => ${IN_FLIGHT_SECONDS}))`;
    const rows = await db
      .selectFrom((eb) =>
        eb
          .selectFrom('login_attempts')
          .select(['created_at', inFlight.as('in_flight')])
          .select(sql<number>`row_number() over (partition by ${inFlight} order by created_at desc)`.as('nth'))
          .where(column, '=', value)
          .where(sql<boolean>`success is not true`)
          .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${windowMinutes})`)
          .where(
            'created_at',
            '>',
            sql<Date>`coalesce((select max(created_at) from login_attempts where ${sql.ref(column)} = ${value} and success), '-infinity')`,
          )
          .as('a'),
      )
      .select(['created_at', 'in_flight'])
      .where('nth', '<=', 20)
      .orderBy('created_at', 'desc')
      .execute();
    return {
      failures: rows.filter((r) => !r.in_flight).map((r) => r.created_at),
      inFlight: rows.filter((r) => r.in_flight).map((r) => r.created_at),
    };
  };
  const account = await of('account_key', accountKey);
  return { account, ip: await of('ip', ip) };
}
