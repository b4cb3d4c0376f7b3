import { type Kysely, sql } from 'kysely';

/**
 * 首页's 独立站 figures count a tenant's site orders by state (docs/home.md); the list's state tabs
 * filter by it too. An index-only count per state instead of a pass over the tenant's site orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index site_orders_status_idx on site_orders (tenant_id, status, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists site_orders_status_idx`.execute(db);
}
