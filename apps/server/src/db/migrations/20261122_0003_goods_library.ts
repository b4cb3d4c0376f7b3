import { type Kysely, sql } from 'kysely';

/**
 * The goods libraries (issue 4): bullet-point sets, search terms, sensitive words, the EAN
 * pool and the tenant's own categories. Every row belongs to one tenant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table goods_points (
      id bigserial primary key,
      tenant_id integer not null,
      creator_id integer not null,
      name text not null,
      points jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create index goods_points_list_idx on goods_points (tenant_id, id desc)`.execute(db);

  await sql`
    create table goods_search_terms (
      id bigserial primary key,
      tenant_id integer not null,
      creator_id integer not null,
      country text not null,
      name text not null,
      terms text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create index goods_search_terms_list_idx on goods_search_terms (tenant_id, country, id desc)`.execute(db);

  await sql`
    create table goods_sensitive_words (
      id bigserial primary key,
      tenant_id integer not null,
      creator_id integer not null,
      lang text not null,
      word text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index goods_sensitive_words_uniq on goods_sensitive_words (tenant_id, lang, lower(word))`.execute(
    db,
  );
  await sql`create index goods_sensitive_words_list_idx on goods_sensitive_words (tenant_id, id desc)`.execute(db);

  await sql`
    create table goods_eans (
      id bigserial primary key,
      tenant_id integer not null,
      creator_id integer not null,
      code text not null,
      gtin text not null,
      kind text not null check (kind in ('EAN13', 'UPCA', 'EAN8')),
      status text not null default 'free' check (status in ('free', 'used')),
      goods_id bigint,
      sku text,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index goods_eans_gtin_uniq on goods_eans (tenant_id, gtin)`.execute(db);
  await sql`create index goods_eans_status_idx on goods_eans (tenant_id, status, id)`.execute(db);
  await sql`create index goods_eans_goods_idx on goods_eans (tenant_id, goods_id) where goods_id is not null`.execute(
    db,
  );

  await sql`
    create table goods_categories (
      id bigserial primary key,
      tenant_id integer not null,
      parent_id bigint not null default 0,
      name text not null,
      sort integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create unique index goods_categories_name_uniq on goods_categories (tenant_id, parent_id, lower(name))`.execute(
    db,
  );
  await sql`create index goods_categories_parent_idx on goods_categories (tenant_id, parent_id, sort, id)`.execute(db);
}
