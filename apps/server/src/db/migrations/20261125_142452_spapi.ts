import { type Kysely, sql } from 'kysely';

/**
 * The SP-API client's shared state (`docs/marketplace.md`):
 * - `spapi_rate_buckets`: one token bucket per (selling partner, operation), shared by every
 *   server process. A request reserves a token with one atomic upsert; the bucket may go
 *   negative, which is the queue of reservations not yet due (the caller waits `-tokens/rate`).
 * - `spapi_product_types`: Product Type Definitions (the definition and its downloaded
 *   schema) by product type, marketplace, locale, requirements and version.
 * - `spapi_product_type_searches`: searchDefinitionsProductTypes answers by marketplace,
 *   locale and query.
 * None holds tenant data: definitions are Amazon's and the same for everyone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table spapi_rate_buckets (
      seller_id text not null,
      operation text not null,
      tokens double precision not null,
      rate double precision not null,
      burst double precision not null,
      updated_at timestamptz not null default now(),
      primary key (seller_id, operation)
    )`.execute(db);
  await sql`
    create table spapi_product_types (
      product_type text not null,
      marketplace_id text not null,
      locale text not null,
      requirements text not null,
      version text not null,
      definition jsonb not null,
      schema jsonb not null,
      fetched_at timestamptz not null default now(),
      primary key (product_type, marketplace_id, locale, requirements, version)
    )`.execute(db);
  await sql`
    create table spapi_product_type_searches (
      marketplace_id text not null,
      locale text not null,
      query text not null,
      result jsonb not null,
      fetched_at timestamptz not null default now(),
      primary key (marketplace_id, locale, query)
    )`.execute(db);
}
