import type { FeedbackRow, PerformanceFigures } from '@console/shared/schemas/seller-reports';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import './reports.tables.js';

type Db = Kysely<DB>;

/** Shops whose reports are fetched: authorized, with a seller id (all tenants, or one tenant's). */
export function reportShops(db: Db, only?: { tenantId: number; shopIds?: number[] | undefined; userId?: number }) {
  let q = db
    .selectFrom('shops')
    .select(['id', 'tenant_id', 'name', 'marketplaces', 'authorized_at', 'created_at'])
    .where('auth_status', '=', 'authorized')
    .where('seller_id', 'is not', null);
  if (only) q = q.where('tenant_id', '=', only.tenantId);
  if (only?.shopIds) q = q.where('id', 'in', only.shopIds.length ? only.shopIds : [0]);
  if (only?.userId !== undefined) {
    const uid = only.userId;
    q = q.where((eb) => eb.or([eb(sql`cardinality(staff_ids)`, '=', 0), eb(sql`${uid}`, '=', eb.fn.any('staff_ids'))]));
  }
  return q.orderBy('id').execute();
}

/** Every shop x report type's fetch state (one tenant, or all for the scheduler). */
export function syncStates(db: Db, tenantId?: number) {
  let q = db
    .selectFrom('seller_report_syncs')
    .select(['shop_id', 'report_type', 'tenant_id', 'lease_until', 'last_fetched_at', 'last_error']);
  if (tenantId !== undefined) q = q.where('tenant_id', '=', tenantId);
  return q.execute();
}

/** Takes a shop x report type's lease for `leaseMs`: false while another run holds it. */
export async function takeReportLease(db: Db, tenantId: number, shopId: number, type: string, leaseMs: number) {
  const r = await sql<{ shop_id: number }>`
    insert into seller_report_syncs (shop_id, report_type, tenant_id, lease_until)
    values (${shopId}, ${type}, ${tenantId}, now() + ${`${leaseMs} milliseconds`}::interval)
    on conflict (shop_id, report_type, tenant_id) do update set lease_until = excluded.lease_until
    where seller_report_syncs.tenant_id = ${tenantId}
      and (seller_report_syncs.lease_until is null or seller_report_syncs.lease_until < now())
    returning shop_id`.execute(db);
  return r.rows.length > 0;
}

