import { type Kysely, sql } from 'kysely';

/**
 * Storefront catalog (docs/site.md "Catalog pages"): the search page finds a site's published
 * products by their title in any language through one trigram index over all titles of a row
 * (`site_product_titles`, lower case, the languages in jsonb key order), then checks the
 * visitor's language with a plain `like`; the image route checks that a key is a picture of a
 * product (GIN containment on `pictures` and on the variations' pictures).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Index builds run with a search_path of pg_catalog only (PostgreSQL 17): name pg_trgm's schema.
  const { rows } = await sql<{
    schema: string;
  }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  const ops = `${rows[0]!.schema}.gin_trgm_ops`;
  await sql`
    create function site_product_titles(texts jsonb) returns text
    language sql immutable strict parallel safe
    as $$ select lower(coalesce(string_agg(t.value ->> 'title', E'\n'), '')) from pg_catalog.jsonb_each(texts) t $$`.execute(
    db,
  );
  await sql`create index site_products_title_search_idx on site_products using gin (tenant_id, site_product_titles(texts) ${sql.raw(ops)})`.execute(
    db,
  );
  await sql`create index site_products_pictures_idx on site_products using gin (pictures jsonb_path_ops)`.execute(db);
  await sql`create index site_products_variations_idx on site_products using gin (variations jsonb_path_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists site_products_variations_idx`.execute(db);
  await sql`drop index if exists site_products_pictures_idx`.execute(db);
  await sql`drop index if exists site_products_title_search_idx`.execute(db);
  await sql`drop function if exists site_product_titles(jsonb)`.execute(db);
}
