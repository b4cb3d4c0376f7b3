import { type Kysely, sql } from 'kysely';

/**
 * Keyword search within one tenant: the tenant id inside the trigram index (btree_gin), so a
 * common word does not make PostgreSQL visit every tenant's matches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create index goods_tenant_search_idx on goods using gin (tenant_id, search_text gin_trgm_ops)`.execute(db);
  await sql`drop index if exists goods_search_idx`.execute(db);
}
