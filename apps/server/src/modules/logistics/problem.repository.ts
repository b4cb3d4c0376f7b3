import { type Kysely, sql } from 'kysely';
import { containsPattern, pageAndTotal } from '../../db/paging.js';
import type { DB } from '../../db/types.js';
import type { LogisticsProblemEventsTable } from './problem.tables.js';

type Db = Kysely<DB>;

/**
 * Who reads a problem parcel: its tenant (`tenantId`), and the warehouse side of the book that
 * runs its channel (`book`, null when the caller is not a handler). Another tenant's row outside
 * the caller's book is found by nothing (404).
 */
export interface ProblemReach {
  tenantId: number;
  book: number | null;
}

const COLUMNS = [
  'p.id',
  'p.tenant_id',
  'p.waybill_id',
  'p.order_id',
  'p.book_id',
  'p.type',
  'p.status',
  'p.compensation',
  'p.currency',
  'p.new_waybill_id',
  'p.note',
  'p.created_by',
  'p.created_at',
  'p.updated_at',
  'p.version',
] as const;

function reachable(db: Db, reach: ProblemReach) {
  return db
    .selectFrom('logistics_problems as p')
    .where((eb) =>
      reach.book === null
        ? eb('p.tenant_id', '=', reach.tenantId)
        : eb.or([eb('p.tenant_id', '=', reach.tenantId), eb('p.book_id', '=', reach.book)]),
    );
}

/** One problem parcel within reach (optionally locked for a step). */
export function findProblem(db: Db, reach: ProblemReach, id: number, lock = false) {
  let q = reachable(db, reach).select(COLUMNS).where('p.id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Problem parcels within reach with their waybills, for the list and the detail. */
export function listProblems(
  db: Db,
  reach: ProblemReach,
  f: {
    page: number;
    pageSize: number;
    type?: number | undefined;
    status?: 'open' | 'closed' | undefined;
    keyword?: string | undefined;
    id?: number;
  },
) {
  let q = reachable(db, reach)
    .innerJoin('logistics_waybills as w', 'w.id', 'p.waybill_id')
    .innerJoin('orders as o', 'o.id', 'p.order_id');
  if (f.id !== undefined) q = q.where('p.id', '=', f.id);
  if (f.type !== undefined) q = q.where('p.type', '=', f.type);
  if (f.status) q = q.where('p.status', '=', f.status);
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    q = q.where((eb) =>
      eb.or([
        eb('o.amazon_order_id', 'ilike', like),
        eb('w.tracking_no', 'ilike', like),
        eb('w.waybill_no', 'ilike', like),
        ...(/^\d{1,15}$/.test(f.keyword ?? '') ? [eb('p.order_id', '=', Number(f.keyword))] : []),
      ]),
    );
  }
  return pageAndTotal(q, f, (q) =>
    q
      .innerJoin('logistics_channels as c', 'c.id', 'w.channel_id')
      .leftJoin('logistics_waybills as nw', 'nw.id', 'p.new_waybill_id')
      .leftJoin('users as u', 'u.id', 'p.created_by')
      .select([
        ...COLUMNS,
        'w.waybill_no',
        'w.tracking_no',
        'o.amazon_order_id',
        'c.name as channel_name',
        'nw.waybill_no as new_waybill_no',
        'nw.tracking_no as new_tracking_no',
        'u.account as reported_by',
      ])
      .orderBy('p.id', 'desc'),
  );
}

/** The open problem parcel of a waybill, if any. */
export function openProblemOfWaybill(db: Db, tenantId: number, waybillId: number) {
  return db
    .selectFrom('logistics_problems')
    .select(['id'])
    .where('tenant_id', '=', tenantId)
    .where('waybill_id', '=', waybillId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

/** Opens a problem parcel; null when the waybill already has an open one (the unique index decides races). */
export function insertProblem(
  db: Db,
  v: {
    tenant_id: number;
    waybill_id: number;
    order_id: number;
    book_id: number;
    type: number;
    currency: string;
    note: string;
    created_by: number | null;
  },
) {
  return db
    .insertInto('logistics_problems')
    .values(v)
    .onConflict((oc) => oc.columns(['waybill_id', 'tenant_id']).where('status', '=', 'open').doNothing())
    .returning(['id'])
    .executeTakeFirst();
}

/** Moves a problem parcel to a type (and optionally closes it or records a compensation / new waybill). */
export function updateProblem(
  db: Db,
  id: number,
  set: { type?: number; close?: boolean; compensation?: number; new_waybill_id?: number },
) {
  return db
    .updateTable('logistics_problems')
    .set({
      ...(set.type !== undefined ? { type: set.type } : {}),
      ...(set.close ? { status: 'closed' as const, closed_at: sql`now()` } : {}),
      ...(set.compensation !== undefined ? { compensation: set.compensation } : {}),
      ...(set.new_waybill_id !== undefined ? { new_waybill_id: set.new_waybill_id } : {}),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .execute();
}

/** A line of a problem parcel's history. */
export function insertProblemEvent(
  db: Db,
  v: Omit<LogisticsProblemEventsTable, 'id' | 'created_at' | 'note'> & { note?: string },
) {
  return db.insertInto('logistics_problem_events').values(v).execute();
}

/** The history of a problem parcel, oldest first, with who acted and the waybill made. */
export function problemEvents(db: Db, problemId: number) {
  return db
    .selectFrom('logistics_problem_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('logistics_waybills as w', 'w.id', 'e.waybill_id')
    .select([
      'e.id',
      'e.action',
      'e.from_type',
      'e.to_type',
      'e.note',
      'e.amount',
      'e.created_at',
      'u.account as user',
      'w.waybill_no',
    ])
    .where('e.problem_id', '=', problemId)
    .orderBy('e.id')
    .execute();
}

/** A shipped waybill of the tenant that a problem can be reported on, with its channel's book. */
export function reportableWaybill(db: Db, tenantId: number, waybillId: number) {
  return db
    .selectFrom('logistics_waybills as w')
    .innerJoin('logistics_channels as c', 'c.id', 'w.channel_id')
    .select(['w.id', 'w.order_id', 'w.status', 'w.cancelled_at', 'w.currency', 'w.waybill_no', 'c.book_id'])
    .where('w.tenant_id', '=', tenantId)
    .where('w.id', '=', waybillId)
    .executeTakeFirst();
}

/**
 * Shipped waybills of every tenant (a system job) whose carrier events are worth reading: shipped
 * in the last 60 days, not cancelled, without an open problem parcel, and never opened by the
 * carrier watch before (a parcel the staff closed is not opened again). Newest first.
 */
export function waybillsToWatch(db: Db, limit: number) {
  return db
    .selectFrom('logistics_waybills as w')
    .innerJoin('logistics_channels as c', 'c.id', 'w.channel_id')
    .select(['w.id', 'w.tenant_id', 'w.order_id', 'w.waybill_no', 'w.tracking_no', 'w.currency', 'c.book_id'])
    .where('w.status', '=', '2')
    .where('w.cancelled_at', 'is', null)
    .where('w.tracking_no', 'is not', null)
    .where('w.shipped_at', '>', sql<Date>`now() - interval '60 days'`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('logistics_problems as p')
            .select('p.id')
            .whereRef('p.waybill_id', '=', 'w.id')
            .where((x) => x.or([x('p.status', '=', 'open'), x('p.created_by', 'is', null)])),
        ),
      ),
    )
    .orderBy('w.shipped_at', 'desc')
    .limit(limit)
    .execute();
}
