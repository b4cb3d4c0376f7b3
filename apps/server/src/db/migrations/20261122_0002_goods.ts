import { type Kysely, sql } from 'kysely';

/** The product library: one row per product, its editor sections as JSON, filter columns beside them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create table goods (
      id bigserial primary key,
      tenant_id integer not null,
      creator_id integer not null,
      type smallint not null default 0 check (type between 0 and 8),
      audit_status text not null default 'willAudit' check (audit_status in ('hasAudit', 'willAudit', 'useless')),
      is_delete smallint not null default 0 check (is_delete in (0, 1)),
      sku text not null default '',
      category_id integer,
      product_template_id integer,
      base_info jsonb not null default '{}',
      descs jsonb not null default '{}',
      prices jsonb not null default '{}',
      parentage jsonb not null default '{}',
      images jsonb not null default '[]',
      extra_attrs jsonb not null default '{}',
      tags text[] not null default '{}',
      link_url text not null default '',
      source text not null default '',
      -- Shown in lists: the English title, else the Chinese one, else the first title there is.
      title text generated always as (
        coalesce(
          nullif(descs->'en'->>'title', ''),
          nullif(descs->'zh-CN'->>'title', ''),
          jsonb_path_query_first(descs, '$.*.title ? (@ != "")')->>0,
          ''
        )
      ) stored,
      -- What the keyword filter searches: every title, SKUs, ASIN and EANs, lower case.
      search_text text generated always as (
        lower(
          sku || ' ' || coalesce(base_info->>'product_id', '') || ' ' ||
          jsonb_path_query_array(descs, '$.*.title')::text || ' ' ||
          jsonb_path_query_array(parentage, '$.children[*].sku')::text || ' ' ||
          jsonb_path_query_array(parentage, '$.children[*].ean')::text
        )
      ) stored,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1
    )`.execute(db);
  await sql`create index goods_list_idx on goods (tenant_id, is_delete, id desc)`.execute(db);
  await sql`create index goods_status_idx on goods (tenant_id, is_delete, audit_status, id desc)`.execute(db);
  await sql`create index goods_type_idx on goods (tenant_id, is_delete, type, id desc)`.execute(db);
  await sql`create index goods_creator_idx on goods (tenant_id, creator_id, id desc)`.execute(db);
  await sql`create index goods_category_idx on goods (tenant_id, category_id, id desc) where category_id is not null`.execute(
    db,
  );
  await sql`create index goods_created_idx on goods (tenant_id, created_at desc)`.execute(db);
  await sql`create index goods_search_idx on goods using gin (search_text gin_trgm_ops)`.execute(db);
}
