import { type Kysely, sql } from 'kysely';

/** The scheduled 1688 logistics check finds the items bought through 1688 without reading every purchase. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index order_purchases_1688_items_idx on order_purchases (item_id) where channel = '1688'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index order_purchases_1688_items_idx`.execute(db);
}
