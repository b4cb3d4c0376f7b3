import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';

type Db = Kysely<DB>;

/** `and l.warehouse_id = $w` when one warehouse is asked for. */
const atWarehouse = (warehouseId?: number) =>
  warehouseId === undefined ? sql`` : sql`and l.warehouse_id = ${warehouseId}`;

/** Stock value (declared value × on hand) per currency, SKUs and units on hand at overseas warehouses. */
export async function stockFigures(db: Db, tenantId: number, warehouseId?: number) {
  const r = await sql<{ currency: string; value: string; skus: string; units: string }>`
    select p.declared_currency as currency,
           coalesce(sum(b.on_hand::bigint * coalesce(p.declared_value_minor, 0)), 0) as value,
           count(distinct p.id) filter (where b.on_hand > 0) as skus,
           coalesce(sum(b.on_hand), 0) as units
      from stock_balances b
      join stock_locations l on l.id = b.location_id and l.kind = 'overseas'
      join stock_products p on p.id = b.stock_id
     where b.tenant_id = ${tenantId} ${atWarehouse(warehouseId)}
     group by p.declared_currency
     order by p.declared_currency`.execute(db);
  return r.rows.map((x) => ({
    currency: x.currency,
    value: Number(x.value),
    skus: Number(x.skus),
    units: Number(x.units),
  }));
}

/** SKUs at or below their reorder point at a warehouse (the 10 most short, and how many in all). */
export async function lowStock(db: Db, tenantId: number, warehouseId?: number) {
  const r = await sql<{
    stock_id: string;
    sku: string;
    title: string;
    code: string;
    available: number;
    reorder_point: number;
    total: string;
  }>`
    select p.id as stock_id, p.sku, p.title, w.code, (b.on_hand - b.reserved) as available, p.reorder_point,
           count(*) over () as total
      from stock_balances b
      join stock_locations l on l.id = b.location_id and l.kind = 'overseas'
      join overseas_warehouses w on w.id = l.warehouse_id
      join stock_products p on p.id = b.stock_id
     where b.tenant_id = ${tenantId} ${atWarehouse(warehouseId)}
       and p.reorder_point > 0 and b.on_hand - b.reserved <= p.reorder_point
     order by (b.on_hand - b.reserved) - p.reorder_point, p.sku
     limit 10`.execute(db);
  return {
    count: Number(r.rows[0]?.total ?? 0),
    list: r.rows.map((x) => ({
      stock_id: Number(x.stock_id),
      sku: x.sku,
      title: x.title,
      warehouse_code: x.code,
      available: x.available,
      reorder_point: x.reorder_point,
    })),
  };
}

/** Outbounds per status. */
export async function outboundCounts(db: Db, tenantId: number, warehouseId?: number) {
  let q = db
    .selectFrom('overseas_outbounds')
    .select(['status', sql<number>`count(*)::int`.as('n')])
    .where('tenant_id', '=', tenantId);
  if (warehouseId !== undefined) q = q.where('warehouse_id', '=', warehouseId);
  return q.groupBy('status').execute();
}

/**
 * Units on hand by age, first in first out: the units still on hand are the latest receipts
 * (`in` movements), so each location's receipts are walked newest first until its on hand is
 * covered; each unit is as old as its receipt.
 */
export async function ageBuckets(db: Db, tenantId: number, warehouseId?: number) {
  const r = await sql<{ bucket: string; units: string }>`
    with layers as (
      select m.quantity, m.created_at, b.on_hand,
             sum(m.quantity) over (partition by m.location_id, m.stock_id order by m.id desc) as newer_incl
        from stock_movements m
        join stock_locations l on l.id = m.location_id and l.kind = 'overseas'
        join stock_balances b on b.location_id = m.location_id and b.stock_id = m.stock_id
       where m.tenant_id = ${tenantId} and m.kind = 'in' and b.on_hand > 0 ${atWarehouse(warehouseId)}
    ), held as (
      select greatest(0, least(quantity, on_hand - (newer_incl - quantity))) as units,
             extract(epoch from (now() - created_at)) / 86400 as days
        from layers
    )
    select case when days <= 30 then '0-30' when days <= 60 then '31-60' when days <= 90 then '61-90' else '90+' end
             as bucket,
           sum(units) as units
      from held where units > 0
     group by 1`.execute(db);
  return r.rows.map((x) => ({ bucket: x.bucket, units: Number(x.units) }));
}

/** Inbound orders expected this week (null when the inbound tables do not exist). */
export async function inboundThisWeek(db: Db, tenantId: number, warehouseId?: number) {
  const exists = await sql<{ t: string | null }>`select to_regclass('overseas_inbounds')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return null;
  const r = await sql<{ n: string; units: string }>`
    select count(distinct i.id) as n, coalesce(sum(li.quantity_sent), 0) as units
      from overseas_inbounds i
      left join overseas_inbound_lines li on li.inbound_id = i.id
     where i.tenant_id = ${tenantId}
       ${warehouseId === undefined ? sql`` : sql`and i.warehouse_id = ${warehouseId}`}
       and i.status in ('shipped', 'arrived')
       and i.expected_date >= date_trunc('week', now() at time zone 'UTC')::date
       and i.expected_date < date_trunc('week', now() at time zone 'UTC')::date + 7`.execute(db);
  return { count: Number(r.rows[0]?.n ?? 0), units: Number(r.rows[0]?.units ?? 0) };
}
