import { type Kysely, sql } from 'kysely';

/**
 * Indexes of 首页's figures (issue 31 §1, docs/home.md): the tenant's upload queues by status
 * (queued, running, stopped are few among many finished), and whether the tenant has a live
 * listing at all (the checklist's 第一个商品上架, which must not walk every draft listing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index upload_queues_tenant_status_idx on upload_queues (tenant_id, status)`.execute(db);
  await sql`create index listings_tenant_live_idx on listings (tenant_id) where status = 'live'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists upload_queues_tenant_status_idx`.execute(db);
  await sql`drop index if exists listings_tenant_live_idx`.execute(db);
}
