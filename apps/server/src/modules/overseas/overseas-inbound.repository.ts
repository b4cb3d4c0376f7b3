import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { InboundDifference, InboundStatus } from './overseas-inbound.tables.js';

type Db = Kysely<DB>;

/** Whose inbounds a caller reaches: its tenant's, or (the operator, `null`) every tenant's. */
export interface InboundReach {
  tenantId: number | null;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The next number of the day for a tenant (`IB20261205-0001`), under a per-tenant lock. */
export async function nextInboundNumber(trx: Db, tenantId: number): Promise<string> {
  await sql`select pg_advisory_xact_lock(hashtext('overseas-inbound-number'), ${tenantId})`.execute(trx);
  const r = await sql<{ prefix: string; last: string | null }>`
    with p as (select 'IB' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || '-' as prefix)
    select p.prefix, (select max(number) from overseas_inbounds
                       where tenant_id = ${tenantId} and number like p.prefix || '%') as last
      from p`.execute(trx);
  const { prefix, last } = r.rows[0]!;
  const seq = last ? Number(last.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(4, '0')}`;
}

/** Whether a warehouse exists and takes inbounds. */
export async function activeWarehouse(db: Db, id: number) {
  return db
    .selectFrom('overseas_warehouses')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** The active warehouses (a tenant's choice when it drafts an inbound). */
export function activeWarehouses(db: Db) {
  return db
    .selectFrom('overseas_warehouses')
    .select(['id', 'code', 'name', 'country'])
    .where('active', '=', true)
    .orderBy('code')
    .limit(500)
    .execute();
}

/** Which of these stock ids are the tenant's. */
export async function ownedSkus(db: Db, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('stock_products')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** The tenant's SKUs by SKU or name (the inbound form's picker). */
export function skuOptions(db: Db, tenantId: number, keyword: string | undefined) {
  let q = db.selectFrom('stock_products').select(['id', 'sku', 'title']).where('tenant_id', '=', tenantId);
  if (keyword) q = q.where((eb) => eb.or([eb('sku', 'ilike', like(keyword)), eb('title', 'ilike', like(keyword))]));
  return q.orderBy('sku').limit(50).execute();
}

export interface InboundFields {
  warehouse_id: number;
  shipping_method: string;
  carrier: string;
  tracking_no: string;
  expected_date: string | null;
  note: string;
}

export async function insertInbound(
  trx: Db,
  row: InboundFields & { tenant_id: number; number: string; created_by: number },
): Promise<number> {
  const r = await trx.insertInto('overseas_inbounds').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Changes a draft if it still has `version`; answers whether it did. */
export async function updateDraft(trx: Db, tenantId: number, id: number, version: number, set: InboundFields) {
  const r = await trx
    .updateTable('overseas_inbounds')
    .set((eb) => ({ ...set, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Replaces a draft's boxes and lines (box numbers 1..n in the order given). */
export async function replaceBoxes(
  trx: Db,
  tenantId: number,
  inboundId: number,
  boxes: { lines: { stock_id: number; quantity: number }[] }[],
) {
  await trx.deleteFrom('overseas_inbound_boxes').where('inbound_id', '=', inboundId).execute();
  const ids = await trx
    .insertInto('overseas_inbound_boxes')
    .values(boxes.map((_, i) => ({ inbound_id: inboundId, tenant_id: tenantId, box_no: i + 1 })))
    .returning(['id', 'box_no'])
    .execute();
  const byNo = new Map(ids.map((b) => [b.box_no, Number(b.id)]));
  const lines = boxes.flatMap((b, i) =>
    b.lines.map((l) => ({
      inbound_id: inboundId,
      box_id: byNo.get(i + 1)!,
      tenant_id: tenantId,
      stock_id: l.stock_id,
      quantity_sent: l.quantity,
    })),
  );
  await trx.insertInto('overseas_inbound_lines').values(lines).execute();
}

const rowQuery = (db: Db) =>
  db
    .selectFrom('overseas_inbounds as i')
    .innerJoin('overseas_warehouses as w', 'w.id', 'i.warehouse_id')
    .leftJoin('users as u', 'u.id', 'i.tenant_id')
    .select([
      'i.id',
      'i.tenant_id',
      'i.warehouse_id',
      'w.name as warehouse_name',
      'i.number',
      'i.shipping_method',
      'i.carrier',
      'i.tracking_no',
      'i.note',
      'i.status',
      'i.has_difference',
      'i.shipped_at',
      'i.arrived_at',
      'i.received_at',
      'i.acknowledged_at',
      'i.created_at',
      'i.version',
      sql<string>`coalesce(u.account, '')`.as('tenant_name'),
      sql<string | null>`to_char(i.expected_date, 'YYYY-MM-DD')`.as('expected_date'),
      sql<number>`(select count(*)::int from overseas_inbound_boxes b where b.inbound_id = i.id)`.as('boxes'),
      sql<number>`(select coalesce(sum(quantity_sent), 0)::int from overseas_inbound_lines l where l.inbound_id = i.id)`.as(
        'units_sent',
      ),
      sql<number>`(select coalesce(sum(quantity_counted), 0)::int from overseas_inbound_lines l where l.inbound_id = i.id)`.as(
        'units_counted',
      ),
    ]);
export type InboundRowDb = Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirstOrThrow']>>;

export interface InboundFilter {
  page: number;
  pageSize: number;
  status?: InboundStatus | undefined;
  warehouse_id?: number | undefined;
  tenant_id?: number | undefined;
  keyword?: string | undefined;
  start_time?: number | undefined;
  end_time?: number | undefined;
}

/** A page of inbounds in reach (newest first) and the count per status under the other filters. */
export async function listInbounds(db: Db, reach: InboundReach, f: InboundFilter) {
  const filtered = <Q extends ReturnType<typeof rowQuery>>(q: Q): Q => {
    let r = q;
    if (reach.tenantId !== null) r = r.where('i.tenant_id', '=', reach.tenantId) as Q;
    else if (f.tenant_id !== undefined) r = r.where('i.tenant_id', '=', f.tenant_id) as Q;
    if (f.warehouse_id !== undefined) r = r.where('i.warehouse_id', '=', f.warehouse_id) as Q;
    if (f.keyword)
      r = r.where((eb) =>
        eb.or([eb('i.number', 'ilike', like(f.keyword!)), eb('i.tracking_no', 'ilike', like(f.keyword!))]),
      ) as Q;
    if (f.start_time !== undefined) r = r.where('i.created_at', '>=', new Date(f.start_time * 1000)) as Q;
    if (f.end_time !== undefined) r = r.where('i.created_at', '<', new Date(f.end_time * 1000)) as Q;
    return r;
  };
  const base = filtered(rowQuery(db));
  const paged = f.status ? base.where('i.status', '=', f.status) : base;
  const [rows, total, counts] = await Promise.all([
    paged
      .orderBy('i.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    paged.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    base
      .clearSelect()
      .select(['i.status', sql<number>`count(*)::int`.as('n')])
      .groupBy('i.status')
      .execute(),
  ]);
  return { rows, total: total.n, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) };
}

/** One inbound in reach (undefined: none, or another tenant's for a tenant). */
export function findInbound(db: Db, reach: InboundReach, id: number) {
  let q = rowQuery(db).where('i.id', '=', id);
  if (reach.tenantId !== null) q = q.where('i.tenant_id', '=', reach.tenantId);
  return q.executeTakeFirst();
}

/** Locks an inbound row for a step (a repeated or concurrent step waits and then sees the new state). */
export function lockInbound(trx: Db, reach: InboundReach, id: number) {
  let q = trx
    .selectFrom('overseas_inbounds')
    .select(['id', 'tenant_id', 'status', 'number', 'has_difference', 'acknowledged_at'])
    .where('id', '=', id);
  if (reach.tenantId !== null) q = q.where('tenant_id', '=', reach.tenantId);
  return q.forUpdate().executeTakeFirst();
}

/** The boxes of an inbound with their lines (box order, then line order). */
export async function boxesOf(db: Db, inboundId: number) {
  const [boxes, lines] = await Promise.all([
    db
      .selectFrom('overseas_inbound_boxes')
      .select(['id', 'box_no', 'received_at'])
      .where('inbound_id', '=', inboundId)
      .orderBy('box_no')
      .execute(),
    db
      .selectFrom('overseas_inbound_lines as l')
      .innerJoin('stock_products as p', 'p.id', 'l.stock_id')
      .select([
        'l.id',
        'l.box_id',
        'l.stock_id',
        'p.sku',
        'p.title',
        'l.quantity_sent',
        'l.quantity_counted',
        'l.quantity_damaged',
        'l.difference',
      ])
      .where('l.inbound_id', '=', inboundId)
      .orderBy('l.id')
      .execute(),
  ]);
  return boxes.map((b) => ({ ...b, id: Number(b.id), lines: lines.filter((l) => Number(l.box_id) === Number(b.id)) }));
}

/** Moves an inbound to its next status with the step's own fields. */
export async function setInbound(
  trx: Db,
  id: number,
  set: Partial<{
    status: InboundStatus;
    carrier: string;
    tracking_no: string;
    has_difference: boolean;
    shipped_at: Date;
    arrived_at: Date;
    received_at: Date;
    acknowledged_at: Date;
    acknowledged_by: number;
  }>,
) {
  await trx
    .updateTable('overseas_inbounds')
    .set((eb) => ({ ...set, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .execute();
}

/** Records a counted line. */
export async function countLine(
  trx: Db,
  lineId: number,
  counted: number,
  damaged: number,
  difference: InboundDifference,
) {
  await trx
    .updateTable('overseas_inbound_lines')
    .set({ quantity_counted: counted, quantity_damaged: damaged, difference })
    .where('id', '=', lineId)
    .execute();
}

/** Marks boxes received. */
export async function markBoxesReceived(trx: Db, boxIds: number[], by: number) {
  if (boxIds.length === 0) return;
  await trx
    .updateTable('overseas_inbound_boxes')
    .set({ received_at: new Date(), received_by: by })
    .where('id', 'in', boxIds)
    .execute();
}

/** The warehouse an inbound goes to. */
export async function warehouseOf(db: Db, inboundId: number): Promise<number> {
  const r = await db
    .selectFrom('overseas_inbounds')
    .select('warehouse_id')
    .where('id', '=', inboundId)
    .executeTakeFirstOrThrow();
  return r.warehouse_id;
}
