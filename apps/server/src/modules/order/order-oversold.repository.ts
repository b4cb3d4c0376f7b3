import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

type Db = Database;

/**
 * The statuses of an upload item whose payload reached Amazon (its quantity is the listing's
 * stock as sent).
 */
const SENT = ['submitted', 'accepted', 'live'];

/**
 * 超卖 (issue 29 §1, docs/orders.md "Oversold"): flags the order items of a shop that lie beyond
 * their listing's stock known to the console. Per listing (marketplace x seller SKU): the stock
 * is a follow-sell offer's quantity (counted from the offer's creation), else the quantity the
 * latest sent upload of an own listing carried (counted from when it was sent). The units of the
 * listing's orders that are not cancelled, in order of purchase from then on, use the stock up;
 * an item whose running total passes it is oversold. Items no longer beyond (a cancellation
 * before them) lose the flag. One statement: atomic by itself. Answers the items flagged now.
 */
export async function markOversold(db: Db, tenantId: number, shopId: number): Promise<number> {
  const r = await sql<{ n: string }>`
    with stock as (
      select f.marketplace, f.sku, f.quantity as stock, f.created_at as since, 0 as prio
        from follow_offers f
       where f.tenant_id = ${tenantId} and f.shop_id = ${shopId} and f.status <> 'deleted'
      union all
      select * from (
        select distinct on (u.marketplace, u.seller_sku) u.marketplace, u.seller_sku as sku, q.stock, u.sent_at as since, 1 as prio
          from upload_items u
          cross join lateral (
            select coalesce(
              (u.payload #>> '{attributes,fulfillment_availability,0,quantity}')::numeric,
              (jsonb_path_query_first(
                u.payload,
                '$.patches[*] ? (@.path == "/attributes/fulfillment_availability").value[0].quantity'
              ) #>> '{}')::numeric
            )::int as stock
          ) q
         where u.tenant_id = ${tenantId} and u.shop_id = ${shopId} and u.sent_at is not null
           and u.status = any(${SENT}::text[]) and q.stock is not null
         order by u.marketplace, u.seller_sku, u.sent_at desc
      ) own
    ),
    known as (
      select distinct on (marketplace, sku) marketplace, sku, stock, since
        from stock order by marketplace, sku, prio, since desc
    ),
    over as (
      select id from (
        select i.id,
               sum(i.quantity) over (
                 partition by o.marketplace, i.seller_sku order by o.purchase_date, i.id
               ) > k.stock as beyond
          from order_items i
          join orders o on o.id = i.order_id and o.tenant_id = ${tenantId}
          join known k on k.marketplace = o.marketplace and k.sku = i.seller_sku
         where i.tenant_id = ${tenantId} and o.shop_id = ${shopId}
           and o.status <> 'Canceled' and o.purchase_date >= k.since
      ) ranked
      where beyond
    ),
    changed as (
      update order_items i set oversold = (i.id in (select id from over))
       where i.tenant_id = ${tenantId}
         and i.order_id in (select id from orders where tenant_id = ${tenantId} and shop_id = ${shopId})
         and i.oversold <> (i.id in (select id from over))
      returning i.id
    )
    select count(*)::int8 as n from over
  `.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
