import { type Kysely, sql } from 'kysely';

/**
 * Account links (issue 27 §1): a pair of accounts one person proved to own (by signing in
 * to the other account with its password), between which that person may switch without a
 * password. Symmetric: one row per pair, the smaller id first. A phone number proves
 * nothing, so no link is made from existing same-phone accounts: they link again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table account_links (
      id bigint generated always as identity primary key,
      user_a integer not null references users(id),
      user_b integer not null references users(id),
      tenant_a integer not null,
      tenant_b integer not null,
      created_by integer not null references users(id),
      proof text not null,
      created_at timestamptz not null default now(),
      check (user_a < user_b)
    )
  `.execute(db);
  await sql`create unique index account_links_pair_uq on account_links (user_a, user_b)`.execute(db);
  await sql`create index account_links_b_idx on account_links (user_b)`.execute(db);
}
