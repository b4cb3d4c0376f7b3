import { type Kysely, sql } from 'kysely';

/**
 * Who may do what with products (issue 13 §5), per child account: the data scope of the
 * product library (`own`, `group`, `all`; default `all`, the behaviour before), the group
 * leader it belongs to (a group is a leader, auth 1, and the accounts pointing at it), and
 * the library settings it may change (null: its role's defaults, all of them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column goods_scope text not null default 'all' check (goods_scope in ('own', 'group', 'all')),
      add column leader_id integer references users (id),
      add column library_perms text[]`.execute(db);
  await sql`create index users_leader_idx on users (tenant_id, leader_id) where leader_id is not null`.execute(db);
}
