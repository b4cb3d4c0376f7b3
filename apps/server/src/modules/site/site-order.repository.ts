import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { SiteOrderBuyer, SiteOrderLine, SiteOrderStatus } from './site-order.tables.js';

type Db = Kysely<DB>;

/** The site's products among `ids` (any state: the caller tells unpublished ones apart). */
export function findCartProducts(db: Db, tenantId: number, siteId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('site_products')
    .select(['id', 'slug', 'texts', 'price', 'variations', 'published'])
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('id', 'in', ids)
    .execute();
}

/** What a new order holds. */
export interface NewSiteOrder {
  site_id: number;
  order_no: string;
  lang: string;
  currency: string;
  total_minor: number;
  item_count: number;
  lines: SiteOrderLine[];
  buyer: SiteOrderBuyer;
  submit_key: string;
}

const ORDER_COLUMNS = [
  'id',
  'site_id',
  'order_no',
  'status',
  'lang',
  'currency',
  'total_minor',
  'item_count',
  'lines',
  'buyer',
  'payment_provider',
  'payment_id',
  'payment_url',
  sql<string>`floor(extract(epoch from created_at))::int8`.as('created_s'),
  sql<string | null>`floor(extract(epoch from paid_at))::int8`.as('paid_s'),
] as const;

/**
 * Inserts the order unless its form was submitted before (same `submit_key`), then reads it
 * locked: a second submit waits for the first one's transaction and finds its order.
 */
export async function insertOrFindOrder(db: Db, tenantId: number, o: NewSiteOrder) {
  await db
    .insertInto('site_orders')
    .values({ tenant_id: tenantId, ...o, lines: JSON.stringify(o.lines), buyer: JSON.stringify(o.buyer) })
    .onConflict((oc) => oc.columns(['tenant_id', 'site_id', 'submit_key']).doNothing())
    .execute();
  return db
    .selectFrom('site_orders')
    .select(ORDER_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', o.site_id)
    .where('submit_key', '=', o.submit_key)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Records the provider's payment of an order. */
export function setOrderPayment(
  db: Db,
  tenantId: number,
  id: number,
  p: { provider: string; id: string; url: string },
) {
  return db
    .updateTable('site_orders')
    .set({ payment_provider: p.provider, payment_id: p.id, payment_url: p.url, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** An order of the site by its number. */
export function findOrderByNo(db: Db, tenantId: number, siteId: number, orderNo: string) {
  return db
    .selectFrom('site_orders')
    .select(ORDER_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('site_id', '=', siteId)
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
}

/** The order of a provider's payment. */
export function findOrderByPayment(db: Db, tenantId: number, provider: string, paymentId: string) {
  return db
    .selectFrom('site_orders')
    .select(ORDER_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('payment_provider', '=', provider)
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

/** Moves a pending order to paid or cancelled; undefined when it was no longer pending (a replay, a race). */
export function settleOrder(db: Db, tenantId: number, id: number, to: Exclude<SiteOrderStatus, 'pending'>) {
  return db
    .updateTable('site_orders')
    .set({
      status: to,
      ...(to === 'paid' ? { paid_at: sql`now()` } : { cancelled_at: sql`now()` }),
      updated_at: sql`now()`,
      version: sql`version + 1`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'order_no', 'status', 'site_id', 'lines'])
    .executeTakeFirst();
}

/**
 * Pending orders of every tenant placed more than `minutes` ago with a payment at `provider`,
 * oldest first (the unpaid-order sweep; index site_orders_pending_idx).
 */
export function findUnpaidOrders(db: Db, provider: string, minutes: number, limit: number) {
  return db
    .selectFrom('site_orders')
    .select(['id', 'tenant_id', 'order_no', 'total_minor', 'currency', 'payment_id'])
    .where('status', '=', 'pending')
    .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .where('payment_provider', '=', provider)
    .where('payment_id', 'is not', null)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** The console's filters of site orders. */
export interface SiteOrderFilter {
  status?: SiteOrderStatus | undefined;
  keyword?: string | undefined;
  page: number;
  pageSize: number;
}

const filteredOrders = (db: Db, tenantId: number, f: SiteOrderFilter) => {
  let q = db.selectFrom('site_orders').where('tenant_id', '=', tenantId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.keyword) {
    const kw = f.keyword;
    q = q.where((eb) => eb.or([eb('order_no', '=', kw), eb(sql`buyer->>'email'`, '=', kw.toLowerCase())]));
  }
  return q;
};

/** One page of a tenant's site orders, newest first, and the count under the filters. */
export async function listSiteOrders(db: Db, tenantId: number, f: SiteOrderFilter) {
  const [rows, count] = await Promise.all([
    filteredOrders(db, tenantId, f)
      .select(ORDER_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    filteredOrders(db, tenantId, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
