import { type RawBuilder, sql } from 'kysely';
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
 * The sold orders of one tenant matching `where` (a condition on `o`), one row each with its
 * calendar day and the parts of its figures: units, price, whether the order detail estimates a
 * margin (`m`), what was paid (else cost x quantity) and the freight (waybill fee, else quote).
 */
export function perOrderRows(tenantId: number, timeZone: string, where: RawBuilder<unknown>) {
  return sql`
    select shop_id, marketplace, assigned_to, day, currency, units, price, m, purchase, coalesce(actual, quote) as freight
    from (
      select o.shop_id, o.marketplace, o.assigned_to,
        (o.purchase_date at time zone ${timeZone})::date as day,
        coalesce(o.currency, min(i.currency), '') as currency,
        coalesce(sum(i.quantity), 0) as units, coalesce(sum(i.item_price_minor), 0) as price,
        (o.currency is not null and coalesce(bool_and(i.item_price_minor is not null), true)) as m,
        coalesce(sum(coalesce(p.paid_minor,
          case when g.base_info->>'cost_price' ~ '^[0-9]{1,12}$' then (g.base_info->>'cost_price')::bigint * i.quantity end,
          0)), 0) as purchase,
        (select w.freight + w.service_fee from logistics_waybills w
          where w.order_id = o.id and w.cancelled_at is null and w.tenant_id = ${tenantId} and w.currency = 'CNY'
          order by w.id desc limit 1) as actual,
        (select q.freight + q.service_fee from logistics_parcels q join logistics_channels c on c.id = q.channel_id
          where q.tenant_id = ${tenantId} and q.order_id = o.id and q.review_status <> 'cancelled' and c.currency = 'CNY'
          order by q.id desc limit 1) as quote
      from orders o
      left join order_items i on i.order_id = o.id and i.tenant_id = ${tenantId}
      left join order_purchases p on p.item_id = i.id and p.tenant_id = ${tenantId}
      left join goods g on g.id = i.goods_id and g.tenant_id = ${tenantId}
      where o.tenant_id = ${tenantId} and o.status in (${sql.join([...SOLD_STATUSES])}) and (${where})
      group by o.id, o.tenant_id
    ) po`;
}

/** The additive sums of per-order rows (`perOrderRows`) by day, shop, marketplace, currency and assignee. */
export const sumColumns = sql`count(*) as orders, sum(units) as units, sum(price) as sales,
  count(*) filter (where m) as margin_orders,
  coalesce(sum(price) filter (where m), 0) as margin_price,
  coalesce(sum(purchase) filter (where m), 0) as purchase,
  coalesce(sum(freight) filter (where m), 0) as freight,
  count(*) filter (where m and freight is null) as freight_missing`;

/** Grouping sets over parts (rows of day, shop, marketplace, currency, assignee and the sums). */
export function groupedSums(parts: RawBuilder<unknown>) {
  return sql<Record<string, string | number | null>>`
    with parts as (${parts})
    select grouping(shop_id) as g_shop, grouping(assigned_to) as g_staff, grouping(day) as g_day,
      shop_id, assigned_to, to_char(day, 'YYYY-MM-DD') as day, marketplace, currency,
      sum(orders) as orders, sum(units) as units, sum(sales) as sales, sum(margin_orders) as margin_orders,
      sum(margin_price) as margin_price, sum(purchase) as purchase, sum(freight) as freight,
      sum(freight_missing) as freight_missing
    from parts
    group by grouping sets ((shop_id, marketplace, currency), (marketplace, currency),
      (assigned_to, marketplace, currency), (day, marketplace, currency))`;
}

/**
 * The statement of `orderStatsSums` straight from the order rows, without the daily rollup: the
 * reference the rollup is tested against, and what the benchmark compares with.
 */
export function orderStatsQuery(tenantId: number, range: { from: Date; to: Date }, timeZone: string) {
  const rows = perOrderRows(
    tenantId,
    timeZone,
    sql`o.purchase_date >= ${range.from} and o.purchase_date < ${range.to}`,
  );
  return groupedSums(
    sql`select day, shop_id, marketplace, currency, assigned_to, ${sumColumns} from (${rows}) r
      group by day, shop_id, marketplace, currency, assigned_to`,
  );
}

/** `orderStatsQuery` run: the grouped sums straight from the order rows. */
export async function orderStatsSumsRaw(db: Db, tenantId: number, range: { from: Date; to: Date }, timeZone: string) {
  const r = await orderStatsQuery(tenantId, range, timeZone).execute(db);
  return r.rows.map(sumOf);
}

export function sumOf(row: Record<string, string | number | null>): OrderStatsSum {
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
