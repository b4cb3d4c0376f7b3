import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

type Db = Database;

/**
 * The freight of an order for its margin estimate (issue 29 §1), CNY fen: `actual` the latest
 * waybill's fee (freight and service fee; a cancelled waybill is not counted), `quote` the
 * parcel's quote on its channel's tariff (made with `quoteFreight` when the parcel was measured).
 * Null where there is none, or where its currency is not CNY.
 */
export async function orderFreight(
  db: Db,
  tenantId: number,
  orderId: number,
): Promise<{ actual: number | null; quote: number | null }> {
  const r = await sql<{ actual: string | null; quote: string | null }>`
    select
      (select w.freight + w.service_fee from logistics_waybills w
        where w.tenant_id = ${tenantId} and w.order_id = ${orderId} and w.cancelled_at is null and w.currency = 'CNY'
        order by w.id desc limit 1) as actual,
      (select p.freight + p.service_fee from logistics_parcels p
         join logistics_channels c on c.id = p.channel_id
        where p.tenant_id = ${tenantId} and p.order_id = ${orderId} and p.review_status <> 'cancelled' and c.currency = 'CNY'
        order by p.id desc limit 1) as quote
  `.execute(db);
  const row = r.rows[0];
  const n = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return { actual: n(row?.actual), quote: n(row?.quote) };
}
