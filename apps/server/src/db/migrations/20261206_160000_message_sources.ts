import { type Kysely, sql } from 'kysely';

/**
 * Issue 31 §2: every area posts to `messages`. A message may now address every account of its
 * tenant (`user_id` and `role` both null: the operator's notices), and carries an optional
 * `dedupe_key`: a repeated condition (order sync failing, balance below its warning) posts once
 * while a message with the same key of the tenant holds it; clearing the key ends the streak.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages drop constraint if exists messages_check`.execute(db);
  await sql`alter table messages add column dedupe_key text`.execute(db);
  await sql`create unique index messages_dedupe_idx on messages (tenant_id, dedupe_key)`.execute(db);
  await sql`create index messages_tenant_all_idx on messages (tenant_id, id desc) where user_id is null and role is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index messages_tenant_all_idx`.execute(db);
  await sql`drop index messages_dedupe_idx`.execute(db);
  await sql`alter table messages drop column dedupe_key`.execute(db);
  await sql`delete from messages where user_id is null and role is null`.execute(db);
  await sql`alter table messages add constraint messages_check check (user_id is not null or role is not null)`.execute(
    db,
  );
}
