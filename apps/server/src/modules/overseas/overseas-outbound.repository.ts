import type { OutboundListBody } from '@console/shared/schemas/overseas-outbound';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { OutboundRecipient, OutboundStatus } from './overseas-outbound.tables.js';

type Db = Kysely<DB>;

/** A warehouse with its fees (active or not). */
export function findWarehouse(db: Db, id: number) {
  return db.selectFrom('overseas_warehouses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Active warehouses (the choices of a new outbound). */
export function activeWarehouses(db: Db) {
  return db
    .selectFrom('overseas_warehouses')
    .select(['id', 'code', 'name', 'country', 'carriers'])
    .where('active', '=', true)
    .orderBy('code')
    .execute();
}

/** A tenant's SKUs with on hand and available at a warehouse (at most 500, those with stock first). */
export function stockAtWarehouse(db: Db, tenantId: number, warehouseId: number, keyword?: string) {
  let q = db
    .selectFrom('stock_products as p')
    .leftJoin('stock_locations as l', (j) =>
      j.on('l.tenant_id', '=', tenantId).on('l.kind', '=', 'overseas').on('l.warehouse_id', '=', warehouseId),
    )
    .leftJoin('stock_balances as b', (j) => j.onRef('b.location_id', '=', 'l.id').onRef('b.stock_id', '=', 'p.id'))
    .select([
      'p.id',
      'p.sku',
      'p.title',
      sql<number>`coalesce(b.on_hand, 0)::int`.as('on_hand'),
      sql<number>`coalesce(b.on_hand - b.reserved, 0)::int`.as('available'),
    ])
    .where('p.tenant_id', '=', tenantId);
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('p.sku', 'ilike', like), eb('p.title', 'ilike', like)]));
  }
  return q.orderBy(sql`coalesce(b.on_hand - b.reserved, 0)`, 'desc').orderBy('p.sku').limit(500).execute();
}

