import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { AdjustReason, CountStatus } from './overseas-count.tables.js';

type Db = Kysely<DB>;

/** Whose counts a caller reaches: one tenant, or every tenant (the operator: null). */
export interface CountReach {
  tenantId: number | null;
}

const locationName = sql<string>`case l.kind when 'china' then '国内备货仓'
  when 'overseas' then coalesce(w.name, '海外仓') else 'FBA ' || coalesce(l.marketplace_id, '') end`;

/** A main account (a tenant) by id. */
export async function tenantExists(db: Db, tenantId: number) {
  const r = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', tenantId)
    .where('parent_id', '=', 0)
    .executeTakeFirst();
  return Boolean(r);
}

/** A warehouse by id (active or not: the stock stays at an inactive one). */
export function warehouseById(db: Db, id: number) {
  return db.selectFrom('overseas_warehouses').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Writes one adjustment (its movement follows with doc `adjust` + this id). */
export async function insertAdjustment(
  db: Db,
  row: {
    tenant_id: number;
    location_id: number;
    stock_id: number;
    quantity: number;
    reason: AdjustReason;
    note: string;
    created_by: number;
  },
) {
  const r = await db.insertInto('stock_adjustments').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** The tenant's SKUs (of the given ids) that exist: another tenant's id is left out. */
export async function ownedSkuIds(db: Db, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('stock_products')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** On hand per SKU at a location: of the given SKUs, or of every SKU with a balance there. */
export async function onHandAt(db: Db, locationId: number, stockIds?: number[]) {
  if (stockIds && stockIds.length === 0) return new Map<number, number>();
  let q = db.selectFrom('stock_balances').select(['stock_id', 'on_hand']).where('location_id', '=', locationId);
  if (stockIds) q = q.where('stock_id', 'in', stockIds);
  const rows = await q.orderBy('stock_id').execute();
  return new Map(rows.map((r) => [Number(r.stock_id), r.on_hand]));
}

/** A location's kind and warehouse. */
export function locationById(db: Db, id: number) {
  return db
    .selectFrom('stock_locations')
    .select(['kind', 'warehouse_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A balance locked for the rest of the transaction (a count's post reads then changes it). */
export async function lockedOnHand(trx: Db, locationId: number, stockId: number) {
  const r = await trx
    .selectFrom('stock_balances')
    .select('on_hand')
    .where('location_id', '=', locationId)
    .where('stock_id', '=', stockId)
    .forUpdate()
    .executeTakeFirst();
  return r?.on_hand ?? 0;
}

/** Creates a count with its snapshot lines; the number is `PD` + yymmdd (China) + id. */
export async function insertCount(
  trx: Db,
  c: { tenant_id: number; location_id: number; warehouse_id: number; note: string; created_by: number },
  lines: { stock_id: number; expected: number }[],
) {
  const r = await trx
    .insertInto('stock_counts')
    .values({ ...c, number: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(r.id);
  await sql`update stock_counts
     set number = 'PD' || to_char(now() at time zone 'Asia/Shanghai', 'YYMMDD') || id
   where id = ${id}`.execute(trx);
  for (let i = 0; i < lines.length; i += 1000) {
    await trx
      .insertInto('stock_count_lines')
      .values(lines.slice(i, i + 1000).map((l) => ({ ...l, count_id: id, tenant_id: c.tenant_id })))
      .execute();
  }
  return id;
}

/** A count locked for the rest of the transaction (steps check its status after the lock). */
export function lockCount(trx: Db, reach: CountReach, id: number) {
  let q = trx
    .selectFrom('stock_counts')
    .select(['id', 'tenant_id', 'location_id', 'number', 'status', 'version'])
    .where('id', '=', id);
  if (reach.tenantId !== null) q = q.where('tenant_id', '=', reach.tenantId);
  return q.forUpdate().executeTakeFirst();
}

export function setCount(
  trx: Db,
  id: number,
  set: { status?: CountStatus; note?: string; posted_by?: number; posted_at?: Date },
) {
  return trx
    .updateTable('stock_counts')
    .set({ ...set, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** Sets counted units of a count's lines (lines of another count are not touched). */
export async function setCounted(trx: Db, countId: number, lines: { line_id: number; counted: number | null }[]) {
  let n = 0;
  for (const l of lines) {
    const r = await trx
      .updateTable('stock_count_lines')
      .set({ counted: l.counted })
      .where('id', '=', l.line_id)
      .where('count_id', '=', countId)
      .executeTakeFirst();
    n += Number(r.numUpdatedRows);
  }
  return n;
}

/** What posting found and wrote for one line. */
export function setPosted(
  trx: Db,
  lineId: number,
  p: { on_hand_at_post: number; difference: number; movement_id: number | null },
) {
  return trx.updateTable('stock_count_lines').set(p).where('id', '=', lineId).execute();
}

/** A count's lines in SKU id order with the SKU and the balance now. */
export function countLines(db: Db, countId: number, locationId: number) {
  return db
    .selectFrom('stock_count_lines as c')
    .innerJoin('stock_products as p', 'p.id', 'c.stock_id')
    .leftJoin('stock_balances as b', (j) =>
      j.onRef('b.stock_id', '=', 'c.stock_id').on('b.location_id', '=', locationId),
    )
    .select([
      'c.id',
      'c.stock_id',
      'p.sku',
      'p.title',
      'c.expected',
      'c.counted',
      'c.on_hand_at_post',
      'c.difference',
      'c.movement_id',
      sql<number>`coalesce(b.on_hand, 0)`.as('on_hand_now'),
    ])
    .where('c.count_id', '=', countId)
    .orderBy('c.stock_id')
    .execute();
}

function countsBase(db: Db, reach: CountReach, f: { status?: CountStatus; warehouse_id?: number; tenant_id?: number }) {
  let q = db.selectFrom('stock_counts as s');
  const tenant = reach.tenantId ?? f.tenant_id;
  if (tenant !== undefined) q = q.where('s.tenant_id', '=', tenant);
  if (f.status) q = q.where('s.status', '=', f.status);
  if (f.warehouse_id !== undefined) q = q.where('s.warehouse_id', '=', f.warehouse_id);
  return q;
}

const countColumns = (db: Db) =>
  db
    .selectFrom('stock_counts as s')
    .innerJoin('stock_locations as l', 'l.id', 's.location_id')
    .leftJoin('overseas_warehouses as w', 'w.id', 's.warehouse_id')
    .leftJoin('users as u', 'u.id', 's.tenant_id')
    .select([
      's.id',
      's.tenant_id',
      sql<string>`coalesce(u.account, '')`.as('tenant_name'),
      's.number',
      's.warehouse_id',
      locationName.as('location_name'),
      's.location_id',
      's.status',
      's.note',
      's.created_at',
      's.posted_at',
      's.version',
      sql<number>`(select count(*)::int from stock_count_lines c where c.count_id = s.id)`.as('lines'),
      sql<number>`(select count(*)::int from stock_count_lines c where c.count_id = s.id and c.counted is not null)`.as(
        'counted_lines',
      ),
    ]);

export type CountRowDb = Awaited<ReturnType<typeof findCount>> & object;

/** One count the caller reaches. */
export function findCount(db: Db, reach: CountReach, id: number) {
  let q = countColumns(db).where('s.id', '=', id);
  if (reach.tenantId !== null) q = q.where('s.tenant_id', '=', reach.tenantId);
  return q.executeTakeFirst();
}

/** A page of counts, newest first, with the total. */
export async function listCounts(
  db: Db,
  reach: CountReach,
  f: { page: number; pageSize: number; status?: CountStatus; warehouse_id?: number; tenant_id?: number },
) {
  const ids = countsBase(db, reach, f).select('s.id');
  const [rows, total] = await Promise.all([
    countColumns(db)
      .where('s.id', 'in', ids)
      .orderBy('s.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    countsBase(db, reach, f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.n };
}

/**
 * A count's SKU picker: the tenant's SKUs (SKU order) with their on hand at the warehouse (0
 * without a balance there): matching a keyword in the SKU, name (`search_text`, lowercased) or
 * barcode; or with a balance at the warehouse; or with units there. `limit + 1` rows (whether
 * there are more).
 */
export function countCandidates(
  db: Db,
  tenantId: number,
  warehouseId: number,
  f: { scope: 'match' | 'warehouse' | 'stocked'; keyword: string },
  limit: number,
) {
  const place = db
    .selectFrom('stock_locations as l')
    .select('l.id')
    .where('l.tenant_id', '=', tenantId)
    .where('l.kind', '=', 'overseas')
    .where('l.warehouse_id', '=', warehouseId);
  let q = db
    .selectFrom('stock_products as p')
    .leftJoin('stock_balances as b', (j) => j.onRef('b.stock_id', '=', 'p.id').on('b.location_id', '=', place))
    .select(['p.id', 'p.sku', 'p.title', 'p.barcode', sql<number>`coalesce(b.on_hand, 0)`.as('on_hand')])
    .where('p.tenant_id', '=', tenantId);
  if (f.scope === 'match') {
    const k = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`(p.search_text like lower(${k}) or p.barcode ilike ${k})`);
  }
  if (f.scope === 'warehouse') q = q.where('b.stock_id', 'is not', null);
  if (f.scope === 'stocked') q = q.where('b.on_hand', '>', 0);
  return q
    .orderBy('p.sku')
    .limit(limit + 1)
    .execute();
}
