import { type Kysely, sql } from 'kysely';

/**
 * 1688采购 (issue 31 §4, docs/ali1688.md): a tenant's connection of its own 1688 buyer account
 * (one per tenant; tokens sealed like shops' refresh tokens), the single-use states of started
 * authorizations (hashed, bound to the tenant and the account that started them, 15 minutes),
 * and which account placed each 1688 order (`tenant_account`: the tenant's own, else the app's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ali1688_connections (
      tenant_id integer primary key,
      member_id text not null,
      login_id text not null default '',
      access_token_enc text not null,
      access_expires_at timestamptz not null,
      refresh_token_enc text not null,
      refresh_expires_at timestamptz,
      state text not null default 'connected' check (state in ('connected', 'expired', 'failed')),
      connected_by integer not null,
      connected_at timestamptz not null default now(),
      last_refresh_at timestamptz,
      last_refresh_ok boolean,
      last_refresh_error text not null default '',
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ali1688_connections_due_idx on ali1688_connections (access_expires_at) where state = 'connected'`.execute(
    db,
  );
  await sql`
    create table ali1688_auth_states (
      state_hash text primary key,
      tenant_id integer not null,
      user_id integer not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table order_purchases_1688 add column tenant_account boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_purchases_1688 drop column tenant_account`.execute(db);
  await sql`drop table ali1688_auth_states`.execute(db);
  await sql`drop table ali1688_connections`.execute(db);
}
