import { type Kysely, sql } from 'kysely';

/**
 * The tenant's time zone, on its main account row (child accounts follow their tenant's):
 * the calendar of day-based figures and of the times the console shows. China time unless a
 * tenant sets another (docs/decisions.md, issue 13 §4).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column time_zone text not null default 'Asia/Shanghai'`.execute(db);
}
