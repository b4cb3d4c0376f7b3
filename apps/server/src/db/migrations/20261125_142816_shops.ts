import { type Kysely, sql } from 'kysely';

/**
 * Shops (issue 14 §1): one Amazon seller account (`seller_id`, Amazon's selling_partner_id) in
 * one SP-API region per row, bound by Amazon's website authorization workflow. The refresh
 * token is stored encrypted (AES-256-GCM, `lib/secret-box.ts`); no answer ever carries it.
 * `shop_auth_states` holds the single-use `state` of each started authorization, bound to the
 * user who started it (only its SHA-256 is kept).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shops (
      id serial primary key,
      tenant_id integer not null,
      name text not null,
      region text not null check (region in ('NA', 'EU', 'FE')),
      sandbox boolean not null default false,
      seller_id text,
      refresh_token_enc text,
      auth_status text not null default 'never' check (auth_status in ('authorized', 'expired', 'never')),
      auth_error text,
      marketplaces text[] not null default '{}',
      staff_ids integer[] not null default '{}',
      authorized_at timestamptz,
      created_by integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create index shops_tenant_idx on shops (tenant_id, id desc)`.execute(db);
  // One row per seller account and region in a tenant: binding it again re-authorizes that row.
  await sql`create unique index shops_seller_idx on shops (tenant_id, region, seller_id) where seller_id is not null`.execute(
    db,
  );
  await sql`
    create table shop_auth_states (
      state_hash text primary key,
      tenant_id integer not null,
      user_id integer not null,
      shop_id integer,
      name text not null,
      region text not null,
      sandbox boolean not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index shop_auth_states_expires_idx on shop_auth_states (expires_at)`.execute(db);
}
