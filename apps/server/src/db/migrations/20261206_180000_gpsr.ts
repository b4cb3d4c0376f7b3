import { type Kysely, sql } from 'kysely';

/**
 * GPSR helper (issue 31 §3, docs/gpsr.md): the tenant's compliance profiles (`gpsr_profiles`,
 * `missing` is what the profile lacks for the EU, computed on save) and which profile a product
 * uses in each EU marketplace (`gpsr_links`, one per product x marketplace).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table gpsr_profiles (
      id bigserial primary key,
      tenant_id integer not null,
      creator_id integer not null,
      name text not null,
      manufacturer_name text not null default '',
      manufacturer_address text not null default '',
      manufacturer_email text not null default '',
      rp_name text not null default '',
      rp_address text not null default '',
      rp_email text not null default '',
      safety_attestation boolean not null default false,
      warnings jsonb not null default '{}',
      documents jsonb not null default '[]',
      remark text not null default '',
      missing text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index gpsr_profiles_name_uniq on gpsr_profiles (tenant_id, name)`.execute(db);
  await sql`
    create table gpsr_links (
      tenant_id integer not null,
      goods_id bigint not null references goods (id) on delete cascade,
      marketplace text not null,
      profile_id bigint not null references gpsr_profiles (id),
      updated_by integer not null,
      updated_at timestamptz not null default now(),
      primary key (goods_id, marketplace)
    )`.execute(db);
  await sql`create index gpsr_links_profile_idx on gpsr_links (profile_id)`.execute(db);
  await sql`create index gpsr_links_tenant_idx on gpsr_links (tenant_id, marketplace)`.execute(db);
}
