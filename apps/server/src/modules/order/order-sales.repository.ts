import type { SalesBody, SalesGroup } from '@console/shared/schemas/order-sales';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { OrderReader } from './order.repository.js';

type Db = Kysely<DB>;

/** Order statuses whose items count as sold: paid and not cancelled or refunded (docs/orders.md "Sales"). */
export const SOLD_STATUSES = ['Unshipped', 'Shipped'] as const;

/**
 * Units, orders and sales per group and currency of the tenant's sold items in a purchase-date
 * range. Sums are bigint in SQL (exact); `day` is the tenant's calendar day.
 */
export async function salesByGroup(
  db: Db,
  tenantId: number,
  f: Pick<SalesBody, 'shop_id' | 'marketplace' | 'keyword'> & { from: Date; to: Date },
  group: SalesGroup,
  timeZone: string,
  reader: OrderReader,
) {
  const key = {
    asin: sql<string>`i.asin`,
    sku: sql<string>`coalesce(i.seller_sku, '')`,
    shop: sql<string>`o.shop_id::text`,
    marketplace: sql<string>`o.marketplace`,
    day: sql<string>`to_char(o.purchase_date at time zone ${timeZone}, 'YYYY-MM-DD')`,
  }[group];
  let q = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .where('o.tenant_id', '=', tenantId)
    .where('i.tenant_id', '=', tenantId)
    .where('o.status', 'in', SOLD_STATUSES)
    .where('o.purchase_date', '>=', f.from)
    .where('o.purchase_date', '<', f.to);
  if (f.shop_id !== undefined) q = q.where('o.shop_id', '=', f.shop_id);
  if (f.marketplace) q = q.where('o.marketplace', '=', f.marketplace);
  if (f.keyword) {
    const kw = f.keyword;
    q = q.where((w) => w.or([w('i.asin', '=', kw.toUpperCase()), w('i.seller_sku', '=', kw)]));
  }
  if (reader.staffOf !== undefined) {
    const uid = reader.staffOf;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('shops as s')
          .select('s.id')
          .whereRef('s.id', '=', 'o.shop_id')
          .where((w) => w.or([w(sql`cardinality(s.staff_ids)`, '=', 0), w(sql`${uid}`, '=', w.fn.any('s.staff_ids'))])),
      ),
    );
  }
  const rows = await q
    .select([
      key.as('key'),
      sql<string>`coalesce(i.currency, o.currency, '')`.as('currency'),
      sql<string>`sum(i.quantity)`.as('units'),
      sql<string>`count(distinct o.id)`.as('orders'),
      sql<string>`coalesce(sum(i.item_price_minor), 0)`.as('sales'),
    ])
    .groupBy([sql`1`, sql`2`])
    .execute();
  return rows.map((r) => ({
    key: r.key,
    currency: r.currency,
    units: Number(r.units),
    orders: Number(r.orders),
    sales: Number(r.sales),
  }));
}

/** Names of the tenant's shops (labels of the shop grouping). */
export function shopNames(db: Db, tenantId: number) {
  return db.selectFrom('shops').select(['id', 'name']).where('tenant_id', '=', tenantId).execute();
}
