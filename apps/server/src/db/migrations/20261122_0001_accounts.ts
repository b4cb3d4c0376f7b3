import { type Kysely, sql } from 'kysely';

/** Accounts, sessions, sign-in throttling, menus, trader branding, operation log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id serial primary key,
      account text not null,
      password_hash text not null,
      auth smallint not null check (auth between 0 and 6),
      parent_id integer not null default 0,
      tenant_id integer not null,
      trader_id integer not null default 0,
      created_by integer not null default 0,
      user_name text not null default '',
      email text not null default '',
      phone text not null default '',
      brand_name text not null default '',
      vendor text not null default '',
      manufactuer_id text not null default '',
      dsa_responsible_party_address text not null default '',
      gpsr_manufacturer_email_address text not null default '',
      follow_sale_remind smallint not null default 0,
      is_not_use_ean smallint not null default 0,
      gather_title_fill_keywords smallint not null default 0,
      random_parentage_img smallint not null default 0,
      random_bullet_points smallint not null default 0,
      is_suit_express smallint not null default 0,
      is_use_trader_express smallint not null default 0,
      is_use_trader_finance smallint not null default 0,
      end_time timestamptz,
      max_child integer not null default 10,
      limit_monitor_len integer not null default 100,
      principal text not null default '',
      allow_upload_sites text[] not null default '{}',
      remark text not null default '',
      status smallint not null default 1,
      deleted_at timestamptz,
      last_login_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index users_account_uq on users (lower(account)) where deleted_at is null`.execute(db);
  await sql`create index users_tenant_idx on users (tenant_id, id) where deleted_at is null`.execute(db);
  await sql`create index users_phone_idx on users (phone) where deleted_at is null and phone <> ''`.execute(db);

  await sql`
    create table sessions (
      id uuid primary key,
      user_id integer not null references users(id),
      tenant_id integer not null,
      kind text not null,
      csrf text not null,
      refresh_hash text not null,
      prev_refresh_hash text,
      refreshed_at timestamptz,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason text,
      ip text not null default '',
      user_agent text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sessions_user_idx on sessions (user_id) where revoked_at is null`.execute(db);
  await sql`create unique index sessions_refresh_uq on sessions (refresh_hash)`.execute(db);
  await sql`create index sessions_prev_refresh_idx on sessions (prev_refresh_hash)`.execute(db);

  await sql`
    create table login_attempts (
      id bigserial primary key,
      account_key text not null,
      ip text not null,
      success boolean not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index login_attempts_account_idx on login_attempts (account_key, created_at)`.execute(db);
  await sql`create index login_attempts_ip_idx on login_attempts (ip, created_at)`.execute(db);

  await sql`
    create table captchas (
      id uuid primary key,
      answer text not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);

  await sql`
    create table qr_logins (
      code text primary key,
      browser_key_hash text not null,
      expires_at timestamptz not null,
      confirmed_by integer references users(id),
      confirmed_at timestamptz,
      consumed_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table menus (
      menu_id integer primary key,
      parent_id integer not null,
      name text not null,
      url text not null,
      icon text not null default '',
      is_navi smallint not null default 1,
      remark text not null default '',
      sort integer not null default 0,
      permission text
    )`.execute(db);

  await sql`
    create table trader_settings (
      id serial primary key,
      trader_uid integer not null references users(id),
      host text not null unique,
      title text not null,
      logo text not null default '',
      logo_small text not null default '',
      fav_icon text not null default '',
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table opera_log (
      id bigserial primary key,
      tenant_id integer not null,
      user_id integer not null,
      account text not null,
      action text not null,
      target_type text not null default '',
      target_id text not null default '',
      summary jsonb not null default '{}',
      ip text not null default '',
      request_id text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index opera_log_tenant_idx on opera_log (tenant_id, created_at desc, id desc)`.execute(db);
  await sql`create index opera_log_user_idx on opera_log (tenant_id, user_id, created_at desc)`.execute(db);
  await sql`create index opera_log_action_idx on opera_log (tenant_id, action, created_at desc)`.execute(db);

  await sql`create table server_secrets (name text primary key, value text not null)`.execute(db);
}
