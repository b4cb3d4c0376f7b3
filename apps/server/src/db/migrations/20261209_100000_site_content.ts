import { type Kysely, sql } from 'kysely';

/**
 * Own site content (issue 33 §1, docs/site.md): the site's category tree, its products (taken
 * from the library or created) and its pages of blocks (home and landing pages, a draft and a
 * published version each). Keyed by tenant (schema-distributable.test.ts); each row belongs to
 * one site of its tenant (composite foreign keys, so a row can never name another tenant's site).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table site_categories (
      tenant_id integer not null,
      id bigserial not null,
      site_id bigint not null,
      parent_id bigint,
      position integer not null default 0,
      slug text not null,
      names jsonb not null default '{}',
      library_category_id integer,
      seo jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (tenant_id, id),
      foreign key (tenant_id, site_id) references sites (tenant_id, id) on delete cascade,
      foreign key (tenant_id, parent_id) references site_categories (tenant_id, id) on delete restrict,
      unique (tenant_id, site_id, slug)
    )`.execute(db);
  await sql`create index site_categories_parent_idx on site_categories (tenant_id, site_id, parent_id, position)`.execute(
    db,
  );
  await sql`
    create table site_products (
      tenant_id integer not null,
      id bigserial not null,
      site_id bigint not null,
      goods_id bigint,
      slug text not null,
      texts jsonb not null default '{}',
      pictures jsonb not null default '[]',
      price numeric(14, 2) not null,
      compare_at_price numeric(14, 2),
      variations jsonb not null default '[]',
      category_ids bigint[] not null default '{}',
      seo jsonb not null default '{}',
      published boolean not null default false,
      published_at timestamptz,
      library_synced_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (tenant_id, id),
      foreign key (tenant_id, site_id) references sites (tenant_id, id) on delete cascade,
      unique (tenant_id, site_id, slug)
    )`.execute(db);
  await sql`create index site_products_list_idx on site_products (tenant_id, site_id, updated_at desc, id desc)`.execute(
    db,
  );
  await sql`create index site_products_goods_idx on site_products (tenant_id, goods_id) where goods_id is not null`.execute(
    db,
  );
  await sql`create index site_products_category_idx on site_products using gin (category_ids)`.execute(db);
  await sql`
    create table site_pages (
      tenant_id integer not null,
      id bigserial not null,
      site_id bigint not null,
      kind text not null check (kind in ('home', 'landing')),
      slug text not null,
      titles jsonb not null default '{}',
      draft_blocks jsonb not null default '[]',
      published_blocks jsonb,
      published_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      version integer not null default 1,
      primary key (tenant_id, id),
      foreign key (tenant_id, site_id) references sites (tenant_id, id) on delete cascade,
      unique (tenant_id, site_id, slug)
    )`.execute(db);
  await sql`create unique index site_pages_one_home on site_pages (tenant_id, site_id) where kind = 'home'`.execute(db);
  await sql`alter table sites add column seo jsonb not null default '{}'`.execute(db);
}
