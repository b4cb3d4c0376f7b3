import { type Kysely, sql } from 'kysely';

/**
 * A sign-in attempt is recorded before its password is verified (issue 27 §2) as pending
 * (`success` null), then settled to true or false. A pending row younger than a few seconds
 * is an attempt in flight; an older one (its process died mid-check) counts as a failure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table login_attempts alter column success drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update login_attempts set success = false where success is null`.execute(db);
  await sql`alter table login_attempts alter column success set not null`.execute(db);
}
