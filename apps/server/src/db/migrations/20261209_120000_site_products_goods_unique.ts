import { type Kysely, sql } from 'kysely';

/**
 * Site products (docs/site.md "Products"): a library product is on a site at most once, so an
 * import is idempotent even when two imports of the same products race (the later one skips).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index site_products_goods_once on site_products (tenant_id, site_id, goods_id) where goods_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists site_products_goods_once`.execute(db);
}
