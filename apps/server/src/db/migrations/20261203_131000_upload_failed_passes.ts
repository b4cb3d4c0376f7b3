import { type Kysely, sql } from 'kysely';

/**
 * A queue counts its runner passes that failed in a row (issue 28 §5): a queue that can never
 * be worked (a bug, a product the mapper chokes on) stops after `MAX_FAILED_PASSES` with the
 * error instead of being tried again every few seconds forever.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_queues add column failed_passes integer not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_queues drop column failed_passes`.execute(db);
}
