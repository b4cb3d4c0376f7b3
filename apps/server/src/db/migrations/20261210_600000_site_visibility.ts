import { type Kysely, sql } from 'kysely';

/**
 * Own site (docs/site.md "Categories", "SEO"): a category can be hidden from the storefront
 * (站点分类 显示/隐藏; hidden hides its subtree too), and a product can ask search engines not
 * to index its page (站点商品 不被搜索引擎收录). Both default to the old behaviour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table site_categories add column published boolean not null default true`.execute(db);
  await sql`alter table site_products add column noindex boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table site_categories drop column if exists published`.execute(db);
  await sql`alter table site_products drop column if exists noindex`.execute(db);
}
