import { type Kysely, sql } from 'kysely';

/**
 * Keyword search within one tenant without reading every tenant's matches: the trigrams of
 * `search_text` (pg_trgm's `show_trgm`) prefixed with the tenant id, in one GIN index. A
 * common word's posting list in `goods_tenant_search_idx` holds every tenant's products
 * (a quarter of a million for "hairband" in bench:goods); here it holds one tenant's.
 * The list's keyword filter asks for the keyword's inner trigrams (`keywordGrams`) and keeps
 * the LIKE as the exact test; keywords without such trigrams use the older index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Index builds run with a search_path of pg_catalog only (PostgreSQL 17), so the function
  // names pg_trgm's schema.
  const { rows } = await sql<{
    schema: string;
  }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  const showTrgm = `${rows[0]!.schema}.show_trgm`;
  await sql`
    create function goods_tenant_grams(tenant_id integer, search_text text) returns text[]
    language sql immutable strict parallel safe
    as $$ select array(select tenant_id::text || ':' || g from unnest(${sql.raw(showTrgm)}(search_text)) g) $$`.execute(
    db,
  );
  await sql`create index goods_tenant_grams_idx on goods using gin (goods_tenant_grams(tenant_id, search_text))`.execute(
    db,
  );
  await sql`analyze goods`.execute(db);
}
