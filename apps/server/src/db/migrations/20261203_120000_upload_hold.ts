import { type Kysely, sql } from 'kysely';

/**
 * 发送就绪的 (issue 28 §2): a queue remembers the product x marketplace pairs the seller held
 * back (`held`, `goodsId|marketplace`) and whether every pair the check stops is held
 * (`only_ready`), so the runner leaves them out when it maps a large selection later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_queues add column held text[] not null default '{}'`.execute(db);
  await sql`alter table upload_queues add column only_ready boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table upload_queues drop column held, drop column only_ready`.execute(db);
}
