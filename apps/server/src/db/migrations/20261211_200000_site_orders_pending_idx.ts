import { type Kysely, sql } from 'kysely';

/**
 * The sweep of unpaid site orders (docs/site.md "Unpaid orders") finds pending orders older than
 * the hold time across tenants, oldest first: a partial index of the pending ones only (few at any
 * time), so the sweep never reads paid or cancelled history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index site_orders_pending_idx on site_orders (created_at) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists site_orders_pending_idx`.execute(db);
}
