import { type Kysely, sql } from 'kysely';

/**
 * Issue 15 §3-§4: the shared message table (`messages` with per-reader read marks in
 * `message_reads`), the ASIN monitor (`monitor_asins` current state and schedule,
 * `monitor_snapshots` offer history written when the offers change, `monitor_alerts`),
 * follow-sale removal cases (`monitor_cases`) and the tenant's monitor settings.
 * Money is minor units of the marketplace's currency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table messages (
      id bigserial primary key,
      tenant_id integer not null,
      user_id integer,
      role smallint,
      source text not null,
      category text not null default 'system',
      title text not null,
      body text not null default '',
      link text not null default '',
      created_at timestamptz not null default now(),
      check (user_id is not null or role is not null)
    )`.execute(db);
  await sql`create index messages_user_idx on messages (tenant_id, user_id, id desc) where user_id is not null`.execute(
    db,
  );
  await sql`create index messages_role_idx on messages (tenant_id, role, id desc) where user_id is null`.execute(db);
  await sql`
    create table message_reads (
      message_id bigint not null references messages (id) on delete cascade,
      user_id integer not null,
      read_at timestamptz not null default now(),
      primary key (message_id, user_id)
    )`.execute(db);
  await sql`
    create table monitor_settings (
      tenant_id integer primary key,
      removed_after_minutes integer not null default 1440,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table monitor_asins (
      id bigserial primary key,
      tenant_id integer not null,
      owner_id integer not null,
      shop_id integer not null,
      marketplace text not null,
      asin text not null,
      currency text not null,
      priority smallint not null default 2 check (priority between 1 and 3),
      own_brand boolean not null default false,
      band_min bigint,
      band_max bigint,
      title text not null default '',
      image text not null default '',
      brand text not null default '',
      suppressed boolean not null default false,
      offer_count integer,
      buybox_price bigint,
      buybox_seller text not null default '',
      holds_buybox boolean not null default false,
      our_offer boolean not null default false,
      offers_hash text not null default '',
      last_checked_at timestamptz,
      last_source text not null default '',
      next_check_at timestamptz not null default now(),
      content_checked_at timestamptz,
      check_error text not null default '',
      checks integer not null default 0,
      created_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index monitor_asins_asin_idx on monitor_asins (tenant_id, marketplace, asin)`.execute(db);
  await sql`create index monitor_asins_list_idx on monitor_asins (tenant_id, id desc)`.execute(db);
  await sql`create index monitor_asins_owner_idx on monitor_asins (tenant_id, owner_id)`.execute(db);
  await sql`create index monitor_asins_due_idx on monitor_asins (shop_id, next_check_at)`.execute(db);
  await sql`
    create table monitor_snapshots (
      id bigserial primary key,
      tenant_id integer not null,
      monitor_id bigint not null references monitor_asins (id) on delete cascade,
      taken_at timestamptz not null default now(),
      source text not null,
      offer_count integer not null,
      buybox_price bigint,
      buybox_seller text not null default '',
      offers jsonb not null
    )`.execute(db);
  await sql`create index monitor_snapshots_asin_idx on monitor_snapshots (tenant_id, monitor_id, taken_at desc)`.execute(
    db,
  );
  await sql`
    create table monitor_alerts (
      id bigserial primary key,
      tenant_id integer not null,
      monitor_id bigint not null references monitor_asins (id) on delete cascade,
      kind text not null check (kind in ('new_seller', 'lost_buybox', 'price_band', 'content', 'suppressed')),
      detail text not null,
      seller_id text not null default '',
      handled boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index monitor_alerts_tenant_idx on monitor_alerts (tenant_id, id desc)`.execute(db);
  await sql`create index monitor_alerts_open_idx on monitor_alerts (tenant_id, monitor_id) where not handled`.execute(
    db,
  );
  await sql`
    create table monitor_cases (
      id bigserial primary key,
      tenant_id integer not null,
      monitor_id bigint not null references monitor_asins (id) on delete cascade,
      marketplace text not null,
      asin text not null,
      seller_id text not null,
      seller_name text not null default '',
      status text not null default 'open' check (status in ('open', 'warned', 'reported', 'removed', 'unresolved')),
      evidence jsonb not null default '[]',
      first_seen_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      gone_since timestamptz,
      closed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create index monitor_cases_tenant_idx on monitor_cases (tenant_id, id desc)`.execute(db);
  // One live case per ASIN and follower: a follower who comes back after removal opens a new one.
  await sql`create unique index monitor_cases_live_idx on monitor_cases (tenant_id, monitor_id, seller_id)
    where status in ('open', 'warned', 'reported')`.execute(db);
  // Checks per tenant and day (Beijing date): the dashboard's "checks done today" without counting history rows.
  await sql`
    create table monitor_check_days (
      tenant_id integer not null,
      day date not null,
      checks integer not null default 0,
      primary key (tenant_id, day)
    )`.execute(db);
}
