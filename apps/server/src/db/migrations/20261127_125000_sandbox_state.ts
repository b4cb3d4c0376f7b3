import { type Kysely, sql } from 'kysely';

/**
 * The in-server sandbox Amazon's state (sellers, listings, orders) kept across restarts, so a
 * sandbox shop's listings and orders are still there after `npm start` again (issue 14 §3).
 * One row: the sandbox is the same for every tenant (each sandbox shop is its own seller).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sandbox_state (
      id integer primary key default 1 check (id = 1),
      state jsonb not null,
      saved_at timestamptz not null default now()
    )
  `.execute(db);
}