/** The next outbound id (its number is made from it before the row is written). */
export async function nextOutboundId(db: Db): Promise<number> {
  const r = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('overseas_outbounds', 'id')) as id`.execute(
    db,
  );
  return Number(r.rows[0]!.id);
}

export interface NewOutbound {
  id: number;
  tenant_id: number;
  warehouse_id: number;
  number: string;
  source: 'order' | 'manual';
  order_id: number | null;
  recipient: OutboundRecipient;
  carrier_code: string;
  carrier_name: string;
  channel: string;
  remark: string;
  created_by: number;
}

export async function insertOutbound(
  db: Db,
  o: NewOutbound,
  lines: { stock_id: number; quantity: number; order_item_id: number | null }[],
) {
  await db
    .insertInto('overseas_outbounds')
    .values({ ...o, recipient: JSON.stringify(o.recipient) })
    .execute();
  await db
    .insertInto('overseas_outbound_lines')
    .values(lines.map((l) => ({ ...l, outbound_id: o.id, tenant_id: o.tenant_id })))
    .execute();
}

/** An outbound locked for a step; `tenantId` null: the warehouse's view (any tenant). */
export function lockOutbound(db: Db, id: number, tenantId: number | null) {
  let q = db.selectFrom('overseas_outbounds').selectAll().where('id', '=', id);
  if (tenantId !== null) q = q.where('tenant_id', '=', tenantId);
  return q.forUpdate().executeTakeFirst();
}

/** The lines of an outbound, by SKU id (the order every step posts them in: no lock-order deadlocks). */
export function outboundLines(db: Db, outboundId: number) {
  return db
    .selectFrom('overseas_outbound_lines')
    .select(['stock_id', 'quantity', 'order_item_id'])
    .where('outbound_id', '=', outboundId)
    .orderBy('stock_id')
    .execute();
}

/** Moves an outbound to its next status with the step's own columns; null when it was not in `from`. */
export function stepOutbound(
  db: Db,
  id: number,
  from: OutboundStatus,
  to: OutboundStatus,
  extra: Partial<{
    tracking_no: string;
    carrier_code: string;
    carrier_name: string;
    shipped_by: number;
    fee_total_minor: number;
  }> = {},
) {
  const stamp =
    to === 'picking'
      ? { picked_at: sql<Date>`now()` }
      : to === 'packed'
        ? { packed_at: sql<Date>`now()` }
        : to === 'shipped'
          ? { shipped_at: sql<Date>`now()`, fees_posted_at: sql<Date>`now()` }
          : { cancelled_at: sql<Date>`now()` };
  return db
    .updateTable('overseas_outbounds')
    .set({ ...extra, ...stamp, status: to, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning(['id', 'status', 'version'])
    .executeTakeFirst();
}

function listed(db: Db, tenantId: number | null, f: Omit<OutboundListBody, 'page' | 'pageSize' | 'scope'>) {
  let q = db
    .selectFrom('overseas_outbounds as ob')
    .innerJoin('overseas_warehouses as w', 'w.id', 'ob.warehouse_id')
    .leftJoin('orders as o', (j) => j.onRef('o.id', '=', 'ob.order_id').onRef('o.tenant_id', '=', 'ob.tenant_id'));
  if (tenantId !== null) q = q.where('ob.tenant_id', '=', tenantId);
  if (f.warehouse_id !== undefined) q = q.where('ob.warehouse_id', '=', f.warehouse_id);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) =>
      eb.or([eb('ob.number', '=', k.toUpperCase()), eb('ob.tracking_no', '=', k), eb('o.amazon_order_id', '=', k)]),
    );
  }
  return q;
}

/** A page of outbounds (newest first) with the count per status under the same filters. */
export async function listOutbounds(db: Db, tenantId: number | null, f: OutboundListBody) {
  let page = listed(db, tenantId, f);
  if (f.status) page = page.where('ob.status', '=', f.status);
  const [rows, total, counts] = await Promise.all([
    page
      .selectAll('ob')
      .select(['w.code as warehouse_code', 'w.name as warehouse_name', 'o.amazon_order_id'])
      .orderBy('ob.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    page.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    listed(db, tenantId, f)
      .select(['ob.status', sql<number>`count(*)::int`.as('n')])
      .groupBy('ob.status')
      .execute(),
  ]);
  return { rows, total: total.n, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) };
}

/** One outbound as the list shows it. */
export function findOutboundRow(db: Db, id: number, tenantId: number | null) {
  let q = db
    .selectFrom('overseas_outbounds as ob')
    .innerJoin('overseas_warehouses as w', 'w.id', 'ob.warehouse_id')
    .leftJoin('orders as o', (j) => j.onRef('o.id', '=', 'ob.order_id').onRef('o.tenant_id', '=', 'ob.tenant_id'))
    .selectAll('ob')
    .select(['w.code as warehouse_code', 'w.name as warehouse_name', 'o.amazon_order_id'])
    .where('ob.id', '=', id);
  if (tenantId !== null) q = q.where('ob.tenant_id', '=', tenantId);
  return q.executeTakeFirst();
}

/** The lines of several outbounds with their SKU and title. */
export function linesOfOutbounds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('overseas_outbound_lines as l')
    .innerJoin('stock_products as p', 'p.id', 'l.stock_id')
    .select(['l.outbound_id', 'l.stock_id', 'l.quantity', 'p.sku', 'p.title'])
    .where('l.outbound_id', 'in', ids)
    .orderBy('l.id')
    .execute();
}

/** Size in mm of SKUs (the storage fee's volume). */
export function skuSizes(db: Db, tenantId: number, stockIds: number[]) {
  return db
    .selectFrom('stock_products')
    .select(['id', 'length_mm', 'width_mm', 'height_mm'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', stockIds)
    .execute();
}

/**
 * Unit-days the `quantity` units issued by movement `movementId` stayed at their location, first
 * in first out: units leave in the order they came in, so the issue takes the receipt layers
 * between the units issued before it and those plus `quantity`; each unit counts the whole days
 * (at least one) from its layer's receipt to now.
 */
export async function fifoUnitDays(
  db: Db,
  tenantId: number,
  stockId: number,
  locationId: number,
  movementId: number,
  quantity: number,
): Promise<number> {
  const r = await sql<{ unit_days: string | null }>`
    with before as (
      select coalesce(sum(quantity), 0) as n from stock_movements
       where tenant_id = ${tenantId} and location_id = ${locationId} and stock_id = ${stockId}
         and kind = 'out' and id < ${movementId}
    ), layers as (
      select created_at, sum(quantity) over (order by id) - quantity as start_n,
             sum(quantity) over (order by id) as end_n
        from stock_movements
       where tenant_id = ${tenantId} and location_id = ${locationId} and stock_id = ${stockId} and kind = 'in'
    )
    select sum(
             greatest(0, least(l.end_n, b.n + ${quantity}) - greatest(l.start_n, b.n))
             * greatest(1, ceil(extract(epoch from (now() - l.created_at)) / 86400))
           )::bigint as unit_days
      from layers l cross join before b`.execute(db);
  return Number(r.rows[0]?.unit_days ?? 0);
}

/** The overseas location of a tenant at a warehouse (null before any stock moved there). */
export async function overseasLocation(db: Db, tenantId: number, warehouseId: number) {
  const r = await db
    .selectFrom('stock_locations')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'overseas')
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  return r ? Number(r.id) : null;
}
