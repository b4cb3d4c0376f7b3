import { type Kysely, sql } from 'kysely';

/**
 * The storefront's search (docs/site.md "Search"): one narrow row per published site product and
 * language with the title in lower case and the product's `published_at`, kept by triggers on
 * `site_products` in the writing transaction (every writer is covered without changing its code).
 * A trigram GIN index with the tenant and the language inside (btree_gin) finds the matches; a
 * btree in the page's order serves queries without trigrams (one or two letters). Replaces the
 * index over all titles of a row (20261209_140000), whose recheck ran a SQL function per
 * candidate row (~0.1 ms each: 2,000 candidates of a common word cost ~250 ms).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Index builds run with a search_path of pg_catalog only (PostgreSQL 17): name pg_trgm's schema.
  const { rows } = await sql<{
    schema: string;
  }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  const ops = `${rows[0]!.schema}.gin_trgm_ops`;
  await sql`
    create table site_product_search (
      tenant_id integer not null,
      product_id bigint not null,
      site_id bigint not null,
      lang text not null,
      title text not null,
      published_at timestamptz,
      primary key (tenant_id, product_id, lang),
      foreign key (tenant_id, product_id) references site_products (tenant_id, id) on delete cascade
    )`.execute(db);
  await sql`
    create function site_product_search_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        delete from site_product_search where tenant_id = old.tenant_id and product_id = old.id;
      end if;
      if new.published then
        insert into site_product_search (tenant_id, product_id, site_id, lang, title, published_at)
        select new.tenant_id, new.id, new.site_id, t.key, lower(t.value ->> 'title'), new.published_at
          from jsonb_each(case when jsonb_typeof(new.texts) = 'object' then new.texts else '{}' end) t
         where coalesce(t.value ->> 'title', '') <> '';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger site_product_search_insert after insert on site_products
    for each row execute function site_product_search_sync()`.execute(db);
  await sql`
    create trigger site_product_search_update after update of texts, published, published_at, site_id on site_products
    for each row when (old.texts is distinct from new.texts or old.published is distinct from new.published
      or old.published_at is distinct from new.published_at or old.site_id is distinct from new.site_id)
    execute function site_product_search_sync()`.execute(db);
  await sql`
    insert into site_product_search (tenant_id, product_id, site_id, lang, title, published_at)
    select p.tenant_id, p.id, p.site_id, t.key, lower(t.value ->> 'title'), p.published_at
      from site_products p,
           jsonb_each(case when jsonb_typeof(p.texts) = 'object' then p.texts else '{}' end) t
     where p.published and coalesce(t.value ->> 'title', '') <> ''`.execute(db);
  await sql`create index site_product_search_title_idx on site_product_search using gin (tenant_id, lang, title ${sql.raw(ops)})`.execute(
    db,
  );
  await sql`create index site_product_search_order_idx on site_product_search
    (tenant_id, site_id, lang, published_at desc nulls last, product_id desc)`.execute(db);
  await sql`drop index if exists site_products_title_search_idx`.execute(db);
  await sql`drop function if exists site_product_titles(jsonb)`.execute(db);
  await sql`analyze site_product_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists site_product_search_update on site_products`.execute(db);
  await sql`drop trigger if exists site_product_search_insert on site_products`.execute(db);
  await sql`drop table if exists site_product_search`.execute(db);
  await sql`drop function if exists site_product_search_sync()`.execute(db);
  const { rows } = await sql<{
    schema: string;
  }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  await sql`
    create function site_product_titles(texts jsonb) returns text
    language sql immutable strict parallel safe
    as $$ select lower(coalesce(string_agg(t.value ->> 'title', E'\n'), '')) from pg_catalog.jsonb_each(texts) t $$`.execute(
    db,
  );
  await sql`create index site_products_title_search_idx on site_products using gin (tenant_id, site_product_titles(texts) ${sql.raw(`${rows[0]!.schema}.gin_trgm_ops`)})`.execute(
    db,
  );
}
