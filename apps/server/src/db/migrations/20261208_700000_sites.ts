import { type Kysely, sql } from 'kysely';

/**
 * Own site (issue 33 §1, docs/site.md): one site per tenant (`sites`; the preview address
 * `/s/<slug>/` is unique over all tenants) and the host names its storefront answers on
 * (`site_domains`, one row per domain, unique over all tenants; `sites.domains` keeps the
 * order the seller typed). Keyed by tenant (schema-distributable.test.ts); the slug and the
 * domain are looked up before the tenant is known, so they are unique over all tenants.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sites (
      id bigserial not null,
      tenant_id integer not null unique,
      name text not null,
      slug text not null unique,
      domains text[] not null default '{}',
      logo_key text,
      favicon_key text,
      currency text not null,
      languages text[] not null,
      default_language text not null,
      contact jsonb not null default '{}',
      legal jsonb not null default '{}',
      published boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (tenant_id, id)
    )`.execute(db);
  await sql`
    create table site_domains (
      domain text primary key,
      site_id bigint not null,
      tenant_id integer not null,
      foreign key (tenant_id, site_id) references sites (tenant_id, id) on delete cascade
    )`.execute(db);
  await sql`create index site_domains_site_idx on site_domains (tenant_id, site_id)`.execute(db);
}
