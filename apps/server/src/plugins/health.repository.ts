import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * Probes of the health plugin (system-wide, no tenant: they read no tenant's rows).
 */

/** How many of `names` the database has applied (one cheap query; fails when the database is unreachable). */
export async function appliedMigrationCount(db: Database, names: string[]): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from kysely_migration where name = any(${names}::text[])`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/** pg-boss messages per queue that wait (created, retry) or run (active). */
export async function queueDepths(db: Database): Promise<{ queue: string; queued: number; active: number }[]> {
  const r = await sql<{ queue: string; queued: number; active: number }>`
    select name as queue,
           count(*) filter (where state in ('created', 'retry'))::int as queued,
           count(*) filter (where state = 'active')::int as active
    from pgboss.job
    where state in ('created', 'retry', 'active')
    group by name
    order by name`.execute(db);
  return r.rows;
}
