import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** Remembers a captcha's answer until `expiresAt` (captchas precede sign-in: no tenant). */
export async function insertCaptcha(db: Db, id: string, answer: string, expiresAt: Date): Promise<void> {
  await db.insertInto('captchas').values({ id, answer, expires_at: expiresAt }).execute();
}

/** Marks a live, unused captcha used and returns its answer; undefined when there is none. */
export async function takeCaptcha(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .updateTable('captchas')
    .set({ used_at: sql`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('answer')
    .executeTakeFirst();
  return row?.answer;
}

/** The answer of a captcha, without using it. */
export async function findCaptchaAnswer(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('captchas').select('answer').where('id', '=', id).executeTakeFirst();
  return row?.answer;
}
