import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/**
 * An order's items, each with the warehouse SKU it maps to: the SKU whose code is the item's
 * seller SKU, else the first SKU linked to the item's library product (null: none).
 */
export function itemsWithSku(db: Db, tenantId: number, orderId: number) {
  return db
    .selectFrom('order_items as i')
    .select([
      'i.id',
      'i.seller_sku',
      'i.quantity',
      sql<number | null>`coalesce(
        (select p.id from stock_products p where p.tenant_id = ${tenantId} and p.sku = i.seller_sku),
        (select p.id from stock_products p where p.tenant_id = ${tenantId} and p.goods_id = i.goods_id
          order by p.id limit 1))`.as('stock_id'),
    ])
    .where('i.tenant_id', '=', tenantId)
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
}

/**
 * 海外仓发货 of an order-list page, in one query: for each of `orderIds` that is seller-fulfilled,
 * unshipped and without an open outbound, the active warehouses whose available stock covers
 * every item (items mapped to SKUs as in `itemsWithSku`).
 */
export async function eligibleWarehouses(db: Db, tenantId: number, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  const r = await sql<{ order_id: string; id: number; code: string; name: string }>`
    with items as (
      select i.order_id, i.quantity,
             coalesce(
               (select p.id from stock_products p where p.tenant_id = ${tenantId} and p.sku = i.seller_sku),
               (select p.id from stock_products p where p.tenant_id = ${tenantId} and p.goods_id = i.goods_id
                 order by p.id limit 1)) as stock_id
        from order_items i
        join orders o on o.id = i.order_id and o.tenant_id = ${tenantId}
       where i.tenant_id = ${tenantId}
         and i.order_id = any(${orderIds}::bigint[])
         and o.status = 'Unshipped' and o.fulfillment_channel = '1'
         and not exists (select 1 from overseas_outbounds ob
                          where ob.order_id = o.id and ob.status <> 'cancelled')
    ), need as (
      select order_id, stock_id, sum(quantity) as q from items group by order_id, stock_id
    )
    select n.order_id, w.id, w.code, w.name
      from need n
      cross join overseas_warehouses w
      left join stock_locations l on l.tenant_id = ${tenantId} and l.kind = 'overseas' and l.warehouse_id = w.id
      left join stock_balances b on b.location_id = l.id and b.stock_id = n.stock_id
     where w.active
     group by n.order_id, w.id, w.code, w.name
    having bool_and(n.stock_id is not null and coalesce(b.on_hand - b.reserved, 0) >= n.q)
     order by n.order_id, w.code`.execute(db);
  return r.rows.map((x) => ({ order_id: Number(x.order_id), id: x.id, code: x.code, name: x.name }));
}
