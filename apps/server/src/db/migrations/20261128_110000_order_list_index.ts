import { type Kysely, sql } from 'kysely';

/**
 * The order list at 1,000,000 orders (issue 17 §3, docs/benchmarks.md "bench:orders"):
 * - the tenant's purchase-date index carries the columns the list's filters and the tabs' counts
 *   read (status, marketplace, shop, channel, express status, assignee), so counting a filtered
 *   range is an index-only scan instead of a heap visit per order;
 * - a marketplace + status index gives the page of a site's status tab in order without
 *   reading the other sites' orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_tenant_purchase_idx`.execute(db);
  await sql`
    create index orders_tenant_purchase_idx on orders (tenant_id, purchase_date desc, id desc)
      include (status, marketplace, shop_id, fulfillment_channel, express_status, assigned_to)`.execute(db);
  await sql`
    create index orders_tenant_market_status_idx on orders (tenant_id, marketplace, status, purchase_date desc, id desc)`.execute(
    db,
  );
}