/** Whether a run holds the shop x report type now. */
export async function reportLeaseHeld(db: Db, tenantId: number, shopId: number, type: string) {
  const r = await db
    .selectFrom('seller_report_syncs')
    .select('shop_id')
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('report_type', '=', type)
    .where('lease_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return !!r;
}

/** Frees a lease; `error` empty records the fetch as finished now. */
export async function releaseReportLease(db: Db, tenantId: number, shopId: number, type: string, error: string) {
  await db
    .updateTable('seller_report_syncs')
    .set({ lease_until: null, last_error: error, ...(error ? {} : { last_fetched_at: new Date() }) })
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('report_type', '=', type)
    .execute();
}

/** Records one fetched report in the history; answers its id. */
export async function insertRun(
  db: Db,
  row: {
    tenant_id: number;
    shop_id: number;
    report_type: string;
    marketplace_id: string;
    amazon_report_id: string;
    period_from: Date | null;
    period_to: Date | null;
    state: 'done' | 'fatal' | 'cancelled' | 'failed';
    error: string;
    figures: PerformanceFigures | null;
    rows: number;
  },
) {
  const r = await db
    .insertInto('seller_report_runs')
    .values({ ...row, figures: row.figures ? JSON.stringify(row.figures) : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

/** The newest DONE performance figures of a shop x marketplace before this run (messages compare with them). */
export async function previousFigures(db: Db, tenantId: number, shopId: number, marketplaceId: string) {
  const r = await db
    .selectFrom('seller_report_runs')
    .select('figures')
    .where('tenant_id', '=', tenantId)
    .where('shop_id', '=', shopId)
    .where('marketplace_id', '=', marketplaceId)
    .where('report_type', '=', 'GET_V2_SELLER_PERFORMANCE_REPORT')
    .where('state', '=', 'done')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r?.figures ?? null;
}

/**
 * Stores feedback rows (one per shop x order id x date; a refetch updates comments and the
 * response). Answers the rows that were new.
 */
export async function upsertFeedback(
  db: Db,
  shop: { tenant_id: number; id: number },
  marketplaceId: string,
  runId: number,
  rows: FeedbackRow[],
) {
  if (rows.length === 0) return [];
  const r = await db
    .insertInto('seller_feedback')
    .values(
      rows.map((f) => ({
        tenant_id: shop.tenant_id,
        shop_id: shop.id,
        marketplace_id: marketplaceId,
        order_id: f.order_id,
        feedback_date: f.feedback_date,
        rating: f.rating,
        comments: f.comments,
        response: f.response,
        rater_email: f.rater_email,
        run_id: runId,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['shop_id', 'order_id', 'feedback_date', 'tenant_id']).doUpdateSet((eb) => ({
        rating: eb.ref('excluded.rating'),
        comments: eb.ref('excluded.comments'),
        response: eb.ref('excluded.response'),
      })),
    )
    .returning(['order_id', 'rating', sql<boolean>`(xmax = 0)`.as('inserted')])
    .execute();
  return r.filter((x) => x.inserted);
}

/** The history of a tenant's shops (newest first, `perShop` rows per shop x marketplace at most). */
export function performanceHistory(db: Db, tenantId: number, shopIds: number[], perShop: number) {
  if (shopIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('seller_report_runs')
        .selectAll()
        .select(sql<number>`row_number() over (partition by shop_id, marketplace_id order by id desc)`.as('n'))
        .where('tenant_id', '=', tenantId)
        .where('shop_id', 'in', shopIds)
        .where('report_type', '=', 'GET_V2_SELLER_PERFORMANCE_REPORT')
        .as('r'),
    )
    .selectAll()
    .where('n', '<=', perShop)
    .orderBy('id', 'desc')
    .execute();
}

export interface FeedbackFilter {
  shopIds: number[];
  rating?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function feedbackQuery(db: Db, tenantId: number, f: FeedbackFilter, withRating: boolean) {
  let q = db
    .selectFrom('seller_feedback as f')
    .where('f.tenant_id', '=', tenantId)
    .where('f.shop_id', 'in', f.shopIds.length ? f.shopIds : [0]);
  if (withRating && f.rating) q = q.where('f.rating', '=', f.rating);
  if (f.from) q = q.where('f.feedback_date', '>=', sql<Date>`${f.from}::date`);
  if (f.to) q = q.where('f.feedback_date', '<=', sql<Date>`${f.to}::date`);
  return q;
}

/** The filter's feedback rows, newest first, with the console's order of each Amazon order id. */
function feedbackRows(db: Db, tenantId: number, f: FeedbackFilter) {
  return feedbackQuery(db, tenantId, f, true)
    .leftJoin('shops as s', 's.id', 'f.shop_id')
    .select([
      'f.id',
      'f.shop_id',
      's.name as shop_name',
      'f.marketplace_id',
      sql<string>`to_char(f.feedback_date, 'YYYY-MM-DD')`.as('feedback_date'),
      'f.rating',
      'f.comments',
      'f.response',
      'f.order_id',
      (eb) =>
        eb
          .selectFrom('orders as o')
          .select('o.id')
          .whereRef('o.tenant_id', '=', 'f.tenant_id')
          .whereRef('o.amazon_order_id', '=', 'f.order_id')
          .limit(1)
          .as('order_row_id'),
    ])
    .orderBy('f.feedback_date', 'desc')
    .orderBy('f.id', 'desc');
}

/** One page of feedback, newest first, and the filter's row count. */
export async function feedbackPage(db: Db, tenantId: number, f: FeedbackFilter, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    feedbackRows(db, tenantId, f)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    feedbackQuery(db, tenantId, f, true)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The first `max` rows of the filter's feedback, newest first (the export). */
export function feedbackForExport(db: Db, tenantId: number, f: FeedbackFilter, max: number) {
  return feedbackRows(db, tenantId, f).limit(max).execute();
}

/** Rows per rating over the filter without its rating. */
export function feedbackCounts(db: Db, tenantId: number, f: FeedbackFilter) {
  return feedbackQuery(db, tenantId, f, false)
    .select(['f.rating', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('f.rating')
    .execute();
}

/** The seller id of a tenant's sandbox shop (undefined: not the tenant's, or not a sandbox shop). */
export async function sandboxSeller(db: Db, tenantId: number, shopId: number) {
  const r = await db
    .selectFrom('shops')
    .select('seller_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', shopId)
    .where('sandbox', '=', true)
    .executeTakeFirst();
  return r?.seller_id ?? undefined;
}
