import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * The own site's sold orders for 订单统计 (docs/statistics.md "Site orders"): paid site orders
 * placed in the range, per calendar day of the tenant and currency (a few rows: site orders are
 * few, read over `site_orders_list_idx` by tenant and creation time).
 */
export async function siteOrderDaySums(
  db: Database,
  tenantId: number,
  range: { from: Date; to: Date },
  timeZone: string,
) {
  const r = await sql<{ day: string; currency: string; orders: string; units: string; sales: string }>`
    select to_char((created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, currency,
      count(*) as orders, coalesce(sum(item_count), 0) as units, coalesce(sum(total_minor), 0) as sales
    from site_orders
    where tenant_id = ${tenantId} and status = 'paid' and created_at >= ${range.from} and created_at < ${range.to}
    group by 1, 2`.execute(db);
  return r.rows.map((x) => ({
    day: x.day,
    currency: x.currency,
    orders: Number(x.orders),
    units: Number(x.units),
    sales: Number(x.sales),
  }));
}
