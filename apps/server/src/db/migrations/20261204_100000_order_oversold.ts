import { type Kysely, sql } from 'kysely';

/**
 * 超卖 (issue 29 §1): an order item beyond its listing's stock known to the console
 * (docs/orders.md "Oversold"), set by the order sync; the partial index finds the flagged ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_items add column oversold boolean not null default false`.execute(db);
  await sql`create index order_items_oversold_idx on order_items (tenant_id, order_id) where oversold`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index order_items_oversold_idx`.execute(db);
  await sql`alter table order_items drop column oversold`.execute(db);
}
