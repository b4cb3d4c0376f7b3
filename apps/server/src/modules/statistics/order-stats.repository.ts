import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { SOLD_STATUSES } from '../order/order-sales.repository.js';

type Db = Database;

/** The groupings of 订单统计; `marketplace` rows also make the total. */
export type OrderDim = 'shop' | 'marketplace' | 'staff' | 'day';

/**
 * One group of sold orders in one marketplace and currency, as summed in SQL (bigint, exact).
 * The margin parts cover only the orders the order module estimates a margin for (a currency and
 * every item priced, `docs/orders.md` "Margin estimate"): their price, what was paid (else the
 * products' cost x quantity), the freight known from a waybill or a parcel's quote, and how many
 * of them have neither (the marketplace's shipping setting applies to those).
 */
export interface OrderStatsSum {
  dim: OrderDim;
  key: string;
  marketplace: string;
  currency: string;
  orders: number;
  units: number;
  sales: number;
  margin_orders: number;
  margin_price: number;
  purchase: number;
  freight: number;
  freight_missing: number;
}

/**
 * The sums of 订单统计 for one tenant and purchase-date range, by shop, marketplace, staff member
 * (the order's assignee; '' unassigned) and the tenant's calendar day, in one statement
 * (grouping sets over the orders of the range; indexes of migration 20261206_170000).
 */
export async function orderStatsSums(
  db: Db,
  tenantId: number,
  range: { from: Date; to: Date },
  timeZone: string,
): Promise<OrderStatsSum[]> {
  const r = await sql<Record<string, string | number | null>>`
    with o as materialized (
      select o.id, o.shop_id, o.marketplace, o.assigned_to, o.currency,
        to_char(o.purchase_date at time zone ${timeZone}, 'YYYY-MM-DD') as day
      from orders o
      where o.tenant_id = ${tenantId} and o.status in (${sql.join([...SOLD_STATUSES])})
        and o.purchase_date >= ${range.from} and o.purchase_date <= ${range.to}
    ),
    it as (
      select i.order_id, sum(i.quantity) as units, sum(i.item_price_minor) as price,
        bool_and(i.item_price_minor is not null) as priced, min(i.currency) as item_currency,
        sum(coalesce(p.paid_minor,
          case when g.base_info->>'cost_price' ~ '^[0-9]{1,12}$' then (g.base_info->>'cost_price')::bigint * i.quantity end,
          0)) as purchase
      from order_items i
      left join order_purchases p on p.item_id = i.id and p.tenant_id = ${tenantId}
      left join goods g on g.id = i.goods_id and g.tenant_id = ${tenantId}
      where i.tenant_id = ${tenantId} and i.order_id in (select id from o)
      group by i.order_id
    ),
    wb as (
      select distinct on (w.order_id) w.order_id, w.freight + w.service_fee as fee
      from logistics_waybills w
      where w.tenant_id = ${tenantId} and w.cancelled_at is null and w.currency = 'CNY' and w.order_id in (select id from o)
      order by w.order_id, w.id desc
    ),
    pq as (
      select distinct on (p.order_id) p.order_id, p.freight + p.service_fee as fee
      from logistics_parcels p join logistics_channels c on c.id = p.channel_id
      where p.tenant_id = ${tenantId} and p.review_status <> 'cancelled' and c.currency = 'CNY'
        and p.order_id in (select id from o)
      order by p.order_id, p.id desc
    ),
    po as (
      select o.shop_id, o.marketplace, o.assigned_to, o.day,
        coalesce(o.currency, it.item_currency, '') as currency,
        coalesce(it.units, 0) as units, coalesce(it.price, 0) as price,
        (o.currency is not null and coalesce(it.priced, true)) as m,
        coalesce(it.purchase, 0) as purchase, coalesce(wb.fee, pq.fee) as freight
      from o
      left join it on it.order_id = o.id
      left join wb on wb.order_id = o.id
      left join pq on pq.order_id = o.id
    )
    select grouping(shop_id) as g_shop, grouping(assigned_to) as g_staff, grouping(day) as g_day,
      shop_id, assigned_to, day, marketplace, currency,
      count(*) as orders, sum(units) as units, sum(price) as sales,
      count(*) filter (where m) as margin_orders,
      coalesce(sum(price) filter (where m), 0) as margin_price,
      coalesce(sum(purchase) filter (where m), 0) as purchase,
      coalesce(sum(freight) filter (where m), 0) as freight,
      count(*) filter (where m and freight is null) as freight_missing
    from po
    group by grouping sets ((shop_id, marketplace, currency), (marketplace, currency),
      (assigned_to, marketplace, currency), (day, marketplace, currency))
  `.execute(db);
  return r.rows.map((row) => {
    const dim: OrderDim =
      Number(row.g_shop) === 0
        ? 'shop'
        : Number(row.g_staff) === 0
          ? 'staff'
          : Number(row.g_day) === 0
            ? 'day'
            : 'marketplace';
    const key =
      dim === 'shop'
        ? String(row.shop_id)
        : dim === 'staff'
          ? row.assigned_to === null
            ? ''
            : String(row.assigned_to)
          : dim === 'day'
            ? String(row.day)
            : String(row.marketplace);
    return {
      dim,
      key,
      marketplace: String(row.marketplace),
      currency: String(row.currency),
      orders: Number(row.orders),
      units: Number(row.units),
      sales: Number(row.sales),
      margin_orders: Number(row.margin_orders),
      margin_price: Number(row.margin_price),
      purchase: Number(row.purchase),
      freight: Number(row.freight),
      freight_missing: Number(row.freight_missing),
    };
  });
}

/** Names of the tenant's shops and people (labels of the shop and staff groupings). */
export async function orderStatsLabels(db: Db, tenantId: number) {
  const [shops, users] = await Promise.all([
    db.selectFrom('shops').select(['id', 'name']).where('tenant_id', '=', tenantId).execute(),
    db.selectFrom('users').select(['id', 'account', 'user_name']).where('tenant_id', '=', tenantId).execute(),
  ]);
  return {
    shops: new Map(shops.map((s) => [String(s.id), s.name])),
    users: new Map(users.map((u) => [String(u.id), u.user_name || u.account])),
  };
}
