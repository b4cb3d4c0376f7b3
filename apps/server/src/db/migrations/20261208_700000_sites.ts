import { type Kysely, sql } from 'kysely';

/**
 * Own site (issue 33 §1, docs/site.md): one site per tenant (`sites`; the preview address
 * `/s/<slug>/` is unique over all tenants) and the host names its storefront answers on
 * (`site_domains`, one row per domain, unique over all tenants; `sites.domains` keeps the
 * order the seller typed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sites (
      id bigserial primary key,
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
      version integer not null default 1
    )`.execute(db);
  await sql`
    create table site_domains (
      domain text primary key,
      site_id bigint not null references sites (id) on delete cascade,
      tenant_id integer not null
    )`.execute(db);
  await sql`create index site_domains_site_idx on site_domains (site_id)`.execute(db);
}
