import { type Kysely, sql } from 'kysely';

/**
 * Settings a user keeps on the server, one JSON value per key (issue 13 §2: the export's
 * column choice, `goods.exportColumns`). The value's shape is the key's zod schema in shared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_settings (
      user_id integer not null references users(id),
      tenant_id integer not null,
      key text not null,
      value jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (user_id, key)
    )`.execute(db);
}
