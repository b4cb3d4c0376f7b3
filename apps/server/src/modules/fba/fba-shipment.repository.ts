import type { FbaShipmentListBody } from '@console/shared/schemas/fba-shipment';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { DB } from '../../db/types.js';
import type { FbaShipmentItemsTable, FbaShipmentsTable } from './fba-shipment.tables.js';

type Db = Kysely<DB>;
export type FbaShipmentDb = Selectable<FbaShipmentsTable> & { shop_name: string };
export type FbaItemDb = Selectable<FbaShipmentItemsTable> & { sku: string };

/** The next number of the tenant's first-leg shipments today: `FS20261205-0001`. */
export async function nextShipmentNumber(trx: Db, tenantId: number): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext('fba-shipment-number'), ${tenantId})`.execute(trx);
  const r = await sql<{ prefix: string; last: string | null }>`
    with p as (select 'FS' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || '-' as prefix)
    select p.prefix, (select max(number) from fba_shipments
                       where tenant_id = ${tenantId} and number like p.prefix || '%') as last
      from p`.execute(trx);
  const { prefix, last } = r.rows[0]!;
  return `${prefix}${String(last ? Number(last.slice(prefix.length)) + 1 : 1).padStart(4, '0')}`;
}

const rowQuery = (db: Db, tenantId: number) =>
  db
    .selectFrom('fba_shipments as f')
    .leftJoin('shops as s', 's.id', 'f.shop_id')
    .selectAll('f')
    .select(sql<string>`coalesce(s.name, '')`.as('shop_name'))
    .where('f.tenant_id', '=', tenantId);

/** One shipment of the tenant, or undefined (another tenant's id reads as absent). */
export function findShipment(db: Db, tenantId: number, id: number): Promise<FbaShipmentDb | undefined> {
  return rowQuery(db, tenantId).where('f.id', '=', id).executeTakeFirst();
}

/** The shipment under a row lock for a step (the caller's transaction). */
export function lockShipment(trx: Db, tenantId: number, id: number) {
  return trx
    .selectFrom('fba_shipments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** A page of the tenant's shipments with the count per status (under the same keyword). */
export async function listShipments(db: Db, tenantId: number, f: FbaShipmentListBody) {
  let q = rowQuery(db, tenantId);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, '\\$&')}%`;
    q = q.where((eb) =>
      eb.or([eb('f.number', 'ilike', like), eb('f.name', 'ilike', like), eb('f.tracking_no', 'ilike', like)]),
    );
  }
  const counted = await q
    .clearSelect()
    .select(['f.status', sql<number>`count(*)::int`.as('n')])
    .groupBy('f.status')
    .execute();
  const counts = Object.fromEntries(counted.map((c) => [c.status, c.n]));
  if (f.status) q = q.where('f.status', '=', f.status);
  const total = f.status ? (counts[f.status] ?? 0) : counted.reduce((s, c) => s + c.n, 0);
  const rows = await q
    .orderBy('f.id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { rows, total, counts };
}

/** The items of shipments with their SKU master's SKU. */
export function itemsOf(db: Db, shipmentIds: number[]): Promise<FbaItemDb[]> {
  if (shipmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('fba_shipment_items as i')
    .innerJoin('stock_products as p', 'p.id', 'i.stock_id')
    .selectAll('i')
    .select('p.sku')
    .where('i.shipment_id', 'in', shipmentIds)
    .orderBy('i.id')
    .execute();
}

export async function insertShipment(
  trx: Db,
  row: Omit<Insertable<FbaShipmentsTable>, 'problems' | 'steps' | 'fc_shipments'>,
): Promise<number> {
  const r = await trx
    .insertInto('fba_shipments')
    .values({ ...row, problems: '[]', steps: '{}', fc_shipments: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Changes a draft (or failed) shipment at `version`; false when someone saved first. */
export async function updateDraft(
  trx: Db,
  tenantId: number,
  id: number,
  version: number,
  fields: {
    shop_id: number;
    marketplace: string;
    marketplace_id: string;
    name: string;
    source_address: string;
    boxes: string;
    auto_choose: boolean;
  },
): Promise<boolean> {
  const r = await trx
    .updateTable('fba_shipments')
    .set({
      ...fields,
      status: 'draft',
      inbound_plan_id: '',
      placement_option_id: '',
      placement_options: '[]',
      transport_options: '[]',
      transport_cost_minor: 0,
      failed_step: '',
      error: '',
      problems: '[]',
      steps: '{}',
      fc_shipments: '[]',
      updated_at: new Date(),
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Replaces a shipment's items. */
export async function replaceItems(
  trx: Db,
  tenantId: number,
  shipmentId: number,
  items: { stock_id: number; msku: string; title: string; quantity: number }[],
): Promise<void> {
  await trx.deleteFrom('fba_shipment_items').where('shipment_id', '=', shipmentId).execute();
  await trx
    .insertInto('fba_shipment_items')
    .values(items.map((i) => ({ ...i, tenant_id: tenantId, shipment_id: shipmentId })))
    .execute();
}

type ShipmentSet = Omit<Updateable<FbaShipmentsTable>, 'id' | 'tenant_id' | 'version' | 'created_at'>;

/** Sets fields of a shipment (the caller holds the row lock or owns the workflow) and bumps its version. */
export async function setShipment(db: Db, id: number, set: ShipmentSet): Promise<void> {
  await db
    .updateTable('fba_shipments')
    .set({ ...set, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** Records an item's FNSKU (from the plan's items). */
export async function setItemFnsku(db: Db, shipmentId: number, msku: string, fnsku: string, title: string) {
  await db
    .updateTable('fba_shipment_items')
    .set({ fnsku, ...(title ? { title } : {}) })
    .where('shipment_id', '=', shipmentId)
    .where('msku', '=', msku)
    .execute();
}

export async function setItemReceived(db: Db, itemId: number, received: number) {
  await db.updateTable('fba_shipment_items').set({ quantity_received: received }).where('id', '=', itemId).execute();
}

/** The tenant's SKUs among `ids` with their title. */
export async function ownedSkus(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { sku: string; title: string }>();
  const rows = await db
    .selectFrom('stock_products')
    .select(['id', 'sku', 'title'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { sku: r.sku, title: r.title }]));
}

/** The tenant's SKUs (by SKU or title) with the units available in China. */
export function skuOptions(db: Db, tenantId: number, keyword: string) {
  const like = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
  let q = db
    .selectFrom('stock_products as p')
    .leftJoin('stock_locations as l', (j) => j.on('l.tenant_id', '=', tenantId).on('l.kind', '=', 'china'))
    .leftJoin('stock_balances as b', (j) => j.onRef('b.location_id', '=', 'l.id').onRef('b.stock_id', '=', 'p.id'))
    .select(['p.id', 'p.sku', 'p.title', sql<number>`coalesce(b.on_hand - b.reserved, 0)::int`.as('china_available')])
    .where('p.tenant_id', '=', tenantId);
  if (keyword) q = q.where((eb) => eb.or([eb('p.sku', 'ilike', like), eb('p.title', 'ilike', like)]));
  return q.orderBy('p.id', 'desc').limit(50).execute();
}
