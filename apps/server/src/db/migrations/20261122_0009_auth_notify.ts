import { type Kysely, sql } from 'kysely';

/**
 * Every change to an account or a session, by any process (the server, the admin command,
 * a hand-written UPDATE), notifies `auth_changed` when its transaction commits, so servers
 * can keep live sessions in memory (modules/account/session-cache.ts). Payload: `s:<session
 * id>`, `u:<user id>`, or `*` after a TRUNCATE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_auth_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('auth_changed', '*');
      elsif tg_table_name = 'sessions' then
        perform pg_notify('auth_changed', 's:' || old.id);
      else
        perform pg_notify('auth_changed', 'u:' || old.id);
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ['users', 'sessions']) {
    await sql`create trigger ${sql.raw(`${table}_auth_changed`)} after update or delete on ${sql.table(table)}
              for each row execute function notify_auth_changed()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_auth_truncated`)} after truncate on ${sql.table(table)}
              for each statement execute function notify_auth_changed()`.execute(db);
  }
}
