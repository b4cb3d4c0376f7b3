import { type Kysely, sql } from 'kysely';

/**
 * The list's status-tab counts under a type filter read only this index (an index-only scan)
 * instead of one heap page per product; the same index serves a page filtered by type and
 * status in id order. It replaces goods_type_idx, which is its prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index goods_type_status_idx on goods (tenant_id, is_delete, type, audit_status, id desc)`.execute(
    db,
  );
  await sql`drop index if exists goods_type_idx`.execute(db);
}
