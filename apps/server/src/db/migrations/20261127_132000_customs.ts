import { type Kysely, sql } from 'kysely';

/**
 * Customs (issue 18 §3, docs/customs.md): the tenant's HS codes (`customs_hs_codes`) with the
 * categories and products each one covers (`customs_hs_links`: a category or a product has at
 * most one HS code), the production and sales unit records (`customs_units`, at most one
 * default per tenant), and the platform operator's IOSS number (`customs_ioss_settings`, one
 * row, not tenant data: the operator ships every tenant's parcels under it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table customs_hs_codes (
      id bigserial primary key,
      tenant_id integer not null,
      creator_id integer not null,
      hs_code text not null,
      name_cn text not null,
      name_en text not null,
      unit text not null,
      value_rule text not null check (value_rule in ('order', 'ratio', 'fixed')),
      value_ratio integer check (value_ratio between 1 and 100),
      value_fixed bigint check (value_fixed >= 0),
      value_currency text,
      remark text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index customs_hs_codes_code_uniq on customs_hs_codes (tenant_id, hs_code)`.execute(db);
  await sql`
    create table customs_hs_links (
      id bigserial primary key,
      tenant_id integer not null,
      hs_code_id bigint not null references customs_hs_codes (id) on delete cascade,
      category_id bigint references goods_categories (id) on delete cascade,
      goods_id bigint references goods (id) on delete cascade,
      check ((category_id is null) <> (goods_id is null))
    )`.execute(db);
  await sql`create unique index customs_hs_links_category_uniq on customs_hs_links (tenant_id, category_id) where category_id is not null`.execute(
    db,
  );
  await sql`create unique index customs_hs_links_goods_uniq on customs_hs_links (tenant_id, goods_id) where goods_id is not null`.execute(
    db,
  );
  await sql`create index customs_hs_links_code_idx on customs_hs_links (hs_code_id)`.execute(db);
  await sql`
    create table customs_units (
      id bigserial primary key,
      tenant_id integer not null,
      creator_id integer not null,
      name text not null,
      credit_code text not null,
      address text not null,
      contact_name text not null,
      contact_phone text not null,
      is_default boolean not null default false,
      remark text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index customs_units_code_uniq on customs_units (tenant_id, credit_code)`.execute(db);
  await sql`create unique index customs_units_default_uniq on customs_units (tenant_id) where is_default`.execute(db);
  await sql`
    create table customs_ioss_settings (
      id smallint primary key default 1 check (id = 1),
      ioss_number text,
      updated_by integer,
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
}
